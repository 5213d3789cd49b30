/* Complex arithmetic: + - * / on float, double and long double complex
   values, real and complex operands mixed (C99 6.3.1.8, Annex G.5),
   equality, unary minus and plus, GNU's ~ (conjugate), imaginary
   constants with the i and j suffixes. Values chosen so that every
   result is exact. */
#include <stdio.h>

static void pd(const char *what, _Complex double z)
{
    printf("%s %.17g %.17g\n", what, __real__ z, __imag__ z);
}

static void pf(const char *what, _Complex float z)
{
    printf("%s %.9g %.9g\n", what, (double)__real__ z, (double)__imag__ z);
}

static void pl(const char *what, _Complex long double z)
{
    printf("%s %.17g %.17g\n", what, (double)__real__ z, (double)__imag__ z);
}

volatile double vd = 2.5;
volatile int vi = 3;

int main(void)
{
    _Complex double a = 3.0 + 4.0i, b = 1.0 - 2.0j;
    _Complex float f = 1.5f + 2.5fi, g = -0.5f + 1.0if;
    _Complex long double l = 6.0L + 8.0Li, m = 2.0L;
    double x = vd;
    int n = vi;

    pd("a+b", a + b);
    pd("a-b", a - b);
    pd("a*b", a * b);
    pd("a/b", a / b);
    pd("x+a", x + a);
    pd("a+x", a + x);
    pd("x-a", x - a);
    pd("a-x", a - x);
    pd("x*a", x * a);
    pd("a*x", a * x);
    pd("a/x", a / 0.5);
    pd("x/a", 25.0 / a);
    pd("n*a", n * a);
    pd("a+n", a + n);
    pd("-a", -a);
    pd("+a", +a);
    pd("~a", ~a);
    pd("a*i", a * 1.0i);
    pd("3i", 3i);
    pd("2.5j", 2.5j);

    pf("f+g", f + g);
    pf("f-g", f - g);
    pf("f*g", f * g);
    pf("f/g", f / g);
    pf("f*2", f * 2.0f);
    pf("~f", ~f);

    pl("l+m", l + m);
    pl("l*l", l * l);
    pl("l/m", l / m);
    pl("l/(1+1i)", l / (1.0L + 1.0Li));

    /* float complex with double: the double complex type */
    pd("f+a", f + a);
    printf("sizeof(f+a) %d sizeof(f*2.0f) %d sizeof(f*2.0) %d\n", (int)sizeof(f + a),
           (int)sizeof(f * 2.0f), (int)sizeof(f * 2.0));

    printf("eq %d %d %d %d\n", a == a, a == b, a != b, a != a);
    printf("eq-real %d %d %d\n", m == 2.0, m == 2, 2 != m);
    printf("eq-mixed %d %d\n", (3.0 + 0.0i) == 3, (3.0 + 1.0i) == 3);

    /* a chain, evaluated left to right */
    pd("chain", (a + b) * (a - b) / (1.0 + 1.0i) - 2.0 * a);
    return 0;
}
