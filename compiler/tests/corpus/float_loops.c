/* floats in loops: dot products, a float induction variable, Horner,
   Newton's square root, sorting doubles, min/max selects, a float
   accumulator in a struct array */
#include <stdio.h>

union du { double d; unsigned long long u; };
union fu { float f; unsigned u; };
static unsigned long long db(double d) { union du x; x.d = d; return x.u; }
static unsigned fb(float f) { union fu x; x.f = f; return x.u; }

struct acc { int n; double sum; float fsum; };

static double dot(const double *a, const double *b, int n) {
    double s = 0;
    int i;
    for (i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}
static float dotf(const float *a, const float *b, int n) {
    float s = 0;
    int i;
    for (i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}
static double horner(const double *c, int n, double x) {
    double r = 0;
    while (n-- > 0)
        r = r * x + c[n];
    return r;
}
static double newton_sqrt(double a) {
    double x = a > 1 ? a : 1;
    int i;
    for (i = 0; i < 60; i++) {
        double nx = 0.5 * (x + a / x);
        if (nx == x)
            break;
        x = nx;
    }
    return x;
}
static void sort(double *v, int n) {
    int i, j;
    for (i = 1; i < n; i++) {
        double k = v[i];
        for (j = i - 1; j >= 0 && v[j] > k; j--)
            v[j + 1] = v[j];
        v[j + 1] = k;
    }
}

int main(void) {
    double a[16], b[16], c[5] = { 1, -0.5, 0.25, -0.125, 0.0625 };
    float fa[16], fbv[16];
    double v[10] = { 3.5, -1, 0.1, 1e10, -0.0, 0.0, 2.25, -7.5, 1e-10, 3.5 };
    struct acc s[3] = { { 0, 0, 0 } };
    double x, mn = 1e300, mx = -1e300;
    int i, count = 0;
    for (i = 0; i < 16; i++) {
        a[i] = i * 0.37 - 2;
        b[i] = 1.0 / (i + 1);
        fa[i] = (float)a[i];
        fbv[i] = (float)b[i];
    }
    printf("%llx %x\n", db(dot(a, b, 16)), fb(dotf(fa, fbv, 16)));
    for (x = 0; x < 1; x += 0.1)
        count++;
    printf("%d %llx\n", count, db(x));
    printf("%llx %llx\n", db(horner(c, 5, 0.3)), db(horner(c, 5, -2)));
    printf("%llx %llx %llx\n", db(newton_sqrt(2)), db(newton_sqrt(1e-6)), db(newton_sqrt(12345.678)));
    sort(v, 10);
    for (i = 0; i < 10; i++)
        printf("%llx ", db(v[i]));
    printf("\n");
    for (i = 0; i < 16; i++) {
        mn = a[i] < mn ? a[i] : mn;
        mx = a[i] > mx ? a[i] : mx;
        s[i % 3].n++;
        s[i % 3].sum += a[i];
        s[i % 3].fsum += fa[i] * 0.5f;
    }
    printf("%llx %llx\n", db(mn), db(mx));
    for (i = 0; i < 3; i++)
        printf("%d %llx %x\n", s[i].n, db(s[i].sum), fb(s[i].fsum));
    return (int)(dot(a, b, 16) * 10) & 0xff;
}
