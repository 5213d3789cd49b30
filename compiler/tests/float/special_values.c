/* special_values: infinities, NaNs and signed zeros in float and double.
 * Checks all six comparisons with NaN operands (including negated forms in
 * branches, which a compiler must not "simplify"), -0.0 == 0.0, 1/-0.0 = -inf,
 * the sign of zero results, negation vs subtraction from zero, inf
 * arithmetic, overflow to inf, and the classification macros. Signs are
 * read from the bit pattern. NaN bit patterns and NaN signs are never
 * printed (the default NaN differs between implementations). */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <float.h>
#include <math.h>

static uint64_t dbits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static int dsign(double d) { return (int)(dbits(d) >> 63); }
static int fsign(float f) { return (int)(fbits(f) >> 31); }
static int disnan(double d) { return (dbits(d) & 0x7fffffffffffffffull) > 0x7ff0000000000000ull; }
static int fisnan(float f) { return (fbits(f) & 0x7fffffffu) > 0x7f800000u; }

static volatile double vzero = 0.0, vone = 1.0, vbig = 1e308;
static volatile float fzero = 0.0f, fone = 1.0f, fbig = 3e38f;

static int fails;
static void check(const char *what, int got, int want)
{
    printf("%-34s %d%s\n", what, got, got == want ? "" : "  FAIL");
    if (got != want) fails++;
}

/* comparisons through non-inlined functions and in several syntactic forms */
static int lt(double a, double b) { return a < b; }
static int le(double a, double b) { return a <= b; }
static int gt(double a, double b) { return a > b; }
static int ge(double a, double b) { return a >= b; }
static int eq(double a, double b) { return a == b; }
static int ne(double a, double b) { return a != b; }
static int not_lt(double a, double b) { if (!(a < b)) return 1; return 0; }
static int not_ge(double a, double b) { return !(a >= b) ? 1 : 0; }
static int flt(float a, float b) { return a < b; }
static int fge(float a, float b) { return a >= b; }
static int feq(float a, float b) { return a == b; }
static int fne(float a, float b) { return a != b; }
static int fnot_le(float a, float b) { if (a <= b) return 0; else return 1; }

static double maxd(double a, double b) { return a > b ? a : b; }

