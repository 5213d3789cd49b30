/* Conversions (C99 6.3.1.6, 6.3.1.7, 6.3.1.2): real to complex (zero
   imaginary part), complex to real (the real part), complex to _Bool
   (either part non-zero), between complex types, casts, conditions,
   !, && and ||, ?: with a complex operand. */
#include <stdio.h>

volatile double zero = 0.0;

static int truth(_Complex double z) { return z ? 1 : 0; }

int main(void)
{
    _Complex double a = 2.0;
    _Complex float f = 1.25 + 3.5i;
    _Complex double d = f;
    _Complex float back = (_Complex float)(d * 2.0);
    double re = (double)(5.0 + 6.0i);
    int ri = 7.9 + 1.0i;
    _Bool b1 = 0.0 + 1.0i, b2 = 0.0 + 0.0i, b3 = (_Bool)(2.0 + 0.0i);
    _Complex double im = zero + 1.0i;

    printf("a %g %g\n", __real__ a, __imag__ a);
    printf("d %g %g\n", __real__ d, __imag__ d);
    printf("back %g %g\n", __real__ back, __imag__ back);
    printf("re %g ri %d\n", re, ri);
    printf("bool %d %d %d\n", b1, b2, b3);
    printf("truth %d %d %d\n", truth(im), truth(zero), truth(a));
    printf("not %d %d\n", !im, !(zero + zero * 1.0i));
    printf("and %d %d or %d %d\n", im && a, im && zero, im || zero, (zero + 0i) || zero);
    if (im)
        printf("if im\n");
    if (!(0.0 * im))
        printf("if !0\n");
    int n = 0;
    while (im) {
        im -= 1.0i;
        n++;
    }
    printf("while %d\n", n);
    _Complex double c = n ? a : 1.0i;
    _Complex double e = !n ? 3.0 : f;
    printf("cond %g %g %g %g\n", __real__ c, __imag__ c, __real__ e, __imag__ e);
    printf("sizeof cond %d\n", (int)sizeof(n ? f : 1.0f));
    /* long double complex is the double complex's size on ST200 and with
       gcc -m32's... printed as a ratio to stay target-neutral */
    printf("ld/d %d\n", (int)(sizeof(_Complex long double) / sizeof(long double)));
    return 0;
}
