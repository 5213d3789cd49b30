/* Casts between vector types and scalars of the same size (bit
   reinterpretation), __builtin_shuffle with one and two inputs and
   __builtin_convertvector. */
#include <stdio.h>

typedef int v4si __attribute__((vector_size(16)));
typedef unsigned int v4ui __attribute__((vector_size(16)));
typedef float v4sf __attribute__((vector_size(16)));
typedef short v8hi __attribute__((vector_size(16)));
typedef unsigned char v8qu __attribute__((vector_size(8)));
typedef int v2si __attribute__((vector_size(8)));
typedef double v2df __attribute__((vector_size(16)));
typedef long long v2di __attribute__((vector_size(16)));

int main(void) {
    int i;
    v4sf f = {1.0f, -2.0f, 0.5f, 0.0f};
    v4si bits = (v4si)f;
    for (i = 0; i < 4; i++) printf(" %08x", bits[i]); printf("\n");
    v8hi h = (v8hi)bits;
    for (i = 0; i < 8; i++) printf(" %d", h[i]); printf("\n");
    v4ui u = (v4ui)bits;
    u = u >> 31;
    for (i = 0; i < 4; i++) printf(" %u", u[i]); printf("\n");
    v4si s = (v4si)u;
    s = s - 1;
    for (i = 0; i < 4; i++) printf(" %d", s[i]); printf("\n");
    long long ll = 0x0102030405060708LL;
    v8qu q = (v8qu)ll;
    for (i = 0; i < 8; i++) printf(" %d", q[i]); printf("\n");
    v2si w = {0x11111111, 0x22222222};
    long long back = (long long)w;
    printf("%llx\n", back);
    unsigned long long ull = (unsigned long long)(v2si){0, 0x3ff00000};
    printf("%llx\n", ull);

    v4si a = {10, 20, 30, 40}, b = {50, 60, 70, 80};
    v4si m1 = {3, 2, 1, 0}, m2 = {0, 4, 5, 7}, m3 = {7, -1, 12, 1};
    v4si r = __builtin_shuffle(a, m1);
    for (i = 0; i < 4; i++) printf(" %d", r[i]); printf("\n");
    r = __builtin_shuffle(a, b, m2);
    for (i = 0; i < 4; i++) printf(" %d", r[i]); printf("\n");
    r = __builtin_shuffle(a, m3);
    for (i = 0; i < 4; i++) printf(" %d", r[i]); printf("\n");
    r = __builtin_shuffle(a, b, m3);
    for (i = 0; i < 4; i++) printf(" %d", r[i]); printf("\n");
    v2df y = {1.0, 2.0};
    v2di m = {10000000001LL, 0LL};
    v2df z = __builtin_shuffle(y, m);
    printf("%g %g\n", z[0], z[1]);

    v4sf cf = __builtin_convertvector(a, v4sf);
    cf = cf / 4;
    for (i = 0; i < 4; i++) printf(" %g", cf[i]); printf("\n");
    v4si ci = __builtin_convertvector(cf, v4si);
    for (i = 0; i < 4; i++) printf(" %d", ci[i]); printf("\n");
    return 0;
}
