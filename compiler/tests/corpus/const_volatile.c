#include <stdio.h>
static const int table[] = { 2, 3, 5, 7, 11 };
static volatile int tick;
static int sum(const int *p, int n) { int s = 0; while (n-- > 0) s += *p++; return s; }
int main(void) {
    const int k = 10;
    int const *pc = &k;
    volatile unsigned cnt = 0;
    int i;
    for (i = 0; i < 5; i++) { cnt++; tick += table[i]; }
    printf("%d %d %u %d\n", sum(table, 5), *pc, cnt, tick);
    const char *const msg = "const";
    printf("%s %d\n", msg, (int)sizeof table);
    return 0;
}
