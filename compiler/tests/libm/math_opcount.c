/* math_opcount.c — how many double operations each function of
   lib/math.c and lib/math_c99.c execute (what costs on the soft-float target), counted on the
   host: tools/count_ops.sh compiles math.c to i386 SSE assembly and puts a
   counter increment before every addsd/subsd, mulsd, divsd, comisd/ucomisd
   and conversion; this program calls each function on 10 000 random
   arguments and prints the averages, with an estimate from the soft-float
   costs add/sub 280, mul 190, div 630 cycles (comparisons, conversions and
   integer work not included). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
unsigned opc_add, opc_mul, opc_div, opc_cmp, opc_cvt;
#define D1(f) double lcc_##f(double);
D1(sqrt) D1(cbrt) D1(exp) D1(expm1) D1(log) D1(log2) D1(log10) D1(log1p) D1(sin) D1(cos) D1(tan) D1(asin) D1(acos) D1(atan) D1(sinh) D1(cosh) D1(tanh) D1(floor) D1(fabs)
double lcc_pow(double, double), lcc_atan2(double, double), lcc_hypot(double, double), lcc_fmod(double, double);
float lcc_sinf(float), lcc_expf(float), lcc_cosf(float), lcc_tanf(float), lcc_logf(float), lcc_powf(float, float), lcc_atanf(float);
/* the runtime's errno (math_rename.h renames it) */
int lcc_errno;
D1(rint) D1(exp2) D1(asinh) D1(acosh) D1(atanh) D1(erf) D1(erfc) D1(tgamma) D1(lgamma)
double lcc_fma(double, double, double), lcc_remainder(double, double);
float lcc_fmaf(float, float, float);
static unsigned long long s = 88172645463325252ULL;
static double u(double a, double b) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return a + (b - a) * ((s >> 11) * 0x1p-53); }
volatile double sink;
#define R1(name, call, lo, hi) do { opc_add = opc_mul = opc_div = opc_cmp = opc_cvt = 0; \
  for (i = 0; i < 10000; i++) { double x = u(lo, hi); sink = call; } \
  printf("| `%s` | [%g, %g] | %.0f | %.0f | %.1f | %.0f | %.0f | %.0f |\n", name, (double)(lo), (double)(hi), opc_add / 1e4, opc_mul / 1e4, opc_div / 1e4, opc_cmp / 1e4, opc_cvt / 1e4, \
     (280.0 * opc_add + 190.0 * opc_mul + 630.0 * opc_div) / 1e4); } while (0)
int main(void) { int i;
printf("| function | arguments | add/sub | mul | div | compare | convert | estimate (cycles) |\n|---|---|---:|---:|---:|---:|---:|---:|\n");
R1("sqrt", lcc_sqrt(x), 0, 1e6);
R1("cbrt", lcc_cbrt(x), -1e6, 1e6);
R1("exp", lcc_exp(x), -700, 700);
R1("expm1", lcc_expm1(x), -1, 1);
R1("log", lcc_log(x), 0, 1e6);
R1("log2", lcc_log2(x), 0, 1e6);
R1("log10", lcc_log10(x), 0, 1e6);
R1("log1p", lcc_log1p(x), -0.5, 1);
R1("pow", lcc_pow(x, u(-50, 50)), 0, 100);
R1("sin", lcc_sin(x), -0.78, 0.78);
R1("sin", lcc_sin(x), -1e4, 1e4);
R1("cos", lcc_cos(x), -1e4, 1e4);
R1("tan", lcc_tan(x), -1e4, 1e4);
R1("sin", lcc_sin(x), 1e300, 1.7e308);
R1("asin", lcc_asin(x), -1, 1);
R1("acos", lcc_acos(x), -1, 1);
R1("atan", lcc_atan(x), -10, 10);
R1("atan2", lcc_atan2(x, u(-10, 10)), -10, 10);
R1("sinh", lcc_sinh(x), -10, 10);
R1("cosh", lcc_cosh(x), -10, 10);
R1("tanh", lcc_tanh(x), -10, 10);
R1("hypot", lcc_hypot(x, u(-10, 10)), -10, 10);
R1("fmod", lcc_fmod(x, u(0.1, 10)), -1e6, 1e6);
R1("floor", lcc_floor(x), -1e6, 1e6);
R1("sinf", lcc_sinf((float)x), -1e4, 1e4);
R1("expf", lcc_expf((float)x), -80, 80);
R1("cosf", lcc_cosf((float)x), -1e4, 1e4);
R1("tanf", lcc_tanf((float)x), -1e4, 1e4);
R1("logf", lcc_logf((float)x), 0, 1e6);
R1("powf", lcc_powf((float)x, (float)u(-10, 10)), 0, 100);
R1("atanf", lcc_atanf((float)x), -10, 10);
R1("rint", lcc_rint(x), -1e6, 1e6);
R1("remainder", lcc_remainder(x, u(0.1, 10)), -1e6, 1e6);
R1("fma", lcc_fma(x, u(-10, 10), u(-10, 10)), -10, 10);
R1("fmaf", lcc_fmaf((float)x, (float)u(-10, 10), (float)u(-10, 10)), -10, 10);
R1("exp2", lcc_exp2(x), -1000, 1000);
R1("asinh", lcc_asinh(x), -10, 10);
R1("acosh", lcc_acosh(x), 1, 10);
R1("atanh", lcc_atanh(x), -1, 1);
R1("erf", lcc_erf(x), -6, 6);
R1("erfc", lcc_erfc(x), -6, 28);
R1("tgamma", lcc_tgamma(x), 0, 12);
R1("tgamma", lcc_tgamma(x), 12, 170);
R1("lgamma", lcc_lgamma(x), 0, 100);
return 0; }
