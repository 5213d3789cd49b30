/* math_accuracy.c — host harness for runtime/lib/math.c.

   Build (i386, SSE arithmetic: no x87 excess precision, no contraction):
     gcc -m32 -std=c99 -O2 -msse2 -mfpmath=sse -ffp-contract=off -fno-builtin \
         -ffreestanding -nostdinc -fno-strict-aliasing \
         -I runtime/include \
         -include compiler/tests/libm/math_rename.h \
         -c runtime/lib/math.c -o math.o
     (the same for compiler/tests/libm/math_header.c -o math_header.o)
     gcc -m32 -std=gnu99 -O2 -msse2 -mfpmath=sse -ffp-contract=off -fno-builtin \
         -fno-math-errno compiler/tests/libm/math_accuracy.c math.o math_header.o \
         -lm -o math_accuracy
     ./math_accuracy [N]        (N random arguments per function and domain)

   Reference: glibc's long double (x87, 64-bit significand) functions — sinl,
   expl, powl, ... — rounded to the precision under test only to find the
   ulp: error = |result - reference| / ulp(reference rounded to double or
   float). Exact functions (rounding, fmod, frexp, ldexp, modf, fabs,
   copysign, fmin, fmax, sqrt, sqrtf) are compared bit for bit with glibc
   or with the SSE instructions (sqrtsd, sqrtss). Special values: a grid
   of ±0, ±inf, NaN, subnormals, extremes and exact cases, where glibc's
   NaN / inf / zero results must be reproduced exactly (sign included).

   Output: one "ULP name | domain | max | n | bound | worst arguments" line
   per function and domain,
   "FAIL ..." lines, and "CHECKS n FAILURES f" last. */
#define _GNU_SOURCE
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned long long u64;

#define D1(f) double lcc_##f(double);
#define F1(f) float lcc_##f(float);
D1(fabs) D1(floor) D1(ceil) D1(trunc) D1(round) D1(sqrt) D1(cbrt) D1(exp) D1(expm1) D1(log)
D1(log10) D1(log2) D1(log1p) D1(sin) D1(cos) D1(tan) D1(asin) D1(acos) D1(atan) D1(sinh)
D1(cosh) D1(tanh)
F1(fabsf) F1(floorf) F1(ceilf) F1(truncf) F1(roundf) F1(sqrtf) F1(cbrtf) F1(expf) F1(expm1f)
F1(logf) F1(log10f) F1(log2f) F1(log1pf) F1(sinf) F1(cosf) F1(tanf) F1(asinf) F1(acosf)
F1(atanf) F1(sinhf) F1(coshf) F1(tanhf)
double lcc_copysign(double, double), lcc_fmin(double, double), lcc_fmax(double, double);
double lcc_fmod(double, double), lcc_hypot(double, double), lcc_pow(double, double);
double lcc_atan2(double, double), lcc_frexp(double, int *), lcc_ldexp(double, int);
double lcc_scalbn(double, int), lcc_modf(double, double *);
float lcc_copysignf(float, float), lcc_fminf(float, float), lcc_fmaxf(float, float);
float lcc_fmodf(float, float), lcc_hypotf(float, float), lcc_powf(float, float);
float lcc_atan2f(float, float), lcc_frexpf(float, int *), lcc_ldexpf(float, int);
float lcc_modff(float, float *);
int math_header_checks(int *checks);
/* lib/math_c99.c */
D1(rint) D1(nearbyint) D1(logb) D1(exp2) D1(asinh) D1(acosh) D1(atanh) D1(erf) D1(erfc) D1(tgamma) D1(lgamma)
F1(rintf) F1(nearbyintf) F1(logbf) F1(exp2f) F1(asinhf) F1(acoshf) F1(atanhf) F1(erff) F1(erfcf) F1(tgammaf) F1(lgammaf)
long lcc_lrint(double), lcc_lround(double), lcc_lrintf(float), lcc_lroundf(float);
long long lcc_llrint(double), lcc_llround(double), lcc_llrintf(float), lcc_llroundf(float);
double lcc_remainder(double, double), lcc_remquo(double, double, int *), lcc_fdim(double, double);
double lcc_fma(double, double, double), lcc_nextafter(double, double), lcc_nexttoward(double, long double);
float lcc_remainderf(float, float), lcc_remquof(float, float, int *), lcc_fdimf(float, float);
float lcc_fmaf(float, float, float), lcc_nextafterf(float, float), lcc_nexttowardf(float, long double);
int lcc_ilogb(double), lcc_ilogbf(float);
double lcc_scalbln(double, long);
float lcc_scalblnf(float, long);
double lcc_nan(const char *);
float lcc_nanf(const char *);
int lcc___fpclassify(double), lcc___fpclassifyf(float), lcc___signbit(double), lcc___signbitf(float);

