/* math_errno_checks.h — errno of runtime/lib/math.c and math_c99.c against
   glibc's (included by math_accuracy.c).

   For every function with an error case (C99 7.12.1, math_errhandling ==
   MATH_ERRNO): errno is cleared, the function called, and the value of
   errno compared with what glibc (i386) leaves after the same call —
   0, EDOM or ERANGE. Arguments: the special grid (and every pair of it for
   the two-argument functions), plus the overflow and underflow edges of
   each function (double and float), where the result is near DBL_MAX,
   FLT_MAX, or subnormal or rounds to zero. The reference is glibc run on
   the host, not a table: glibc on i386 sets ERANGE on overflow, on a pole
   and on underflow to zero, not for a nonzero subnormal result. */
#include <errno.h>

int lcc_errno;

static const char *errname(int e)
{
    return e == 0 ? "0" : e == EDOM ? "EDOM" : e == ERANGE ? "ERANGE" : "other";
}

static long errno_compared, errno_expected;

static void errno_report(const char *name, double x, double y, int got, int want)
{
    checks++;
    errno_compared++;
    if (want)
        errno_expected++;
    if (got != want)
        fail("errno of %s(%a, %a): %s, glibc %s", name, x, y, errname(got), errname(want));
}

static void en1(const char *name, double (*f)(double), double (*host)(double), double x)
{
    volatile double r;
    int want;
    errno = 0;
    r = host(x);
    want = errno;
    lcc_errno = 0;
    r = f(x);
    (void)r;
    errno_report(name, x, 0, lcc_errno, want);
}

static void en1f(const char *name, float (*f)(float), float (*host)(float), double x)
{
    volatile float r;
    int want;
    errno = 0;
    r = host((float)x);
    want = errno;
    lcc_errno = 0;
    r = f((float)x);
    (void)r;
    errno_report(name, (float)x, 0, lcc_errno, want);
}

static void en2(const char *name, double (*f)(double, double), double (*host)(double, double), double x, double y)
{
    volatile double r;
    int want;
    errno = 0;
    r = host(x, y);
    want = errno;
    lcc_errno = 0;
    r = f(x, y);
    (void)r;
    errno_report(name, x, y, lcc_errno, want);
}

static void en2f(const char *name, float (*f)(float, float), float (*host)(float, float), double x, double y)
{
    volatile float r;
    int want;
    errno = 0;
    r = host((float)x, (float)y);
    want = errno;
    lcc_errno = 0;
    r = f((float)x, (float)y);
    (void)r;
    errno_report(name, (float)x, (float)y, lcc_errno, want);
}

/* the overflow and underflow edges, beside the special grid */
static const double errno_edges[] = {
    -740.0, -745.2, -1000.0, 1e-310, -1e-310, 1e-40, 0x1p-149, 88.7, 88.73, 89.0, 89.5, -87.0,
    -100.0, -103.9, -104.0, -150.0, -150.5, -140.0, 128.0, 127.9, 35.0, 35.1, -40.5, -45.5,
    171.6, 172.0, -184.5, -190.5, 26.6, 27.3, 9.5, 10.0, 10.1, 709.9, 710.5, -1074.5, -1075.0,
    3e38, -3e38, 1e37, 1e306, 0.9999999, -0.9999999, 1.0000001, 2e-38, -103.3, -103.0,
    -103.97, -149.4, -149.6, -745.13,
};
#define NEDGE ((int)(sizeof errno_edges / sizeof errno_edges[0]))

/* pairs at the edges of pow, hypot, fdim, atan2, nextafter (double and
   float) */
static const double errno_pairs[][2] = {
    {10, 400}, {-10, 401}, {2, -1070}, {2, -1080}, {0.5, 1074.5}, {2, -140}, {2, -151}, {10, 50},
    {-10, 39}, {1e308, 1e308}, {3e38, 3e38}, {2e38, -2e38}, {1e308, -1e308}, {1e-300, 1e10},
    {1e-30, 1e10}, {1e-44, 1e10}, {1e-300, -1e10}, {DBL_MAX, INFINITY}, {1e-310, 1}, {2e-38, 0},
    {0x1p-149, 0}, {FLT_MAX, INFINITY}, {0x1p-1022, 0}, {0x1p-126, 0}, {1e-200, 1e-200},
    {1e300, 2}, {1e-300, -2}, {1e20, 2}, {1e-20, -2}, {0.0, -3}, {-0.0, -3}, {-8, 1.0 / 3}, {2, -149.4}, {2, -149.6}, {-2, -149},
    {-2, -150}, {2, -1074.4}, {2, -1074.6},
};
#define NPAIR ((int)(sizeof errno_pairs / sizeof errno_pairs[0]))

/* host wrappers of the functions with other signatures */
static double h_ldexp(double x, double n) { return ldexp(x, (int)n); }
static double l_ldexp(double x, double n) { return lcc_ldexp(x, (int)n); }
static double h_scalbn(double x, double n) { return scalbn(x, (int)n); }
static double l_scalbn(double x, double n) { return lcc_scalbn(x, (int)n); }
static float h_ldexpf(float x, float n) { return ldexpf(x, (int)n); }
static float l_ldexpf(float x, float n) { return lcc_ldexpf(x, (int)n); }
static double h_atan2(double y, double x) { return atan2(y, x); }

