#include <stdio.h>
int main(void) {
    int a = -16; unsigned b = 0x80000000u;
    long long c = -1LL; unsigned long long d = 1ULL << 63;
    printf("%d %u %d\n", a >> 2, b >> 31, a << 3);
    printf("%lld %llu\n", c >> 10, d >> 62);
    unsigned char x = 0x81;
    printf("%d %d\n", x << 1, (unsigned char)(x << 1));
    printf("%d\n", 1 << 30);
    short s = -2;
    printf("%d\n", s >> 1);
    printf("%llx\n", 0xffULL << 40);
    return 0;
}
