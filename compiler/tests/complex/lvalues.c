/* __real__ and __imag__ as lvalues, compound assignment (an operand
   with side effects evaluated once), complex objects in arrays, structs
   and through pointers, static and automatic initialisers. */
#include <stdio.h>

struct s {
    char c;
    _Complex double z;
    int n;
};

_Complex double g = 1.0 + 2.0i;
float __complex__ h = 1.0 + 14.0 * (1.0fi);
_Complex double arr[3] = {1.0, 2.0i, 3.0 + 3.0i};
struct s st = {'x', 4.0 - 1.0i, 9};
_Complex int gi = 5 - 6i;
__complex__ double braced = {7.0};

static void p(const char *what, _Complex double z)
{
    printf("%s %g %g\n", what, __real__ z, __imag__ z);
}

int calls;
static _Complex double *at(_Complex double *q)
{
    calls++;
    return q;
}

int main(void)
{
    _Complex double z = 0;
    __real__ z = 3.0;
    __imag__ z = -4.0;
    p("z", z);
    __real__ z += 1.0;
    __imag__ z *= 2.0;
    p("z2", z);
    z += 1.0i;
    p("z+=", z);
    z *= 2.0;
    p("z*=", z);
    z /= 1.0i;
    p("z/=", z);
    z -= z;
    p("z-=", z);

    p("g", g);
    p("h", h);
    for (int i = 0; i < 3; i++)
        p("arr", arr[i]);
    printf("st %c %g %g %d\n", st.c, __real__ st.z, __imag__ st.z, st.n);
    printf("gi %d %d\n", __real__ gi, __imag__ gi);
    p("braced", braced);

    _Complex double *q = &arr[1];
    *at(q) += 10.0;
    *at(q) *= 1.0i;
    printf("calls %d\n", calls);
    p("arr1", arr[1]);
    __imag__ *at(&arr[2]) = 0.5;
    p("arr2", arr[2]);
    printf("calls %d\n", calls);

    struct s loc = {'y', 1.0i, 2};
    loc.z = loc.z * loc.z + 1.0;
    p("loc", loc.z);
    struct s copy = loc;
    __real__ copy.z = 8.0;
    p("copy", copy.z);
    p("loc again", loc.z);

    double d = 1.0;
    d += 2.0 + 5.0i;
    printf("d %g\n", d);
    int k = 4;
    k *= 1.5 + 9.0i;
    printf("k %d\n", k);

    /* __real__/__imag__ of a real value */
    double r = 2.5;
    printf("real %g imag %g\n", __real__ r, __imag__ r);
    return 0;
}
