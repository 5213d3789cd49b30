/* Pointers to VLAs: indexing, arithmetic scaled by the run-time size
 * (p + 1, p++, p--, p += k, p1 - p2, comparisons), casts to
 * `int (*)[n]`, and passing them to functions. */
#include <stdio.h>

static int row_sum(int m, int (*row)[m])
{
    int s = 0;
    for (int j = 0; j < m; j++)
        s += (*row)[j];
    return s;
}

static long long walk(int n, int m, int (*p)[m])
{
    long long s = 0;
    int (*end)[m] = p + n;
    for (int (*q)[m] = p; q < end; q++)
        s = s * 3 + row_sum(m, q);
    return s;
}

int main(void)
{
    volatile int vn = 6, vm = 7;
    int n = vn, m = vm;
    int a[n][m];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            a[i][j] = i * 100 + j;
    int (*p)[m] = a;
    int (*q)[m] = &a[4];
    printf("%d %d %d\n", (int)(q - p), (int)(p - q), q[1][6]);
    p += 2;
    printf("%d %d\n", p[0][0], (*p)[3]);
    p--;
    printf("%d %d %d\n", p[0][0], (p + 3)[1][1], *(*(p + 2) + 5));
    int (*r)[m] = q - 3;
    printf("%d %d %d\n", r[0][0], r == p, r < q);
    printf("%lld\n", walk(n, m, a));
    /* the same storage seen with another row length */
    int k = m - 2;
    int (*c)[k] = (int (*)[k])a;
    printf("%d %d\n", c[1][0], c[2][3]);
    /* flat pointer and back */
    int *flat = &a[0][0];
    int (*back)[m] = (int (*)[m])(flat + 2 * m);
    printf("%d\n", back[1][2]);
    /* &a and pointer to the whole VLA */
    int (*whole)[n][m] = &a;
    printf("%d %u\n", (*whole)[5][6], (unsigned)((char *)(whole + 1) - (char *)whole));
    /* 3-D */
    int d1 = vn - 3, d2 = vn - 2, d3 = vm - 4;
    long long t[d1][d2][d3];
    for (int i = 0; i < d1; i++)
        for (int j = 0; j < d2; j++)
            for (int l = 0; l < d3; l++)
                t[i][j][l] = i * 10000 + j * 100 + l;
    long long (*tp)[d2][d3] = t + 1;
    tp++;
    printf("%lld %lld %d\n", tp[0][3][2], (*tp)[1][1], (int)(tp - t));
    long long (*tr)[d3] = t[1];
    printf("%lld %d\n", tr[5][0], (int)(&t[2][0] - tr));
    return 0;
}
