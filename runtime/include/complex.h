#ifndef _LCC_COMPLEX_H
#define _LCC_COMPLEX_H
/* complex.h — lcc runtime (ST200): C99 7.3. The functions are in
   runtime/lib/complex.c; long double is double on the ST200. */
#define complex _Complex
#define _Complex_I (__extension__ 1.0fi)
#define I _Complex_I

double creal(double _Complex z);
float crealf(float _Complex z);
long double creall(long double _Complex z);
double cimag(double _Complex z);
float cimagf(float _Complex z);
long double cimagl(long double _Complex z);
double _Complex conj(double _Complex z);
float _Complex conjf(float _Complex z);
long double _Complex conjl(long double _Complex z);
double cabs(double _Complex z);
float cabsf(float _Complex z);
long double cabsl(long double _Complex z);
double carg(double _Complex z);
float cargf(float _Complex z);
long double cargl(long double _Complex z);
double _Complex cexp(double _Complex z);
float _Complex cexpf(float _Complex z);
double _Complex clog(double _Complex z);
float _Complex clogf(float _Complex z);
double _Complex csqrt(double _Complex z);
float _Complex csqrtf(float _Complex z);
double _Complex cpow(double _Complex z, double _Complex w);
double _Complex cproj(double _Complex z);
double _Complex csin(double _Complex z);
double _Complex ccos(double _Complex z);

/* the part functions are exact: inline */
#define creal(z) __builtin_creal(z)
#define crealf(z) __builtin_crealf(z)
#define creall(z) __builtin_creall(z)
#define cimag(z) __builtin_cimag(z)
#define cimagf(z) __builtin_cimagf(z)
#define cimagl(z) __builtin_cimagl(z)
#define conj(z) __builtin_conj(z)
#define conjf(z) __builtin_conjf(z)
#define conjl(z) __builtin_conjl(z)
#endif
