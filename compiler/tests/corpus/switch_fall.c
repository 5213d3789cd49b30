#include <stdio.h>
static int classify(int c) {
    int r = 0;
    switch (c) {
    case 0: r += 1;
    case 1: r += 10; break;
    case 2: case 3: r += 100;
    default: r += 1000; break;
    case 10 ... 20: r = -1; break;
    case -5: return 55;
    }
    return r;
}
int main(void) {
    int i, s = 0;
    for (i = -6; i < 25; i++) { int k = classify(i); printf("%d:%d ", i, k); s += k; }
    printf("\n%d\n", s);
    switch (3) { }
    switch (s) { default: puts("only default"); }
    char ch = 'b';
    switch (ch) { case 'a': puts("a"); break; case 'b': puts("b"); break; }
    long long big = 1LL << 35;
    switch (big) { case 1LL << 35: puts("big"); break; default: puts("no"); }
    return 0;
}
