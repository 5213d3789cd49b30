/* fft: complex radix-2 decimation-in-time FFT of 64 points in double.
 * Twiddle factors come from half-angle recursions (only + - * / sqrt), so
 * every printed number is exactly reproducible. Checks: the FFT agrees with
 * a direct O(N^2) DFT, the inverse FFT gives the input back, Parseval's
 * identity holds, and a pure tone lands in the right bin. */
#include <stdio.h>
#include <stdint.h>
#include <math.h>

#define N 64
#define LOGN 6

typedef struct { double re, im; } cpx;

static uint32_t rng = 0x9E3779B9u;
static uint32_t xorshift32(void)
{
    uint32_t x = rng;
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    return rng = x;
}
/* uniform in [-1, 1) with 24 random bits: exact in double */
static double urand(void)
{
    return (double)(int32_t)(xorshift32() >> 8) / 8388608.0 - 1.0;
}

static cpx tw[N]; /* tw[k] = exp(-2 pi i k / N) */

static void make_twiddles(void)
{
    /* start at angle pi/2 (cos 0, sin 1) and halve LOGN-2 times -> 2 pi / N */
    double c = 0.0, s = 1.0;
    int i, k;
    for (i = 0; i < LOGN - 2; i++) {
        double c2 = sqrt((1.0 + c) * 0.5);
        s = s / (2.0 * c2);
        c = c2;
    }
    tw[0].re = 1.0; tw[0].im = 0.0;
    tw[1].re = c; tw[1].im = -s;
    for (k = 2; k < N; k++) {
        /* tw[k] = tw[k/2] * tw[k - k/2] keeps the error growth logarithmic */
        cpx a = tw[k / 2], b = tw[k - k / 2];
        tw[k].re = a.re * b.re - a.im * b.im;
        tw[k].im = a.re * b.im + a.im * b.re;
    }
}

static void fft(cpx *x, int inverse)
{
    int i, j, len, k;
    for (i = 1, j = 0; i < N; i++) {
        int bit = N >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) { cpx t = x[i]; x[i] = x[j]; x[j] = t; }
    }
    for (len = 2; len <= N; len <<= 1) {
        int step = N / len;
        for (i = 0; i < N; i += len) {
            for (k = 0; k < len / 2; k++) {
                cpx w = tw[k * step];
                cpx u = x[i + k], v = x[i + k + len / 2], t;
                if (inverse) w.im = -w.im;
                t.re = v.re * w.re - v.im * w.im;
                t.im = v.re * w.im + v.im * w.re;
                x[i + k].re = u.re + t.re; x[i + k].im = u.im + t.im;
                x[i + k + len / 2].re = u.re - t.re; x[i + k + len / 2].im = u.im - t.im;
            }
        }
    }
    if (inverse)
        for (i = 0; i < N; i++) { x[i].re /= N; x[i].im /= N; }
}

static void dft(const cpx *x, cpx *y)
{
    int j, k;
    for (k = 0; k < N; k++) {
        double sr = 0.0, si = 0.0;
        for (j = 0; j < N; j++) {
            cpx w = tw[(j * k) % N];
            sr += x[j].re * w.re - x[j].im * w.im;
            si += x[j].re * w.im + x[j].im * w.re;
        }
        y[k].re = sr; y[k].im = si;
    }
}

static cpx in[N], a[N], b[N];

int main(void)
{
    int i, fails = 0, peak = 0;
    double maxdiff = 0.0, maxinv = 0.0, e1 = 0.0, e2 = 0.0, pmax = 0.0, unit = 0.0;

    make_twiddles();
    for (i = 0; i < N; i++)
        unit = fmax(unit, fabs(tw[i].re * tw[i].re + tw[i].im * tw[i].im - 1.0));
    printf("tw[1] = %.17g %.17g\n", tw[1].re, tw[1].im);
    printf("tw[%d] = %.17g %.17g\n", N / 8, tw[N / 8].re, tw[N / 8].im);
    printf("twiddle |w|^2-1 max %.3e %s\n", unit, unit < 1e-14 ? "ok" : "FAIL");
    if (unit >= 1e-14) fails++;

    for (i = 0; i < N; i++) { in[i].re = urand(); in[i].im = urand(); a[i] = in[i]; }
    fft(a, 0);
    dft(in, b);
    for (i = 0; i < N; i++) {
        maxdiff = fmax(maxdiff, fabs(a[i].re - b[i].re));
        maxdiff = fmax(maxdiff, fabs(a[i].im - b[i].im));
    }
    printf("X[0] = %.15e %.15e\n", a[0].re, a[0].im);
    printf("X[5] = %.15e %.15e\n", a[5].re, a[5].im);
    printf("X[%d] = %.15e %.15e\n", N - 1, a[N - 1].re, a[N - 1].im);
    printf("fft vs dft max diff %.3e %s\n", maxdiff, maxdiff < 1e-12 ? "ok" : "FAIL");
    if (maxdiff >= 1e-12) fails++;

    for (i = 0; i < N; i++) {
        e1 += in[i].re * in[i].re + in[i].im * in[i].im;
        e2 += a[i].re * a[i].re + a[i].im * a[i].im;
    }
    printf("parseval %.17g %.17g rel %.3e\n", e1 * N, e2, fabs(e1 * N - e2) / e2);
    if (fabs(e1 * N - e2) / e2 > 1e-13) { fails++; puts("parseval FAIL"); }

    fft(a, 1);
    for (i = 0; i < N; i++) {
        maxinv = fmax(maxinv, fabs(a[i].re - in[i].re));
        maxinv = fmax(maxinv, fabs(a[i].im - in[i].im));
    }
    printf("inverse max err %.3e %s\n", maxinv, maxinv < 1e-14 ? "ok" : "FAIL");
    if (maxinv >= 1e-14) fails++;

    /* tone at bin 7 plus DC offset 0.25 */
    for (i = 0; i < N; i++) { a[i].re = tw[(7 * i) % N].re + 0.25; a[i].im = -tw[(7 * i) % N].im; }
    fft(a, 0);
    for (i = 0; i < N; i++) {
        double p = a[i].re * a[i].re + a[i].im * a[i].im;
        if (p > pmax) { pmax = p; peak = i; }
    }
    printf("tone peak bin %d power %.6f dc %.6f\n", peak, pmax, a[0].re);
    if (peak != 7 || fabs(pmax - N * N) > 1e-9 || fabs(a[0].re - 16.0) > 1e-12) fails++;

    puts(fails ? "FAIL" : "PASS");
    return 0;
}
