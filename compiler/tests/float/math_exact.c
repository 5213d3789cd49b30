/* math_exact: the <math.h> functions whose results are exactly specified
 * (no rounding error allowed): floor ceil trunc round lround llround rint
 * nearbyint lrint llrint (default rounding mode: to nearest even) fmod
 * remainder remquo modf frexp ldexp scalbn ilogb logb copysign fabs fmin
 * fmax fdim nextafter sqrt fma, in double and float versions, on halfway
 * cases, negative values, signed zeros, large values and subnormals.
 * Results are printed as bit patterns and compared with expected values. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <float.h>
#include <math.h>

static uint64_t dbits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

static int fails;
static void wd(const char *what, double got, double expect)
{
    int ok = dbits(got) == dbits(expect) || (isnan(got) && isnan(expect));
    printf("%-30s %016llx %.17g%s\n", what, (unsigned long long)dbits(got), got, ok ? "" : " FAIL");
    if (!ok) fails++;
}
static void wf(const char *what, float got, float expect)
{
    int ok = fbits(got) == fbits(expect);
    printf("%-30s %08x %.9g%s\n", what, (unsigned)fbits(got), (double)got, ok ? "" : " FAIL");
    if (!ok) fails++;
}
static void wi(const char *what, long long got, long long expect)
{
    printf("%-30s %lld%s\n", what, got, got == expect ? "" : " FAIL");
    if (got != expect) fails++;
}

static volatile double v_m25 = -2.5, v_25 = 2.5, v_35 = 3.5, v_big = 4503599627370497.0, v_nz = -0.0;

int main(void)
{
    double ip, m;
    float fip;
    int e, q;

    puts("-- rounding to integers");
    wd("floor(-2.5)", floor(v_m25), -3.0);
    wd("ceil(-2.5)", ceil(v_m25), -2.0);
    wd("trunc(-2.5)", trunc(v_m25), -2.0);
    wd("round(-2.5)", round(v_m25), -3.0);
    wd("round(2.5)", round(v_25), 3.0);
    wd("rint(2.5) (even)", rint(v_25), 2.0);
    wd("rint(3.5) (even)", rint(v_35), 4.0);
    wd("nearbyint(-2.5)", nearbyint(v_m25), -2.0);
    wd("floor(-0.0)", floor(v_nz), -0.0);
    wd("ceil(-0.5) = -0", ceil(-0.5 + v_nz), -0.0);
    wd("trunc(-0.7) = -0", trunc(-0.7 + v_nz), -0.0);
    wd("round(-0.4) = -0", round(-0.4 + v_nz), -0.0);
    wd("floor(2^52+1)", floor(v_big), 4503599627370497.0);
    wd("round(0.49999999999999994)", round(0.49999999999999994 + v_nz), 0.0);
    wd("floor(1e300)", floor(1e300 + v_nz), 1e300);
    wd("ceil(1e-300)", ceil(1e-300 + v_nz), 1.0);
    wd("floor(-1e-310)", floor(-1e-310 + v_nz), -1.0);
    wi("lround(-2.5)", lround(v_m25), -3);
    wi("llround(2.5)", llround(v_25), 3);
    wi("lrint(2.5)", lrint(v_25), 2);
    wi("llrint(-3.5)", llrint(-v_35), -4);
    wi("llround(2^52+1)", llround(v_big), 4503599627370497LL);
    wf("floorf(-1.5f)", floorf(-1.5f + (float)v_nz), -2.0f);
    wf("ceilf(1.00001f)", ceilf(1.00001f + (float)v_nz), 2.0f);
    wf("roundf(-0.5f)", roundf(-0.5f + (float)v_nz), -1.0f);
    wf("truncf(8388607.5f)", truncf(8388607.5f + (float)v_nz), 8388607.0f);
    wf("rintf(0.5f)", rintf(0.5f + (float)v_nz), 0.0f);

    puts("-- remainders");
    wd("fmod(5.5, 2)", fmod(5.5 + v_nz, 2.0), 1.5);
    wd("fmod(-5.5, 2)", fmod(-5.5, 2.0 + v_nz), -1.5);
    wd("fmod(5.5, -2)", fmod(5.5, -2.0 + v_nz), 1.5);
    wd("fmod(-4, 2) = -0", fmod(-4.0 + v_nz, 2.0), -0.0);
    wd("fmod(1e300, 3)", fmod(1e300 + v_nz, 3.0), 0.0);
    wd("fmod(0.1, 0.01)", fmod(0.1 + v_nz, 0.01), 3.4694469519536142e-18);
    wd("fmod(1, 1e-310)", fmod(1.0 + v_nz, 1e-310), 3.5074317610433367e-311);
    wd("remainder(5.5, 2)", remainder(5.5 + v_nz, 2.0), -0.5);
    wd("remainder(5, 2) (tie even)", remainder(5.0 + v_nz, 2.0), 1.0);
    wd("remainder(7, 2) (tie even)", remainder(7.0 + v_nz, 2.0), -1.0);
    m = remquo(17.25 + v_nz, 4.0, &q);
    wd("remquo(17.25, 4)", m, 1.25);
    wi("remquo quotient bits", q & 7, 4);
    m = remquo(-10.0 + v_nz, 3.0, &q);
    wd("remquo(-10, 3)", m, -1.0);
    wi("remquo quotient sign/bits", q < 0 ? -((-q) & 7) : (q & 7), -3);
    wf("fmodf(7.5f, 2.25f)", fmodf(7.5f + (float)v_nz, 2.25f), 0.75f);
    wf("remainderf(7.5f, 2.25f)", remainderf(7.5f + (float)v_nz, 2.25f), 0.75f);

    puts("-- decomposition and scaling");
    m = modf(-3.75 + v_nz, &ip);
    wd("modf(-3.75) frac", m, -0.75);
    wd("modf(-3.75) int", ip, -3.0);
    m = modf(-5.0 + v_nz, &ip);
    wd("modf(-5) frac = -0", m, -0.0);
    fip = 0.0f;
    wf("modff(2.5f) frac", modff(2.5f + (float)v_nz, &fip), 0.5f);
    wf("modff(2.5f) int", fip, 2.0f);
    m = frexp(48.0 + v_nz, &e);
    wd("frexp(48) mantissa", m, 0.75);
    wi("frexp(48) exponent", e, 6);
    m = frexp(-1e-310 + v_nz, &e);
    wd("frexp(-1e-310) mantissa", m, -0.57526180315593933);
    wi("frexp(-1e-310) exponent", e, -1029);
    m = frexp(0x1p-1074 + v_nz, &e);
    wd("frexp(2^-1074)", m, 0.5);
    wi("frexp(2^-1074) exponent", e, -1073);
    m = frexp(v_nz, &e);
    wd("frexp(-0)", m, -0.0);
    wi("frexp(-0) exponent", e, 0);
    wf("frexpf(3.0f)", frexpf(3.0f + (float)v_nz, &e), 0.75f);
    wi("frexpf(3.0f) exponent", e, 2);
    wd("ldexp(0.75, 6)", ldexp(0.75 + v_nz, 6), 48.0);
    wd("ldexp(1, -1074)", ldexp(1.0 + v_nz, -1074), 0x1p-1074);
    wd("ldexp(1, -1075) (tie -> 0)", ldexp(1.0 + v_nz, -1075), 0.0);
    wd("ldexp(3, -1075) (tie -> 2)", ldexp(3.0 + v_nz, -1075), 0x1p-1073);
    wd("ldexp(1, 1024) = inf", ldexp(1.0 + v_nz, 1024), HUGE_VAL);
    wd("ldexp(2^-1074, 1074)", ldexp(0x1p-1074 + v_nz, 1074), 1.0);
    wd("scalbn(1.5, 10)", scalbn(1.5 + v_nz, 10), 1536.0);
    wf("ldexpf(1, -149)", ldexpf(1.0f + (float)v_nz, -149), 0x1p-149f);
    wf("scalbnf(3, -150) (tie -> 2^-148)", scalbnf(3.0f + (float)v_nz, -150), 0x1p-148f);
    wi("ilogb(1e-310)", ilogb(1e-310 + v_nz), -1030);
    wi("ilogb(48)", ilogb(48.0 + v_nz), 5);
    wd("logb(0.1)", logb(0.1 + v_nz), -4.0);

    puts("-- sign, min/max, neighbours, sqrt, fma");
    wd("copysign(2, -0.0)", copysign(2.0, v_nz), -2.0);
    wd("copysign(-0.0, 1)", copysign(v_nz, 1.0), 0.0);
    wf("copysignf(1, -3)", copysignf(1.0f, -3.0f + (float)v_nz), -1.0f);
    wd("fabs(-0.0)", fabs(v_nz), 0.0);
    wf("fabsf(-2.5f)", fabsf(-2.5f + (float)v_nz), 2.5f);
    wd("fmin(nan, 1)", fmin(NAN, 1.0 + v_nz), 1.0);
    wd("fmax(-1, nan)", fmax(-1.0 + v_nz, NAN), -1.0);
    wd("fmin(-3, 2)", fmin(-3.0 + v_nz, 2.0), -3.0);
    wf("fmaxf(0.5f, 0.25f)", fmaxf(0.5f + (float)v_nz, 0.25f), 0.5f);
    wd("fdim(5, 3)", fdim(5.0 + v_nz, 3.0), 2.0);
    wd("fdim(3, 5)", fdim(3.0 + v_nz, 5.0), 0.0);
    wd("nextafter(1, 2)", nextafter(1.0 + v_nz, 2.0), 1.0000000000000002);
    wd("nextafter(1, 0)", nextafter(1.0 + v_nz, 0.0), 0.99999999999999989);
    wd("nextafter(0, -1)", nextafter(0.0 + v_nz, -1.0), -0x1p-1074);
    wd("nextafter(DBL_MAX, inf)", nextafter(DBL_MAX + v_nz, HUGE_VAL), HUGE_VAL);
    wd("nextafter(DBL_MIN, 0)", nextafter(DBL_MIN + v_nz, 0.0), 2.2250738585072009e-308);
    wf("nextafterf(1, 2)", nextafterf(1.0f + (float)v_nz, 2.0f), 1.00000012f);
    wd("sqrt(2)", sqrt(2.0 + v_nz), 1.4142135623730951);
    wd("sqrt(1e-310)", sqrt(1e-310 + v_nz), 9.9999999999999857e-156);
    wd("sqrt(-0.0)", sqrt(v_nz), -0.0);
    wf("sqrtf(2)", sqrtf(2.0f + (float)v_nz), 1.41421354f);
    wf("sqrtf(1e-40f)", sqrtf(1e-40f + (float)v_nz), 9.99997303e-21f);
    wd("fma(1+2^-52, 1-2^-52, -1)", fma(1.0 + 0x1p-52 + v_nz, 1.0 - 0x1p-52, -1.0), -0x1p-104);
    wd("(1+2^-52)*(1-2^-52) - 1", (1.0 + 0x1p-52 + v_nz) * (1.0 - 0x1p-52) - 1.0, 0.0);
    wd("fma(0.1, 10, -1)", fma(0.1 + v_nz, 10.0, -1.0), 5.5511151231257827e-17);
    wf("fmaf(1+2^-12, 1+2^-12, -1)", fmaf(1.000244140625f + (float)v_nz, 1.000244140625f, -1.0f), 0x1.0008p-11f);
    wf("(1+2^-12)^2 - 1 in float", (1.000244140625f + (float)v_nz) * 1.000244140625f - 1.0f, 0x1p-11f);
    wd("isnan(fmod(1, 0))", isnan(fmod(1.0 + v_nz, 0.0)) != 0, 1.0);
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