static long checks, failures;
static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#include <stdarg.h>
static void fail(const char *fmt, ...)
{
    va_list ap;
    failures++;
    if (failures > 60)
        return;
    printf("FAIL ");
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}

static u64 bits(double x)
{
    u64 u;
    memcpy(&u, &x, 8);
    return u;
}
static unsigned fbits(float x)
{
    unsigned u;
    memcpy(&u, &x, 4);
    return u;
}
static double dfrom(u64 u)
{
    double x;
    memcpy(&x, &u, 8);
    return x;
}
static float ffrom(unsigned u)
{
    float x;
    memcpy(&x, &u, 4);
    return x;
}

/* xorshift64* (Vigna 2016), fixed seed */
static u64 rs = 0x2545F4914F6CDD1DULL;
static u64 rnd(void)
{
    rs ^= rs >> 12;
    rs ^= rs << 25;
    rs ^= rs >> 27;
    return rs * 0x2545F4914F6CDD1DULL;
}
static double u01(void) { return (rnd() >> 11) * 0x1p-53; }
static double unif(double a, double b) { return a + (b - a) * u01(); }
/* magnitude log-uniform in [lo, hi], random sign if sg */
static double logu(double lo, double hi, int sg)
{
    double x = exp2(log2(lo) + (log2(hi) - log2(lo)) * u01());
    return sg && (rnd() & 1) ? -x : x;
}
/* random finite double from random bits (all binades), sign as asked:
   0 positive, 1 any */
static double rbits(int sg)
{
    double x;
    do
        x = dfrom(rnd());
    while (isnan(x) || isinf(x));
    return sg ? x : fabs(x);
}
static float rfbits(int sg)
{
    float x;
    do
        x = ffrom((unsigned)rnd());
    while (isnan(x) || isinf(x));
    return sg ? x : fabsf(x);
}

/* error of got in ulps of the reference rounded to double */
static double ulps_d(double got, long double ref)
{
    double rd = (double)ref, ulp;
    long double g = got;
    int e;
    if (isnan(rd) || isnan(got))
        return isnan(rd) && isnan(got) ? 0 : INFINITY;
    if (got == rd)
        return (double)(fabsl(g - ref) / (rd == 0 ? 0x1p-1074 : ldexp(1, ilogb(rd) - 52 < -1074 ? -1074 : ilogb(rd) - 52)));
    if (isinf(got))
        g = copysignl(0x1p1024L, got);
    if (isinf(rd)) {
        rd = copysign(DBL_MAX, rd);
    }
    if (rd == 0)
        ulp = 0x1p-1074;
    else {
        e = ilogb(rd) - 52;
        ulp = ldexp(1, e < -1074 ? -1074 : e);
    }
    return (double)(fabsl(g - ref) / ulp);
}

static double ulps_f(float got, long double ref)
{
    float rf = (float)ref;
    long double g = got;
    double ulp;
    int e;
    if (isnan(rf) || isnan(got))
        return isnan(rf) && isnan(got) ? 0 : INFINITY;
    if (isinf(got) && isinf(rf) && got == rf)
        return 0;
    if (isinf(got))
        g = copysign(0x1p128, got);
    if (isinf(rf))
        rf = copysignf(FLT_MAX, rf);
    if (rf == 0)
        ulp = 0x1p-149;
    else {
        e = ilogb(rf) - 23;
        ulp = ldexp(1, e < -149 ? -149 : e);
    }
    return (double)(fabsl(g - ref) / ulp);
}

/* ---- random campaigns ---- */

typedef double (*gen_fn)(void);
static long N = 10000;

static void report(const char *name, const char *dom, double maxu, double worst, double worst2, long n, double bound)
{
    printf("ULP %s | %s | %.3f | %ld | %.2f | %a %a\n", name, dom, maxu, n, bound, worst, worst2);
    checks++;
    if (!(maxu <= bound))
        fail("%s on %s: %.3f ulp > bound %.2f (at %a %a)", name, dom, maxu, bound, worst, worst2);
}

static void run1(const char *name, const char *dom, double (*f)(double), long double (*ref)(long double), gen_fn g, double bound)
{
    double maxu = 0, worst = 0;
    long i;
    for (i = 0; i < N; i++) {
        double x = g(), u = ulps_d(f(x), ref(x));
        if (!(u <= maxu))
            maxu = u, worst = x;
    }
    report(name, dom, maxu, worst, 0, N, bound);
}