/* the functions of math.c */
static void errno_checks_base(void)
{
    int i, j;
    errno_compared = errno_expected = 0;
    static const double ns[] = {0, 1, -1, 100, -100, 1023, 1024, -1022, -1074, -1075, 2000, -2000, 127, 128, -149, -150};
    for (i = 0; i < NSPEC + NEDGE; i++) {
        double x = i < NSPEC ? specials[i] : errno_edges[i - NSPEC];
#define EN1(f) en1(#f, lcc_##f, f, x)
#define EN1F(f) en1f(#f, lcc_##f, f, x)
        EN1(sqrt); EN1(exp); EN1(expm1); EN1(log); EN1(log2); EN1(log10); EN1(log1p);
        EN1(sin); EN1(cos); EN1(tan); EN1(asin); EN1(acos); EN1(atan); EN1(sinh); EN1(cosh);
        EN1(tanh); EN1(cbrt);
        EN1F(sqrtf); EN1F(expf); EN1F(expm1f); EN1F(logf); EN1F(log2f); EN1F(log10f);
        EN1F(log1pf); EN1F(sinf); EN1F(cosf); EN1F(tanf); EN1F(asinf); EN1F(acosf); EN1F(atanf);
        EN1F(sinhf); EN1F(coshf); EN1F(tanhf); EN1F(cbrtf);
        for (j = 0; j < NSPEC; j++) {
            double y = specials[j];
#define EN2(f) en2(#f, lcc_##f, f, x, y)
#define EN2F(f) en2f(#f, lcc_##f, f, x, y)
            EN2(pow); EN2(hypot); EN2(fmod);
            en2("atan2", lcc_atan2, h_atan2, x, y);
            EN2F(powf); EN2F(hypotf); EN2F(fmodf); EN2F(atan2f);
        }
        for (j = 0; j < (int)(sizeof ns / sizeof ns[0]); j++) {
            en2("ldexp", l_ldexp, h_ldexp, x, ns[j]);
            en2("scalbn", l_scalbn, h_scalbn, x, ns[j]);
            en2f("ldexpf", l_ldexpf, h_ldexpf, x, ns[j]);
        }
    }
    for (i = 0; i < NPAIR; i++) {
        double x = errno_pairs[i][0], y = errno_pairs[i][1];
        EN2(pow); EN2(hypot); EN2(fmod);
        en2("atan2", lcc_atan2, h_atan2, x, y);
        EN2F(powf); EN2F(hypotf); EN2F(fmodf); EN2F(atan2f);
    }
    printf("ERRNO base | %ld | %ld\n", errno_compared, errno_expected);
}

static double h_ilogb(double x) { return ilogb(x); }
static double l_ilogb(double x) { return lcc_ilogb(x); }
static float h_ilogbf(float x) { return (float)ilogbf(x); }
static float l_ilogbf(float x) { return (float)lcc_ilogbf(x); }
static double h_lrint(double x) { return (double)lrint(x); }
static double l_lrint(double x) { return (double)lcc_lrint(x); }
static double h_llround(double x) { return (double)llround(x); }
static double l_llround(double x) { return (double)lcc_llround(x); }
static double h_remquo(double x, double y) { int q; return remquo(x, y, &q); }
static double l_remquo(double x, double y) { int q; return lcc_remquo(x, y, &q); }
static float h_remquof(float x, float y) { int q; return remquof(x, y, &q); }
static float l_remquof(float x, float y) { int q; return lcc_remquof(x, y, &q); }
static double h_scalbln(double x, double n) { return scalbln(x, (long)n); }
static double l_scalbln(double x, double n) { return lcc_scalbln(x, (long)n); }
static double h_nexttoward(double x, double y) { return nexttoward(x, y); }
static double l_nexttoward(double x, double y) { return lcc_nexttoward(x, y); }
static float h_nexttowardf(float x, float y) { return nexttowardf(x, y); }
static float l_nexttowardf(float x, float y) { return lcc_nexttowardf(x, y); }
static double h_fma(double x, double y) { return fma(x, y, x); }
static double l_fma(double x, double y) { return lcc_fma(x, y, x); }

/* the functions of math_c99.c */
static void errno_checks_c99(void)
{
    int i, j;
    errno_compared = errno_expected = 0;
    for (i = 0; i < NSPEC + NEDGE; i++) {
        double x = i < NSPEC ? specials[i] : errno_edges[i - NSPEC];
        EN1(exp2); EN1(asinh); EN1(acosh); EN1(atanh); EN1(erf); EN1(erfc); EN1(tgamma);
        EN1(lgamma); EN1(logb); EN1(rint);
        EN1F(exp2f); EN1F(asinhf); EN1F(acoshf); EN1F(atanhf); EN1F(erff); EN1F(erfcf);
        EN1F(tgammaf); EN1F(lgammaf); EN1F(logbf);
        en1("ilogb", l_ilogb, h_ilogb, x);
        en1f("ilogbf", l_ilogbf, h_ilogbf, x);
        en1("lrint", l_lrint, h_lrint, x);
        en1("llround", l_llround, h_llround, x);
        for (j = 0; j < NSPEC; j++) {
            double y = specials[j];
            EN2(remainder); EN2(fdim); EN2(nextafter);
            EN2F(remainderf); EN2F(fdimf); EN2F(nextafterf);
            en2("remquo", l_remquo, h_remquo, x, y);
            en2f("remquof", l_remquof, h_remquof, x, y);
            en2("nexttoward", l_nexttoward, h_nexttoward, x, y);
            en2f("nexttowardf", l_nexttowardf, h_nexttowardf, x, y);
            en2("fma", l_fma, h_fma, x, y);
            en2("scalbln", l_scalbln, h_scalbln, x, y < 1e6 && y > -1e6 ? y : 0);
        }
    }
    for (i = 0; i < NPAIR; i++) {
        double x = errno_pairs[i][0], y = errno_pairs[i][1];
        EN2(remainder); EN2(fdim); EN2(nextafter);
        EN2F(remainderf); EN2F(fdimf); EN2F(nextafterf);
    }
    printf("ERRNO c99 | %ld | %ld\n", errno_compared, errno_expected);
}
