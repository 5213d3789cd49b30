/* GNU integer complex types: __complex__ char, short, int, unsigned,
   long long; their sizes, alignments, arithmetic (products and quotients
   computed inline), the common type of two integer complex types, and
   conversions to and from them. */
#include <stdio.h>

volatile int seven = 7;

int main(void)
{
    __complex__ int a = 3 + 4i, b = 1 - 2i;
    __complex__ int c = a * b, d = (a * b) / b, e = a / (1 + 1i);
    __complex__ unsigned u = 5u + 7iu;
    _Complex long long ll = 3000000000LL + 1i;
    __complex__ char ch = 100 + 100i;
    __complex__ short sh = 1000 - 1000i;
    __complex__ int k = seven;

    printf("c %d %d\n", __real__ c, __imag__ c);
    printf("d %d %d\n", __real__ d, __imag__ d);
    printf("e %d %d\n", __real__ e, __imag__ e);
    printf("a+b %d %d a-b %d %d\n", __real__ (a + b), __imag__ (a + b), __real__ (a - b),
           __imag__ (a - b));
    printf("-a %d %d ~a %d %d\n", __real__ -a, __imag__ -a, __real__ ~a, __imag__ ~a);
    printf("u*u %u %u\n", __real__ (u * u), __imag__ (u * u));
    printf("ll*2 %lld %lld\n", __real__ (ll * 2), __imag__ (ll * 2));
    printf("ch+ch %d %d\n", __real__ (ch + ch), __imag__ (ch + ch));
    printf("k %d %d\n", __real__ k, __imag__ k);
    printf("a==b %d a==a %d a!=b %d\n", a == b, a == a, a != b);

    printf("sizeof %d %d %d %d %d\n", (int)sizeof(ch), (int)sizeof(sh), (int)sizeof(a),
           (int)sizeof(ll), (int)sizeof(u));
    printf("alignof %d %d %d %d\n", (int)__alignof__(ch), (int)__alignof__(sh),
           (int)__alignof__(a), (int)__alignof__(ll));
    printf("common %d %d %d %d\n", (int)sizeof(ch + ch), (int)sizeof(ch + sh),
           (int)sizeof(sh * 1), (int)sizeof(a + 1LL));

    /* to floating complex and back */
    _Complex double z = a;
    __complex__ int back = 2.75 - 3.75i;
    printf("z %g %g back %d %d\n", __real__ z, __imag__ z, __real__ back, __imag__ back);
    printf("int(a) %d double(a) %g\n", (int)a, (double)a);
    return 0;
}
