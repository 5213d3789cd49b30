#include <stdio.h>
#define N 6
static void matmul(int a[N][N], int b[N][N], int c[N][N]) {
    int i, j, k;
    for (i = 0; i < N; i++) for (j = 0; j < N; j++) { c[i][j] = 0; for (k = 0; k < N; k++) c[i][j] += a[i][k] * b[k][j]; }
}
int main(void) {
    int a[N][N], b[N][N], c[N][N], i, j;
    for (i = 0; i < N; i++) for (j = 0; j < N; j++) { a[i][j] = i + j; b[i][j] = (i == j) * 2 + (i - j); }
    matmul(a, b, c);
    long long tr = 0;
    for (i = 0; i < N; i++) tr += c[i][i];
    printf("%lld %d %d\n", tr, c[0][N - 1], c[N - 1][0]);
    return 0;
}
