#include <stdio.h>
enum state { IDLE, NUM, WORD, DONE };
static int lex(const char *s, int *nums, int *words) {
    enum state st = IDLE; *nums = *words = 0;
    for (;; s++) {
        char c = *s;
        switch (st) {
        case IDLE:
            if (c >= '0' && c <= '9') { st = NUM; ++*nums; }
            else if ((c | 32) >= 'a' && (c | 32) <= 'z') { st = WORD; ++*words; }
            else if (!c) st = DONE;
            break;
        case NUM: if (!(c >= '0' && c <= '9')) { st = IDLE; s--; } break;
        case WORD: if (!((c | 32) >= 'a' && (c | 32) <= 'z')) { st = IDLE; s--; } break;
        case DONE: return 0;
        }
        if (st == DONE) return 1;
    }
}
int main(void) {
    int n, w;
    int r = lex("abc 123 de4 5 xyz!!", &n, &w);
    printf("%d %d %d\n", r, n, w);
    return n * 10 + w;
}