static void run1f(const char *name, const char *dom, float (*f)(float), long double (*ref)(long double), gen_fn g, double bound)
{
    double maxu = 0, worst = 0;
    long i;
    for (i = 0; i < N; i++) {
        float x = (float)g();
        double u = ulps_f(f(x), ref(x));
        if (!(u <= maxu))
            maxu = u, worst = x;
    }
    report(name, dom, maxu, worst, 0, N, bound);
}

typedef void (*gen2_fn)(double *, double *);
static void run2(const char *name, const char *dom, double (*f)(double, double), long double (*ref)(long double, long double), gen2_fn g, double bound)
{
    double maxu = 0, wx = 0, wy = 0, x, y, u;
    long i;
    for (i = 0; i < N; i++) {
        g(&x, &y);
        u = ulps_d(f(x, y), ref(x, y));
        if (!(u <= maxu))
            maxu = u, wx = x, wy = y;
    }
    report(name, dom, maxu, wx, wy, N, bound);
}

static void run2f(const char *name, const char *dom, float (*f)(float, float), long double (*ref)(long double, long double), gen2_fn g, double bound)
{
    double maxu = 0, wx = 0, wy = 0, x, y, u;
    long i;
    for (i = 0; i < N; i++) {
        g(&x, &y);
        u = ulps_f(f((float)x, (float)y), ref((float)x, (float)y));
        if (!(u <= maxu))
            maxu = u, wx = (float)x, wy = (float)y;
    }
    report(name, dom, maxu, wx, wy, N, bound);
}

static double g_trig(void) { return unif(-1e4, 1e4); }
static double g_trig_small(void) { return logu(0x1p-30, 0.785, 1); }
static double g_huge(void) { return logu(1e4, 1.7e308, 1); }
/* near a multiple of pi/2 below 2^20 pi/2, within 2^-14 .. 2^-44: the
   Cody-Waite range of sin, cos, tan and its switch to Payne-Hanek below a
   reduced argument of 2^-28 */
static double g_near_pio2(void) { return (double)(rnd() % 1048576) * 1.5707963267948966 + logu(0x1p-44, 0x1p-14, 1); }
static double g_exp(void) { return unif(-745.2, 709.8); }
static double g_m1_1(void) { return unif(-1, 1); }
static double g_pos(void) { return rbits(0); }
static double g_near1(void) { return unif(0.5, 2); }
static double g_log1p(void) { return logu(0x1p-60, 0x1p20, 0) * (rnd() & 1 ? -1 : 1) * (1 - 1e-16); }
static double g_log1p_b(void) { double x = logu(0x1p-60, 0x1p20, 1); return x <= -1 ? -0.5 : x; }
static double g_expm1(void) { return unif(-40, 709.7); }
static double g_tiny(void) { return logu(0x1p-60, 1, 1); }
static double g_hyp(void) { return unif(-710.4, 710.4); }
static double g_tanh(void) { return unif(-20, 20); }
static double g_atan(void) { return unif(-10, 10); }
static double g_any(void) { return rbits(1); }
static double g_cbrt(void) { return rbits(1); }
/* float domains */
static double gf_trig(void) { return unif(-1e4, 1e4); }
static double gf_huge(void) { return logu(1e4, 3.4e38, 1); }
static double gf_exp(void) { return unif(-103.9, 88.7); }
static double gf_pos(void) { return rfbits(0); }
static double gf_any(void) { return rfbits(1); }
static double gf_hyp(void) { return unif(-89.4, 89.4); }
static double gf_expm1(void) { return unif(-20, 88.7); }

static void g2_pow(double *x, double *y) { *x = logu(0x1p-20, 0x1p20, 0); *y = unif(-50, 50); }
static void g2_pow_near1(double *x, double *y) { *x = unif(0.99, 1.01); *y = unif(-7e4, 7e4); }
static void g2_pow_neg(double *x, double *y) { *x = -logu(0x1p-10, 100, 0); *y = (double)(long)unif(-100, 100); }
static void g2_pow_wide(double *x, double *y) { *x = rbits(0); *y = logu(0x1p-30, 2, 1); }
static void g2_atan2(double *x, double *y) { *x = unif(-10, 10); *y = unif(-10, 10); }
static void g2_atan2w(double *x, double *y) { *x = rbits(1); *y = rbits(1); }
static void g2_hypot(double *x, double *y) { *x = rbits(1); *y = rbits(1); }
static void g2_hypot_n(double *x, double *y) { *x = unif(-10, 10); *y = unif(-10, 10); }
static void g2f_pow(double *x, double *y) { *x = logu(0x1p-10, 0x1p10, 0); *y = unif(-12, 12); }
static void g2f_pow_neg(double *x, double *y) { *x = -logu(0.25, 16, 0); *y = (double)(long)unif(-30, 30); }
static void g2f_any(double *x, double *y) { *x = rfbits(1); *y = rfbits(1); }

