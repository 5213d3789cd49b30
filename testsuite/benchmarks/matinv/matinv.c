/* matinv: Gauss-Jordan inversion with partial pivoting of four 16x16 double
 * matrices (random, random diagonally dominant, a scaled Hilbert-like
 * Cauchy matrix, and a random symmetric one), residual max|A*inv(A) - I|,
 * double inversion back to A, and the determinant from the pivots. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <math.h>

#define N 16

static uint32_t lcg = 20240601u;
static double rnd(void)
{
    lcg = lcg * 1664525u + 1013904223u;
    return (double)(lcg >> 8) / 8388608.0 - 1.0; /* [-1, 1), 24 bits */
}

static double a[N][N], w[N][N], inv[N][N], inv2[N][N];

static int invert(double m[N][N], double r[N][N], double *det)
{
    int i, j, k;
    double d = 1.0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) r[i][j] = i == j ? 1.0 : 0.0;
    for (k = 0; k < N; k++) {
        int p = k;
        double best = fabs(m[k][k]), piv;
        for (i = k + 1; i < N; i++)
            if (fabs(m[i][k]) > best) { best = fabs(m[i][k]); p = i; }
        if (best == 0.0) return 0;
        if (p != k) {
            for (j = 0; j < N; j++) {
                double t = m[k][j]; m[k][j] = m[p][j]; m[p][j] = t;
                t = r[k][j]; r[k][j] = r[p][j]; r[p][j] = t;
            }
            d = -d;
        }
        piv = m[k][k];
        d *= piv;
        for (j = 0; j < N; j++) { m[k][j] /= piv; r[k][j] /= piv; }
        for (i = 0; i < N; i++) {
            double f = m[i][k];
            if (i == k || f == 0.0) continue;
            for (j = 0; j < N; j++) { m[i][j] -= f * m[k][j]; r[i][j] -= f * r[k][j]; }
        }
    }
    *det = d;
    return 1;
}

static double residual(double x[N][N], double y[N][N])
{
    int i, j, k;
    double worst = 0.0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            double s = i == j ? -1.0 : 0.0;
            for (k = 0; k < N; k++) s += x[i][k] * y[k][j];
            if (fabs(s) > worst) worst = fabs(s);
        }
    return worst;
}

int main(void)
{
    int t, i, j, fails = 0;
    for (t = 0; t < 4; t++) {
        double det, det2, r, back = 0.0, trace = 0.0, norm1 = 0.0, bound;
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                switch (t) {
                case 0: a[i][j] = rnd(); break;
                case 1: a[i][j] = rnd() + (i == j ? 8.0 : 0.0); break;
                case 2: a[i][j] = 1.0 / (i + 0.5 * j + 1.0) + (i == j ? 0.5 : 0.0); break;
                default: a[i][j] = j < i ? a[j][i] : rnd() * 4.0; break;
                }
            }
        bound = t == 2 ? 1e-11 : 1e-12;
        memcpy(w, a, sizeof w);
        if (!invert(w, inv, &det)) { printf("matrix %d singular FAIL\n", t); fails++; continue; }
        r = residual(a, inv);
        memcpy(w, inv, sizeof w);
        invert(w, inv2, &det2);
        for (i = 0; i < N; i++) {
            double col = 0.0;
            trace += inv[i][i];
            for (j = 0; j < N; j++) {
                if (fabs(inv2[i][j] - a[i][j]) > back) back = fabs(inv2[i][j] - a[i][j]);
                col += fabs(inv[j][i]);
            }
            if (col > norm1) norm1 = col;
        }
        printf("matrix %d: det %.17g trace(inv) %.17g |inv|_1 %.17g\n", t, det, trace, norm1);
        printf("matrix %d: inv[0][0] %.17g inv[15][7] %.17g\n", t, inv[0][0], inv[N - 1][7]);
        printf("matrix %d: residual %.3e back %.3e det*det(inv) %.12f %s\n", t, r, back, det * det2,
               r < bound && back < bound * 100 ? "ok" : "FAIL");
        if (!(r < bound && back < bound * 100)) fails++;
    }
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
