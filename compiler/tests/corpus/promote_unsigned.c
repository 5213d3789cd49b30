#include <stdio.h>
int main(void) {
    unsigned int u = 1; int i = -1;
    unsigned short us = 65535; short s = -1;
    printf("%d\n", i < u);          /* -1 converted to unsigned */
    printf("%d\n", s < us);         /* both promote to int */
    printf("%u\n", u - 2);
    printf("%d\n", (us + 1) > 0);
    long l = -1; unsigned long ul = 1;
    printf("%d\n", l < ul);
    long long ll = -1; unsigned int ui = 1;
    printf("%d\n", ll < ui);        /* unsigned int fits in long long */
    unsigned long long ull = 1;
    printf("%d\n", ll < ull);
    printf("%u %u\n", (unsigned)-5 / 2, -5 / 2u);
    printf("%d %d\n", -7 / 2, -7 % 2);
    return 0;
}
