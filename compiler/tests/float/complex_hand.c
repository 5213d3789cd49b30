/* complex_hand: complex arithmetic written by hand on a struct of two
 * doubles (and one of two floats): add, multiply, naive and Smith's
 * division, scaled modulus, integer powers, roots of unity by repeated
 * multiplication, and Durand-Kerner iteration for all roots of
 * z^4 - 10z^3 + 35z^2 - 50z + 24 = (z-1)(z-2)(z-3)(z-4) and of z^3 - 1.
 * Structs are passed and returned by value. Checks |w^n - 1| small,
 * z * (1/z) ~ 1, Smith's division avoiding overflow where the naive one
 * overflows, and the roots. Pure + - * / sqrt fabs. */
#include <stdio.h>
#include <math.h>

typedef struct { double re, im; } cplx;
typedef struct { float re, im; } cplxf;

static cplx mk(double r, double i) { cplx z; z.re = r; z.im = i; return z; }
static cplx add(cplx a, cplx b) { return mk(a.re + b.re, a.im + b.im); }
static cplx sub(cplx a, cplx b) { return mk(a.re - b.re, a.im - b.im); }
static cplx mul(cplx a, cplx b) { return mk(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re); }
static cplx div_naive(cplx a, cplx b)
{
    double d = b.re * b.re + b.im * b.im;
    return mk((a.re * b.re + a.im * b.im) / d, (a.im * b.re - a.re * b.im) / d);
}
static cplx div_smith(cplx a, cplx b)
{
    if (fabs(b.re) >= fabs(b.im)) {
        double r = b.im / b.re, d = b.re + b.im * r;
        return mk((a.re + a.im * r) / d, (a.im - a.re * r) / d);
    } else {
        double r = b.re / b.im, d = b.re * r + b.im;
        return mk((a.re * r + a.im) / d, (a.im * r - a.re) / d);
    }
}
static double cabs_scaled(cplx z)
{
    double a = fabs(z.re), b = fabs(z.im), t;
    if (a < b) { t = a; a = b; b = t; }
    if (a == 0.0) return 0.0;
    t = b / a;
    return a * sqrt(1.0 + t * t);
}
static cplx cpow_int(cplx z, int n)
{
    cplx r = mk(1.0, 0.0);
    while (n > 0) {
        if (n & 1) r = mul(r, z);
        z = mul(z, z);
        n >>= 1;
    }
    return r;
}
static cplxf mulf(cplxf a, cplxf b)
{
    cplxf r;
    r.re = a.re * b.re - a.im * b.im;
    r.im = a.re * b.im + a.im * b.re;
    return r;
}

static cplx poly(const double *c, int n, cplx z) /* monic, c[0..n-1] low to high */
{
    cplx r = mk(1.0, 0.0);
    int i;
    for (i = n - 1; i >= 0; i--) r = add(mul(r, z), mk(c[i], 0.0));
    return r;
}

static int durand_kerner(const double *c, int n, cplx *roots)
{
    int it, i, j;
    cplx seed = mk(0.4, 0.9), p = mk(1.0, 0.0);
    for (i = 0; i < n; i++) { roots[i] = p; p = mul(p, seed); }
    for (it = 0; it < 500; it++) {
        double change = 0.0;
        for (i = 0; i < n; i++) {
            cplx num = poly(c, n, roots[i]), den = mk(1.0, 0.0), delta;
            for (j = 0; j < n; j++) if (j != i) den = mul(den, sub(roots[i], roots[j]));
            delta = div_smith(num, den);
            roots[i] = sub(roots[i], delta);
            if (cabs_scaled(delta) > change) change = cabs_scaled(delta);
        }
        if (change < 1e-13) return it + 1;
    }
    return -1;
}

static void sort_roots(cplx *r, int n)
{
    int i, j;
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && (r[j - 1].re > r[j].re || (r[j - 1].re == r[j].re && r[j - 1].im > r[j].im)); j--) {
            cplx t = r[j]; r[j] = r[j - 1]; r[j - 1] = t;
        }
}

int main(void)
{
    static const double c4[] = { 24.0, -50.0, 35.0, -10.0 }, c3[] = { -1.0, 0.0, 0.0 };
    cplx a = mk(3.0, 4.0), b = mk(-1.5, 2.25), q, w, p, roots[4];
    cplxf fa = { 1.5f, -0.25f }, fb = { 0.1f, 0.7f }, fr;
    int i, it, fails = 0;
    double err;

    q = mul(a, b);
    printf("(3+4i)(-1.5+2.25i) = %.17g %+.17gi\n", q.re, q.im);
    q = div_naive(a, b);
    printf("naive (3+4i)/(-1.5+2.25i) = %.17g %+.17gi\n", q.re, q.im);
    q = div_smith(a, b);
    printf("smith (3+4i)/(-1.5+2.25i) = %.17g %+.17gi\n", q.re, q.im);
    printf("|3+4i| = %.17g |1e200+1e200i| = %.17g\n", cabs_scaled(a), cabs_scaled(mk(1e200, 1e200)));
    if (cabs_scaled(a) != 5.0) fails++;
    q = div_naive(mk(1e300, 1e300), mk(1e300, 1e300));
    p = div_smith(mk(1e300, 1e300), mk(1e300, 1e300));
    printf("(1e300+1e300i)/(1e300+1e300i): naive finite %d, smith %.17g %+.17gi\n", isfinite(q.re) != 0, p.re, p.im);
    if (p.re != 1.0 || p.im != 0.0) fails++;

    /* 12th roots of unity: w = cos(pi/6) + i sin(pi/6) with exact sqrt(3)/2 */
    w = mk(sqrt(3.0) / 2.0, 0.5);
    p = cpow_int(w, 12);
    printf("w^12 = %.17g %+.17gi\n", p.re, p.im);
    p = mk(1.0, 0.0);
    err = 0.0;
    for (i = 1; i <= 12; i++) {
        p = mul(p, w);
        if (i == 3 || i == 6) printf("w^%d = %.17g %+.17gi\n", i, p.re, p.im);
    }
    err = cabs_scaled(sub(p, mk(1.0, 0.0)));
    printf("repeated product error %.3e\n", err);
    if (err > 1e-14) fails++;
    q = mul(b, div_smith(mk(1.0, 0.0), b));
    printf("b * (1/b) = %.17g %+.17gi\n", q.re, q.im);
    if (fabs(q.re - 1.0) > 1e-15 || fabs(q.im) > 1e-15) fails++;

    it = durand_kerner(c4, 4, roots);
    sort_roots(roots, 4);
    printf("quartic roots (%s):", it > 0 ? "converged" : "no convergence FAIL");
    for (i = 0; i < 4; i++) {
        printf(" %.12f%+.1ei", roots[i].re, roots[i].im);
        if (fabs(roots[i].re - (i + 1)) > 1e-12 || fabs(roots[i].im) > 1e-12) fails++;
    }
    printf("\n");
    if (it < 0) fails++;
    it = durand_kerner(c3, 3, roots);
    sort_roots(roots, 3);
    printf("cube roots of 1 (%s):", it > 0 ? "converged" : "no convergence FAIL");
    for (i = 0; i < 3; i++) printf(" %.12f%+.12fi", roots[i].re, roots[i].im);
    printf("\n");
    if (it < 0 || fabs(roots[2].re - 1.0) > 1e-12 || fabs(roots[0].im + 0.866025403784) > 1e-11) fails++;

    fr = mulf(fa, fb);
    printf("float (1.5-0.25i)(0.1+0.7i) = %.9g %+.9gi\n", (double)fr.re, (double)fr.im);
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
