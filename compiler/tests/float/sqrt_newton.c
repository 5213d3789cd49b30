/* sqrt_newton: square roots by Newton-Raphson (Heron) iteration in double
 * and float, and reciprocal square root by the division-free Newton step,
 * compared with the correctly rounded library sqrt/sqrtf. Checks that
 * Newton converges to within 1 ulp of sqrt, that sqrt is exact for perfect
 * squares, that sqrt(x)^2 is within 1 ulp of x, and prints exact results
 * (sqrt is correctly rounded everywhere). Also an integer square root built
 * on double. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <math.h>

static uint32_t rng = 0x31415926u;
static uint32_t xorshift32(void)
{
    uint32_t x = rng;
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    return rng = x;
}
static uint64_t dbits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

/* Newton with a start value from frexp/ldexp: returns iterations in *it */
static double newton_sqrt(double a, int *it)
{
    int e, n = 0;
    double m = frexp(a, &e), x, prev;
    x = ldexp(0.5 + 0.5 * m, e / 2 + (e % 2 > 0)); /* rough start */
    do {
        prev = x;
        x = 0.5 * (x + a / x);
        n++;
    } while (x != prev && n < 60 && fabs(x - prev) > 0x1p-52 * x);
    /* one more step to settle */
    x = 0.5 * (x + a / x);
    *it = n + 1;
    return x;
}

static float newton_sqrtf(float a)
{
    float x = a > 1.0f ? a * 0.5f : 1.0f;
    float prev;
    int i = 0;
    do {
        prev = x;
        x = 0.5f * (x + a / x);
    } while (x != prev && ++i < 40);
    return x;
}

static double rsqrt(double a)
{
    /* y <- y (3 - a y^2) / 2, starting from a power of two near 1/sqrt(a) */
    int e, i;
    double y;
    frexp(a, &e);
    y = ldexp(1.0, -e / 2);
    for (i = 0; i < 8; i++)
        y = y * (1.5 - 0.5 * ((a * y) * y));
    return y;
}

static uint32_t isqrt64(uint64_t n)
{
    uint64_t r = (uint64_t)sqrt((double)n);
    while (r * r > n) r--;
    while ((r + 1) * (r + 1) <= n) r++;
    return (uint32_t)r;
}

static int ulps(double a, double b)
{
    int64_t d = (int64_t)dbits(a) - (int64_t)dbits(b);
    return (int)(d < 0 ? -d : d);
}

int main(void)
{
    static const double xs[] = { 2.0, 3.0, 0.5, 10.0, 1e-300, 1e300, 12345.678, 0.0001, 4.0, 1e-310, 0.1 };
    int i, it, fails = 0, maxulp = 0, exact = 0;
    uint32_t ck = 0;

    for (i = 0; i < (int)(sizeof xs / sizeof xs[0]); i++) {
        double s = sqrt(xs[i]), n = newton_sqrt(xs[i], &it), r = rsqrt(xs[i]);
        printf("sqrt(%-10g) = %.17g %016llx newton %d ulp (%d it) rsqrt*sqrt-1 %s\n", xs[i], s,
               (unsigned long long)dbits(s), ulps(n, s), it, fabs(r * s - 1.0) < 1e-14 ? "small" : "LARGE FAIL");
        if (ulps(n, s) > 1) fails++;
        if (!(fabs(r * s - 1.0) < 1e-14)) fails++;
    }
    printf("sqrtf(2) = %.9g %08x newton %08x\n", (double)sqrtf(2.0f), (unsigned)fbits(sqrtf(2.0f)),
           (unsigned)fbits(newton_sqrtf(2.0f)));
    printf("sqrt(-0.0) sign %d, sqrt(inf) %g, sqrt(-1) is nan %d\n", (int)(dbits(sqrt(-0.0)) >> 63),
           sqrt(HUGE_VAL), isnan(sqrt(-1.0)) != 0);

    for (i = 0; i < 600; i++) {
        double a = (double)(xorshift32() | 1u) * ldexp(1.0, (int)(xorshift32() % 200) - 100);
        double s = sqrt(a), n = newton_sqrt(a, &it), sq = s * s;
        float fa = (float)(xorshift32() >> 8) / 65536.0f + 0.001f;
        float fs = sqrtf(fa), fn = newton_sqrtf(fa);
        int u = ulps(n, s);
        if (u > maxulp) maxulp = u;
        if (u == 0) exact++;
        if (ulps(sq, a) > 1 && fabs(sq - a) > 0x1p-52 * a) { fails++; printf("sqrt^2 FAIL %a\n", a); }
        if (fbits(fn) != fbits(fs) && fbits(fn) + 1 != fbits(fs) && fbits(fn) != fbits(fs) + 1) {
            fails++; printf("sqrtf FAIL %a\n", (double)fa);
        }
        ck = ck * 31u + (uint32_t)dbits(s) + fbits(fs);
    }
    printf("random: newton within %d ulp of sqrt (%d of 600 exact), checksum %08x\n", maxulp, exact, (unsigned)ck);
    if (maxulp > 1) fails++;

    for (i = 1; i <= 20; i++) {
        double sq = (double)i * i * 1234567.0 * 1234567.0;
        if (sqrt(sq) != (double)i * 1234567.0) { fails++; printf("perfect square FAIL %d\n", i); }
    }
    printf("isqrt(2^62+12345) = %u, isqrt(10^18) = %u, isqrt(2^53+1) = %u\n",
           (unsigned)isqrt64((1ull << 62) + 12345), (unsigned)isqrt64(1000000000000000000ull),
           (unsigned)isqrt64((1ull << 53) + 1));
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