int main(void)
{
    double inf = vone / vzero, ninf = -vone / vzero, nan = vzero / vzero, nz = -vzero, pz = vzero;
    float finf = fone / fzero, fnan = fzero / fzero, fnz = -fzero;
    char buf[64];

    puts("-- NaN comparisons (double)");
    check("nan == nan", eq(nan, nan), 0);
    check("nan != nan", ne(nan, nan), 1);
    check("nan < 1", lt(nan, 1.0), 0);
    check("nan <= 1", le(nan, 1.0), 0);
    check("nan > 1", gt(nan, 1.0), 0);
    check("nan >= 1", ge(nan, 1.0), 0);
    check("1 < nan", lt(1.0, nan), 0);
    check("1 >= nan", ge(1.0, nan), 0);
    check("!(nan < 1)", not_lt(nan, 1.0), 1);
    check("!(nan >= 1)", not_ge(nan, 1.0), 1);
    check("!(1 < 2)", not_lt(1.0, 2.0), 0);
    check("nan == inf", eq(nan, inf), 0);
    check("x != x detects nan", nan != nan, 1);
    check("inline nan < nan || nan >= nan", nan < nan || nan >= nan, 0);
    check("max(nan, 1) via > is 1", maxd(nan, 1.0) == 1.0, 1);
    check("max(1, nan) via > is nan", disnan(maxd(1.0, nan)), 1);
    puts("-- NaN comparisons (float)");
    check("fnan == fnan", feq(fnan, fnan), 0);
    check("fnan != fnan", fne(fnan, fnan), 1);
    check("fnan < 0", flt(fnan, 0.0f), 0);
    check("fnan >= 0", fge(fnan, 0.0f), 0);
    check("!(fnan <= 0)", fnot_le(fnan, 0.0f), 1);
    check("!(1 <= 2) float", fnot_le(1.0f, 2.0f), 0);
    check("(double)fnan is nan", disnan((double)fnan), 1);
    check("(float)nan is nan", fisnan((float)nan), 1);
    check("nan + 1 is nan", disnan(nan + 1.0), 1);
    check("nan * 0 is nan", disnan(nan * 0.0), 1);
    check("inf - inf is nan", disnan(inf - inf), 1);
    check("inf * 0 is nan", disnan(inf * 0.0), 1);
    check("0 / 0 float is nan", fisnan(fnan), 1);
    check("inf / inf is nan", disnan(inf / inf), 1);

    puts("-- signed zero");
    check("-0.0 == 0.0", eq(nz, pz), 1);
    check("-0.0 < 0.0", lt(nz, pz), 0);
    check("sign of -0.0", dsign(nz), 1);
    check("sign of 0.0", dsign(pz), 0);
    check("1/-0.0 == -inf", vone / nz == ninf, 1);
    check("1/+0.0 == +inf", vone / pz == inf, 1);
    check("sign(-0.0 + 0.0)", dsign(nz + pz), 0);
    check("sign(-0.0 + -0.0)", dsign(nz + nz), 1);
    check("sign(-0.0 - 0.0)", dsign(nz - pz), 1);
    check("sign(0.0 - 0.0)", dsign(pz - pz), 0);
    check("sign(1.0 - 1.0)", dsign(vone - vone), 0);
    check("sign(-0.0 * 5)", dsign(nz * 5.0), 1);
    check("sign(-0.0 * -5)", dsign(nz * -5.0), 0);
    check("sign(0.0 / -3)", dsign(pz / -3.0), 1);
    check("sign(-x), x = 0.0", dsign(-pz), 1);
    check("sign(0.0 - x), x = 0.0", dsign(0.0 - pz), 0);
    check("sign(-(1.0 - 1.0))", dsign(-(vone - vone)), 1);
    check("sign(fabs(-0.0))", dsign(fabs(nz)), 0);
    check("sign(-1e-300 * 1e-300)", dsign(-1e-300 * (vone * 1e-300)), 1);
    check("sign(float -0.0f)", fsign(fnz), 1);
    check("sign((double)-0.0f)", dsign((double)fnz), 1);
    check("sign((float)-0.0)", fsign((float)nz), 1);
    check("-0.0f == 0.0f", feq(fnz, fzero), 1);
    check("1/-0.0f < 0", fone / fnz < 0.0f, 1);
    check("sign((int)-0.0 -> 0)", (int)nz, 0);
    check("(float)-0.0 == 0", (float)nz == 0.0f, 1);

    puts("-- infinity");
    check("inf == inf", eq(inf, inf), 1);
    check("inf > DBL_MAX", gt(inf, DBL_MAX), 1);
    check("-inf < -DBL_MAX", lt(ninf, -DBL_MAX), 1);
    check("inf + 1 == inf", inf + 1.0 == inf, 1);
    check("inf + -1e308 == inf", inf + -1e308 == inf, 1);
    check("1 / inf == 0", vone / inf == 0.0, 1);
    check("sign(-1 / inf)", dsign(-vone / inf), 1);
    check("sign(1 / -inf)", dsign(vone / ninf), 1);
    check("1e308 * 10 == inf", vbig * 10.0 == inf, 1);
    check("-1e308 * 10 == -inf", -vbig * 10.0 == ninf, 1);
    check("DBL_MAX + DBL_MAX == inf", (vbig * 1.7976931348623157) + DBL_MAX == inf, 1);
    check("DBL_MAX + 1 == DBL_MAX", DBL_MAX + vone == DBL_MAX, 1);
    check("3e38f * 10 == inf float", fbig * 10.0f == finf, 1);
    check("FLT_MAX * 2 float is inf", fisnan(fbig * 2.0f) == 0 && fbig * 2.0f > FLT_MAX, 1);
    check("(double)finf == inf", (double)finf == inf, 1);
    check("(float)inf == finf", (float)inf == finf, 1);
    check("(float)ninf < 0", (float)ninf < 0.0f, 1);
    check("inf bits", dbits(inf) == 0x7ff0000000000000ull, 1);
    check("-inf bits", dbits(ninf) == 0xfff0000000000000ull, 1);
    check("finf bits", fbits(finf) == 0x7f800000u, 1);
    check("-inf == -HUGE_VAL", ninf == -HUGE_VAL, 1);
    check("INFINITY float", fbits(INFINITY) == 0x7f800000u, 1);
    snprintf(buf, sizeof buf, "%g %g %f %e", inf, ninf, (double)finf, -inf);
    printf("printed: %s\n", buf);

    puts("-- classification macros");
    check("isnan(nan)", isnan(nan) != 0, 1);
    check("isnan(fnan)", isnan(fnan) != 0, 1);
    check("isnan(inf)", isnan(inf) != 0, 0);
    check("isinf(-inf)", isinf(ninf) != 0, 1);
    check("isinf(finf)", isinf(finf) != 0, 1);
    check("isfinite(DBL_MAX)", isfinite(vbig) != 0, 1);
    check("isfinite(nan)", isfinite(nan) != 0, 0);
    check("signbit(-0.0)", signbit(nz) != 0, 1);
    check("signbit(0.0)", signbit(pz) != 0, 0);
    check("signbit(-0.0f)", signbit(fnz) != 0, 1);
    check("signbit(-inf)", signbit(ninf) != 0, 1);
    check("fpclassify(0) == FP_ZERO", fpclassify(nz) == FP_ZERO, 1);
    check("fpclassify(1e-310) == FP_SUBNORMAL", fpclassify(vone * 1e-310) == FP_SUBNORMAL, 1);
    check("fpclassify(1.0f) == FP_NORMAL", fpclassify(fone) == FP_NORMAL, 1);
    check("fpclassify(inf) == FP_INFINITE", fpclassify(inf) == FP_INFINITE, 1);
    check("fpclassify(nan) == FP_NAN", fpclassify(nan) == FP_NAN, 1);
    check("isnormal(DBL_MIN)", isnormal(DBL_MIN * vone) != 0, 1);
    check("isnormal(DBL_MIN/2)", isnormal(DBL_MIN * vone / 2) != 0, 0);
    check("copysign(3, -0.0)", copysign(3.0, nz) == -3.0, 1);
    check("sign(copysign(0, -1))", dsign(copysign(0.0, -vone)), 1);
    check("isunordered(nan, 1)", isunordered(nan, 1.0) != 0, 1);
    check("isless(nan, 1)", isless(nan, 1.0) != 0, 0);
    check("isgreaterequal(2, 1)", isgreaterequal(2.0 * vone, 1.0) != 0, 1);
    check("islessgreater(-0.0, 0.0)", islessgreater(nz, pz) != 0, 0);

    puts(fails ? "FAIL" : "PASS");
    return 0;
}
