/* VLA storage is released when its scope ends: every loop iteration,
 * break, continue, goto backwards out of the scope, and return; a
 * million iterations of a 4 KiB VLA would exhaust the 1 MiB VLA stack
 * otherwise. VLAs in statement expressions and for-loop declarations. */
#include <stdio.h>

static int deep(int depth, int n)
{
    int a[n];
    for (int i = 0; i < n; i++)
        a[i] = depth + i;
    if (depth == 0)
        return a[n - 1];
    return deep(depth - 1, n) + a[0];
}

int main(void)
{
    volatile int vn = 1024;
    int n = vn;
    long long sum = 0;
    for (int it = 0; it < 300; it++) {
        int a[n][it % 3 + 1];
        a[n - 1][0] = it;
        sum += a[n - 1][0];
        if (it % 5 == 0)
            continue;
        {
            char b[n * 4];
            b[0] = (char)it;
            sum += b[0];
            if (it == 299)
                break;
        }
    }
    printf("%lld\n", sum);
    /* goto backwards out of the scope: freed each time */
    int count = 0;
again:
    {
        int g[n];
        g[0] = count;
        count = g[0] + 1;
        if (count < 600)
            goto again;
    }
    printf("%d\n", count);
    /* a label before the VLA in the same block */
    int rounds = 0;
    {
    top:;
        double h[n];
        h[n - 1] = rounds;
        rounds = (int)h[n - 1] + 1;
        if (rounds < 400)
            goto top;
    }
    printf("%d\n", rounds);
    /* statement expressions holding VLAs */
    long long acc = 0;
    for (int i = 0; i < 500; i++)
        acc += ({ int s[n]; s[i % n] = i; s[i % n] * 2; });
    printf("%lld\n", acc);
    /* VLA declared in a for statement */
    int fsum = 0;
    for (int f[n], i = 0; i < 10; i++) {
        f[i] = i;
        fsum += f[i];
    }
    printf("%d\n", fsum);
    /* recursion, early return, while and do-while */
    printf("%d\n", deep(50, 100));
    int w = 0;
    while (w < 300) {
        int x[n];
        x[w % n] = w;
        w = x[w % n] + 1;
    }
    do {
        int y[n];
        y[0] = w;
        w = y[0] + 1;
    } while (w < 700);
    printf("%d\n", w);
    /* switch with VLAs inside the cases' own blocks */
    int tot = 0;
    for (int i = 0; i < 900; i++) {
        switch (i % 3) {
        case 0: {
            int z[n];
            z[0] = i;
            tot += z[0];
            break;
        }
        case 1: {
            short z[n][2];
            z[n - 1][1] = 1;
            tot += z[n - 1][1];
            continue;
        }
        default:
            tot -= 1;
        }
    }
    printf("%d\n", tot);
    return 0;
}
