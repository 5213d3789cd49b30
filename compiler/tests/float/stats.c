/* stats: descriptive statistics of 400 pseudo-random doubles with a large
 * offset: mean, variance by the naive sum-of-squares formula, by two passes
 * and by Welford's online update; median (insertion sort) and Pearson
 * correlation of two related series. Checks Welford ~= two-pass, the median
 * lies between the quartiles, and the correlation is in [-1, 1]. */
#include <stdio.h>
#include <stdint.h>
#include <math.h>

#define N 400

static uint32_t rng = 2463534242u;
static uint32_t xorshift32(void)
{
    uint32_t x = rng;
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    return rng = x;
}

static double xs[N], ys[N], sorted[N];

static void isort(double *a, int n)
{
    int i, j;
    for (i = 1; i < n; i++) {
        double v = a[i];
        for (j = i; j > 0 && a[j - 1] > v; j--)
            a[j] = a[j - 1];
        a[j] = v;
    }
}

int main(void)
{
    int i, fails = 0;
    double sum = 0.0, sumsq = 0.0, mean, var_naive, var2 = 0.0, comp = 0.0;
    double wmean = 0.0, m2 = 0.0, median, q1, q3, mx, my, sxx = 0.0, syy = 0.0, sxy = 0.0, r;
    float fmean = 0.0f, fm2 = 0.0f;

    for (i = 0; i < N; i++) {
        /* values around 1e6 with spread ~ 1: the naive formula loses digits */
        xs[i] = 1.0e6 + (double)(xorshift32() >> 8) / 16777216.0 * 4.0 - 2.0;
        ys[i] = 0.5 * (xs[i] - 1.0e6) + (double)(xorshift32() >> 16) / 65536.0 - 0.5;
    }
    for (i = 0; i < N; i++) { sum += xs[i]; sumsq += xs[i] * xs[i]; }
    mean = sum / N;
    var_naive = (sumsq - sum * sum / N) / (N - 1);
    for (i = 0; i < N; i++) {
        double d = xs[i] - mean;
        var2 += d * d;
        comp += d;
    }
    var2 = (var2 - comp * comp / N) / (N - 1); /* corrected two-pass */
    for (i = 0; i < N; i++) {
        double d = xs[i] - wmean;
        wmean += d / (i + 1);
        m2 += d * (xs[i] - wmean);
    }
    /* single-precision Welford on the centred data */
    for (i = 0; i < N; i++) {
        float v = (float)(xs[i] - 1.0e6);
        float d = v - fmean;
        fmean += d / (float)(i + 1);
        fm2 += d * (v - fmean);
    }
    printf("mean      %.17g\n", mean);
    printf("welford   %.17g\n", wmean);
    printf("var naive %.17g\n", var_naive);
    printf("var 2pass %.17g\n", var2);
    printf("var welf  %.17g\n", m2 / (N - 1));
    printf("float welford mean %a var %a (%.6f)\n", (double)fmean, (double)(fm2 / (float)(N - 1)),
           (double)(fm2 / (float)(N - 1)));
    printf("stddev    %.17g\n", sqrt(var2));
    if (fabs(m2 / (N - 1) - var2) > 1e-9 * var2 || fabs(wmean - mean) > 1e-9) fails++;
    if (fabs((double)(fm2 / (float)(N - 1)) - var2) > 1e-3 * var2) fails++;

    for (i = 0; i < N; i++) sorted[i] = xs[i];
    isort(sorted, N);
    median = 0.5 * (sorted[N / 2 - 1] + sorted[N / 2]);
    q1 = sorted[N / 4];
    q3 = sorted[3 * N / 4];
    printf("min %.17g max %.17g\n", sorted[0], sorted[N - 1]);
    printf("q1 %.17g median %.17g q3 %.17g\n", q1, median, q3);
    if (!(q1 <= median && median <= q3)) fails++;
    for (i = 1; i < N; i++) if (sorted[i - 1] > sorted[i]) fails++;

    mx = mean; my = 0.0;
    for (i = 0; i < N; i++) my += ys[i];
    my /= N;
    for (i = 0; i < N; i++) {
        double dx = xs[i] - mx, dy = ys[i] - my;
        sxx += dx * dx; syy += dy * dy; sxy += dx * dy;
    }
    r = sxy / sqrt(sxx * syy);
    printf("mean y %.17g corr %.17g\n", my, r);
    if (!(r >= -1.0 && r <= 1.0 && r > 0.5)) fails++;
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
