/* gcc's floating-point builtins without <math.h>: classification
   (isnan, isinf, isfinite, isnormal, signbit: type-generic, the argument
   evaluated once) and __builtin_X for <math.h> functions, on float and
   double edge values. */
#include <stdio.h>

static int calls;
static double next(double x) { calls++; return x; }

int main(void) {
    double d[] = {0.0, -0.0, 1.0, -2.5, 1e-310, -1e-310, 1e308,
                  __builtin_inf(), -__builtin_inf(), __builtin_nan("")};
    float f[] = {0.0f, -0.0f, 1.5f, -1e-40f, 3e38f, __builtin_inff(),
                 -__builtin_inff(), __builtin_nanf("")};
    unsigned i;
    for (i = 0; i < sizeof d / sizeof d[0]; i++)
        printf("d%u: nan %d inf %d finite %d normal %d sign %d\n", i,
               __builtin_isnan(d[i]), __builtin_isinf(d[i]) != 0,
               __builtin_isfinite(d[i]), __builtin_isnormal(d[i]),
               __builtin_signbit(d[i]) != 0);
    for (i = 0; i < sizeof f / sizeof f[0]; i++)
        printf("f%u: nan %d inf %d finite %d normal %d sign %d\n", i,
               __builtin_isnan(f[i]), __builtin_isinf(f[i]) != 0,
               __builtin_isfinite(f[i]), __builtin_isnormal(f[i]),
               __builtin_signbit(f[i]) != 0);
    /* the argument is evaluated once */
    i = __builtin_isnan(next(2.0));
    printf("isnan(next) %u, calls %d\n", i, calls);
    printf("%.17g %.17g %.9g %.17g %.17g\n", __builtin_fabs(-2.5),
           __builtin_sqrt(2.0), (double)__builtin_sqrtf(2.0f),
           __builtin_floor(-1.5), __builtin_fmod(7.5, 2.0));
    printf("%.17g %.17g\n", __builtin_copysign(3.0, -0.0),
           __builtin_fmax(1.0, __builtin_nan("")));
    return 0;
}
