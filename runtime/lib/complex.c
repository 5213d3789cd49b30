/* complex.c — complex multiplication and division for the code lcc
   generates (libgcc's names __mulsc3 __muldc3 __divsc3 __divdc3: lcc
   calls them for a product or quotient of two floating complex values),
   and the functions of <complex.h>.

   Calling convention: each helper takes the four real parts a, b, c, d of
   (a + bi) and (c + di) as scalar arguments and returns the complex value
   as lcc returns a two-member struct (the caller passes the address of
   the result).

   Methods: C99 Annex G.5.1. The product is (ac - bd) + (ad + bc)i; when
   both parts come out NaN, an infinite factor is "boxed" (its infinite
   parts made +-1, its NaN parts and the other factor's NaN parts +-0) and
   the product recomputed times infinity, so that an infinite operand
   gives an infinite result (G.5.1p4). The quotient scales the divisor by
   a power of two (logb, scalbn) so that c*c + d*d neither overflows nor
   underflows, then recovers from NaN + NaNi the infinities of a finite
   value over zero or of an infinite dividend, and the zeros of a finite
   value over an infinite divisor. The float versions compute in double,
   where the products of two floats are exact, and round once. */

#include <complex.h>
#include <math.h>

/* (name): the function, not <complex.h>'s macro of the same name */

/* a + bi as a complex double, without complex arithmetic */
static double _Complex make(double a, double b)
{
    double _Complex z;
    __real__ z = a;
    __imag__ z = b;
    return z;
}

/* x: 1 with x's sign if x is infinite, else 0 with x's sign */
static double box(double x)
{
    return copysign(isinf(x) ? 1.0 : 0.0, x);
}

/* x, or 0 with x's sign if x is a NaN */
static double unnan(double x)
{
    return isnan(x) ? copysign(0.0, x) : x;
}

double _Complex __muldc3(double a, double b, double c, double d)
{
    double ac = a * c, bd = b * d, ad = a * d, bc = b * c;
    double x = ac - bd, y = ad + bc;
    if (isnan(x) && isnan(y)) {
        int again = 0;
        if (isinf(a) || isinf(b)) {
            a = box(a);
            b = box(b);
            c = unnan(c);
            d = unnan(d);
            again = 1;
        }
        if (isinf(c) || isinf(d)) {
            c = box(c);
            d = box(d);
            a = unnan(a);
            b = unnan(b);
            again = 1;
        }
        if (!again && (isinf(ac) || isinf(bd) || isinf(ad) || isinf(bc))) {
            /* an overflow gave the NaNs: the NaN operands count as 0 */
            a = unnan(a);
            b = unnan(b);
            c = unnan(c);
            d = unnan(d);
            again = 1;
        }
        if (again) {
            x = INFINITY * (a * c - b * d);
            y = INFINITY * (a * d + b * c);
        }
    }
    return make(x, y);
}

double _Complex __divdc3(double a, double b, double c, double d)
{
    double big = fmax(fabs(c), fabs(d));
    double lb = logb(big);
    int scale = 0;
    if (isfinite(lb)) {
        scale = (int)lb;
        c = scalbn(c, -scale);
        d = scalbn(d, -scale);
    }
    double den = c * c + d * d;
    double x = scalbn((a * c + b * d) / den, -scale);
    double y = scalbn((b * c - a * d) / den, -scale);
    if (isnan(x) && isnan(y)) {
        if (den == 0.0 && (!isnan(a) || !isnan(b))) {
            /* finite or infinite over zero: infinite */
            x = copysign(INFINITY, c) * a;
            y = copysign(INFINITY, c) * b;
        } else if ((isinf(a) || isinf(b)) && isfinite(c) && isfinite(d)) {
            /* infinite over finite: infinite */
            a = box(a);
            b = box(b);
            x = INFINITY * (a * c + b * d);
            y = INFINITY * (b * c - a * d);
        } else if (isinf(lb) && lb > 0 && isfinite(a) && isfinite(b)) {
            /* finite over infinite: zero */
            c = box(c);
            d = box(d);
            x = 0.0 * (a * c + b * d);
            y = 0.0 * (b * c - a * d);
        }
    }
    return make(x, y);
}

