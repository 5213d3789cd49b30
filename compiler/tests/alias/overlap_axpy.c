/* y[i] += a * x[i] through two int pointers, called with arrays apart
   and with arrays that overlap (y == x, y == x + 1, y == x - 1, y == x + 3):
   a loop versioned on a run-time overlap test must run its original
   order whenever the ranges meet. */
#include <stdio.h>

#define N 64

static int buf[3 * N];

__attribute__((noinline)) void axpy(int n, int a, int *y, const int *x)
{
    for (int i = 0; i < n; i++)
        y[i] += a * x[i];
}

static unsigned checksum(void)
{
    unsigned s = 0;
    for (int i = 0; i < 3 * N; i++)
        s = s * 31u + (unsigned)buf[i];
    return s;
}

static void fill(void)
{
    for (int i = 0; i < 3 * N; i++)
        buf[i] = i * 7 - 100;
}

int main(void)
{
    static const int shifts[] = {N + 1, 0, 1, -1, 3, -3, N - 1, -(N - 1), N, -N};
    for (unsigned k = 0; k < sizeof shifts / sizeof shifts[0]; k++) {
        for (int n = 0; n <= N; n += 7) {
            fill();
            int *x = buf + N;
            axpy(n, 3, x + shifts[k], x);
            printf("shift %d n %d: %08x\n", shifts[k], n, checksum());
        }
    }
    return 0;
}
