/* math_c99_checks.h — the checks of lib/math_c99.c, included by
   math_accuracy.c (uses its generators, ulp measures and counters).

   Exact functions (rint nearbyint lrint llrint lround llround scalbln remainder
   remquo fdim fma nextafter nexttoward ilogb logb nan and their f
   versions) bit for bit against glibc on random and special arguments;
   the approximations (exp2 asinh acosh atanh erf erfc tgamma lgamma and f
   versions) within their bounds against glibc's long double functions. */

static void ex_c99_one(double x)
{
    double a, b;
    float xf = (float)x;
    EX1(rint); EX1(nearbyint); EX1(logb);
    EX1F(rintf); EX1F(nearbyintf); EX1F(logbf);
#define EXL(f, T, fmt) do { T la = lcc_##f(x), lb = f(x); checks++; if (la != lb) fail(#f "(%a) = " fmt ", host " fmt, x, la, lb); } while (0)
#define EXLF(f, T, fmt) do { T la = lcc_##f(xf), lb = f(xf); checks++; if (la != lb) fail(#f "(%a) = " fmt ", host " fmt, (double)xf, la, lb); } while (0)
    EXL(lrint, long, "%ld"); EXL(lround, long, "%ld");
    EXL(llrint, long long, "%lld"); EXL(llround, long long, "%lld");
    EXL(ilogb, int, "%d");
    EXLF(lrintf, long, "%ld"); EXLF(lroundf, long, "%ld");
    EXLF(llrintf, long long, "%lld"); EXLF(llroundf, long long, "%lld");
    EXLF(ilogbf, int, "%d");
    {
        static const long big[4] = {-2147483647L - 1, 2147483647L, -100000, 100000};
        long n = rnd() & 7 ? (long)(rnd() % 4700) - 2350 : big[rnd() & 3];
        checks++;
        a = lcc_scalbln(x, n);
        b = scalbln(x, n);
        if (!same_d(a, b) || !same_f(lcc_scalblnf(xf, n), scalblnf(xf, n)))
            fail("scalbln(%a, %ld) = %a, host %a", x, n, a, b);
    }
}

static int same_quo(int a, int b)
{
    int ma = (a < 0 ? -a : a) & 7, mb = (b < 0 ? -b : b) & 7;
    return ma == mb && (ma == 0 || (a < 0) == (b < 0));
}

static void ex_c99_two(double x, double y)
{
    double a, b;
    float xf = (float)x, yf = (float)y;
    int qa, qb;
    EX2(remainder); EX2(fdim); EX2(nextafter);
    EX2F(remainderf); EX2F(fdimf); EX2F(nextafterf);
    checks++;
    a = lcc_nexttoward(x, y);
    b = nexttoward(x, y);
    if (!same_d(a, b))
        fail("nexttoward(%a, %a) = %a, host %a", x, y, a, b);
    checks++;
    if (!same_f(lcc_nexttowardf(xf, y), nexttowardf(xf, y)))
        fail("nexttowardf(%a, %a) = %a, host %a", (double)xf, y, (double)lcc_nexttowardf(xf, y), (double)nexttowardf(xf, y));
    /* the quotient's bits are compared where the remainder is a number:
       its sign and 3 low bits (C99 7.12.10.3; glibc gives 3 bits on i386,
       more on x86-64) */
    checks++;
    a = lcc_remquo(x, y, &qa);
    b = remquo(x, y, &qb);
    if (!same_d(a, b) || (!isnan(b) && !same_quo(qa, qb)))
        fail("remquo(%a, %a) = %a %d, host %a %d", x, y, a, qa, b, qb);
    checks++;
    {
        float fa = lcc_remquof(xf, yf, &qa), fb = remquof(xf, yf, &qb);
        if (!same_f(fa, fb) || (!isnan(fb) && !same_quo(qa, qb)))
            fail("remquof(%a, %a) = %a %d, host %a %d", (double)xf, (double)yf, (double)fa, qa, (double)fb, qb);
    }
}

