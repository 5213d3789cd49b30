/* Vector comparisons: a vector of the signed integer type of the
   element's size holding 0 or -1. */
#include <stdio.h>

typedef int v4si __attribute__((vector_size(16)));
typedef unsigned int v4ui __attribute__((vector_size(16)));
typedef short v4hi __attribute__((vector_size(8)));
typedef unsigned char v8qu __attribute__((vector_size(8)));
typedef signed char v8qi __attribute__((vector_size(8)));
typedef float v4sf __attribute__((vector_size(16)));
typedef double v2df __attribute__((vector_size(16)));
typedef long long v2di __attribute__((vector_size(16)));

int main(void) {
    v4si a = {1, -2, 3, 4}, b = {1, 2, -3, 5}, c;
    int i;
    c = a == b; for (i = 0; i < 4; i++) printf(" %d", c[i]); printf("\n");
    c = a != b; for (i = 0; i < 4; i++) printf(" %d", c[i]); printf("\n");
    c = a < b; for (i = 0; i < 4; i++) printf(" %d", c[i]); printf("\n");
    c = a <= b; for (i = 0; i < 4; i++) printf(" %d", c[i]); printf("\n");
    c = a > b; for (i = 0; i < 4; i++) printf(" %d", c[i]); printf("\n");
    c = a >= 3; for (i = 0; i < 4; i++) printf(" %d", c[i]); printf("\n");
    v4ui ua = {1, 0xfffffffeu, 3, 4}, ub = {2, 2, 2, 2};
    c = ua > ub; for (i = 0; i < 4; i++) printf(" %d", c[i]); printf("\n");
    v4hi h = {1, 2, 3, 4}, h2;
    h2 = h > 2; for (i = 0; i < 4; i++) printf(" %d", h2[i]); printf("\n");
    v8qu q = {200, 1, 2, 3, 4, 5, 6, 7};
    v8qi r = q > 100; for (i = 0; i < 8; i++) printf(" %d", r[i]); printf("\n");
    v4sf f = {1.0f, 2.0f, -1.0f, 0.0f};
    c = f < 0.5f; for (i = 0; i < 4; i++) printf(" %d", c[i]); printf("\n");
    v2df d = {1.0, -1.0};
    v2di m = d > 0.0; for (i = 0; i < 2; i++) printf(" %lld", m[i]); printf("\n");
    printf("%d %d\n", (int)sizeof(a == b), (int)sizeof(d > 0.0));
    return 0;
}