/* wrappers: the glibc long double functions, argument order as tested */
static long double r_atan2(long double x, long double y) { return atan2l(x, y); }

static void campaigns(void)
{
    /* double */
    run1("sin", "[-1e4, 1e4]", lcc_sin, sinl, g_trig, 0.6);
    run1("sin", "|x| in [2^-30, pi/4] log-uniform", lcc_sin, sinl, g_trig_small, 0.6);
    run1("sin", "|x| in [1e4, 1.7e308] log-uniform", lcc_sin, sinl, g_huge, 0.6);
    run1("sin", "k pi/2 + [2^-44, 2^-14], k < 2^20", lcc_sin, sinl, g_near_pio2, 0.6);
    run1("cos", "[-1e4, 1e4]", lcc_cos, cosl, g_trig, 0.6);
    run1("cos", "k pi/2 + [2^-44, 2^-14], k < 2^20", lcc_cos, cosl, g_near_pio2, 0.6);
    run1("cos", "|x| in [1e4, 1.7e308] log-uniform", lcc_cos, cosl, g_huge, 0.6);
    run1("tan", "[-1e4, 1e4]", lcc_tan, tanl, g_trig, 0.6);
    run1("tan", "k pi/2 + [2^-44, 2^-14], k < 2^20", lcc_tan, tanl, g_near_pio2, 0.6);
    run1("tan", "|x| in [1e4, 1.7e308] log-uniform", lcc_tan, tanl, g_huge, 0.6);
    run1("asin", "[-1, 1]", lcc_asin, asinl, g_m1_1, 0.6);
    run1("asin", "|x| in [2^-60, 1] log-uniform", lcc_asin, asinl, g_tiny, 0.6);
    run1("acos", "[-1, 1]", lcc_acos, acosl, g_m1_1, 0.6);
    run1("acos", "|x| in [2^-60, 1] log-uniform", lcc_acos, acosl, g_tiny, 0.6);
    run1("atan", "[-10, 10]", lcc_atan, atanl, g_atan, 0.6);
    run1("atan", "all finite doubles (random bits)", lcc_atan, atanl, g_any, 0.6);
    run2("atan2", "y, x in [-10, 10]", lcc_atan2, r_atan2, g2_atan2, 0.6);
    run2("atan2", "y, x all finite (random bits)", lcc_atan2, r_atan2, g2_atan2w, 0.6);
    run1("exp", "[-745.2, 709.8]", lcc_exp, expl, g_exp, 0.6);
    run1("exp", "[-1, 1]", lcc_exp, expl, g_m1_1, 0.6);
    run1("expm1", "[-40, 709.7]", lcc_expm1, expm1l, g_expm1, 0.6);
    run1("expm1", "|x| in [2^-60, 1] log-uniform", lcc_expm1, expm1l, g_tiny, 0.6);
    run1("log", "x > 0 all finite (random bits)", lcc_log, logl, g_pos, 0.6);
    run1("log", "[0.5, 2]", lcc_log, logl, g_near1, 0.6);
    run1("log2", "x > 0 all finite (random bits)", lcc_log2, log2l, g_pos, 0.6);
    run1("log2", "[0.5, 2]", lcc_log2, log2l, g_near1, 0.6);
    run1("log10", "x > 0 all finite (random bits)", lcc_log10, log10l, g_pos, 0.6);
    run1("log10", "[0.5, 2]", lcc_log10, log10l, g_near1, 0.6);
    run1("log1p", "(-1, 1]", lcc_log1p, log1pl, g_m1_1, 0.6);
    run1("log1p", "|x| in [2^-60, 2^20] log-uniform", lcc_log1p, log1pl, g_log1p_b, 0.6);
    (void)g_log1p;
    run2("pow", "x in [2^-20, 2^20] log-u., y in [-50, 50]", lcc_pow, powl, g2_pow, 0.6);
    run2("pow", "x in [0.99, 1.01], y in [-7e4, 7e4]", lcc_pow, powl, g2_pow_near1, 0.6);
    run2("pow", "x in -[2^-10, 100], y integer [-100, 100]", lcc_pow, powl, g2_pow_neg, 0.6);
    run2("pow", "x > 0 all finite, |y| in [2^-30, 2]", lcc_pow, powl, g2_pow_wide, 0.6);
    run1("sinh", "[-710.4, 710.4]", lcc_sinh, sinhl, g_hyp, 0.6);
    run1("sinh", "|x| in [2^-60, 1] log-uniform", lcc_sinh, sinhl, g_tiny, 0.6);
    run1("cosh", "[-710.4, 710.4]", lcc_cosh, coshl, g_hyp, 0.6);
    run1("cosh", "[-1, 1]", lcc_cosh, coshl, g_m1_1, 0.6);
    run1("tanh", "[-20, 20]", lcc_tanh, tanhl, g_tanh, 0.6);
    run1("tanh", "|x| in [2^-60, 1] log-uniform", lcc_tanh, tanhl, g_tiny, 0.6);
    run1("cbrt", "all finite doubles (random bits)", lcc_cbrt, cbrtl, g_cbrt, 0.6);
    run2("hypot", "x, y all finite (random bits)", lcc_hypot, hypotl, g2_hypot, 0.6);
    run2("hypot", "x, y in [-10, 10]", lcc_hypot, hypotl, g2_hypot_n, 0.6);
    /* float: computed in double, rounded to float */
    run1f("sinf", "[-1e4, 1e4]", lcc_sinf, sinl, gf_trig, 0.51);
    run1f("sinf", "|x| in [1e4, 3.4e38] log-uniform", lcc_sinf, sinl, gf_huge, 0.51);
    run1f("sinf", "k pi/2 + [2^-44, 2^-14], k < 2^20", lcc_sinf, sinl, g_near_pio2, 0.51);
    run1f("cosf", "[-1e4, 1e4]", lcc_cosf, cosl, gf_trig, 0.51);
    run1f("tanf", "[-1e4, 1e4]", lcc_tanf, tanl, gf_trig, 0.51);
    run1f("asinf", "[-1, 1]", lcc_asinf, asinl, g_m1_1, 0.51);
    run1f("acosf", "[-1, 1]", lcc_acosf, acosl, g_m1_1, 0.51);
    run1f("atanf", "all finite floats (random bits)", lcc_atanf, atanl, gf_any, 0.51);
    run2f("atan2f", "y, x all finite floats", lcc_atan2f, r_atan2, g2f_any, 0.51);
    run1f("expf", "[-103.9, 88.7]", lcc_expf, expl, gf_exp, 0.51);
    run1f("expm1f", "[-20, 88.7]", lcc_expm1f, expm1l, gf_expm1, 0.51);
    run1f("logf", "x > 0 all finite floats", lcc_logf, logl, gf_pos, 0.51);
    run1f("log2f", "x > 0 all finite floats", lcc_log2f, log2l, gf_pos, 0.51);
    run1f("log10f", "x > 0 all finite floats", lcc_log10f, log10l, gf_pos, 0.51);
    run1f("log1pf", "(-1, 1]", lcc_log1pf, log1pl, g_m1_1, 0.51);
    run2f("powf", "x in [2^-10, 2^10] log-u., y in [-12, 12]", lcc_powf, powl, g2f_pow, 0.51);
    run2f("powf", "x in -[0.25, 16], y integer [-30, 30]", lcc_powf, powl, g2f_pow_neg, 0.51);
    run1f("sinhf", "[-89.4, 89.4]", lcc_sinhf, sinhl, gf_hyp, 0.51);
    run1f("coshf", "[-89.4, 89.4]", lcc_coshf, coshl, gf_hyp, 0.51);
    run1f("tanhf", "[-1, 1]", lcc_tanhf, tanhl, g_m1_1, 0.51);
    run1f("cbrtf", "all finite floats (random bits)", lcc_cbrtf, cbrtl, gf_any, 0.51);
    run2f("hypotf", "x, y all finite floats", lcc_hypotf, hypotl, g2f_any, 0.51);
}