float _Complex __mulsc3(float a, float b, float c, float d)
{
    return (float _Complex)__muldc3(a, b, c, d);
}

float _Complex __divsc3(float a, float b, float c, float d)
{
    return (float _Complex)__divdc3(a, b, c, d);
}

double (creal)(double _Complex z) { return __real__ z; }
float (crealf)(float _Complex z) { return __real__ z; }
long double (creall)(long double _Complex z) { return __real__ z; }
double (cimag)(double _Complex z) { return __imag__ z; }
float (cimagf)(float _Complex z) { return __imag__ z; }
long double (cimagl)(long double _Complex z) { return __imag__ z; }
double _Complex (conj)(double _Complex z) { return ~z; }
float _Complex (conjf)(float _Complex z) { return ~z; }
long double _Complex (conjl)(long double _Complex z) { return ~z; }

double cabs(double _Complex z) { return hypot(__real__ z, __imag__ z); }
float cabsf(float _Complex z) { return hypotf(__real__ z, __imag__ z); }
long double cabsl(long double _Complex z) { return hypot(__real__ z, __imag__ z); }
double carg(double _Complex z) { return atan2(__imag__ z, __real__ z); }
float cargf(float _Complex z) { return atan2f(__imag__ z, __real__ z); }
long double cargl(long double _Complex z) { return atan2(__imag__ z, __real__ z); }

/* exp(x + yi) = e^x (cos y + i sin y) */
double _Complex cexp(double _Complex z)
{
    double x = __real__ z, y = __imag__ z;
    if (y == 0.0)
        return make(exp(x), y);
    double r = exp(x);
    return make(r * cos(y), r * sin(y));
}

float _Complex cexpf(float _Complex z)
{
    return (float _Complex)cexp(z);
}

/* log|z| + i arg z */
double _Complex clog(double _Complex z)
{
    return make(log(cabs(z)), carg(z));
}

float _Complex clogf(float _Complex z)
{
    return (float _Complex)clog(z);
}

/* the principal square root (C99 G.6.4.2): real part >= 0, the
   imaginary part with the sign of z's */
double _Complex csqrt(double _Complex z)
{
    double x = __real__ z, y = __imag__ z;
    if (isinf(y))
        return make(INFINITY, y);
    if (x == 0.0 && y == 0.0)
        return make(0.0, y);
    double t = sqrt((fabs(x) + cabs(z)) * 0.5);
    if (x >= 0.0)
        return make(t, y / (2.0 * t));
    return make(fabs(y) / (2.0 * t), copysign(t, y));
}

float _Complex csqrtf(float _Complex z)
{
    return (float _Complex)csqrt(z);
}

/* z^w = exp(w log z) */
double _Complex cpow(double _Complex z, double _Complex w)
{
    if (__real__ z == 0.0 && __imag__ z == 0.0)
        return make(__real__ w == 0.0 && __imag__ w == 0.0 ? 1.0 : 0.0, 0.0);
    return cexp(w * clog(z));
}

double _Complex cproj(double _Complex z)
{
    if (isinf(__real__ z) || isinf(__imag__ z))
        return make(INFINITY, copysign(0.0, __imag__ z));
    return z;
}

/* sin(x + yi) = sin x cosh y + i cos x sinh y */
double _Complex csin(double _Complex z)
{
    double x = __real__ z, y = __imag__ z;
    return make(sin(x) * cosh(y), cos(x) * sinh(y));
}

/* cos(x + yi) = cos x cosh y - i sin x sinh y */
double _Complex ccos(double _Complex z)
{
    double x = __real__ z, y = __imag__ z;
    return make(cos(x) * cosh(y), -(sin(x) * sinh(y)));
}
