/* BiCG sub-kernel of the BiCGStab solver in double precision: s = A^T r
 * and q = A p for a 100 x 100 matrix, one pass over A computing both (the
 * loop shape of PolyBench's bicg). Every + and * is a soft-float helper
 * call (__adddf3, __muldf3) from the inner loop. Checksums of s and q. */
#include <stdio.h>

#define N 100
#define M 100

static double A[N][M];
static double r[N], p[M], s[M], q[N];

static void init(void)
{
    for (int j = 0; j < M; j++)
        p[j] = (double)(j % M) / M;
    for (int i = 0; i < N; i++) {
        r[i] = (double)(i % N) / N;
        for (int j = 0; j < M; j++)
            A[i][j] = (double)(i * (j + 1) % N) / N;
    }
}

static void bicg(void)
{
    for (int j = 0; j < M; j++)
        s[j] = 0.0;
    for (int i = 0; i < N; i++) {
        q[i] = 0.0;
        for (int j = 0; j < M; j++) {
            s[j] = s[j] + r[i] * A[i][j];
            q[i] = q[i] + A[i][j] * p[j];
        }
    }
}

int main(void)
{
    init();
    bicg();
    double cs = 0.0, cq = 0.0;
    for (int j = 0; j < M; j++)
        cs = cs + s[j] * (j + 1);
    for (int i = 0; i < N; i++)
        cq = cq + q[i] * (i + 1);
    printf("s checksum %.6f\nq checksum %.6f\n", cs, cq);
    printf("s[1..3] %.6f %.6f %.6f\n", s[1], s[2], s[3]);
    printf("q[1..3] %.6f %.6f %.6f\n", q[1], q[2], q[3]);
    return 0;
}
