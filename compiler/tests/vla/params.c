/* VLA parameters: `int a[n][m]`, `int a[][m]`, `int (*a)[m]`, `[*]` in
 * prototypes, sizes that use earlier parameters and globals, size
 * expressions with side effects evaluated at entry. */
#include <stdio.h>

int scale = 2;

void init(int n, int m, int a[*][*]);
int total(int n, int m, int a[n][*]);
int diag(int n, int (*a)[*]);

void init(int n, int m, int a[n][m])
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            a[i][j] = i * m + j;
}

int total(int n, int m, int a[][m])
{
    int s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            s += a[i][j];
    return s;
}

int diag(int n, int (*a)[n])
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += a[i][i];
    return s;
}

/* the row length is an expression of the parameters and a global */
static int corner(int n, int a[][n * scale])
{
    return a[1][n * scale - 1] + (int)sizeof a[0];
}

static int counted;
static int count(int v) { counted++; return v; }

/* a size with a call: evaluated once at entry */
static int with_call(int n, int a[][count(n)])
{
    return a[2][0] + (int)sizeof *a;
}

/* parameters after the array, and a pointer to a 2-D VLA */
static int cube(int n, int (*c)[n][n], int pick)
{
    return c[pick][pick][pick] + (int)sizeof c[0];
}

int main(void)
{
    volatile int vn = 4, vm = 5;
    int n = vn, m = vm;
    int a[n][m];
    init(n, m, a);
    printf("%d %d\n", total(n, m, a), a[3][4]);
    int sq[n][n];
    init(n, n, sq);
    printf("%d\n", diag(n, sq));
    int w[3][n * scale];
    init(3, n * scale, w);
    printf("%d\n", corner(n, w));
    counted = 0;
    int wc = with_call(m, a);
    printf("%d %d\n", wc, counted);
    int c[n][n][n];
    for (int i = 0; i < n; i++)
        init(n, n, c[i]);
    printf("%d\n", cube(n, c, 3));
    /* a fixed-size array passed to a VLA parameter */
    int f[2][3] = {{1, 2, 3}, {4, 5, 6}};
    printf("%d\n", total(2, 3, f));
    return 0;
}
