/* Complex values passed and returned by value, through function
   pointers, in recursion, and the <complex.h> functions and builtins. */
#include <complex.h>
#include <math.h>
#include <stdio.h>

static _Complex double twice(_Complex double z) { return 2.0 * z; }
static _Complex float swap(_Complex float z) { return __imag__ z + __real__ z * I; }
static __complex__ int add(__complex__ int a, __complex__ int b) { return a + b; }
static _Complex double power(_Complex double z, int n)
{
    return n == 0 ? 1.0 : z * power(z, n - 1);
}
static double mixed(int a, _Complex double z, double b, _Complex float f)
{
    return a + __real__ z + __imag__ z * b + __real__ f - __imag__ f;
}

int main(void)
{
    _Complex double (*fp)(_Complex double) = twice;
    _Complex double z = fp(1.0 + 2.0 * I);
    printf("twice %g %g\n", creal(z), cimag(z));
    _Complex float s = swap(1.0f + 2.0f * I);
    printf("swap %g %g\n", crealf(s), cimagf(s));
    __complex__ int k = add(1 + 2i, 3 + 4i);
    printf("add %d %d\n", __real__ k, __imag__ k);
    z = power(1.0 + 1.0 * I, 8);
    printf("power %g %g\n", creal(z), cimag(z));
    printf("mixed %g\n", mixed(1, 2.0 + 3.0 * I, 4.0, 5.0f + 6.0f * I));

    z = conj(3.0 + 4.0 * I);
    printf("conj %g %g\n", creal(z), cimag(z));
    printf("cabs %.6f carg %.6f\n", cabs(3.0 + 4.0 * I), carg(-1.0 + 0.0 * I));
    z = cexp(0.0 + M_PI * I);
    printf("cexp %.6f %.6f\n", creal(z), fabs(cimag(z)) < 1e-12 ? 0.0 : cimag(z));
    z = csqrt(-4.0 + 0.0 * I);
    printf("csqrt %.6f %.6f\n", creal(z), cimag(z));
    z = clog(1.0 * I);
    printf("clog %.6f %.6f\n", creal(z), cimag(z));
    printf("builtins %g %g %g %g\n", __builtin_creal(5.0 - 6.0i), __builtin_cimagf(1.0f - 2.0fi),
           (double)__builtin_creall(7.0L), __builtin_cimag(__builtin_conj(1.0 + 8.0i)));
    return 0;
}
