/* sizeof of VLAs, of their rows and of VLA type names, evaluated at run
 * time; size expressions with side effects evaluated exactly once;
 * VLA typedefs keep the size of the moment they are declared. */
#include <stdio.h>

static int calls;
static int next(int v) { calls++; return v; }

int main(void)
{
    volatile int v2 = 2, v3 = 3, v4 = 4;
    int n = v2, m = v3, k = v4;
    int a[n][m][k];
    printf("%u %u %u %u\n", (unsigned)sizeof a, (unsigned)sizeof a[0],
           (unsigned)sizeof a[0][0], (unsigned)sizeof a[1][2][3]);
    printf("%u %u\n", (unsigned)sizeof(int[n]), (unsigned)sizeof(long long[n][k]));
    /* constant outer, variable inner */
    short b[5][m];
    printf("%u %u\n", (unsigned)sizeof b, (unsigned)sizeof b[4]);
    /* side effects in sizes: once each */
    int i = 0, i2 = 3;
    char c[++i][i2++];
    printf("%d %d %u %u\n", i, i2, (unsigned)sizeof c, (unsigned)sizeof c);
    calls = 0;
    int d[next(n)][next(m)];
    unsigned s1 = sizeof d, s2 = sizeof d;
    printf("calls=%d %u %u\n", calls, s1, s2);
    /* sizeof of a VLA type name evaluates its size */
    int j = 5;
    unsigned t = sizeof(char[j++]);
    printf("%u %d\n", t, j);
    /* the operand of sizeof with VLA type is evaluated */
    int r = 0;
    unsigned u = sizeof a[r++];
    printf("%u %d\n", u, r);
    /* but not an operand whose type is not a VLA */
    unsigned w = sizeof a[r++][0][0];
    printf("%u %d\n", w, r);
    /* typedef: size fixed at the typedef */
    typedef double row[k];
    k = 10;
    row x;
    row y[2];
    printf("%u %u %u\n", (unsigned)sizeof(row), (unsigned)sizeof x, (unsigned)sizeof y);
    /* pointer to VLA: sizeof the pointee */
    int (*p)[m][k] = a;
    printf("%u %u %u\n", (unsigned)sizeof p, (unsigned)sizeof *p, (unsigned)sizeof **p);
    /* zero-length and large */
    int z = v2 - 2;
    int e[z + 1][z + 100];
    printf("%u\n", (unsigned)sizeof e);
    return (int)(sizeof a % 100);
}
