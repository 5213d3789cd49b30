/* strtod, strtof, strtold, atof and difftime — lcc runtime (ST200).

   STAGING FILE: these functions return floating types, which lcc cannot
   compile yet. Move this file to runtime/lib/ once lcc compiles float and
   double (the driver then builds it into libc.a like every lib/ file). The
   prototypes are already in runtime/include/stdlib.h and time.h.

   The conversions are thin wrappers: the correctly rounded, integer-only
   core __lcc_strtod_bits (runtime/lib/strtod.c) returns the IEEE-754 bit
   pattern, which a union turns into the value (long double is binary64
   on the ST200, ISA-ST200 §1.1). */
#include <stdlib.h>
#include <time.h>

double strtod(const char *s, char **end)
{
    union {
        unsigned long long u;
        double d;
    } v;
    v.u = __lcc_strtod_bits(s, end, 0);
    return v.d;
}

float strtof(const char *s, char **end)
{
    union {
        unsigned u;
        float f;
    } v;
    v.u = (unsigned)__lcc_strtod_bits(s, end, 1);
    return v.f;
}

long double strtold(const char *s, char **end) { return strtod(s, end); }

double atof(const char *s) { return strtod(s, NULL); }

/* time_t is a 32-bit long: the difference is exact in a double */
double difftime(time_t t1, time_t t0) { return (double)((long long)t1 - (long long)t0); }
