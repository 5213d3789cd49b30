#ifndef _LCC_MATH_H
#define _LCC_MATH_H
/* math.h — lcc runtime (ST200). Declarations only: lcc does not compute
   with floating point yet and libc.a does not define these functions. */
#define HUGE_VAL (__builtin_huge_val())
#define M_PI 3.14159265358979323846
#define M_E 2.7182818284590452354
double fabs(double x);
double floor(double x);
double ceil(double x);
double fmod(double x, double y);
double sqrt(double x);
double pow(double x, double y);
double exp(double x);
double log(double x);
double log10(double x);
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
double ldexp(double x, int e);
double frexp(double x, int *e);
double modf(double x, double *ip);
float fabsf(float x);
float sqrtf(float x);
float floorf(float x);
float ceilf(float x);
#endif
