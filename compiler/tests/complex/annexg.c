/* C99 Annex G.5.1: products and quotients with infinite and NaN parts
   (the runtime's __muldc3, __divdc3, __mulsc3, __divsc3): an infinite
   operand gives an infinite result, a finite non-zero value over zero
   an infinite one, a finite value over an infinite one zero. Printed as
   classes, since the sign and payload of a NaN are not portable. */
#include <math.h>
#include <stdio.h>

static const char *cls(double x)
{
    return isnan(x) ? "nan" : isinf(x) ? (x > 0 ? "+inf" : "-inf") : x == 0 ? "0" : "finite";
}

static void show(const char *what, _Complex double z)
{
    int inf = isinf(__real__ z) || isinf(__imag__ z);
    printf("%s %s %s%s\n", what, cls(__real__ z), cls(__imag__ z), inf ? " infinite" : "");
}

volatile double inf_v = INFINITY, nan_v = NAN, zero_v = 0.0;

int main(void)
{
    _Complex double inf1 = inf_v + 1.0i * 0.0;
    __imag__ inf1 = nan_v;
    _Complex double one = 1.0 + 1.0i;
    _Complex double zero = zero_v + zero_v * 1.0i;
    _Complex double big = 1e300 + 1e300i;

    show("inf*one", inf1 * one);
    show("one*inf", one * inf1);
    show("one/zero", one / zero);
    show("inf/one", inf1 / one);
    show("one/inf", one / inf1);
    show("big*big", big * big);
    show("big/big", big / big);
    show("tiny", (1e-300 + 1e-300i) / (1e-300 - 1e-300i));

    _Complex float fi = (float)inf_v + 1.0fi, fo = 1.0f + 1.0fi;
    __imag__ fi = (float)nan_v;
    show("float inf*one", fi * fo);
    show("float one/zero", fo / (float)zero_v);
    show("float one/(0+0i)", fo / (_Complex float)zero);
    show("float inf/one", fi / fo);
    return 0;
}
