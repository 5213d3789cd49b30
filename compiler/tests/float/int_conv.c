/* int_conv: conversions between every integer type and float/double at the
 * edges of each type (2^31-1, 2^31, -2^31, 2^32-1, 2^53+1, 2^63, 2^64-1,
 * +-0.5, 1e10, ...), both with constants and through volatile variables (so
 * that they happen at run time). Only conversions with defined behaviour are
 * made: float->integer only when the truncated value fits. Also checks
 * unsigned long long -> float/double against a rounding routine written with
 * integer arithmetic (round to nearest, ties to even) for 1000 random values,
 * and float/double -> integer -> float round trips. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <limits.h>

static uint32_t rng = 0xC0FFEE11u;
static uint32_t xorshift32(void)
{
    uint32_t x = rng;
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    return rng = x;
}

static uint64_t dbits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

static int fails;

/* reference: the bits of the float (mant_bits = 24) or double (53) nearest to u */
static uint64_t ref_bits(uint64_t u, int mant_bits)
{
    int e = 63, shift;
    uint64_t m, rem, half;
    int expbias = mant_bits == 24 ? 127 : 1023;
    if (u == 0) return 0;
    while (!(u >> e & 1)) e--;
    shift = e - (mant_bits - 1);
    if (shift <= 0) {
        m = u << -shift;
    } else {
        m = u >> shift;
        rem = u & ((1ull << shift) - 1);
        half = 1ull << (shift - 1);
        if (rem > half || (rem == half && (m & 1))) {
            m++;
            if (m >> mant_bits) { m >>= 1; e++; }
        }
    }
    m &= (1ull << (mant_bits - 1)) - 1;
    return ((uint64_t)(e + expbias) << (mant_bits - 1)) | m;
}

#define SHOW_D(expr) printf("%-36s = %.17g (%016llx)\n", #expr, (double)(expr), (unsigned long long)dbits(expr))
#define SHOW_F(expr) printf("%-36s = %.9g (%08x)\n", #expr, (double)(expr), (unsigned)fbits(expr))
#define SHOW_I(expr) printf("%-36s = %lld\n", #expr, (long long)(expr))
#define SHOW_U(expr) printf("%-36s = %llu\n", #expr, (unsigned long long)(expr))

