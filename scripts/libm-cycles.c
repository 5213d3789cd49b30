/* Cycles per call of the runtime's <math.h> functions (runtime/lib/math.c,
   math_c99.c) in stsim: 200 calls each on random arguments of the domain
   given, minus the same loop without the call (loop and call overhead
   included; the arithmetic is the soft-float helpers').
     lcc -O2 scripts/libm-cycles.c -o lm.elf && stsim lm.elf  */
#include <math.h>
#include <stdio.h>
unsigned long long __cycles(void);
static unsigned int s = 12345;
static unsigned int rnd(void) { s ^= s << 13; s ^= s >> 17; s ^= s << 5; return s; }
/* uniform in [lo, hi) */
static double uni(double lo, double hi) { return lo + (hi - lo) * (rnd() / 4294967296.0); }
#define N 200
static double a[N], b[N];
static float fa[N];
volatile double sink; volatile float sinkf;
static unsigned long long base;
static void fill(double lo, double hi) {
  int i;
  for (i = 0; i < N; i++) { a[i] = uni(lo, hi); b[i] = uni(lo, hi); fa[i] = (float)a[i]; }
}
#define T(name, lo, hi, expr) { int i; unsigned long long t0, t1; fill(lo, hi); \
  t0 = __cycles(); for (i = 0; i < N; i++) sink = expr; t1 = __cycles(); \
  printf("| `%s` | [%g, %g] | %llu |\n", name, (double)(lo), (double)(hi), ((t1 - t0) - base) / N); }
#define TF(name, lo, hi, expr) { int i; unsigned long long t0, t1; fill(lo, hi); \
  t0 = __cycles(); for (i = 0; i < N; i++) sinkf = expr; t1 = __cycles(); \
  printf("| `%s` | [%g, %g] | %llu |\n", name, (double)(lo), (double)(hi), ((t1 - t0) - base) / N); }
int main(void) {
  int i; unsigned long long t0, t1;
  fill(0, 1);
  t0 = __cycles(); for (i = 0; i < N; i++) sink = a[i]; t1 = __cycles(); base = t1 - t0;
  printf("| function | arguments | cycles per call |\n|---|---|---:|\n");
  T("sqrt", 0, 1e6, sqrt(a[i]))
  T("fabs", -1e6, 1e6, fabs(a[i]))
  T("floor", -1e6, 1e6, floor(a[i]))
  T("fmod", -1e6, 1e6, fmod(a[i], b[i]))
  T("exp", -700, 700, exp(a[i]))
  T("log", 1e-300, 1e300, log(a[i]))
  T("log10", 1e-300, 1e300, log10(a[i]))
  T("pow", 0, 100, pow(a[i], b[i] / 10))
  T("sin", -10, 10, sin(a[i]))
  T("cos", -10, 10, cos(a[i]))
  T("tan", -1.5, 1.5, tan(a[i]))
  T("sin (huge)", 1e10, 1e300, sin(a[i]))
  T("sin", -1e5, 1e5, sin(a[i]))
  T("asin", -1, 1, asin(a[i]))
  T("atan", -10, 10, atan(a[i]))
  T("atan2", -10, 10, atan2(a[i], b[i]))
  T("sinh", -10, 10, sinh(a[i]))
  T("tanh", -10, 10, tanh(a[i]))
  T("cbrt", -1e6, 1e6, cbrt(a[i]))
  T("erf", -5, 5, erf(a[i]))
  T("tgamma", 0.5, 20, tgamma(a[i]))
  T("fma", -1e6, 1e6, fma(a[i], b[i], a[i]))
  TF("sqrtf", 0, 1e6, sqrtf(fa[i]))
  TF("expf", -80, 80, expf(fa[i]))
  TF("sinf", -10, 10, sinf(fa[i]))
  TF("cosf", -10, 10, cosf(fa[i]))
  TF("tanf", -1.5, 1.5, tanf(fa[i]))
  TF("logf", 1e-30, 1e30, logf(fa[i]))
  TF("log2f", 1e-30, 1e30, log2f(fa[i]))
  TF("powf", 0, 100, powf(fa[i], (float)b[i] / 10))
  TF("atanf", -10, 10, atanf(fa[i]))
  TF("asinf", -1, 1, asinf(fa[i]))
  TF("sinhf", -10, 10, sinhf(fa[i]))
  TF("tanhf", -10, 10, tanhf(fa[i]))
  return 0;
}
