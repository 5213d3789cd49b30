/* 64-bit multiplies on edge values (lcc inlines them on cores with
   mul64hu), widening 32x32->64 multiplies, and constants. */
#include <stdio.h>
typedef unsigned long long u64;
typedef long long s64;
static u64 vals[] = {
    0, 1, 2, 3, 0xffffffffffffffffULL, 0xfffffffffffffffeULL,
    0x7fffffffULL, 0x80000000ULL, 0xffffffffULL, 0x100000000ULL,
    0x100000001ULL, 0x7fffffffffffffffULL, 0x8000000000000000ULL,
    0x0123456789abcdefULL, 0xfedcba9876543210ULL, 0xdeadbeefcafebabeULL,
    0xffffffff80000000ULL,
};
#define NV (int)(sizeof vals / sizeof vals[0])
static int ints[] = {0, 1, -1, 2, -2, 0x7fffffff, -0x7fffffff - 1, 65535,
                     -65536, 123456789, -987654321};
#define NI (int)(sizeof ints / sizeof ints[0])
static u64 h = 14695981039346656037ULL;
static void mix(u64 v) { h = (h ^ v) * 1099511628211ULL; }
static s64 smul(s64 a, s64 b) { return a * b; }
int main(void) {
    for (int i = 0; i < NV; i++)
        for (int j = 0; j < NV; j++) {
            u64 p = vals[i] * vals[j];
            s64 q = smul((s64)vals[i], (s64)vals[j]);
            printf("%016llx * %016llx = %016llx\n", vals[i], vals[j], p);
            mix(p);
            mix((u64)q);
        }
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NI; j++) {
            int a = ints[i], b = ints[j];
            unsigned ua = (unsigned)a, ub = (unsigned)b;
            s64 ss = (s64)a * b;
            u64 uu = (u64)ua * ub;
            s64 su = (s64)a * (s64)ub;
            s64 us = (s64)(u64)ua * (s64)b;
            s64 sw = (s64)a * vals[(i + j) % NV];
            printf("%d %d: %lld %llu %lld %lld %llx\n", a, b, ss, uu, su, us,
                   (u64)sw);
            mix((u64)ss); mix(uu); mix((u64)su); mix((u64)us); mix((u64)sw);
        }
    for (int i = 0; i < NV; i++) {
        u64 x = vals[i];
        printf("%llx %llx %llx %llx %llx %llx\n", x * 10, x * 0x100000001ULL,
               (u64)((s64)x * -3), x * 0xffffffffULL, x * 0x80000000ULL,
               x * 0xdeadbeefcafebabeULL);
        mix(x * 7); mix(x * 0x7fffffffULL); mix((u64)((s64)x * -0x80000000LL));
    }
    /* a product accumulated in a loop (a dot product) */
    s64 acc = 0;
    for (int i = 0; i < NI; i++)
        acc += (s64)ints[i] * ints[NI - 1 - i];
    printf("acc %lld\nhash %016llx\n", acc, h);
    return (int)(h & 0x7f);
}