/* ---- exact functions: bit for bit ---- */

static int same_d(double a, double b) { return (isnan(a) && isnan(b)) || bits(a) == bits(b); }
static int same_f(float a, float b) { return (isnan(a) && isnan(b)) || fbits(a) == fbits(b); }

static volatile double vsink;
static double sse_sqrt(double x) { return __builtin_sqrt(x); }
static float sse_sqrtf(float x) { return __builtin_sqrtf(x); }

static void exact_one(double x)
{
    double a, b, ia, ib;
    int ea, eb, n;
    float xf = (float)x;
#define EX1(f) do { checks++; a = lcc_##f(x); b = f(x); if (!same_d(a, b)) fail(#f "(%a) = %a, host %a", x, a, b); } while (0)
#define EX1F(f) do { checks++; float af = lcc_##f(xf), bf = f(xf); if (!same_f(af, bf)) fail(#f "(%a) = %a, host %a", (double)xf, (double)af, (double)bf); } while (0)
    EX1(fabs); EX1(floor); EX1(ceil); EX1(trunc); EX1(round);
    EX1F(fabsf); EX1F(floorf); EX1F(ceilf); EX1F(truncf); EX1F(roundf);
    checks++;
    a = lcc_sqrt(x);
    b = sse_sqrt(x);
    if (!same_d(a, b))
        fail("sqrt(%a) = %a, sqrtsd %a", x, a, b);
    checks++;
    if (!same_f(lcc_sqrtf(xf), sse_sqrtf(xf)))
        fail("sqrtf(%a) = %a, sqrtss %a", (double)xf, (double)lcc_sqrtf(xf), (double)sse_sqrtf(xf));
    checks++;
    a = lcc_frexp(x, &ea);
    b = frexp(x, &eb);
    if (!same_d(a, b) || (isfinite(x) && ea != eb))
        fail("frexp(%a) = %a %d, host %a %d", x, a, ea, b, eb);
    checks++;
    a = lcc_modf(x, &ia);
    b = modf(x, &ib);
    if (!same_d(a, b) || !same_d(ia, ib))
        fail("modf(%a) = %a %a, host %a %a", x, a, ia, b, ib);
    checks++;
    {
        float fa, fia, fb, fib;
        fa = lcc_modff(xf, &fia);
        fb = modff(xf, &fib);
        if (!same_f(fa, fb) || !same_f(fia, fib))
            fail("modff(%a)", (double)xf);
        fa = lcc_frexpf(xf, &ea);
        fb = frexpf(xf, &eb);
        if (!same_f(fa, fb) || (isfinite(xf) && ea != eb))
            fail("frexpf(%a)", (double)xf);
    }
    n = (int)(rnd() % 2300) - 1150;
    checks++;
    a = lcc_ldexp(x, n);
    b = ldexp(x, n);
    if (!same_d(a, b) || !same_d(lcc_scalbn(x, n), b))
        fail("ldexp(%a, %d) = %a, host %a", x, n, a, b);
    n = (int)(rnd() % 400) - 200;
    checks++;
    if (!same_f(lcc_ldexpf(xf, n), ldexpf(xf, n)))
        fail("ldexpf(%a, %d) = %a, host %a", (double)xf, n, (double)lcc_ldexpf(xf, n), (double)ldexpf(xf, n));
    checks++;
    if (lcc___fpclassify(x) != fpclassify(x) || lcc___fpclassifyf(xf) != fpclassify(xf) ||
        (lcc___signbit(x) != 0) != (signbit(x) != 0) || (lcc___signbitf(xf) != 0) != (signbit(xf) != 0))
        fail("fpclassify/signbit(%a)", x);
}

