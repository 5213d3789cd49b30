/* linreg: least-squares straight-line fit y = a + b x of 500 noisy points
 * in double (centred sums and the normal equations) and in float, plus a
 * quadratic fit through the 3x3 normal equations solved by Cramer's rule.
 * Checks that the fitted slope/intercept are close to the true ones (3.5,
 * -2), that both double formulas agree, the residuals sum to ~0, and R^2 is
 * in (0.9, 1]. Pure + - * / (and sqrt for the standard error). */
#include <stdio.h>
#include <stdint.h>
#include <math.h>

#define N 500

static uint32_t lcg = 77u;
static double noise(void)
{
    /* sum of 4 uniforms: roughly normal, mean 0 */
    double s = 0.0;
    int i;
    for (i = 0; i < 4; i++) {
        lcg = lcg * 1103515245u + 12345u;
        s += (double)(lcg >> 8) / 16777216.0 - 0.5;
    }
    return s;
}

static double xs[N], ys[N], qs[N];

static double det3(double m[3][3])
{
    return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
           m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

int main(void)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0, mx, my, cxx = 0, cxy = 0, cyy = 0, a1, b1, a2, b2, ssr = 0, rsum = 0, r2, se;
    float fsx = 0, fsy = 0, fsxx = 0, fsxy = 0, fa, fb;
    double s[5] = { 0, 0, 0, 0, 0 }, t[3] = { 0, 0, 0 }, m[3][3], mk[3][3], coef[3], d;
    int i, j, k, fails = 0;

    for (i = 0; i < N; i++) {
        xs[i] = i * 0.02 - 1.0;
        ys[i] = -2.0 + 3.5 * xs[i] + 0.3 * noise();
        qs[i] = 1.0 - 0.5 * xs[i] + 2.25 * xs[i] * xs[i] + 0.1 * noise();
    }
    for (i = 0; i < N; i++) { sx += xs[i]; sy += ys[i]; sxx += xs[i] * xs[i]; sxy += xs[i] * ys[i]; }
    b1 = (N * sxy - sx * sy) / (N * sxx - sx * sx);
    a1 = (sy - b1 * sx) / N;
    mx = sx / N; my = sy / N;
    for (i = 0; i < N; i++) {
        double dx = xs[i] - mx, dy = ys[i] - my;
        cxx += dx * dx; cxy += dx * dy; cyy += dy * dy;
    }
    b2 = cxy / cxx;
    a2 = my - b2 * mx;
    for (i = 0; i < N; i++) {
        double r = ys[i] - (a2 + b2 * xs[i]);
        ssr += r * r; rsum += r;
    }
    r2 = 1.0 - ssr / cyy;
    se = sqrt(ssr / (N - 2) / cxx);
    printf("normal eq: a %.17g b %.17g\n", a1, b1);
    printf("centred:   a %.17g b %.17g\n", a2, b2);
    printf("R^2 %.17g slope s.e. %.17g residual sum %.3e\n", r2, se, rsum);
    if (fabs(a1 - a2) > 1e-12 || fabs(b1 - b2) > 1e-12) fails++;
    if (fabs(b2 - 3.5) > 5 * se || fabs(a2 + 2.0) > 0.05 || !(r2 > 0.9 && r2 <= 1.0) || fabs(rsum) > 1e-10) fails++;

    for (i = 0; i < N; i++) {
        float x = (float)xs[i], y = (float)ys[i];
        fsx += x; fsy += y; fsxx += x * x; fsxy += x * y;
    }
    fb = ((float)N * fsxy - fsx * fsy) / ((float)N * fsxx - fsx * fsx);
    fa = (fsy - fb * fsx) / (float)N;
    printf("float:     a %.9g b %.9g (%a %a)\n", (double)fa, (double)fb, (double)fa, (double)fb);
    if (fabs(fa - a2) > 1e-3 || fabs(fb - b2) > 1e-3) fails++;

    for (i = 0; i < N; i++) {
        double p = 1.0;
        for (k = 0; k < 5; k++) { s[k] += p; if (k < 3) t[k] += p * qs[i]; p *= xs[i]; }
    }
    for (i = 0; i < 3; i++) for (j = 0; j < 3; j++) m[i][j] = s[i + j];
    d = det3(m);
    for (k = 0; k < 3; k++) {
        for (i = 0; i < 3; i++) for (j = 0; j < 3; j++) mk[i][j] = (j == k) ? t[i] : m[i][j];
        coef[k] = det3(mk) / d;
    }
    printf("quadratic: %.17g %.17g %.17g (det %.17g)\n", coef[0], coef[1], coef[2], d);
    if (fabs(coef[0] - 1.0) > 0.05 || fabs(coef[1] + 0.5) > 0.05 || fabs(coef[2] - 2.25) > 0.1) fails++;
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
