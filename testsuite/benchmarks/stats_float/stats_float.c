/* stats_float: single-precision descriptive statistics of 2000 samples
 * (a mixture of two uniform-sum clusters): mean and variance by the naive
 * formula, two passes and Welford's update (float) against a double
 * reference; min/max, a 16-bin histogram, median and percentiles after a
 * Shell sort; Pearson correlation and a least-squares line against a second
 * correlated series; a 16-sample moving average. Uses + - * / sqrtf. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <math.h>

#define N 2000
#define BINS 16
#define WIN 16

static uint32_t rng = 0x600DCAFEu;
static uint32_t xorshift32(void)
{
    uint32_t x = rng;
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    return rng = x;
}
static float u01(void) { return (float)(xorshift32() >> 8) * (1.0f / 16777216.0f); }
static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

static float xs[N], ys[N], sorted[N], mavg[N];

static void shell_sort(float *a, int n)
{
    static const int gaps[] = { 701, 301, 132, 57, 23, 10, 4, 1 };
    int g, i, j;
    for (g = 0; g < 8; g++) {
        int gap = gaps[g];
        for (i = gap; i < n; i++) {
            float v = a[i];
            for (j = i; j >= gap && a[j - gap] > v; j -= gap) a[j] = a[j - gap];
            a[j] = v;
        }
    }
}

int main(void)
{
    float sum = 0.0f, sumsq = 0.0f, mean, var_naive, var2 = 0.0f, wm = 0.0f, m2 = 0.0f, lo, hi, width;
    float my = 0.0f, sxx = 0.0f, syy = 0.0f, sxy = 0.0f, r, slope, icpt, win = 0.0f, median, p10, p90;
    double dsum = 0.0, dvar = 0.0, dmean;
    unsigned hist[BINS];
    uint32_t ck = 0;
    int i, fails = 0;

    for (i = 0; i < N; i++) {
        float c = (xorshift32() & 3u) == 0 ? 12.0f : 5.0f;
        xs[i] = c + (u01() + u01() + u01() - 1.5f) * 2.0f;
        ys[i] = 0.7f * xs[i] + 1.0f + (u01() - 0.5f) * 3.0f;
    }
    for (i = 0; i < N; i++) { sum += xs[i]; sumsq += xs[i] * xs[i]; dsum += xs[i]; }
    mean = sum / (float)N;
    var_naive = (sumsq - sum * mean) / (float)(N - 1);
    for (i = 0; i < N; i++) { float d = xs[i] - mean; var2 += d * d; }
    var2 /= (float)(N - 1);
    for (i = 0; i < N; i++) {
        float d = xs[i] - wm;
        wm += d / (float)(i + 1);
        m2 += d * (xs[i] - wm);
    }
    dmean = dsum / N;
    for (i = 0; i < N; i++) dvar += (xs[i] - dmean) * (xs[i] - dmean);
    dvar /= N - 1;
    printf("mean float %.9g welford %.9g double %.17g\n", (double)mean, (double)wm, dmean);
    printf("variance naive %.9g two-pass %.9g welford %.9g double %.17g\n", (double)var_naive, (double)var2,
           (double)(m2 / (float)(N - 1)), dvar);
    printf("stddev %.9g (%08x)\n", (double)sqrtf(var2), (unsigned)fbits(sqrtf(var2)));
    if (fabs(var2 - dvar) > 1e-4 * dvar || fabs(m2 / (float)(N - 1) - dvar) > 1e-4 * dvar) fails++;

    memcpy(sorted, xs, sizeof sorted);
    shell_sort(sorted, N);
    for (i = 1; i < N; i++) if (sorted[i - 1] > sorted[i]) fails++;
    lo = sorted[0]; hi = sorted[N - 1];
    median = 0.5f * (sorted[N / 2 - 1] + sorted[N / 2]);
    p10 = sorted[N / 10]; p90 = sorted[N - N / 10];
    printf("min %.9g max %.9g median %.9g p10 %.9g p90 %.9g\n", (double)lo, (double)hi, (double)median, (double)p10,
           (double)p90);
    memset(hist, 0, sizeof hist);
    width = (hi - lo) / (float)BINS;
    for (i = 0; i < N; i++) {
        int b = (int)((xs[i] - lo) / width);
        if (b >= BINS) b = BINS - 1;
        hist[b]++;
    }
    printf("histogram:");
    for (i = 0; i < BINS; i++) printf(" %u", hist[i]);
    printf("\n");

    for (i = 0; i < N; i++) my += ys[i];
    my /= (float)N;
    for (i = 0; i < N; i++) {
        float dx = xs[i] - mean, dy = ys[i] - my;
        sxx += dx * dx; syy += dy * dy; sxy += dx * dy;
    }
    r = sxy / sqrtf(sxx * syy);
    slope = sxy / sxx;
    icpt = my - slope * mean;
    printf("correlation %.9g slope %.9g intercept %.9g\n", (double)r, (double)slope, (double)icpt);
    if (!(r > 0.8f && r <= 1.0f) || fabsf(slope - 0.7f) > 0.05f) fails++;

    for (i = 0; i < N; i++) {
        win += xs[i];
        if (i >= WIN) win -= xs[i - WIN];
        mavg[i] = win / (float)(i < WIN ? i + 1 : WIN);
        ck = ck * 31u + fbits(mavg[i]);
    }
    printf("moving average [100] %.9g [1999] %.9g checksum %08x\n", (double)mavg[100], (double)mavg[N - 1], (unsigned)ck);
    printf("%s\n", fails ? "FAIL" : "PASS");
    return 0;
}
