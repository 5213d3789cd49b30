/* float_rounding: float arithmetic rounds every operation to float
 * (FLT_EVAL_METHOD 0), double to double. Checks classic cases: 0.1f+0.2f,
 * 1+2^-24 (tie to even), 16777216+1, (a+b)-a cancellation, float products
 * that would differ if kept in double, double->float conversion ties, and a
 * float loop accumulating 0.1f; compares float results with a double
 * computation rounded once. Prints bit patterns. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <float.h>

static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static uint64_t dbits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

static uint32_t rng = 99991u;
static uint32_t xorshift32(void)
{
    uint32_t x = rng;
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    return rng = x;
}

/* keeps the compiler from folding: operands pass through memory */
static volatile float vf[8];
static volatile double vd[8];

static int fails;
static void expect_f(const char *what, float got, uint32_t want)
{
    printf("%-28s %08x %.9g %s\n", what, (unsigned)fbits(got), (double)got, fbits(got) == want ? "ok" : "FAIL");
    if (fbits(got) != want) fails++;
}
static void expect_d(const char *what, double got, uint64_t want)
{
    printf("%-28s %016llx %.17g %s\n", what, (unsigned long long)dbits(got), got, dbits(got) == want ? "ok" : "FAIL");
    if (dbits(got) != want) fails++;
}

