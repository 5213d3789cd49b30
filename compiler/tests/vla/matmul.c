/* Matrix multiply over VLA parameters (`double a[n][k]`,
 * `double (*c)[m]`, `double b[][m]`), with sizes chosen at run time. */
#include <stdio.h>

static void fill(int n, int m, double a[n][m], int seed)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            a[i][j] = (double)((i * 7 + j * 3 + seed) % 11) - 5.0;
}

static void matmul(int n, int k, int m, double a[n][k], double b[][m],
                   double (*c)[m])
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) {
            double s = 0.0;
            for (int t = 0; t < k; t++)
                s += a[i][t] * b[t][j];
            c[i][j] = s;
        }
}

/* The transpose through pointers to rows, stepped with ++. */
static void transpose(int n, int m, double (*src)[m], double (*dst)[n])
{
    for (int i = 0; i < n; i++, src++)
        for (int j = 0; j < m; j++)
            dst[j][i] = (*src)[j];
}

static double trace(int n, double (*a)[n])
{
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += a[i][i];
    return s;
}

int main(void)
{
    volatile int dims[3] = {5, 4, 6};
    int n = dims[0], k = dims[1], m = dims[2];
    double a[n][k], b[k][m], c[n][m], ct[m][n];
    fill(n, k, a, 1);
    fill(k, m, b, 2);
    matmul(n, k, m, a, b, c);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < m; j++)
            printf(" %6.1f", c[i][j]);
        printf("\n");
    }
    transpose(n, m, c, ct);
    printf("ct[5][4]=%.1f c[4][5]=%.1f\n", ct[5][4], c[4][5]);
    /* square: c·cᵀ (n×n) */
    double sq[n][n];
    matmul(n, m, n, c, ct, sq);
    printf("trace=%.1f\n", trace(n, sq));
    printf("sizes %u %u %u %u\n", (unsigned)sizeof a, (unsigned)sizeof b[0],
           (unsigned)sizeof c / (unsigned)sizeof c[0], (unsigned)sizeof sq[1][2]);
    return 0;
}
