/* struct_pass: floats and doubles in structs and arrays passed to and
 * returned from functions: small structs by value ({float}, {float,float},
 * {double}, {float,double,float}, {char,float,short,double}), a large
 * struct by value (copy semantics: the callee's changes must not leak
 * back), structs by pointer with in-place update, arrays of float/double
 * (decay to pointers), struct return of several sizes, nested structs and
 * a struct containing an array of floats. Every value is exact, so the
 * results are printed with %a and %.17g and compared with expected values. */
#include <stdio.h>
#include <string.h>

typedef struct { float x; } f1;
typedef struct { float x, y; } f2;
typedef struct { double d; } d1;
typedef struct { float a; double b; float c; } fdf;
typedef struct { char c; float f; short s; double d; } mixed;
typedef struct { float v[3]; double w; } vec3w;
typedef struct { vec3w p, q; int tag; float big[20]; } large;
typedef struct { f2 pos; d1 mass; mixed m; } nested;

static int fails;
static void want(const char *what, double got, double expect)
{
    printf("%-26s %a %.17g%s\n", what, got, got, got == expect ? "" : " FAIL");
    if (got != expect) fails++;
}

static f1 f1_twice(f1 a) { a.x *= 2.0f; return a; }
static f2 f2_swap_scale(f2 a, float k) { f2 r; r.x = a.y * k; r.y = a.x * k; return r; }
static d1 d1_add(d1 a, d1 b) { d1 r; r.d = a.d + b.d; return r; }
static fdf fdf_mix(fdf a, int n) { fdf r; r.a = a.c + (float)n; r.b = a.b * n; r.c = a.a - (float)n; return r; }
static double mixed_sum(mixed m) { return m.c + m.f + m.s + m.d; }
static mixed mixed_make(int c, float f, int s, double d)
{
    mixed m;
    m.c = (char)c; m.f = f; m.s = (short)s; m.d = d;
    return m;
}
static double large_sum_and_clobber(large l)
{
    double s = l.p.w + l.q.w + l.tag;
    int i;
    for (i = 0; i < 3; i++) s += l.p.v[i] + l.q.v[i];
    for (i = 0; i < 20; i++) { s += l.big[i]; l.big[i] = -1.0f; }
    l.p.w = 1e9;
    return s;
}
static large large_make(float base)
{
    large l;
    int i;
    for (i = 0; i < 3; i++) { l.p.v[i] = base + i; l.q.v[i] = base * 0.5f - i; }
    l.p.w = base * 0.25;
    l.q.w = -1.0 / 8;
    l.tag = 7;
    for (i = 0; i < 20; i++) l.big[i] = base / 4.0f + (float)i;
    return l;
}
static void vec_scale(vec3w *v, float k)
{
    int i;
    for (i = 0; i < 3; i++) v->v[i] *= k;
    v->w /= k;
}
static float dotf(const float *a, const float *b, int n)
{
    float s = 0.0f;
    int i;
    for (i = 0; i < n; i++) s += a[i] * b[i];
    return s;
}
static void axpy(double *y, const double *x, double a, int n)
{
    int i;
    for (i = 0; i < n; i++) y[i] += a * x[i];
}
static nested nested_step(nested n, f2 v, float dt)
{
    n.pos.x += v.x * dt;
    n.pos.y += v.y * dt;
    n.mass.d *= 0.5;
    n.m.f += dt;
    return n;
}
static float pick(vec3w v, int i) { return v.v[i]; }

int main(void)
{
    f1 a = { 1.5f };
    f2 b = { 0.25f, -3.0f }, c;
    d1 d = { 0.1 }, e = { 0.2 };
    fdf g = { 1.25f, -2.5, 8.0f }, h;
    mixed m = { 'A', 0.75f, -300, 1e-3 }, m2;
    large L = large_make(10.0f), L2;
    vec3w v = { { 1.0f, -2.0f, 0.5f }, 6.0 };
    float fa[5] = { 1.0f, 2.0f, 3.0f, 4.0f, 0.5f }, fb[5] = { 0.5f, 0.25f, -1.0f, 2.0f, 8.0f };
    double dx[4] = { 1.0, 2.0, 3.0, 4.0 }, dy[4] = { 0.5, 0.5, 0.5, 0.5 };
    nested n = { { 1.0f, 2.0f }, { 8.0 }, { 'z', 0.5f, 12, -4.0 } }, n2;
    double s;

    want("f1_twice", f1_twice(a).x, 3.0);
    want("a unchanged", a.x, 1.5);
    c = f2_swap_scale(b, 4.0f);
    want("f2 x", c.x, -12.0);
    want("f2 y", c.y, 1.0);
    want("d1_add", d1_add(d, e).d, 0.30000000000000004);
    h = fdf_mix(g, 3);
    want("fdf a", h.a, 11.0);
    want("fdf b", h.b, -7.5);
    want("fdf c", h.c, -1.75);
    want("mixed_sum", mixed_sum(m), 65.0 + 0.75 - 300.0 + 1e-3);
    m2 = mixed_make('b', -0.125f, 1000, 2.5e10);
    want("mixed_make f", m2.f, -0.125);
    want("mixed_make d", m2.d, 2.5e10);
    printf("mixed_make c s %d %d\n", m2.c, m2.s);
    s = large_sum_and_clobber(L);
    want("large sum", s, 2.5 - 0.125 + 7 + (33.0 + 12.0) + (50.0 + 190.0));
    want("large by value: big[3]", L.big[3], 5.5);
    want("large by value: p.w", L.p.w, 2.5);
    L2 = L;
    L2.q.v[2] = 99.0f;
    want("struct copy independent", L.q.v[2], 3.0);
    want("struct copy changed", L2.q.v[2], 99.0);
    vec_scale(&v, 4.0f);
    want("vec_scale v[1]", v.v[1], -8.0);
    want("vec_scale w", v.w, 1.5);
    want("pick by value", pick(v, 2), 2.0);
    want("dotf", dotf(fa, fb, 5), 0.5 + 0.5 - 3.0 + 8.0 + 4.0);
    axpy(dy, dx, -0.25, 4);
    want("axpy y[3]", dy[3], -0.5);
    want("axpy y[0]", dy[0], 0.25);
    n2 = nested_step(n, b, 2.0f);
    want("nested pos.x", n2.pos.x, 1.5);
    want("nested pos.y", n2.pos.y, -4.0);
    want("nested mass", n2.mass.d, 4.0);
    want("nested m.f", n2.m.f, 2.5);
    want("nested m.d", n2.m.d, -4.0);
    want("original untouched", n.mass.d, 8.0);
    {
        /* array of structs, compound literal, and struct assignment through pointers */
        f2 arr[4];
        f2 *p = arr;
        int i;
        for (i = 0; i < 4; i++) arr[i] = (f2){ (float)i * 0.5f, (float)(i * i) };
        want("compound literal y", arr[3].y, 9.0);
        for (i = 1; i < 4; i++) p[i] = f2_swap_scale(p[i], 2.0f);
        want("array in place x", arr[3].x, 18.0);
        want("array in place y", arr[2].y, 2.0);
        arr[0] = (f2){ 1.5f, 2.5f };
        for (i = 1; i < 4; i++) p[i] = f2_swap_scale(p[i - 1], -1.0f);
        want("array chain 2 x", arr[3].x, -2.5);
        want("array chain 2 y", arr[3].y, -1.5);
    }
    printf("sizeof f1 %d f2 %d d1 %d\n", (int)sizeof(f1), (int)sizeof(f2), (int)sizeof(d1));
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