int main(void)
{
    float a, b, c, s;
    double d, e;
    int i, same = 0, diff = 0;
    uint32_t ck = 0;

    printf("FLT_EVAL_METHOD %d FLT_EPSILON %a DBL_EPSILON %a FLT_MANT_DIG %d DBL_MANT_DIG %d\n",
           (int)FLT_EVAL_METHOD, (double)FLT_EPSILON, DBL_EPSILON, FLT_MANT_DIG, DBL_MANT_DIG);
    printf("FLT_MAX %a FLT_MIN %a DBL_MAX %a DBL_MIN %a\n", (double)FLT_MAX, (double)FLT_MIN, DBL_MAX, DBL_MIN);
    printf("FLT_DIG %d DBL_DIG %d FLT_MAX_EXP %d DBL_MIN_EXP %d FLT_RADIX %d\n", FLT_DIG, DBL_DIG,
           FLT_MAX_EXP, DBL_MIN_EXP, FLT_RADIX);

    vf[0] = 0.1f; vf[1] = 0.2f; vf[2] = 0.3f;
    expect_f("0.1f+0.2f", vf[0] + vf[1], 0x3e99999au);
    printf("0.1f+0.2f == 0.3f: %d\n", vf[0] + vf[1] == vf[2]);
    vd[0] = 0.1; vd[1] = 0.2; vd[2] = 0.3;
    expect_d("0.1+0.2", vd[0] + vd[1], 0x3fd3333333333334ull);
    printf("0.1+0.2 == 0.3: %d\n", vd[0] + vd[1] == vd[2]);

    vf[0] = 1.0f; vf[1] = 5.9604645e-08f; /* 2^-24 */
    expect_f("1f + 2^-24 (tie, even)", vf[0] + vf[1], 0x3f800000u);
    vf[1] = 1.1920929e-07f; /* 2^-23 */
    expect_f("1f + 2^-23", vf[0] + vf[1], 0x3f800001u);
    vf[0] = 1.00000012f; vf[1] = 5.9604645e-08f;
    expect_f("(1+2^-23) + 2^-24 (tie, up)", vf[0] + vf[1], 0x3f800002u);
    vf[0] = 16777216.0f; vf[1] = 1.0f;
    expect_f("2^24 + 1", vf[0] + vf[1], 0x4b800000u);
    expect_f("(2^24 + 1) - 2^24", (vf[0] + vf[1]) - vf[0], 0x00000000u);
    vd[0] = 16777216.0; vd[1] = 1.0;
    expect_d("2^24 + 1 double", vd[0] + vd[1], 0x4170000010000000ull);

    /* (1+2^-12)^2 = 1 + 2^-11 + 2^-24: exact in double, a tie in float (rounds to even) */
    vf[0] = 1.000244140625f;
    expect_f("(1+2^-12)^2 float", vf[0] * vf[0], 0x3f801000u); /* tie: even */
    expect_d("(1+2^-12)^2 double", (double)vf[0] * vf[0], 0x3ff0020010000000ull);
    /* (1+2^-12+2^-23)^2: the float result depends on single rounding */
    vf[0] = 1.00024426f;
    expect_f("x*x float", vf[0] * vf[0], fbits((float)((double)vf[0] * vf[0])));
    /* a*b+c with float intermediate vs fused */
    vf[0] = 1.0000001f; vf[1] = 1.0000001f; vf[2] = -1.0000002f;
    expect_f("a*b+c (no fma)", vf[0] * vf[1] + vf[2], 0x00000000u);
    expect_d("a*b+c in double", (double)vf[0] * vf[1] + vf[2], 0x3d10000000000000ull);

    /* float division and its double-rounded counterpart */
    vf[0] = 1.0f; vf[1] = 3.0f;
    expect_f("1f/3f", vf[0] / vf[1], 0x3eaaaaabu);
    expect_f("(float)(1.0/3.0)", (float)(1.0 / 3.0), 0x3eaaaaabu);
    vf[0] = 2.0f;
    expect_f("2f/3f", vf[0] / vf[1], 0x3f2aaaabu);

    /* double -> float ties */
    vd[0] = 1.0 + 0x1p-24; /* halfway between 1 and 1+2^-23 */
    expect_f("(float)(1+2^-24)", (float)vd[0], 0x3f800000u);
    vd[0] = 1.0 + 0x1p-24 + 0x1p-52;
    expect_f("(float)(1+2^-24+2^-52)", (float)vd[0], 0x3f800001u);
    vd[0] = 1.0 + 0x1p-23 + 0x1p-24; /* halfway, odd below: round up */
    expect_f("(float)(1+3*2^-24)", (float)vd[0], 0x3f800002u);
    vd[0] = -(1.0 + 0x1p-24);
    expect_f("(float)-(1+2^-24)", (float)vd[0], 0xbf800000u);
    vd[0] = 3.4028234663852886e38; /* FLT_MAX exactly */
    expect_f("(float)FLT_MAX as double", (float)vd[0], 0x7f7fffffu);
    vd[0] = 0.1;
    expect_f("(float)0.1", (float)vd[0], 0x3dcccccdu);
    expect_d("(double)(float)0.1", (double)(float)vd[0], 0x3fb99999a0000000ull);

    /* accumulate 0.1f a thousand times */
    s = 0.0f; d = 0.0;
    for (i = 0; i < 1000; i++) { s += vf[3] = 0.1f; d += 0.1; }
    expect_f("sum 1000 x 0.1f", s, 0x42c7ff83u);
    expect_d("sum 1000 x 0.1", d, 0x4058ffffffffff9dull);

    /* every float op on random operands equals the double op rounded once
     * (double has more than 2*24+2 bits, so double rounding is innocuous) */
    for (i = 0; i < 3000; i++) {
        uint32_t r1 = xorshift32(), r2 = xorshift32();
        float x, y;
        memcpy(&x, &r1, 4);
        memcpy(&y, &r2, 4);
        /* keep exponents moderate to avoid overflow and NaN inputs */
        r1 = (r1 & 0x807fffffu) | (uint32_t)(100 + r1 % 55) << 23;
        r2 = (r2 & 0x807fffffu) | (uint32_t)(100 + r2 % 55) << 23;
        memcpy(&x, &r1, 4);
        memcpy(&y, &r2, 4);
        vf[0] = x; vf[1] = y;
        a = vf[0] + vf[1]; b = vf[0] * vf[1]; c = vf[0] / vf[1];
        if (fbits(a) != fbits((float)((double)x + y))) { fails++; printf("add FAIL %a %a\n", (double)x, (double)y); }
        if (fbits(b) != fbits((float)((double)x * y))) { fails++; printf("mul FAIL %a %a\n", (double)x, (double)y); }
        if (fbits(c) != fbits((float)((double)x / y))) { fails++; printf("div FAIL %a %a\n", (double)x, (double)y); }
        if (fbits(vf[0] - vf[1]) != fbits((float)((double)x - y))) { fails++; printf("sub FAIL\n"); }
        e = (double)x * y;
        if ((double)b == e) same++; else diff++;
        ck = ck * 31u + fbits(a) + fbits(b) * 3u + fbits(c) * 7u;
    }
    printf("random float ops: %d exact products, %d rounded; checksum %08x\n", same, diff, (unsigned)ck);
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
