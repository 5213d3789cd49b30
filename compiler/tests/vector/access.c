/* Subscripts (read and write, constant and variable), initialisers,
   sizeof, assignment, passing and returning by value, globals, vectors in
   structs and through pointers. */
#include <stdio.h>

typedef int v4si __attribute__((vector_size(16)));
typedef short v2hi __attribute__((vector_size(4)));
typedef char v32qi __attribute__((vector_size(32)));
typedef double v4df __attribute__((vector_size(32)));
typedef char v64qi __attribute__((vector_size(64)));

v4si g = {10, 20, 30, 40};
v4si gz;
v2hi gs = {5};
__attribute__((vector_size(8))) int gv = {-1, -2};

struct S { char c; v4si v; int tail; };

__attribute__((noinline)) v4si add1(v4si x) {
    return x + 1;
}

__attribute__((noinline)) v4df scale(v4df x, double k, v4df *out) {
    *out = x * k;
    return x + *out;
}

__attribute__((noinline)) int sum(const v4si *p) {
    int s = 0, i;
    for (i = 0; i < 4; i++)
        s += (*p)[i];
    return s;
}

int main(void) {
    v4si a = {1, 2, 3, 4}, b;
    int i, n = 3;
    printf("%d %d %d %d\n", (int)sizeof(v4si), (int)sizeof(v2hi), (int)sizeof(v32qi),
           (int)sizeof(v4df));
    printf("%d %d %d %d\n", (int)__alignof__(v4si), (int)__alignof__(v2hi),
           (int)__alignof__(v32qi), (int)__alignof__(v64qi));
    printf("%d %d\n", (int)sizeof(struct S), (int)__builtin_offsetof(struct S, v));
    printf("%d %d\n", a[0], a[n]);
    a[1] = 50;
    a[n] += 7;
    a[n - 1]++;
    printf("%d %d %d %d\n", a[0], a[1], a[2], a[3]);
    b = add1(a);
    printf("%d %d %d %d\n", b[0], b[1], b[2], b[3]);
    printf("%d\n", (b + a)[n]);
    printf("%d %d\n", sum(&b), sum(&g));
    g = g + gz;
    gz = g * 2;
    printf("%d %d %d %d\n", gz[0], gz[1], gz[2], gz[3]);
    printf("%d %d %d %d\n", gs[0], gs[1], gv[0], gv[1]);
    struct S s = {'x', {7, 8, 9, 10}, 99};
    s.v = s.v * s.v;
    printf("%c %d %d %d\n", s.c, s.v[1], s.v[3], s.tail);
    v32qi q;
    for (i = 0; i < 32; i++)
        q[i] = (char)(i * 9);
    q = q + q;
    for (i = 0; i < 32; i += 5)
        printf(" %d", q[i]);
    printf("\n");
    v4df d = {1.5, 2.5, -3.0, 4.0}, o;
    v4df r = scale(d, 2.0, &o);
    for (i = 0; i < 4; i++)
        printf(" %g/%g", r[i], o[i]);
    printf("\n");
    v4si arr[3] = {{1, 1, 1, 1}, {2, 2, 2, 2}};
    arr[2] = arr[0] + arr[1];
    printf("%d %d\n", arr[2][3], sum(&arr[2]));
    v4si *p = &arr[1];
    *p *= *p;
    printf("%d\n", (*p)[2]);
    char pad = 1;
    v64qi big = {1, 2, 3};
    big = big * 3 + pad;
    printf("%d %d %d %d\n", big[0], big[2], big[63], (int)((unsigned long)&big % 8));
    v4si z = {};
    printf("%d %d\n", z[0], z[3]);
    return 0;
}
