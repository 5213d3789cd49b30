/* Element-wise arithmetic on GNU vectors of every integer and floating
   element type, with scalar operands on either side. */
#include <stdio.h>

typedef int v4si __attribute__((vector_size(16)));
typedef unsigned int v4ui __attribute__((vector_size(16)));
typedef short v8hi __attribute__((vector_size(16)));
typedef unsigned short v4hu __attribute__((vector_size(8)));
typedef signed char v8qi __attribute__((vector_size(8)));
typedef unsigned char v4qu __attribute__((vector_size(4)));
typedef long long v2di __attribute__((vector_size(16)));
typedef unsigned long long v2du __attribute__((vector_size(16)));
typedef float v4sf __attribute__((vector_size(16)));
typedef double v2df __attribute__((vector_size(16)));

volatile int seven = 7;

#define PRINT(fmt, v, n)                                                    \
    do {                                                                    \
        int i_;                                                             \
        for (i_ = 0; i_ < (n); i_++)                                        \
            printf(fmt, (v)[i_]);                                           \
        printf("\n");                                                       \
    } while (0)

int main(void) {
    v4si a = {100, -200, 300, -400}, b = {7, 9, -11, 13}, c;
    c = a + b; PRINT(" %d", c, 4);
    c = a - b; PRINT(" %d", c, 4);
    c = a * b; PRINT(" %d", c, 4);
    c = a / b; PRINT(" %d", c, 4);
    c = a % b; PRINT(" %d", c, 4);
    c = a & b; PRINT(" %d", c, 4);
    c = a | b; PRINT(" %d", c, 4);
    c = a ^ b; PRINT(" %d", c, 4);
    c = a << 3; PRINT(" %d", c, 4);
    c = a >> 2; PRINT(" %d", c, 4);
    c = b << b; PRINT(" %d", c, 4);
    c = -a; PRINT(" %d", c, 4);
    c = ~a; PRINT(" %d", c, 4);
    c = +a; PRINT(" %d", c, 4);
    c = a + seven; PRINT(" %d", c, 4);
    c = 1000 - a; PRINT(" %d", c, 4);
    c = a; c += b; c *= 2; c -= 1; c <<= 1; c >>= 2; c ^= b; c |= 1; c &= ~4; c /= 3; c %= 100;
    PRINT(" %d", c, 4);

    v4ui ua = {0xffffffffu, 1, 0x80000000u, 12345}, ub;
    ub = ua >> 1; PRINT(" %u", ub, 4);
    ub = ua / 3; PRINT(" %u", ub, 4);
    ub = ua + 1; PRINT(" %u", ub, 4);

    v8hi h = {1, -2, 3, -4, 32767, -32768, 100, 200}, h2;
    h2 = h * 3; PRINT(" %d", h2, 8);
    h2 = h + h; PRINT(" %d", h2, 8);
    h2 = 2 >> h; PRINT(" %d", h2, 8);
    h2 = h >> 1; PRINT(" %d", h2, 8);

    v4hu hu = {65535, 1, 2, 40000};
    hu = hu + hu; PRINT(" %u", hu, 4);
    hu = hu >> 1; PRINT(" %u", hu, 4);

    v8qi q = {1, 2, 3, 4, 127, -128, -1, 0};
    q = q * q; PRINT(" %d", q, 8);
    q = q - 5; PRINT(" %d", q, 8);

    v4qu qu = {250, 5, 128, 0};
    qu = qu + 10; PRINT(" %u", qu, 4);
    qu = qu * qu; PRINT(" %u", qu, 4);

    v2di d = {0x123456789LL, -5}, e = {3, 0x100000000LL};
    d = d * e; PRINT(" %lld", d, 2);
    d = d >> 4; PRINT(" %lld", d, 2);
    d = d / 7; PRINT(" %lld", d, 2);
    v2du du = {~0ull, 10};
    du = du % 7; PRINT(" %llu", du, 2);

    v4sf f = {1.5f, -2.25f, 3.0f, 0.5f}, g;
    g = f * f + 1.0f; PRINT(" %g", g, 4);
    g = 2. / f; PRINT(" %g", g, 4);
    g = -f - f; PRINT(" %g", g, 4);

    v2df x = {1.0, 3.0}, y;
    y = x / 3.0; PRINT(" %.17g", y, 2);
    y = x * x - 0.5; PRINT(" %.17g", y, 2);
    return 0;
}
