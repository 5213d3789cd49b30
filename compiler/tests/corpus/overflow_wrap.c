#include <stdio.h>
#include <limits.h>
int main(void) {
    unsigned u = UINT_MAX; u++;
    unsigned short us = 65535; us++;
    unsigned char uc = 250; uc += 10;
    printf("%u %u %u\n", u, us, uc);
    short s = 32767; s++;
    printf("%d\n", s);
    int m = INT_MIN;
    printf("%d %d\n", m, INT_MAX);
    printf("%u\n", (unsigned)INT_MIN);
    printf("%lld\n", LLONG_MIN);
    return 0;
}
