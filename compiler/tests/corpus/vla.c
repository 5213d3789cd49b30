/* Variable-length arrays: sizeof at run time, VLAs in loops (freed every
 * iteration, also on break and continue), nested blocks, a VLA of
 * structs and of fixed-size rows, passing to functions, recursion, early
 * return, and alloca. */
#include <stdio.h>
#include <string.h>
#include <alloca.h>

struct pair { short a; long long b; };

static long long sum(const int *v, int n) {
    long long s = 0;
    for (int i = 0; i < n; i++) s += v[i];
    return s;
}

static int depth_sum(int n) {
    if (n == 0) return 0;
    int local[n];
    for (int i = 0; i < n; i++) local[i] = n;
    int r = depth_sum(n - 1);
    return r + local[n - 1] + (int)(sizeof local / sizeof local[0]);
}

static int early(int n) {
    char buf[n + 1];
    memset(buf, 'a', n);
    buf[n] = 0;
    if (n > 3) return (int)strlen(buf) * 10;
    return (int)sizeof buf;
}

static int with_alloca(int n) {
    int *p = alloca(n * sizeof(int));
    int *q = __builtin_alloca(16);
    for (int i = 0; i < n; i++) p[i] = i * 3;
    q[0] = 7;
    return (int)sum(p, n) + q[0];
}

int main(void) {
    volatile int vn = 7;
    int n = vn;
    int a[n];
    for (int i = 0; i < n; i++) a[i] = i * i;
    printf("%u %lld\n", (unsigned)sizeof a, sum(a, n));
    long long total = 0;
    for (int round = 1; round <= 3000; round++) {
        int m = round % 50 + 1;
        long long big[m * 20];
        for (int k = 0; k < m * 20; k++) big[k] = k + round;
        total += big[m * 20 - 1] + (long long)sizeof big;
        if (round % 7 == 0) continue;
        {
            struct pair ps[m];
            ps[m - 1].a = (short)m;
            ps[m - 1].b = round;
            total += ps[m - 1].a + ps[m - 1].b + (long long)sizeof ps;
            if (round == 2999) break;
        }
    }
    printf("%lld\n", total);
    int rows = vn - 4;
    int grid[rows][5];
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < 5; c++) grid[r][c] = r * 10 + c;
    printf("%u %d %d\n", (unsigned)sizeof grid, grid[rows - 1][4], grid[1][2]);
    printf("%d %d %d\n", depth_sum(30), early(10), early(2));
    int acc = 0;
    for (int i = 0; i < 2000; i++) acc += with_alloca(i % 40 + 1);
    printf("%d\n", acc);
    return (int)(sizeof a + total % 50);
}
