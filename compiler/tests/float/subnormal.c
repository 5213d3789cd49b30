/* subnormal: gradual underflow in double and float. Halves DBL_MIN and
 * FLT_MIN down to the smallest subnormal and to zero (counting steps),
 * checks that subnormal + - * / are exact or correctly rounded (ties to
 * even at the bottom), that x - y == 0 iff x == y holds for subnormals,
 * scaling back up recovers the value, double->float conversion into the
 * float subnormal range rounds correctly, and subnormal literals such as
 * 1e-310 and 0x1p-1074 have the right bits. Prints bit patterns. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <float.h>

static uint64_t dbits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static double dfrom(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static float ffrom(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

static uint32_t rng = 0xABCDEF01u;
static uint32_t xorshift32(void)
{
    uint32_t x = rng;
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    return rng = x;
}

static int fails;
static void want_d(const char *what, double got, uint64_t want)
{
    printf("%-30s %016llx %.17g%s\n", what, (unsigned long long)dbits(got), got, dbits(got) == want ? "" : " FAIL");
    if (dbits(got) != want) fails++;
}
static void want_f(const char *what, float got, uint32_t want)
{
    printf("%-30s %08x %.9g%s\n", what, (unsigned)fbits(got), (double)got, fbits(got) == want ? "" : " FAIL");
    if (fbits(got) != want) fails++;
}

static volatile double one = 1.0;
static volatile float fone = 1.0f;
static const double lit1 = 1e-310, lit2 = 0x1p-1074, lit3 = 4.9e-324, lit4 = 2.5e-324;
static const float flit1 = 1e-40f, flit2 = 0x1p-149f, flit3 = 1.4e-45f;

int main(void)
{
    double x = DBL_MIN * one, prev = 0.0, a, b;
    float fx = FLT_MIN * fone, fprev = 0.0f;
    int steps = 0, i, exact = 0;

    while (x != 0.0) { prev = x; x = x / 2.0; steps++; }
    printf("double: %d halvings from DBL_MIN to 0\n", steps);
    want_d("smallest subnormal", prev, 1);
    steps = 0;
    while (fx != 0.0f) { fprev = fx; fx = fx * 0.5f; steps++; }
    printf("float: %d halvings from FLT_MIN to 0\n", steps);
    want_f("smallest float subnormal", fprev, 1);

    want_d("literal 1e-310", lit1, 0x000012688b70e62bull);
    want_d("literal 0x1p-1074", lit2, 1);
    want_d("literal 4.9e-324", lit3, 1);
    want_d("literal 2.5e-324", lit4, 1);
    want_f("literal 1e-40f", flit1, 0x000116c2u);
    want_f("literal 0x1p-149f", flit2, 1);
    want_f("literal 1.4e-45f", flit3, 1);

    /* arithmetic on subnormals */
    a = dfrom(3) * one; b = dfrom(5) * one;
    want_d("3d + 5d", a + b, 8);
    want_d("3d - 5d", a - b, 0x8000000000000002ull);
    want_d("3d * 0.5 (tie -> 2d)", a * 0.5, 2);
    want_d("5d * 0.5 (tie -> 2d)", b * 0.5, 2);
    want_d("7d * 0.5 (tie -> 4d)", dfrom(7) * one * 0.5, 4);
    want_d("1d * 0.5 (tie -> 0)", dfrom(1) * one * 0.5, 0);
    want_d("1d * 0.75", dfrom(1) * one * 0.75, 1);
    want_d("-1d * 0.5 (-> -0)", dfrom(0x8000000000000001ull) * one * 0.5, 0x8000000000000000ull);
    want_d("5d / 5d", b / b, 0x3ff0000000000000ull);
    want_d("5d / 3d", b / a, 0x3ffaaaaaaaaaaaabull);
    want_d("1e-310 * 2^60", lit1 * one * 0x1p60, 0x0352688b70e62b00ull);
    want_d("DBL_MIN - DBL_MIN/2^52", DBL_MIN * one - dfrom(1), 0x000fffffffffffffull);
    want_d("DBL_MIN * (1 - 2^-53)", DBL_MIN * one * (1.0 - 0x1p-53), 0x0010000000000000ull);
    want_d("0x1.fffffffffffffp-1023 + tiny", dfrom(0x000fffffffffffffull) * one + dfrom(1), 0x0010000000000000ull);
    want_d("1.5 * 2d = 3d", 1.5 * (dfrom(2) * one), 3);
    want_d("1e-200 * 1e-120", 1e-200 * (one * 1e-120), 0x00000000000007e8ull);
    want_f("float 3s + 5s", ffrom(3) * fone + ffrom(5), 8);
    want_f("float FLT_MIN / 3", FLT_MIN * fone / 3.0f, 0x002aaaabu);
    want_f("float 1e-40f * 1e20f", flit1 * fone * 1e20f, fbits(1e-40f * 1e20f));
    want_f("float 1e-20f * 1e-20f", 1e-20f * (fone * 1e-20f), 0x000116c2u);

    /* double -> float into the float subnormal range (a single rounding) */
    want_f("(float)1e-40", (float)(1e-40 * one), 0x000116c2u);
    want_f("(float)(2^-150) tie -> 0", (float)(0x1p-150 * one), 0);
    want_f("(float)(2^-150 + 2^-200)", (float)((0x1p-150 + 0x1p-200) * one), 1);
    want_f("(float)(3 * 2^-150) tie -> 2", (float)(0x1.8p-149 * one), 2);
    want_f("(float)(FLT_MIN*(1-2^-25))", (float)(0x1p-126 * (1.0 - 0x1p-25) * one), 0x00800000u);
    want_d("(double)float subnormal", (double)(ffrom(0x00400000u) * fone), 0x3800000000000000ull);

    /* x - y == 0 exactly when x == y (gradual underflow); scaling is exact */
    for (i = 0; i < 2000; i++) {
        uint64_t u = ((uint64_t)(xorshift32() & 0xfffff) << 32) | xorshift32();
        uint64_t v = u + (xorshift32() % 3);
        double p = dfrom(u) * one, q = dfrom(v) * one;
        if (((p - q) == 0.0) != (u == v)) { fails++; printf("gradual underflow FAIL %llx\n", (unsigned long long)u); }
        if ((p * 0x1p100) * 0x1p-100 != p) { fails++; printf("scale FAIL %llx\n", (unsigned long long)u); }
        if (dbits(p + q) == u + v) exact++;
    }
    printf("subnormal sums exact: %d of 2000\n", exact);
    if (exact != 2000) fails++;
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