static void ex_fma(double x, double y, double z)
{
    double a = lcc_fma(x, y, z), b = fma(x, y, z);
    checks++;
    if (!same_d(a, b))
        fail("fma(%a, %a, %a) = %a, host %a", x, y, z, a, b);
}

static void ex_fmaf(float x, float y, float z)
{
    float a = lcc_fmaf(x, y, z), b = fmaf(x, y, z);
    checks++;
    if (!same_f(a, b))
        fail("fmaf(%a, %a, %a) = %a, host %a", (double)x, (double)y, (double)z, (double)a, (double)b);
}

/* random significand in [1, 2) times 2^e */
static double rsig(int e) { return ldexp(1 + u01(), e); }

static void fma_random(void)
{
    long i;
    for (i = 0; i < N; i++) {
        double x = rbits(1), y = rbits(1), z = rbits(1), p;
        int e = (int)(rnd() % 120) - 60;
        ex_fma(x, y, z);
        /* comparable magnitudes and cancellation: z near -x y */
        x = rsig(e) * (rnd() & 1 ? -1 : 1);
        y = rsig((int)(rnd() % 120) - 60);
        p = x * y;
        ex_fma(x, y, -p);
        ex_fma(x, y, -p * (1 + ldexp(u01() - 0.5, -(int)(rnd() % 60))));
        ex_fma(x, y, ldexp(rsig(0), ilogb(p) - (int)(rnd() % 120) + 10) * (rnd() & 1 ? -1 : 1));
        /* subnormal and underflowing results */
        x = rsig(-(int)(rnd() % 600) - 300);
        y = rsig(-1074 - ilogb(x) + (int)(rnd() % 60) - 30) * (rnd() & 1 ? -1 : 1);
        p = x * y;
        ex_fma(x, y, -p);
        ex_fma(x, y, ldexp((double)(long long)unif(-1e6, 1e6), -1074));
        ex_fma(x, y, 0x1p-1022 * (rnd() & 1 ? -1 : 1));
        /* overflow edge */
        x = rsig(511 + (int)(rnd() % 3));
        y = rsig(511);
        ex_fma(x, y, -DBL_MAX * u01());
        ex_fma(x, y, DBL_MAX);
        /* floats */
        ex_fmaf(rfbits(1), rfbits(1), rfbits(1));
        {
            float xf = (float)rsig((int)(rnd() % 60) - 30), yf = (float)rsig((int)(rnd() % 60) - 30);
            float pf = xf * yf;
            ex_fmaf(xf, yf, -pf);
            ex_fmaf(xf, -yf, pf * (float)(1 + ldexp(u01() - 0.5, -(int)(rnd() % 30))));
            ex_fmaf(xf, yf, (float)ldexp(rsig(0), ilogb(pf) - (int)(rnd() % 60) + 10));
            xf = (float)rsig(-(int)(rnd() % 60) - 50);
            yf = (float)rsig(-149 - ilogb(xf) + (int)(rnd() % 30) - 15);
            ex_fmaf(xf, yf, (float)ldexp((double)(long long)unif(-1e4, 1e4), -149));
            ex_fmaf(xf, -yf, xf * yf);
        }
    }
}

static double g_asinh(void) { return logu(0x1p-40, 1e300, 1); }
static double g_acosh(void) { return 1 + logu(0x1p-50, 1e300, 0); }
static double g_acosh_n(void) { return unif(1, 4); }
static double g_exp2(void) { return unif(-1075, 1024); }
static double g_exp2_sub(void) { return unif(-1080, -1020); }
static double gf_acosh(void) { return 1 + logu(0x1p-23, 1e38, 0); }
static double gf_asinh(void) { return logu(0x1p-30, 1e38, 1); }

