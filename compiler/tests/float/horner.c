/* horner: polynomial evaluation by Horner's rule vs the naive power sum,
 * derivative by the synthetic-division form of Horner, the Wilkinson-like
 * product (x-1)(x-2)...(x-8) expanded into coefficients and evaluated near
 * its roots, and a Chebyshev series by Clenshaw's recurrence. Float and
 * double. Checks exactness on integers, agreement of the two derivative
 * methods and the Clenshaw sum against the direct cos-free Chebyshev
 * recurrence. Pure + - * /. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <math.h>

#define DEG 8

static uint64_t dbits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

static double horner(const double *c, int n, double x)
{
    double r = c[n];
    int i;
    for (i = n - 1; i >= 0; i--) r = r * x + c[i];
    return r;
}

static float hornerf(const float *c, int n, float x)
{
    float r = c[n];
    int i;
    for (i = n - 1; i >= 0; i--) r = r * x + c[i];
    return r;
}

static double naive(const double *c, int n, double x)
{
    double r = 0.0, p = 1.0;
    int i;
    for (i = 0; i <= n; i++) { r += c[i] * p; p *= x; }
    return r;
}

/* value and first derivative together */
static double horner_d(const double *c, int n, double x, double *deriv)
{
    double p = c[n], d = 0.0;
    int i;
    for (i = n - 1; i >= 0; i--) { d = d * x + p; p = p * x + c[i]; }
    *deriv = d;
    return p;
}

static double clenshaw(const double *a, int n, double x)
{
    double b1 = 0.0, b2 = 0.0;
    int k;
    for (k = n; k >= 1; k--) {
        double b0 = 2.0 * x * b1 - b2 + a[k];
        b2 = b1; b1 = b0;
    }
    return x * b1 - b2 + a[0];
}

static double cheb_direct(const double *a, int n, double x)
{
    double t0 = 1.0, t1 = x, s = a[0] + a[1] * x;
    int k;
    for (k = 2; k <= n; k++) {
        double t2 = 2.0 * x * t1 - t0;
        s += a[k] * t2;
        t0 = t1; t1 = t2;
    }
    return s;
}

int main(void)
{
    double w[DEG + 1], dc[DEG], cheb[10], maxdiff = 0.0, x;
    float wf[DEG + 1];
    int i, j, fails = 0;
    uint32_t ck = 0;

    /* expand prod (x - k), k = 1..8 */
    memset(w, 0, sizeof w);
    w[0] = 1.0;
    for (j = 1; j <= DEG; j++) {
        for (i = j; i >= 1; i--) w[i] = w[i - 1] - j * w[i];
        w[0] = -j * w[0];
    }
    printf("coefficients:");
    for (i = 0; i <= DEG; i++) { printf(" %.0f", w[i]); wf[i] = (float)w[i]; }
    printf("\n");
    for (i = 0; i <= 10; i++) {
        double h = horner(w, DEG, (double)i), n = naive(w, DEG, (double)i);
        if (h != n) fails++;
        printf("p(%d) = %.0f%s", i, h, i == 10 ? "\n" : ", ");
    }
    for (i = 0; i < DEG; i++) dc[i] = (i + 1) * w[i + 1];
    for (x = 0.5; x <= 8.5; x += 0.25) {
        double d1, v = horner_d(w, DEG, x, &d1), d2 = horner(dc, DEG - 1, x);
        float vf = hornerf(wf, DEG, (float)x);
        if (fabs(d1 - d2) > maxdiff) maxdiff = fabs(d1 - d2);
        ck = ck * 31u + (uint32_t)(dbits(v) >> 7) + fbits(vf);
        if (v != naive(w, DEG, x)) fails++; /* both exact: quarter points need few bits */
    }
    printf("derivative methods max diff %.3e, checksum %08x\n", maxdiff, (unsigned)ck);
    if (maxdiff != 0.0) fails++;

    /* near a root: cancellation; print exact values */
    for (i = 0; i < 4; i++) {
        double xr = 3.0 + (i - 2) * 1e-9, naivev = naive(w, DEG, xr), hv = horner(w, DEG, xr);
        float fv = hornerf(wf, DEG, (float)xr);
        printf("p(3%+de-9) horner %.17g naive %.17g float %.9g\n", i - 2, hv, naivev, (double)fv);
    }

    for (i = 0; i < 10; i++) cheb[i] = 1.0 / (1.0 + i * i);
    maxdiff = 0.0;
    for (i = -20; i <= 20; i++) {
        double xx = i / 20.0, c1 = clenshaw(cheb, 9, xx), c2 = cheb_direct(cheb, 9, xx);
        if (fabs(c1 - c2) > maxdiff) maxdiff = fabs(c1 - c2);
        if (i % 10 == 0) printf("cheb(%5.2f) = %.17g\n", xx, c1);
    }
    printf("clenshaw vs direct max diff %.3e\n", maxdiff);
    if (maxdiff > 1e-14) fails++;
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
