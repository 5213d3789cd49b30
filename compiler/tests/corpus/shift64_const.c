/* 64-bit shifts by every constant count 0..63 (lcc selects them inline),
   and by variable counts (runtime helpers), on edge values. */
#include <stdio.h>
typedef unsigned long long u64;
typedef long long s64;
static u64 vals[] = {
    0, 1, 0x8000000000000000ULL, 0xffffffffffffffffULL,
    0x0123456789abcdefULL, 0xfedcba9876543210ULL, 0x80000000ULL,
    0x7fffffffULL, 0xffffffffULL, 0xffffffff00000000ULL, 0x100000000ULL,
};
#define NV (int)(sizeof vals / sizeof vals[0])
static u64 h = 14695981039346656037ULL;
static void mix(u64 v) { h = (h ^ v) * 1099511628211ULL; }
#define ROW(n)                                                        \
    do {                                                              \
        u64 a = x << (n), b = x >> (n);                                 \
        s64 c = y >> (n);                                             \
        printf("%2d %016llx %016llx %016llx\n", n, a, b, (u64)c);     \
        mix(a); mix(b); mix((u64)c);                                  \
    } while (0)
#define R8(k) ROW((k) + 0); ROW((k) + 1); ROW((k) + 2); ROW((k) + 3); \
    ROW((k) + 4); ROW((k) + 5); ROW((k) + 6); ROW((k) + 7)
int main(void) {
    for (int i = 0; i < NV; i++) {
        u64 x = vals[i];
        s64 y = (s64)vals[i];
        printf("x = %016llx\n", x);
        R8(0); R8(8); R8(16); R8(24); R8(32); R8(40); R8(48); R8(56);
    }
    /* variable counts, and shifts of a shifted value */
    for (int i = 0; i < NV; i++)
        for (int n = 0; n < 64; n += 7) {
            u64 x = vals[i];
            mix(x << n); mix(x >> n); mix((u64)((s64)x >> n));
            mix((x << 3) >> 61); mix((u64)(((s64)x << 32) >> 32));
        }
    /* narrow values widened then shifted */
    int k = -5;
    unsigned u = 0x89abcdefu;
    printf("%016llx %016llx %016llx\n", (u64)((s64)k << 40), (u64)u << 31,
           (u64)((s64)k >> 33));
    printf("hash %016llx\n", h);
    return (int)(h & 0x7f);
}
