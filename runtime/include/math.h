#ifndef _LCC_MATH_H
#define _LCC_MATH_H
/* math.h — lcc runtime (ST200). The functions are in libc.a (lib/math.c,
   lib/math_c99.c): double versions and their float (f-suffixed) versions,
   C99 Annex F special values, errors within 0.6 ulp except erf, erfc
   (0.8 ulp), tgamma (0.8 ulp), lgamma near its zeros (see README-math.md);
   float versions 0.51 ulp; sqrt, sqrtf, fma, fmaf correctly rounded. Errors
   are reported through errno only (C99 7.12.1): EDOM on a domain error,
   ERANGE on a pole error, overflow and underflow to zero, as glibc; no
   floating-point exception flags exist (software floating point). */
/* C99 7.12: how errors are reported; only errno here */
#define MATH_ERRNO 1
#define MATH_ERREXCEPT 2
#define math_errhandling MATH_ERRNO
#define HUGE_VAL (__builtin_huge_val())
#define HUGE_VALF ((float)__builtin_huge_val())
#define INFINITY ((float)__builtin_inf())
#define NAN ((float)__builtin_nan(""))
#define M_E 2.7182818284590452354
#define M_LOG2E 1.4426950408889634074
#define M_LOG10E 0.43429448190325182765
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.78539816339744830962
#define M_1_PI 0.31830988618379067154
#define M_2_PI 0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440

/* FLT_EVAL_METHOD is 0: float and double evaluate in their own type */
typedef float float_t;
typedef double double_t;

#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
/* ilogb of 0 and of NaN (INT_MIN, as glibc on x86); ilogb(inf) is INT_MAX */
#define FP_ILOGB0 (-2147483647 - 1)
#define FP_ILOGBNAN (-2147483647 - 1)

/* Classification: one call, chosen by the argument's size (sizeof does not
   evaluate it), so the argument is evaluated once. */
int __fpclassify(double x);
int __fpclassifyf(float x);
int __signbit(double x);
int __signbitf(float x);
#define fpclassify(x) (sizeof(x) == sizeof(float) ? __fpclassifyf(x) : __fpclassify(x))
#define isnan(x) (fpclassify(x) == FP_NAN)
#define isinf(x) (fpclassify(x) == FP_INFINITE)
#define isfinite(x) (fpclassify(x) >= FP_ZERO)
#define isnormal(x) (fpclassify(x) == FP_NORMAL)
#define signbit(x) (sizeof(x) == sizeof(float) ? __signbitf(x) : __signbit(x))
/* Comparisons (no floating-point exceptions exist to be raised). */
#define isgreater(x, y) ((x) > (y))
#define isgreaterequal(x, y) ((x) >= (y))
#define isless(x, y) ((x) < (y))
#define islessequal(x, y) ((x) <= (y))
#define islessgreater(x, y) ((x) < (y) || (x) > (y))
#define isunordered(x, y) (isnan(x) || isnan(y))

double fabs(double x);
double copysign(double x, double y);
double fmin(double x, double y);
double fmax(double x, double y);
double floor(double x);
double ceil(double x);
double trunc(double x);
double round(double x);
double fmod(double x, double y);
double frexp(double x, int *e);
double ldexp(double x, int e);
double scalbn(double x, int e);
double modf(double x, double *ip);
double sqrt(double x);
double cbrt(double x);
double hypot(double x, double y);
double exp(double x);
double expm1(double x);
double log(double x);
double log10(double x);
double log2(double x);
double log1p(double x);
double pow(double x, double y);
double sin(double x);
double cos(double x);
double tan(double x);
double asin(double x);
double acos(double x);
double atan(double x);
double atan2(double y, double x);
double sinh(double x);
double cosh(double x);
double tanh(double x);
/* lib/math_c99.c */
double rint(double x);
double nearbyint(double x);
long lrint(double x);
long long llrint(double x);
long lround(double x);
long long llround(double x);
double scalbln(double x, long n);
double remainder(double x, double y);
double remquo(double x, double y, int *quo);
double fdim(double x, double y);
double fma(double x, double y, double z);
double nextafter(double x, double y);
double nexttoward(double x, long double y);
int ilogb(double x);
double logb(double x);
double nan(const char *tagp);
double exp2(double x);
double asinh(double x);
double acosh(double x);
double atanh(double x);
double erf(double x);
double erfc(double x);
double tgamma(double x);
double lgamma(double x);

float fabsf(float x);
float copysignf(float x, float y);
float fminf(float x, float y);
float fmaxf(float x, float y);
float floorf(float x);
float ceilf(float x);
float truncf(float x);
float roundf(float x);
float fmodf(float x, float y);
float frexpf(float x, int *e);
float ldexpf(float x, int e);
float scalbnf(float x, int e);
float modff(float x, float *ip);
float sqrtf(float x);
float cbrtf(float x);
float hypotf(float x, float y);
float expf(float x);
float expm1f(float x);
float logf(float x);
float log10f(float x);
float log2f(float x);
float log1pf(float x);
float powf(float x, float y);
float sinf(float x);
float cosf(float x);
float tanf(float x);
float asinf(float x);
float acosf(float x);
float atanf(float x);
float atan2f(float y, float x);
float sinhf(float x);
float coshf(float x);
float tanhf(float x);
float rintf(float x);
float nearbyintf(float x);
long lrintf(float x);
long long llrintf(float x);
long lroundf(float x);
long long llroundf(float x);
float scalblnf(float x, long n);
float remainderf(float x, float y);
float remquof(float x, float y, int *quo);
float fdimf(float x, float y);
float fmaf(float x, float y, float z);
float nextafterf(float x, float y);
float nexttowardf(float x, long double y);
int ilogbf(float x);
float logbf(float x);
float nanf(const char *tagp);
float exp2f(float x);
float asinhf(float x);
float acoshf(float x);
float atanhf(float x);
float erff(float x);
float erfcf(float x);
float tgammaf(float x);
float lgammaf(float x);
#endif
