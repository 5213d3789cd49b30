/* matmul: 32x32 integer matrix multiply (naive i-j-k and transposed-B forms) and
   a 16x16 short-matrix power by repeated multiplication modulo 65521. */
#include <stdio.h>
#include <stdint.h>

#define N 32
#define M 16

static int A[N][N], B[N][N], C[N][N], D[N][N], Bt[N][N];
static uint32_t P[M][M], Q[M][M], T[M][M];
static uint32_t seed = 99u;

static int rnd(int range)
{
    seed = seed * 1664525u + 1013904223u;
    return (int)((seed >> 8) % (unsigned)range);
}

static void mul_naive(int a[N][N], int b[N][N], int c[N][N])
{
    int i, j, k;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            int s = 0;
            for (k = 0; k < N; k++)
                s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
}

static void mul_transposed(int a[N][N], int bt[N][N], int c[N][N])
{
    int i, j, k;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            const int *ra = a[i], *rb = bt[j];
            int s = 0;
            for (k = 0; k < N; k++)
                s += ra[k] * rb[k];
            c[i][j] = s;
        }
}

static void mul_mod(uint32_t a[M][M], uint32_t b[M][M], uint32_t c[M][M])
{
    int i, j, k;
    for (i = 0; i < M; i++)
        for (j = 0; j < M; j++) {
            uint32_t s = 0;
            for (k = 0; k < M; k++)
                s = (s + a[i][k] * b[k][j]) % 65521u;
            c[i][j] = s;
        }
}

int main(void)
{
    int i, j, step, same = 1;
    long long trace = 0;
    uint32_t ck = 0;

    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            A[i][j] = rnd(2001) - 1000;
            B[i][j] = rnd(2001) - 1000;
        }
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            Bt[j][i] = B[i][j];
    mul_naive(A, B, C);
    mul_transposed(A, Bt, D);
    for (i = 0; i < N; i++) {
        trace += C[i][i];
        for (j = 0; j < N; j++) {
            if (C[i][j] != D[i][j])
                same = 0;
            ck = ck * 31u + (uint32_t)C[i][j];
        }
    }
    printf("matmul: %dx%d\n", N, N);
    printf("C[0][0]=%d C[%d][%d]=%d trace=%lld\n", C[0][0], N - 1, N - 1, C[N - 1][N - 1], trace);
    printf("forms agree: %s, checksum %08x\n", same ? "yes" : "no", ck);

    for (i = 0; i < M; i++)
        for (j = 0; j < M; j++)
            P[i][j] = Q[i][j] = (uint32_t)rnd(65521);
    for (step = 0; step < 6; step++) {
        mul_mod(P, Q, T);
        for (i = 0; i < M; i++)
            for (j = 0; j < M; j++)
                P[i][j] = T[i][j];
    }
    ck = 0;
    for (i = 0; i < M; i++)
        for (j = 0; j < M; j++)
            ck = ck * 65599u + P[i][j];
    printf("power mod 65521: P[0][0]=%u P[15][15]=%u checksum %08x\n", P[0][0], P[M - 1][M - 1], ck);
    return 0;
}
