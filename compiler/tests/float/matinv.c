/* matinv: Gauss-Jordan inversion with partial pivoting of random 6x6 and 8x8
 * double matrices and of a 5x5 Hilbert matrix. Checks that A * inv(A) is
 * close to the identity (residual bound), that inverting twice gives A back,
 * and that a singular matrix is detected. Uses only + - * / fabs. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <math.h>

#define MAXN 8

static uint32_t lcg = 12345u;
static double rnd(void)
{
    lcg = lcg * 1664525u + 1013904223u;
    return (double)(int32_t)(lcg >> 12) / 524288.0 - 1.0; /* [-1, 1) */
}

/* inverts a (n x n) into inv; returns 0 if singular. a is destroyed. */
static int invert(int n, double a[MAXN][MAXN], double inv[MAXN][MAXN], double *det)
{
    int i, j, k;
    double d = 1.0;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            inv[i][j] = (i == j) ? 1.0 : 0.0;
    for (k = 0; k < n; k++) {
        int p = k;
        double best = fabs(a[k][k]), piv;
        for (i = k + 1; i < n; i++)
            if (fabs(a[i][k]) > best) { best = fabs(a[i][k]); p = i; }
        if (best < 1e-12)
            return 0;
        if (p != k) {
            for (j = 0; j < n; j++) {
                double t = a[k][j]; a[k][j] = a[p][j]; a[p][j] = t;
                t = inv[k][j]; inv[k][j] = inv[p][j]; inv[p][j] = t;
            }
            d = -d;
        }
        piv = a[k][k];
        d *= piv;
        for (j = 0; j < n; j++) { a[k][j] /= piv; inv[k][j] /= piv; }
        for (i = 0; i < n; i++) {
            double f;
            if (i == k) continue;
            f = a[i][k];
            if (f == 0.0) continue;
            for (j = 0; j < n; j++) {
                a[i][j] -= f * a[k][j];
                inv[i][j] -= f * inv[k][j];
            }
        }
    }
    *det = d;
    return 1;
}

static double residual(int n, double a[MAXN][MAXN], double b[MAXN][MAXN])
{
    int i, j, k;
    double r = 0.0;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            double s = 0.0;
            for (k = 0; k < n; k++)
                s += a[i][k] * b[k][j];
            s -= (i == j) ? 1.0 : 0.0;
            if (fabs(s) > r) r = fabs(s);
        }
    return r;
}

static int fails;

static void test(const char *name, int n, double a[MAXN][MAXN], double bound)
{
    double work[MAXN][MAXN], inv[MAXN][MAXN], inv2[MAXN][MAXN], det, det2, r, back = 0.0, sum = 0.0;
    int i, j;
    memcpy(work, a, sizeof work);
    if (!invert(n, work, inv, &det)) { printf("%s: singular FAIL\n", name); fails++; return; }
    r = residual(n, a, inv);
    memcpy(work, inv, sizeof work);
    invert(n, work, inv2, &det2);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            if (fabs(inv2[i][j] - a[i][j]) > back) back = fabs(inv2[i][j] - a[i][j]);
            sum += inv[i][j];
        }
    printf("%s: n=%d det %.17g inv[0][0] %.17g sum %.17g\n", name, n, det, inv[0][0], sum);
    printf("%s: residual %.3e twice %.3e det*det(inv) %.12f %s\n", name, r, back, det * det2,
           (r < bound && back < bound) ? "ok" : "FAIL");
    if (!(r < bound && back < bound)) fails++;
}

int main(void)
{
    double a[MAXN][MAXN], w[MAXN][MAXN], inv[MAXN][MAXN], det;
    int i, j;

    for (i = 0; i < 6; i++)
        for (j = 0; j < 6; j++)
            a[i][j] = rnd() + (i == j ? 2.0 : 0.0);
    test("rand6", 6, a, 1e-13);

    for (i = 0; i < 8; i++)
        for (j = 0; j < 8; j++)
            a[i][j] = rnd() * 10.0;
    test("rand8", 8, a, 1e-12);

    for (i = 0; i < 5; i++)
        for (j = 0; j < 5; j++)
            a[i][j] = 1.0 / (double)(i + j + 1);
    test("hilbert5", 5, a, 1e-8);

    /* exact inverse known: the 1 -1 tridiagonal-like matrix with integer inverse */
    memset(a, 0, sizeof a);
    for (i = 0; i < 4; i++) { a[i][i] = 1.0; if (i < 3) a[i][i + 1] = -1.0; }
    memcpy(w, a, sizeof w);
    invert(4, w, inv, &det);
    printf("bidiag inverse row0: %g %g %g %g det %g\n", inv[0][0], inv[0][1], inv[0][2], inv[0][3], det);
    if (inv[0][3] != 1.0 || det != 1.0) fails++;

    /* singular: row 2 = row 0 + row 1 */
    for (j = 0; j < 4; j++) {
        a[0][j] = j + 1.0; a[1][j] = 0.5 * j - 1.0; a[2][j] = a[0][j] + a[1][j]; a[3][j] = j * j;
    }
    memcpy(w, a, sizeof w);
    i = invert(4, w, inv, &det);
    printf("singular detected: %s\n", i == 0 ? "yes" : "no FAIL");
    if (i != 0) fails++;

    puts(fails ? "FAIL" : "PASS");
    return 0;
}