static void exact_two(double x, double y)
{
    double a, b;
    float xf = (float)x, yf = (float)y;
#define EX2(f) do { checks++; a = lcc_##f(x, y); b = f(x, y); if (!same_d(a, b)) fail(#f "(%a, %a) = %a, host %a", x, y, a, b); } while (0)
#define EX2F(f) do { checks++; float af = lcc_##f(xf, yf), bf = f(xf, yf); if (!same_f(af, bf)) fail(#f "(%a, %a) = %a, host %a", (double)xf, (double)yf, (double)af, (double)bf); } while (0)
    EX2(fmod); EX2(copysign);
    EX2F(fmodf); EX2F(copysignf);
    /* fmin, fmax: the sign of a zero result of two zeros is unspecified
       (glibc differs between i386 and x86-64) */
    if (x != 0 || y != 0) {
        EX2(fmin); EX2(fmax);
    }
    if (xf != 0 || yf != 0) {
        EX2F(fminf); EX2F(fmaxf);
    }
    (void)vsink;
}

static const double specials[] = {
    0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0,
    0.75, -0.75, 1.5, -1.5, 2.5, -2.5, 10.0, 0.1, -0.1, 0x1p-1074, -0x1p-1074, 0x1.8p-1070,
    0x1p-1022, -0x1p-1022, 0x1.fffffffffffffp-1023, DBL_MAX, -DBL_MAX, 709.782712893384,
    709.7827128933841, -745.1332191019411, -745.1332191019412, -708.4, 710.475860073944,
    1e300, -1e300, 1e-300, 0x1.921fb54442d18p0, -0x1.921fb54442d18p0, 0x1.921fb54442d18p1,
    0x1.921fb54442d18p-1, 1e22, 0x1p52 + 0.5, 0x1p52 + 1, 0x1p53, 0x1p53 + 2, 0.49999999999999994,
    1.0000000000000002, 0.99999999999999989, 4503599627370495.5, 1e-20, -1e-20, 0x1p-30,
    22.0, -22.0, 38.0, -38.0, 0x1p60, 0x1p1023, 6381956970095103.0 * 0x1p797, 0x1.6a09e667f3bcdp0,
    100.0, -100.0, 1023.0, -1074.0, 1075.0, 0x1p-60, 7.0, -7.0, 0.3,
};
#define NSPEC ((int)(sizeof specials / sizeof specials[0]))

