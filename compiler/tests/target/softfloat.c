/* Soft-float helpers (runtime/lib/softfloat.c) built by lcc and run in
 * stsim, against the host: under lcc the routines are called by their
 * libgcc names on bit patterns (lcc has no float types yet); under gcc the
 * same operations are done on float/double with SSE arithmetic. Each result
 * is printed as hex (any NaN as "nan"), so stdout must match exactly. */
#include <stdio.h>
#include <string.h>

typedef unsigned int u32;
typedef unsigned long long u64;

#ifdef __lcc__
u32 __addsf3(u32, u32), __subsf3(u32, u32), __mulsf3(u32, u32), __divsf3(u32, u32);
u64 __adddf3(u64, u64), __subdf3(u64, u64), __muldf3(u64, u64), __divdf3(u64, u64);
u64 __extendsfdf2(u32);
u32 __truncdfsf2(u64);
u32 __sqrtsf2(u32);
u64 __sqrtdf2(u64);
int __fixdfsi(u64);
long long __fixdfdi(u64);
unsigned __fixunsdfsi(u64);
u64 __floatsidf(int), __floatdidf(long long), __floatundidf(unsigned long long);
u32 __floatsisf(int), __floatundisf(unsigned long long);
int __ltdf2(u64, u64), __eqdf2(u64, u64), __gedf2(u64, u64), __unorddf2(u64, u64);
int __ltsf2(u32, u32), __gtsf2(u32, u32);
#define FOP(op, f, a, b) f(a, b)
#define DOP(op, f, a, b) f(a, b)
#else
#define SSE __attribute__((noinline, target("sse2,fpmath=sse")))
static SSE u32 fb(float f) { u32 u; memcpy(&u, &f, 4); return u; }
static SSE float bf(u32 u) { float f; memcpy(&f, &u, 4); return f; }
static SSE u64 db(double d) { u64 u; memcpy(&u, &d, 8); return u; }
static SSE double bd(u64 u) { double d; memcpy(&d, &u, 8); return d; }
static SSE u32 fop(int op, u32 a, u32 b) {
    volatile float x = bf(a), y = bf(b), z;
    z = op == 0 ? x + y : op == 1 ? x - y : op == 2 ? x * y : x / y;
    return fb(z);
}
static SSE u64 dop(int op, u64 a, u64 b) {
    volatile double x = bd(a), y = bd(b), z;
    z = op == 0 ? x + y : op == 1 ? x - y : op == 2 ? x * y : x / y;
    return db(z);
}
#define FOP(op, f, a, b) fop(op, a, b)
#define DOP(op, f, a, b) dop(op, a, b)
/* the SSE square roots themselves (no libm call for errno at -O0) */
static SSE u32 __sqrtsf2(u32 a) { float f = bf(a), r; __asm__("sqrtss %1, %0" : "=x"(r) : "x"(f)); return fb(r); }
static SSE u64 __sqrtdf2(u64 a) { double d = bd(a), r; __asm__("sqrtsd %1, %0" : "=x"(r) : "x"(d)); return db(r); }
static SSE u64 __extendsfdf2(u32 a) { volatile double d = bf(a); return db(d); }
static SSE u32 __truncdfsf2(u64 a) { volatile float f = bd(a); return fb(f); }
static SSE int __fixdfsi(u64 a) { return (int)bd(a); }
static SSE long long __fixdfdi(u64 a) { return (long long)bd(a); }
static SSE unsigned __fixunsdfsi(u64 a) { return (unsigned)bd(a); }
static SSE u64 __floatsidf(int i) { volatile double d = i; return db(d); }
static SSE u64 __floatdidf(long long i) { volatile double d = i; return db(d); }
static SSE u64 __floatundidf(unsigned long long i) { volatile double d = i; return db(d); }
static SSE u32 __floatsisf(int i) { volatile float f = i; return fb(f); }
static SSE u32 __floatundisf(unsigned long long i) { volatile float f = i; return fb(f); }
/* comparisons: only the relation the result encodes is printed */
static SSE int __ltdf2(u64 a, u64 b) { return bd(a) < bd(b) ? -1 : 1; }
static SSE int __eqdf2(u64 a, u64 b) { return bd(a) == bd(b) ? 0 : 1; }
static SSE int __gedf2(u64 a, u64 b) { return bd(a) >= bd(b) ? 0 : -1; }
static SSE int __unorddf2(u64 a, u64 b) { return __builtin_isunordered(bd(a), bd(b)); }
static SSE int __ltsf2(u32 a, u32 b) { return bf(a) < bf(b) ? -1 : 1; }
static SSE int __gtsf2(u32 a, u32 b) { return bf(a) > bf(b) ? 1 : -1; }
#endif

static const u32 F[] = {
    0, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 1, 0x807fffffu, 0x00800000u,
    0x7f7fffffu, 0x3f800000u, 0xbf800001u, 0x3f7fffffu, 0x40490fdbu, 0x4b800001u,
    0x33800000u, 0xc2f6e979u, 0x0ffffffeu, 0x5f000000u,
};
static const u64 D[] = {
    0, 1ULL << 63, 0x7ff0000000000000ULL, 0xfff0000000000000ULL, 0x7ff8000000000000ULL, 1,
    0x800fffffffffffffULL, 0x0010000000000000ULL, 0x7fefffffffffffffULL,
    0x3ff0000000000000ULL, 0xbff0000000000001ULL, 0x3fefffffffffffffULL,
    0x400921fb54442d18ULL, 0x4340000000000001ULL, 0x3ca0000000000000ULL,
    0xc05edd2f1a9fbe77ULL, 0x41dfffffffc00000ULL, 0x43dfffffffffffffULL, 0x36a0000000000000ULL,
};
#define NF (sizeof F / sizeof F[0])
#define ND (sizeof D / sizeof D[0])

