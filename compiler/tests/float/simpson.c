/* simpson: numerical integration by composite trapezoid, composite Simpson,
 * Romberg and recursive adaptive Simpson. Integrands: 4/(1+x^2) on [0,1]
 * (= pi), x^3 (Simpson is exact), 1/x on [1,2] (= ln 2), sqrt(x) on [0,1]
 * (= 2/3), and exp(-x^2) on [0,2] (uses libm exp: printed to 8 decimals
 * only). Checks the error orders (Simpson error drops at least 12x per halving) and
 * the final accuracy. */
#include <stdio.h>
#include <math.h>

typedef double (*fn)(double);

static double f_pi(double x) { return 4.0 / (1.0 + x * x); }
static double f_cube(double x) { return x * x * x - 2.0 * x + 1.0; }
static double f_inv(double x) { return 1.0 / x; }
static double f_sqrt(double x) { return sqrt(x); }
static double f_gauss(double x) { return exp(-x * x); }

static int calls;

static double trapezoid(fn f, double a, double b, int n)
{
    double h = (b - a) / n, s = 0.5 * (f(a) + f(b));
    int i;
    for (i = 1; i < n; i++) s += f(a + i * h);
    calls += n + 1;
    return s * h;
}

static double simpson(fn f, double a, double b, int n)
{
    double h = (b - a) / n, s = f(a) + f(b);
    int i;
    for (i = 1; i < n; i++) s += f(a + i * h) * ((i & 1) ? 4.0 : 2.0);
    calls += n + 1;
    return s * h / 3.0;
}

static double romberg(fn f, double a, double b, int levels)
{
    double r[12][12];
    int i, j;
    for (i = 0; i < levels; i++) {
        double p4 = 4.0;
        r[i][0] = trapezoid(f, a, b, 1 << i);
        for (j = 1; j <= i; j++) {
            r[i][j] = (p4 * r[i][j - 1] - r[i - 1][j - 1]) / (p4 - 1.0);
            p4 *= 4.0;
        }
    }
    return r[levels - 1][levels - 1];
}

static double adaptive(fn f, double a, double b, double fa, double fm, double fb, double whole, double eps, int depth)
{
    double m = 0.5 * (a + b), lm = 0.5 * (a + m), rm = 0.5 * (m + b);
    double flm = f(lm), frm = f(rm);
    double left = (m - a) / 6.0 * (fa + 4.0 * flm + fm);
    double right = (b - m) / 6.0 * (fm + 4.0 * frm + fb);
    calls += 2;
    if (depth <= 0 || fabs(left + right - whole) <= 15.0 * eps)
        return left + right + (left + right - whole) / 15.0;
    return adaptive(f, a, m, fa, flm, fm, left, 0.5 * eps, depth - 1) +
           adaptive(f, m, b, fm, frm, fb, right, 0.5 * eps, depth - 1);
}

static double adapt(fn f, double a, double b, double eps)
{
    double fa = f(a), fb = f(b), fm = f(0.5 * (a + b));
    calls += 3;
    return adaptive(f, a, b, fa, fm, fb, (b - a) / 6.0 * (fa + 4.0 * fm + fb), eps, 40);
}

int main(void)
{
    const double pi = 3.14159265358979323846, ln2 = 0.69314718055994530942;
    double prev_err = 0.0, v;
    int n, fails = 0;

    for (n = 4; n <= 64; n *= 2) {
        double t = trapezoid(f_pi, 0.0, 1.0, n), s = simpson(f_pi, 0.0, 1.0, n), err = fabs(s - pi);
        printf("n=%2d trapezoid %.17g simpson %.17g err %.3e", n, t, s, err);
        if (prev_err > 0.0) printf(" ratio %.1f", prev_err / err);
        putchar('\n');
        if (n <= 32 && prev_err > 0.0 && !(prev_err / err > 12.0)) fails++;
        prev_err = err;
    }
    v = simpson(f_cube, -1.0, 3.0, 2);
    printf("simpson cubic n=2 %.17g (exact 16)\n", v);
    if (v != 16.0) fails++;
    v = romberg(f_pi, 0.0, 1.0, 8);
    printf("romberg pi %.17g err %.1e\n", v, fabs(v - pi));
    if (fabs(v - pi) > 1e-13) fails++;
    v = romberg(f_inv, 1.0, 2.0, 8);
    printf("romberg ln2 %.17g err %.1e\n", v, fabs(v - ln2));
    if (fabs(v - ln2) > 1e-13) fails++;
    calls = 0;
    v = adapt(f_sqrt, 0.0, 1.0, 1e-10);
    printf("adaptive sqrt %.17g err %.1e calls %d\n", v, fabs(v - 2.0 / 3.0), calls);
    if (fabs(v - 2.0 / 3.0) > 1e-9) fails++;
    calls = 0;
    v = adapt(f_inv, 1.0, 2.0, 1e-12);
    printf("adaptive ln2 %.17g calls %d\n", v, calls);
    if (fabs(v - ln2) > 1e-12) fails++;
    v = simpson(f_gauss, 0.0, 2.0, 64);
    printf("simpson exp(-x^2) on [0,2]: %.8f (erf(2)*sqrt(pi)/2 = 0.88208139)\n", v);
    if (fabs(v - 0.882081390762) > 1e-7) fails++;
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