/* results of glibc that are NaN, inf or zero must be reproduced exactly;
   others within the bound */
static void spec1(const char *name, double (*f)(double), double (*host)(double), long double (*ref)(long double), double x, double bound)
{
    double a = f(x), b = host(x);
    checks++;
    if (isnan(b) || isinf(b) || b == 0) {
        if (!same_d(a, b))
            fail("%s(%a) = %a, host %a", name, x, a, b);
    } else if (!(ulps_d(a, ref(x)) <= bound))
        fail("%s(%a) = %a, host %a, %.3f ulp", name, x, a, b, ulps_d(a, ref(x)));
}
static void spec1f(const char *name, float (*f)(float), float (*host)(float), long double (*ref)(long double), float x, double bound)
{
    float a = f(x), b = host(x);
    checks++;
    if (isnan(b) || isinf(b) || b == 0) {
        if (!same_f(a, b))
            fail("%s(%a) = %a, host %a", name, (double)x, (double)a, (double)b);
    } else if (!(ulps_f(a, ref(x)) <= bound))
        fail("%s(%a) = %a, host %a, %.3f ulp", name, (double)x, (double)a, (double)b, ulps_f(a, ref(x)));
}
static void spec2(const char *name, double (*f)(double, double), double (*host)(double, double), long double (*ref)(long double, long double), double x, double y, double bound)
{
    double a = f(x, y), b = host(x, y);
    checks++;
    if (isnan(b) || isinf(b) || b == 0) {
        if (!same_d(a, b))
            fail("%s(%a, %a) = %a, host %a", name, x, y, a, b);
    } else if (!(ulps_d(a, ref(x, y)) <= bound))
        fail("%s(%a, %a) = %a, host %a, %.3f ulp", name, x, y, a, b, ulps_d(a, ref(x, y)));
}
static void spec2f(const char *name, float (*f)(float, float), float (*host)(float, float), long double (*ref)(long double, long double), float x, float y, double bound)
{
    float a = f(x, y), b = host(x, y);
    checks++;
    if (isnan(b) || isinf(b) || b == 0) {
        if (!same_f(a, b))
            fail("%s(%a, %a) = %a, host %a", name, (double)x, (double)y, (double)a, (double)b);
    } else if (!(ulps_f(a, ref(x, y)) <= bound))
        fail("%s(%a, %a) = %a, host %a", name, (double)x, (double)y, (double)a, (double)b);
}