static int fnan(u32 a) { return (a & 0x7fffffffu) > 0x7f800000u; }
static int dnan(u64 a) { return (a & ~(1ULL << 63)) > 0x7ff0000000000000ULL; }
static void pf(u32 a) { if (fnan(a)) printf(" nan"); else printf(" %08x", a); }
static void pd(u64 a) { if (dnan(a)) printf(" nan"); else printf(" %016llx", a); }

/* Random operands (xorshift64): random bits, or normal numbers with
   exponents near 1 (the fast paths), or near the other operand. */
static u64 state = 0x2545f4914f6cdd1dULL;
static u64 rnd(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}
static u32 rf(u32 near) {
    u64 r = rnd();
    u32 e = (r >> 40) & 3 ? 100 + (u32)((r >> 42) % 56) : ((near >> 23) & 0xff) + 1 - (u32)((r >> 42) % 3);
    if ((r >> 50) % 8 == 0)
        return (u32)(r >> 8);
    return ((u32)r & 0x807fffffu) | (e & 0xff) << 23;
}
static u64 rd(u64 near) {
    u64 r = rnd(), m = rnd();
    u64 e = (r >> 40) & 3 ? 1000 + (r >> 42) % 48 : ((near >> 52) & 0x7ff) + 1 - (r >> 42) % 3;
    if ((r >> 50) % 8 == 0)
        return m;
    return (m & 0x800fffffffffffffULL) | (e & 0x7ff) << 52;
}
/* One checksum per routine over N random cases (a NaN counts as one
   value), so a mismatch names the routine. */
#define N 3000
static u64 hf[7], hd[5];
static void mixf(int k, u32 v) { hf[k] = hf[k] * 1000003u + (fnan(v) ? 0x7fc00000u : v); }
static void mixd(int k, u64 v) { hd[k] = hd[k] * 1000003u + (dnan(v) ? 0x7ff8000000000000ULL : v); }
static void randoms(void) {
    int i;
    for (i = 0; i < N; i++) {
        u32 a = rf(0x3f800000u), b = rf(a);
        u64 c = rd(0x3ff0000000000000ULL), d = rd(c);
        mixf(0, FOP(0, __addsf3, a, b));
        mixf(1, FOP(1, __subsf3, a, b));
        mixf(2, FOP(2, __mulsf3, a, b));
        mixf(3, FOP(3, __divsf3, a, b));
        mixf(4, __sqrtsf2(a & 0x7fffffffu));
        mixf(5, __truncdfsf2(c));
        mixf(6, __floatsisf((int)b));
        mixd(0, DOP(0, __adddf3, c, d));
        mixd(1, DOP(1, __subdf3, c, d));
        mixd(2, DOP(2, __muldf3, c, d));
        mixd(3, DOP(3, __divdf3, c, d));
        mixd(4, __sqrtdf2(c & 0x7fffffffffffffffULL));
    }
    for (i = 0; i < 7; i++)
        printf("rf%d %016llx\n", i, hf[i]);
    for (i = 0; i < 5; i++)
        printf("rd%d %016llx\n", i, hd[i]);
}

int main(void) {
    unsigned i, j;
    for (i = 0; i < NF; i++) {
        printf("f%u:", i);
        for (j = 0; j < NF; j++) {
            u32 a = F[i], b = F[j];
            pf(FOP(0, __addsf3, a, b));
            pf(FOP(1, __subsf3, a, b));
            pf(FOP(2, __mulsf3, a, b));
            pf(FOP(3, __divsf3, a, b));
            printf(" %d%d", __ltsf2(a, b) < 0, __gtsf2(a, b) > 0);
        }
        pd(__extendsfdf2(F[i]));
        pf(__sqrtsf2(F[i]));
        printf("\n");
    }
    for (i = 0; i < ND; i++) {
        u64 a = D[i];
        printf("d%u:", i);
        for (j = 0; j < ND; j++) {
            u64 b = D[j];
            pd(DOP(0, __adddf3, a, b));
            pd(DOP(1, __subdf3, a, b));
            pd(DOP(2, __muldf3, a, b));
            pd(DOP(3, __divdf3, a, b));
            printf(" %d%d%d%d", __ltdf2(a, b) < 0, __eqdf2(a, b) == 0, __gedf2(a, b) >= 0,
                   __unorddf2(a, b) != 0);
        }
        pf(__truncdfsf2(a));
        pd(__sqrtdf2(a));
        if (!dnan(a) && (a & 0x7fffffffffffffffULL) < 0x41e0000000000000ULL)
            printf(" %d", __fixdfsi(a));
        if (!dnan(a) && (a & 0x7fffffffffffffffULL) < 0x43e0000000000000ULL)
            printf(" %lld", __fixdfdi(a));
        if (!dnan(a) && !(a >> 63) && a < 0x41f0000000000000ULL)
            printf(" %u", __fixunsdfsi(a));
        printf("\n");
    }
    {
        static const long long I[] = {
            0, 1, -1, 0x7fffffff, -0x7fffffff - 1, 0x01000001, -0x01000003,
            0x0020000000000001LL, 0x7fffffffffffffffLL, -0x7fffffffffffffffLL - 1,
            0x7ffffffffffffc00LL, 123456789012345LL,
        };
        for (i = 0; i < sizeof I / sizeof I[0]; i++) {
            printf("i%u:", i);
            pd(__floatsidf((int)I[i]));
            pd(__floatdidf(I[i]));
            pd(__floatundidf((unsigned long long)I[i]));
            pf(__floatsisf((int)I[i]));
            pf(__floatundisf((unsigned long long)I[i]));
            printf("\n");
        }
    }
    randoms();
    return 0;
}
