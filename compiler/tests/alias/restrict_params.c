/* restrict pointer parameters (C99 §6.7.3.1) used as the standard
   allows: distinct arrays, a restrict pointer beside a global, pointers
   derived from a restrict parameter inside the function, and two
   restrict pointers into one array that only read it. */
#include <stdio.h>

#define N 40

static int a[N], b[N], g[N];

__attribute__((noinline)) void axpy(int n, int k, int *restrict y, const int *restrict x)
{
    for (int i = 0; i < n; i++)
        y[i] += k * x[i];
}

__attribute__((noinline)) int with_global(int n, int *restrict p)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
        p[i] = g[i] + 1;
        s += g[i] * p[i];
    }
    return s;
}

__attribute__((noinline)) void shift_in(int n, int *restrict p)
{
    int *q = p + 1;
    for (int i = 0; i < n - 1; i++)
        p[i] = q[i] * 2;
}

__attribute__((noinline)) int two_readers(int n, const int *restrict p, const int *restrict q)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += p[i] * q[i];
    return s;
}

int main(void)
{
    for (int i = 0; i < N; i++) {
        a[i] = i * 3 - 7;
        b[i] = 100 - i;
        g[i] = i * i;
    }
    axpy(N, 5, a, b);
    int s = with_global(N, b);
    shift_in(N, a);
    int t = two_readers(N, g, g);
    unsigned c = 0;
    for (int i = 0; i < N; i++)
        c = c * 31u + (unsigned)a[i] + 7u * (unsigned)b[i];
    printf("%08x %d %d\n", c, s, t);
    return 0;
}
