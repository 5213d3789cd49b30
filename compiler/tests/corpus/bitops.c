#include <stdio.h>
static unsigned popcount(unsigned x) { unsigned n = 0; while (x) { x &= x - 1; n++; } return n; }
static unsigned rotl(unsigned x, int r) { return (x << r) | (x >> (32 - r)); }
static unsigned rev(unsigned x) { unsigned r = 0; int i; for (i = 0; i < 32; i++) { r = (r << 1) | (x & 1); x >>= 1; } return r; }
int main(void) {
    unsigned v = 0xF0F01234;
    printf("%u %x %x\n", popcount(v), rotl(v, 8), rev(1));
    printf("%x %x %x %x\n", v & 0xff, v | 0xf, v ^ 0xffffffff, ~v);
    int neg = -1;
    printf("%d %d\n", neg & 0x7f, (neg ^ 0x0f) >> 4);
    unsigned long long w = 0x0123456789abcdefULL;
    printf("%llx %llx\n", w & 0xffff0000ffff0000ULL, (w >> 32) | (w << 32));
    printf("%d\n", !!(v & (1u << 31)));
    return 0;
}
