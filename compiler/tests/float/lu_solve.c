/* lu_solve: LU decomposition with partial pivoting (Doolittle, in place,
 * row permutation vector) of a random 10x10 diagonally weighted matrix and
 * of a 6x6 tridiagonal matrix, forward/back substitution for several right
 * hand sides, one step of iterative refinement, and the determinant from
 * the LU factors. Checks the residual |Ax - b|, that x matches a known
 * solution, and that the tridiagonal solve agrees with the Thomas algorithm
 * in float. Pure + - * / fabs. */
#include <stdio.h>
#include <stdint.h>
#include <math.h>

#define N 10

static uint32_t rng = 0x5EED1234u;
static double rnd(void)
{
    rng ^= rng << 13; rng ^= rng >> 17; rng ^= rng << 5;
    return (double)(rng >> 11) / 2097152.0 - 1.0;
}

static int lu(int n, double a[N][N], int *perm, int *sign)
{
    int i, j, k;
    *sign = 1;
    for (i = 0; i < n; i++) perm[i] = i;
    for (k = 0; k < n; k++) {
        int p = k;
        for (i = k + 1; i < n; i++) if (fabs(a[i][k]) > fabs(a[p][k])) p = i;
        if (a[p][k] == 0.0) return 0;
        if (p != k) {
            int t = perm[k]; perm[k] = perm[p]; perm[p] = t;
            for (j = 0; j < n; j++) { double d = a[k][j]; a[k][j] = a[p][j]; a[p][j] = d; }
            *sign = -*sign;
        }
        for (i = k + 1; i < n; i++) {
            a[i][k] /= a[k][k];
            for (j = k + 1; j < n; j++) a[i][j] -= a[i][k] * a[k][j];
        }
    }
    return 1;
}

static void lu_solve(int n, double lu_[N][N], const int *perm, const double *b, double *x)
{
    int i, j;
    for (i = 0; i < n; i++) {
        double s = b[perm[i]];
        for (j = 0; j < i; j++) s -= lu_[i][j] * x[j];
        x[i] = s;
    }
    for (i = n - 1; i >= 0; i--) {
        double s = x[i];
        for (j = i + 1; j < n; j++) s -= lu_[i][j] * x[j];
        x[i] = s / lu_[i][i];
    }
}

static double resid(int n, double a[N][N], const double *x, const double *b, double *r)
{
    int i, j;
    double m = 0.0;
    for (i = 0; i < n; i++) {
        double s = b[i];
        for (j = 0; j < n; j++) s -= a[i][j] * x[j];
        if (r) r[i] = s;
        if (fabs(s) > m) m = fabs(s);
    }
    return m;
}

int main(void)
{
    double a[N][N], f[N][N], b[N], x[N], xt[N], r[N], dx[N], det;
    int perm[N], sign, i, j, rhs, fails = 0;

    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            f[i][j] = a[i][j] = rnd() + (i == j ? 0.5 : 0.0);
    if (!lu(N, f, perm, &sign)) { puts("singular FAIL"); return 0; }
    det = sign;
    for (i = 0; i < N; i++) det *= f[i][i];
    printf("perm:");
    for (i = 0; i < N; i++) printf(" %d", perm[i]);
    printf("\ndet %.17g U[9][9] %.17g L[9][0] %.17g\n", det, f[N - 1][N - 1], f[N - 1][0]);

    for (rhs = 0; rhs < 3; rhs++) {
        double r1, r2, err = 0.0;
        for (i = 0; i < N; i++) xt[i] = (rhs == 0) ? 1.0 : (rhs == 1) ? (double)(i - 4) : rnd();
        for (i = 0; i < N; i++) {
            b[i] = 0.0;
            for (j = 0; j < N; j++) b[i] += a[i][j] * xt[j];
        }
        lu_solve(N, f, perm, b, x);
        r1 = resid(N, a, x, b, r);
        lu_solve(N, f, perm, r, dx);
        for (i = 0; i < N; i++) x[i] += dx[i];
        r2 = resid(N, a, x, b, NULL);
        for (i = 0; i < N; i++) if (fabs(x[i] - xt[i]) > err) err = fabs(x[i] - xt[i]);
        printf("rhs %d: x[0] %.17g x[9] %.17g residual %.3e refined %.3e error %.3e\n", rhs, x[0], x[N - 1], r1,
               r2, err);
        if (r1 > 1e-13 || r2 > 1e-13 || err > 1e-12) fails++;
    }

    /* tridiagonal: -1 2.5 -1 */
    {
        const int n = 6;
        float sub[6], diag[6], sup[6], rhsf[6], cp[6], dp[6], xf[6];
        for (i = 0; i < N; i++) for (j = 0; j < N; j++) a[i][j] = 0.0;
        for (i = 0; i < n; i++) {
            a[i][i] = 2.5; diag[i] = 2.5f;
            if (i > 0) a[i][i - 1] = -1.0;
            if (i < n - 1) a[i][i + 1] = -1.0;
            sub[i] = sup[i] = -1.0f;
            b[i] = i + 1.0; rhsf[i] = (float)(i + 1);
            for (j = 0; j < N; j++) f[i][j] = a[i][j];
        }
        lu(n, f, perm, &sign);
        lu_solve(n, f, perm, b, x);
        /* Thomas algorithm in float */
        cp[0] = sup[0] / diag[0]; dp[0] = rhsf[0] / diag[0];
        for (i = 1; i < n; i++) {
            float m = diag[i] - sub[i] * cp[i - 1];
            cp[i] = sup[i] / m;
            dp[i] = (rhsf[i] - sub[i] * dp[i - 1]) / m;
        }
        xf[n - 1] = dp[n - 1];
        for (i = n - 2; i >= 0; i--) xf[i] = dp[i] - cp[i] * xf[i + 1];
        for (i = 0; i < n; i++) {
            printf("tri x[%d] = %.17g float %.9g\n", i, x[i], (double)xf[i]);
            if (fabs(x[i] - xf[i]) > 1e-5) fails++;
        }
        if (resid(n, a, x, b, NULL) > 1e-14) fails++;
    }
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
