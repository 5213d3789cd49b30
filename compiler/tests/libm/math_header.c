/* math_header.c — the macros of runtime/include/math.h, compiled
   freestanding against that header alone (like lib/math.c) and linked
   into math_accuracy, which calls math_header_checks(). Returns the number
   of failed checks; *checks counts them. */
#include <math.h>

static volatile double vd[6];
static volatile float vf[6];

int math_header_checks(int *checks);
int math_header_checks(int *checks)
{
    int bad = 0, n = 0;
    double d0, d1, d2, d3, d4, d5;
    float f0, f1, f2, f3, f4, f5;
    vd[0] = NAN, vd[1] = INFINITY, vd[2] = -HUGE_VAL, vd[3] = 0.0, vd[4] = 1e-310, vd[5] = -2.5;
    vf[0] = NAN, vf[1] = HUGE_VALF, vf[2] = -INFINITY, vf[3] = -0.0f, vf[4] = 1e-40f, vf[5] = 3.0f;
    d0 = vd[0], d1 = vd[1], d2 = vd[2], d3 = vd[3], d4 = vd[4], d5 = vd[5];
    f0 = vf[0], f1 = vf[1], f2 = vf[2], f3 = vf[3], f4 = vf[4], f5 = vf[5];
#define C(e) do { n++; if (!(e)) bad++; } while (0)
    C(isnan(d0) && !isnan(d1) && !isnan(d5) && isnan(f0) && !isnan(f1));
    C(isinf(d1) && isinf(d2) && !isinf(d0) && !isinf(d5) && isinf(f1) && isinf(f2) && !isinf(f5));
    C(!isfinite(d0) && !isfinite(d1) && isfinite(d3) && isfinite(d4) && isfinite(f4) && !isfinite(f2));
    C(isnormal(d5) && !isnormal(d4) && !isnormal(d3) && isnormal(f5) && !isnormal(f4));
    C(fpclassify(d0) == FP_NAN && fpclassify(d1) == FP_INFINITE && fpclassify(d3) == FP_ZERO);
    C(fpclassify(d4) == FP_SUBNORMAL && fpclassify(d5) == FP_NORMAL && fpclassify(f4) == FP_SUBNORMAL);
    C(fpclassify(f3) == FP_ZERO && fpclassify(f0) == FP_NAN && fpclassify(f1) == FP_INFINITE);
    C(signbit(d2) && !signbit(d1) && signbit(d5) && signbit(f3) && !signbit(f5) && signbit(f2));
    C(isunordered(d0, d5) && isunordered(d5, f0) && !isunordered(d1, d5));
    C(isgreater(d1, d5) && !isgreater(d0, d5) && isless(d2, d5) && islessgreater(d5, d3));
    C(!islessgreater(d0, d0) && isgreaterequal(d5, d5) && islessequal(f2, f5));
    C(HUGE_VAL == INFINITY && HUGE_VALF == INFINITY && NAN != NAN);
    C(sizeof(float_t) == sizeof(float) && sizeof(double_t) == sizeof(double));
    *checks = n;
    return bad;
}