int main(void)
{
    volatile int vi;
    volatile unsigned vu;
    volatile long long vll;
    volatile unsigned long long vull;
    volatile signed char vsc;
    volatile unsigned char vuc;
    volatile short vs;
    volatile unsigned short vus;
    volatile double vd;
    volatile float vf;
    int i;

    puts("-- integer to floating, constants");
    SHOW_D((double)INT_MAX);
    SHOW_F((float)INT_MAX);
    SHOW_D((double)INT_MIN);
    SHOW_F((float)INT_MIN);
    SHOW_D((double)UINT_MAX);
    SHOW_F((float)UINT_MAX);
    SHOW_D((double)2147483648u);
    SHOW_D((double)9007199254740993LL);
    SHOW_D((double)9007199254740995LL);
    SHOW_D((double)-9007199254740993LL);
    SHOW_D((double)LLONG_MAX);
    SHOW_D((double)LLONG_MIN);
    SHOW_F((float)LLONG_MAX);
    SHOW_D((double)ULLONG_MAX);
    SHOW_F((float)ULLONG_MAX);
    SHOW_D((double)9223372036854775808ull);
    SHOW_D((double)9223372036854776832ull);
    SHOW_D((double)9223372036854776833ull);
    SHOW_F((float)16777217);
    SHOW_F((float)16777219);
    SHOW_F((float)-16777217);
    SHOW_F((float)(signed char)-128);
    SHOW_F((float)(unsigned char)255);
    SHOW_D((double)(short)-32768);
    SHOW_D((double)(unsigned short)65535);

    puts("-- integer to floating, run time");
    vi = INT_MAX; SHOW_D((double)vi); SHOW_F((float)vi);
    vi = INT_MIN; SHOW_D((double)vi); SHOW_F((float)vi);
    vi = -1; SHOW_D((double)vi); SHOW_F((float)vi);
    vi = 16777217; SHOW_F((float)vi);
    vi = -16777219; SHOW_F((float)vi);
    vu = UINT_MAX; SHOW_D((double)vu); SHOW_F((float)vu);
    vu = 2147483648u; SHOW_D((double)vu); SHOW_F((float)vu);
    vu = 2147483649u; SHOW_D((double)vu); SHOW_F((float)vu);
    vu = 4294967167u; SHOW_F((float)vu); /* just below a float halfway point */
    vu = 4294967168u; SHOW_F((float)vu); /* halfway: ties to even -> 2^32 */
    vll = 9007199254740993LL; SHOW_D((double)vll);
    vll = -9007199254740993LL; SHOW_D((double)vll);
    vll = 9007199254740995LL; SHOW_D((double)vll);
    vll = LLONG_MAX; SHOW_D((double)vll); SHOW_F((float)vll);
    vll = LLONG_MIN; SHOW_D((double)vll); SHOW_F((float)vll);
    vll = 10000000000LL; SHOW_D((double)vll); SHOW_F((float)vll);
    vll = 0x20000020000001LL; SHOW_F((float)vll); /* double rounding through double would be wrong */
    vull = ULLONG_MAX; SHOW_D((double)vull); SHOW_F((float)vull);
    vull = 9223372036854775808ull; SHOW_D((double)vull); SHOW_F((float)vull);
    vull = 9223372036854777856ull; SHOW_D((double)vull);
    vull = 9223372036854776832ull; SHOW_D((double)vull);
    vull = 9223372036854779904ull; SHOW_D((double)vull);
    vull = 18446744073709549568ull; SHOW_D((double)vull);
    vsc = -128; SHOW_F((float)vsc); SHOW_D((double)vsc);
    vsc = 127; SHOW_F((float)vsc);
    vuc = 255; SHOW_F((float)vuc); SHOW_D((double)vuc);
    vs = -32768; SHOW_F((float)vs);
    vs = 32767; SHOW_D((double)vs);
    vus = 65535; SHOW_F((float)vus); SHOW_D((double)vus);

    puts("-- floating to integer (truncation toward zero), run time");
    vd = 0.5; SHOW_I((int)vd); SHOW_U((unsigned)vd);
    vd = -0.5; SHOW_I((int)vd); SHOW_U((unsigned)vd); SHOW_I((long long)vd); SHOW_U((unsigned long long)vd);
    vd = -0.999999; SHOW_U((unsigned char)vd); SHOW_U((unsigned short)vd);
    vd = 1.5; SHOW_I((int)vd); vd = -1.5; SHOW_I((int)vd); SHOW_I((long long)vd);
    vd = 2147483647.0; SHOW_I((int)vd);
    vd = 2147483647.75; SHOW_I((int)vd);
    vd = -2147483648.0; SHOW_I((int)vd);
    vd = -2147483648.75; SHOW_I((int)vd);
    vd = 2147483648.0; SHOW_U((unsigned)vd); SHOW_I((long long)vd);
    vd = 4294967295.0; SHOW_U((unsigned)vd);
    vd = 4294967295.5; SHOW_U((unsigned)vd);
    vd = 1e10; SHOW_I((long long)vd); SHOW_U((unsigned long long)vd);
    vd = -1e10; SHOW_I((long long)vd);
    vd = 9007199254740993.0; SHOW_I((long long)vd);
    vd = 9223372036854774784.0; SHOW_I((long long)vd); /* largest double < 2^63 */
    vd = -9223372036854775808.0; SHOW_I((long long)vd);
    vd = 9223372036854775808.0; SHOW_U((unsigned long long)vd);
    vd = 18446744073709549568.0; SHOW_U((unsigned long long)vd); /* largest double < 2^64 */
    vd = 12345678901234.567; SHOW_I((long long)vd); SHOW_U((unsigned long long)vd);
    vd = 127.99; SHOW_I((signed char)vd); vd = -128.99; SHOW_I((signed char)vd);
    vd = 255.99; SHOW_U((unsigned char)vd);
    vd = 32767.5; SHOW_I((short)vd); vd = -32768.5; SHOW_I((short)vd);
    vd = 65535.9; SHOW_U((unsigned short)vd);
    vf = 2147483520.0f; SHOW_I((int)vf); /* largest float < 2^31 */
    vf = -2147483648.0f; SHOW_I((int)vf);
    vf = 4294967040.0f; SHOW_U((unsigned)vf);
    vf = 9223371487098961920.0f; SHOW_I((long long)vf);
    vf = 18446742974197923840.0f; SHOW_U((unsigned long long)vf);
    vf = -0.75f; SHOW_U((unsigned)vf); SHOW_I((int)vf);
    vf = 1e10f; SHOW_I((long long)vf);
    vf = 16777217.0f; SHOW_I((int)vf);
    vf = 8388607.5f; SHOW_I((int)vf);

    puts("-- constant folding of the same");
    SHOW_I((int)2147483647.75); SHOW_I((int)-2147483648.75); SHOW_U((unsigned)4294967295.5);
    SHOW_U((unsigned long long)18446744073709549568.0); SHOW_I((long long)-9223372036854775808.0);
    SHOW_I((int)-0.5); SHOW_I((long long)1e10f);

    puts("-- random unsigned long long / long long / unsigned / int -> float, double");
    for (i = 0; i < 1000; i++) {
        uint64_t u = ((uint64_t)xorshift32() << 32) | xorshift32();
        int sh = (int)(xorshift32() % 64);
        int64_t s;
        uint32_t w;
        int32_t si;
        u >>= sh; /* all magnitudes */
        if (i % 7 == 0) u |= 1; /* odd values hit halfway cases less; mix */
        if (i % 11 == 0) u &= ~((1ull << (sh / 2)) - 1);
        vull = u;
        if (dbits((double)vull) != ref_bits(u, 53)) { printf("ull->double FAIL %llu\n", (unsigned long long)u); fails++; }
        if (fbits((float)vull) != (uint32_t)ref_bits(u, 24)) { printf("ull->float FAIL %llu\n", (unsigned long long)u); fails++; }
        s = (int64_t)(u >> 1);
        if (i & 1) s = -s;
        vll = s;
        {
            uint64_t mag = s < 0 ? (uint64_t)0 - (uint64_t)s : (uint64_t)s;
            uint64_t sign64 = s < 0 ? 1ull << 63 : 0;
            uint32_t sign32 = s < 0 ? 1u << 31 : 0;
            if (dbits((double)vll) != (ref_bits(mag, 53) | sign64)) { printf("ll->double FAIL %lld\n", (long long)s); fails++; }
            if (fbits((float)vll) != ((uint32_t)ref_bits(mag, 24) | sign32)) { printf("ll->float FAIL %lld\n", (long long)s); fails++; }
        }
        w = (uint32_t)u;
        vu = w;
        if (fbits((float)vu) != (uint32_t)ref_bits(w, 24)) { printf("unsigned->float FAIL %u\n", (unsigned)w); fails++; }
        if (dbits((double)vu) != ref_bits(w, 53)) { printf("unsigned->double FAIL %u\n", (unsigned)w); fails++; }
        si = (int32_t)(w >> 1);
        if (i & 2) si = -si;
        vi = si;
        if ((double)(int)(double)vi != (double)si || (int)(float)vi - si > 128 || si - (int)(float)vi > 128) {
            printf("int round trip FAIL %d\n", (int)si); fails++;
        }
        /* double -> ull -> double is the identity on integral doubles */
        {
            double d = (double)vull;
            if (d < 18446744073709551616.0) {
                vd = d;
                if ((double)(unsigned long long)vd != d) { printf("double->ull FAIL %.17g\n", d); fails++; }
            }
        }
    }
    printf("random conversions checked\n");
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