static double g_erf(void) { return unif(-6, 6); }
static double g_erfc(void) { return unif(-6, 28); }
static double g_erfc_n(void) { return unif(0, 6); }
static double gf_erf(void) { return unif(-4, 4); }
static double gf_erfc(void) { return unif(-4, 10); }

static double g_tg(void) { return unif(0, 172); }
static double g_tg12(void) { return unif(-12, 12); }
static double g_tgneg(void) { return unif(-185, -12); }
static double g_lg12(void) { return unif(0, 12); }
static double g_lgneg(void) { return unif(-20, -2); }
static double g_lgneg20(void) { return -logu(20, 1e4, 0); }
static double g_lgneg2(void) { return unif(-2, 0); }
static double gf_tg(void) { return unif(-40, 36); }
static double gf_lg(void) { return unif(0, 1e4); }

static void c99_campaigns(void)
{
    run1("exp2", "[-1075, 1024]", lcc_exp2, exp2l, g_exp2, 0.6);
    run1("exp2", "[-1, 1]", lcc_exp2, exp2l, g_m1_1, 0.6);
    run1("exp2", "[-1080, -1020] (subnormal results)", lcc_exp2, exp2l, g_exp2_sub, 0.6);
    run1("asinh", "|x| in [2^-40, 1e300] log-uniform", lcc_asinh, asinhl, g_asinh, 0.6);
    run1("asinh", "[-1, 1]", lcc_asinh, asinhl, g_m1_1, 0.6);
    run1("acosh", "1 + [2^-50, 1e300] log-uniform", lcc_acosh, acoshl, g_acosh, 0.6);
    run1("acosh", "[1, 4]", lcc_acosh, acoshl, g_acosh_n, 0.6);
    run1("atanh", "(-1, 1)", lcc_atanh, atanhl, g_m1_1, 0.6);
    run1("atanh", "|x| in [2^-60, 1] log-uniform", lcc_atanh, atanhl, g_tiny, 0.6);
    run1("erf", "[-6, 6]", lcc_erf, erfl, g_erf, 1.0);
    run1("erf", "|x| in [2^-60, 1] log-uniform", lcc_erf, erfl, g_tiny, 1.0);
    run1("erfc", "[-6, 28]", lcc_erfc, erfcl, g_erfc, 1.0);
    run1("erfc", "[0, 6]", lcc_erfc, erfcl, g_erfc_n, 1.0);
    run1("tgamma", "[0, 172]", lcc_tgamma, tgammal, g_tg, 0.6);
    run1("tgamma", "(-12, 12)", lcc_tgamma, tgammal, g_tg12, 0.6);
    run1("tgamma", "[-185, -12]", lcc_tgamma, tgammal, g_tgneg, 1.0);
    run1("tgamma", "|x| in [2^-60, 1] log-uniform", lcc_tgamma, tgammal, g_tiny, 0.6);
    run1("lgamma", "x > 0 all finite (random bits)", lcc_lgamma, lgammal, g_pos, 0.7);
    run1("lgamma", "[0, 12]", lcc_lgamma, lgammal, g_lg12, 1.2);
    run1("lgamma", "(-2, 0)", lcc_lgamma, lgammal, g_lgneg2, 0.7);
    run1("lgamma", "[-20, -2] (zeros of lgamma inside)", lcc_lgamma, lgammal, g_lgneg, 4096.0);
    run1("lgamma", "[-1e4, -20] log-uniform", lcc_lgamma, lgammal, g_lgneg20, 4.0);
    run1f("tgammaf", "[-40, 36]", lcc_tgammaf, tgammal, gf_tg, 0.51);
    run1f("lgammaf", "[0, 1e4]", lcc_lgammaf, lgammal, gf_lg, 0.51);
    run1f("erff", "[-4, 4]", lcc_erff, erfl, gf_erf, 0.51);
    run1f("erfcf", "[-4, 10]", lcc_erfcf, erfcl, gf_erfc, 0.51);
    run1f("exp2f", "[-150, 128]", lcc_exp2f, exp2l, g_exp2, 0.51);
    run1f("asinhf", "|x| in [2^-30, 1e38] log-uniform", lcc_asinhf, asinhl, gf_asinh, 0.51);
    run1f("acoshf", "1 + [2^-23, 1e38] log-uniform", lcc_acoshf, acoshl, gf_acosh, 0.51);
    run1f("atanhf", "(-1, 1)", lcc_atanhf, atanhl, g_m1_1, 0.51);
}