static void special_values(void)
{
    int i, j, k;
#define S1(f) spec1(#f, lcc_##f, f, f##l, x, 0.6)
#define S1F(n) spec1f(#n "f", lcc_##n##f, n##f, n##l, (float)x, 0.51)
    for (i = 0; i < NSPEC; i++) {
        double x = specials[i];
        S1(sin); S1(cos); S1(tan); S1(asin); S1(acos); S1(atan); S1(exp); S1(expm1); S1(log);
        S1(log2); S1(log10); S1(log1p); S1(sinh); S1(cosh); S1(tanh); S1(cbrt);
        S1F(sin); S1F(cos); S1F(tan); S1F(asin); S1F(acos); S1F(atan); S1F(exp); S1F(expm1);
        S1F(log); S1F(log2); S1F(log10); S1F(log1p); S1F(sinh); S1F(cosh); S1F(tanh); S1F(cbrt);
        exact_one(x);
        exact_one(-x);
        for (j = 0; j < NSPEC; j++) {
            double y = specials[j];
            spec2("pow", lcc_pow, pow, powl, x, y, 0.6);
            spec2("atan2", lcc_atan2, atan2, atan2l, x, y, 0.6);
            spec2("hypot", lcc_hypot, hypot, hypotl, x, y, 0.6);
            spec2f("powf", lcc_powf, powf, powl, (float)x, (float)y, 0.51);
            spec2f("atan2f", lcc_atan2f, atan2f, atan2l, (float)x, (float)y, 0.51);
            spec2f("hypotf", lcc_hypotf, hypotf, hypotl, (float)x, (float)y, 0.51);
            exact_two(x, y);
        }
    }
    /* exact results */
    for (k = -1074; k <= 1023; k++) {
        double p2 = ldexp(1, k);
        checks += 3;
        if (lcc_log2(p2) != k)
            fail("log2(2^%d) = %a", k, lcc_log2(p2));
        if (!same_d(lcc_pow(2.0, k), p2))
            fail("pow(2, %d) = %a", k, lcc_pow(2.0, k));
        if (k > -1000 && !same_d(lcc_pow(0.5, -k), p2))
            fail("pow(0.5, %d) = %a", -k, lcc_pow(0.5, -k));
    }
    {
        double p = 1;
        for (k = 0; k <= 22; k++, p *= 10) {
            checks += 2;
            if (lcc_log10(p) != k)
                fail("log10(1e%d) = %a", k, lcc_log10(p));
            if (lcc_pow(10, k) != p)
                fail("pow(10, %d) = %a", k, lcc_pow(10, k));
        }
        p = 1;
        for (k = 0; k <= 33; k++, p *= 3) {
            checks += 2;
            if (lcc_pow(3, k) != p || lcc_pow(-3, k) != (k & 1 ? -p : p))
                fail("pow(+-3, %d) = %a", k, lcc_pow(3, k));
        }
    }
    for (k = 1; k < 100000; k++) {
        double s = k;
        checks++;
        if (lcc_sqrt(s * s) != s || lcc_cbrt(s * s * s) != s || lcc_hypot(3 * s, 4 * s) != 5 * s)
            fail("sqrt/cbrt/hypot exact at %d", k);
    }
    /* exact and signed special cases of Annex F not on the grid */
    checks += 8;
    if (!same_d(lcc_pow(NAN, 0.0), 1.0) || !same_d(lcc_pow(1.0, NAN), 1.0) || !same_d(lcc_pow(-1.0, INFINITY), 1.0))
        fail("pow exact cases");
    if (!same_d(lcc_exp(-INFINITY), 0.0) || !same_d(lcc_log(0.0), -INFINITY) || !same_d(lcc_log(-0.0), -INFINITY))
        fail("exp/log exact cases");
    if (!same_d(lcc_atan2(0.0, -0.0), M_PI) || !same_d(lcc_atan2(-0.0, -0.0), -M_PI) || !same_d(lcc_atan2(-0.0, 0.0), -0.0))
        fail("atan2 signed zeros");
    if (!same_d(lcc_sqrt(-0.0), -0.0) || !isnan(lcc_sqrt(-1e-300)) || !same_d(lcc_sinh(-0.0), -0.0) || !same_d(lcc_tan(-0.0), -0.0))
        fail("signed zeros");
    if (!same_d(lcc_cos(0.0), 1.0) || !same_d(lcc_exp(0.0), 1.0) || !same_d(lcc_cosh(0.0), 1.0))
        fail("one");
    if (!same_d(lcc_fmod(-5.0, 3.0), -2.0) || !same_d(lcc_fmod(-6.0, 3.0), -0.0) || !same_d(lcc_fmod(5.0, INFINITY), 5.0))
        fail("fmod");
    if (!same_d(lcc_log1p(-1.0), -INFINITY) || !same_d(lcc_expm1(-INFINITY), -1.0) || !same_d(lcc_tanh(INFINITY), 1.0))
        fail("log1p/expm1/tanh limits");
    if (!same_d(lcc_asin(1.0), M_PI_2) || !same_d(lcc_acos(-1.0), M_PI) || !same_d(lcc_atan(INFINITY), M_PI_2))
        fail("inverse trig at the ends");
}

static void exact_random(void)
{
    long i;
    for (i = 0; i < N; i++) {
        double x = rbits(1), y;
        exact_one(x);
        exact_one(unif(-1e6, 1e6));
        exact_one((double)(long long)unif(-1e6, 1e6) + 0.5);
        y = rnd() & 1 ? rbits(1) : x * unif(-1e-3, 1e-3);
        exact_two(x, y);
        exact_two(unif(-100, 100), unif(-10, 10));
    }
}

#include "math_c99_checks.h"
#include "math_errno_checks.h"

/* math_accuracy [N [base|c99]]: all checks, or those of math.c only, or
   those of math_c99.c only */
int main(int argc, char **argv)
{
    const char *only = argc > 2 ? argv[2] : "";
    if (argc > 1)
        N = atol(argv[1]);
    if (strcmp(only, "c99") == 0) {
        c99_checks();
        errno_checks_c99();
        printf("CHECKS %ld FAILURES %ld\n", checks, failures);
        return failures != 0;
    }
    {
        int n, bad = math_header_checks(&n);
        checks += n;
        if (bad)
            fail("%d of the math.h macro checks", bad);
    }
    special_values();
    exact_random();
    errno_checks_base();
    campaigns();
    if (strcmp(only, "base") != 0) {
        c99_checks();
        errno_checks_c99();
    }
    printf("CHECKS %ld FAILURES %ld\n", checks, failures);
    return failures != 0;
}
