/* GNU integer builtins: clz, ctz, popcount, parity, ffs (int, long,
 * long long forms), bswap16/32/64, abs/labs/llabs, on edge values and a
 * pseudo-random sweep; constant folding (static initialisers,
 * __builtin_constant_p); expect, unreachable, offsetof,
 * types_compatible_p, memcpy/memset/strlen. clz(0) and ctz(0) are
 * undefined and never used. */
#include <stdio.h>
#include <stddef.h>

static const int folded[] = {
    __builtin_clz(1), __builtin_clz(0x80000000u), __builtin_ctz(0x100),
    __builtin_popcount(0xffu), __builtin_parity(7), __builtin_ffs(0),
    __builtin_ffs(0x40), (int)__builtin_bswap32(0x11223344u) & 0xff,
    __builtin_clzll(1), __builtin_ctzll(1ULL << 40), __builtin_popcountll(~0ULL),
    __builtin_abs(-7), __builtin_constant_p(__builtin_popcount(3)),
};

static volatile unsigned long long seed = 0x9e3779b97f4a7c15ULL;
static unsigned long long next(void) {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
}

static unsigned h;
static void mix(long long v) { h = h * 31u + (unsigned)v + (unsigned)(v >> 32); }

static void check32(unsigned x) {
    volatile unsigned vx = x;
    unsigned y = vx;
    int sy = (int)y;
    if (y) {
        mix(__builtin_clz(y));
        mix(__builtin_ctz(y));
        mix(__builtin_clzl(y));
        mix(__builtin_ctzl(y));
    }
    mix(__builtin_popcount(y));
    mix(__builtin_popcountl(y));
    mix(__builtin_parity(y));
    mix(__builtin_parityl(y));
    mix(__builtin_ffs(sy));
    mix(__builtin_ffsl(sy));
    mix(__builtin_bswap32(y));
    mix(__builtin_bswap16((unsigned short)y));
    mix(__builtin_abs(sy));
    mix(__builtin_labs(sy));
}

static void check64(unsigned long long x) {
    volatile unsigned long long vx = x;
    unsigned long long y = vx;
    long long sy = (long long)y;
    if (y) {
        mix(__builtin_clzll(y));
        mix(__builtin_ctzll(y));
    }
    mix(__builtin_popcountll(y));
    mix(__builtin_parityll(y));
    mix(__builtin_ffsll(sy));
    mix((long long)__builtin_bswap64(y));
    mix(__builtin_llabs(sy));
}

struct rec { char c; int a[3]; struct { short s; long long w; } in; };
typedef int myint;

static int classify(int x) {
    if (__builtin_expect(x > 100, 0)) return 2;
    if (x < 0) return 0;
    if (x >= 0) return 1;
    __builtin_unreachable();
}

int main(void) {
    static const unsigned edges32[] = {0, 1, 2, 3, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff,
                                       0x10000, 0x7fffffff, 0x80000000u, 0x80000001u, 0xfffffffeu,
                                       0xffffffffu, 0x12345678, 0x87654321u, 0x00f000f0};
    for (unsigned i = 0; i < sizeof edges32 / sizeof edges32[0]; i++) {
        unsigned x = edges32[i];
        printf("%08x clz %d ctz %d pop %d par %d ffs %d bswap %08x bswap16 %04x abs %d\n", x,
               x ? __builtin_clz(x) : -1, x ? __builtin_ctz(x) : -1, __builtin_popcount(x),
               __builtin_parity(x), __builtin_ffs((int)x), __builtin_bswap32(x),
               (unsigned)__builtin_bswap16((unsigned short)x), __builtin_abs((int)x));
        check32(x);
    }
    static const unsigned long long edges64[] = {0, 1, 0x80000000ULL, 0x100000000ULL,
                                                 0xffffffffULL, 0x8000000000000000ULL,
                                                 0xffffffffffffffffULL, 0x7fffffffffffffffULL,
                                                 0x0123456789abcdefULL, 0x0000000100000001ULL,
                                                 0xfffffffe00000000ULL};
    for (unsigned i = 0; i < sizeof edges64 / sizeof edges64[0]; i++) {
        unsigned long long x = edges64[i];
        printf("%016llx clz %d ctz %d pop %d par %d ffs %d bswap %016llx abs %lld\n", x,
               x ? __builtin_clzll(x) : -1, x ? __builtin_ctzll(x) : -1,
               __builtin_popcountll(x), __builtin_parityll(x), __builtin_ffsll((long long)x),
               __builtin_bswap64(x), __builtin_llabs((long long)x));
        check64(x);
    }
    for (int i = 0; i < 2000; i++) {
        unsigned long long r = next();
        check64(r);
        check32((unsigned)r);
        check64(r >> (r & 63));
        check32((unsigned)(r >> 32) >> (r & 31));
    }
    printf("hash %08x\n", h);
    for (unsigned i = 0; i < sizeof folded / sizeof folded[0]; i++) printf("%d ", folded[i]);
    printf("\n");
    int v = 5;
    printf("constant_p %d %d %d %d\n", __builtin_constant_p(42), __builtin_constant_p(v),
           __builtin_constant_p(sizeof(int) * 2), __builtin_constant_p(__builtin_clz(8)));
    printf("types_compatible %d %d %d %d %d\n", __builtin_types_compatible_p(int, myint),
           __builtin_types_compatible_p(int, unsigned), __builtin_types_compatible_p(int *, int *),
           __builtin_types_compatible_p(long, int), __builtin_types_compatible_p(char, signed char));
    printf("offsetof %d %d %d\n", (int)__builtin_offsetof(struct rec, a[2]),
           (int)__builtin_offsetof(struct rec, in.w), (int)offsetof(struct rec, in));
    printf("expect %ld %d %d %d\n", __builtin_expect(v + 1, 6), classify(-3), classify(50),
           classify(500));
    char buf[32];
    __builtin_memset(buf, 'x', sizeof buf);
    __builtin_memcpy(buf, "hello", 5);
    buf[10] = 0;
    printf("%s %d\n", buf, (int)__builtin_strlen(buf));
    return __builtin_popcount(0x1234) + __builtin_ctz((unsigned)v << 3);
}