static void c99_checks(void)
{
    int i, j, k;
    long n;
    static const char *const tags[] = {
        "", "0", "1", "123", "0x1f", "0X7fffff", "017", "08", "12a", "-1", "0x",
        "0xfffffffffffffffff", "18446744073709551615", "18446744073709551616", "abc", "0xABCDEF012345",
    };
    for (i = 0; i < NSPEC; i++) {
        double x = specials[i];
        S1(exp2); S1(asinh); S1(acosh); S1(atanh);
        S1F(exp2); S1F(asinh); S1F(acosh); S1F(atanh);
        spec1("erf", lcc_erf, erf, erfl, x, 1.0);
        spec1("erfc", lcc_erfc, erfc, erfcl, x, 1.0);
        S1F(erf); S1F(erfc);
        spec1("tgamma", lcc_tgamma, tgamma, tgammal, x, 1.0);
        spec1("lgamma", lcc_lgamma, lgamma, lgammal, x, 4.0);
        S1F(tgamma); S1F(lgamma);
        ex_c99_one(x);
        ex_c99_one(-x);
        for (j = 0; j < NSPEC; j++) {
            ex_c99_two(x, specials[j]);
            for (k = 0; k < NSPEC; k += 3) {
                ex_fma(x, specials[j], specials[k]);
                ex_fmaf((float)x, (float)specials[j], (float)specials[k]);
            }
        }
    }
    for (i = 0; i < (int)(sizeof tags / sizeof tags[0]); i++) {
        checks++;
        if (bits(lcc_nan(tags[i])) != bits(nan(tags[i])) || fbits(lcc_nanf(tags[i])) != fbits(nanf(tags[i])))
            fail("nan(\"%s\") = %llx / %x, host %llx / %x", tags[i], bits(lcc_nan(tags[i])), fbits(lcc_nanf(tags[i])),
                 bits(nan(tags[i])), fbits(nanf(tags[i])));
    }
    for (k = -1080; k <= 1030; k++) { /* exp2 exact at integers */
        checks++;
        if (!same_d(lcc_exp2(k), ldexp(1.0, k)))
            fail("exp2(%d) = %a, host %a", k, lcc_exp2(k), exp2(k));
    }
    checks++;
    if (FP_ILOGB0 != lcc_ilogb(0.0) || FP_ILOGBNAN != lcc_ilogb(NAN))
        fail("FP_ILOGB0 / FP_ILOGBNAN");
    for (n = 0; n < N; n++) {
        double x = rbits(1), y;
        ex_c99_one(x);
        ex_c99_one(unif(-1e6, 1e6));
        ex_c99_one((double)(long long)unif(-1e6, 1e6) + 0.5);
        ex_c99_one(unif(-0x1p32, 0x1p32));
        ex_c99_one(unif(-0x1p64, 0x1p64));
        ex_c99_one(ldexp((double)(long long)unif(-1e6, 1e6), -(int)(rnd() % 4)));
        y = rnd() & 1 ? rbits(1) : x * unif(-1e-3, 1e-3);
        ex_c99_two(x, y);
        ex_c99_two(y, x);
        ex_c99_two(unif(-100, 100), unif(-10, 10));
        ex_c99_two(x, x * logu(0x1p-60, 0x1p60, 1));
    }
    fma_random();
    c99_campaigns();
}
