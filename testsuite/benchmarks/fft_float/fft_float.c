/* fft_float: 256-point single-precision complex radix-2 FFT (iterative,
 * decimation in time) on 6 frames of a noisy two-tone signal, peak
 * detection in the power spectrum, and the inverse FFT with reconstruction
 * error. Twiddles come from half-angle recursions in double (only + - * /
 * sqrt), rounded to float, so the output is bit-reproducible. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <math.h>

#define N 256
#define LOGN 8
#define FRAMES 6

typedef struct { float re, im; } cf;

static uint32_t rng = 0x1F2E3D4Cu;
static uint32_t xorshift32(void)
{
    uint32_t x = rng;
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    return rng = x;
}
static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

static cf tw[N];       /* exp(-2 pi i k / N) */
static double twd_re[N], twd_im[N];
static cf buf[N], orig[N];

static void make_twiddles(void)
{
    double c = 0.0, s = 1.0; /* angle pi/2 */
    int i, k;
    for (i = 0; i < LOGN - 2; i++) {
        double c2 = sqrt((1.0 + c) * 0.5);
        s = s / (2.0 * c2);
        c = c2;
    }
    twd_re[0] = 1.0; twd_im[0] = 0.0;
    twd_re[1] = c; twd_im[1] = -s;
    for (k = 2; k < N; k++) {
        int a = k / 2, b = k - k / 2;
        twd_re[k] = twd_re[a] * twd_re[b] - twd_im[a] * twd_im[b];
        twd_im[k] = twd_re[a] * twd_im[b] + twd_im[a] * twd_re[b];
    }
    for (k = 0; k < N; k++) { tw[k].re = (float)twd_re[k]; tw[k].im = (float)twd_im[k]; }
}

static void fft(cf *x, int inverse)
{
    int i, j, len, k;
    for (i = 1, j = 0; i < N; i++) {
        int bit = N >> 1;
        for (; j & bit; bit >>= 1) j ^= bit;
        j ^= bit;
        if (i < j) { cf t = x[i]; x[i] = x[j]; x[j] = t; }
    }
    for (len = 2; len <= N; len <<= 1) {
        int half = len >> 1, step = N / len;
        for (i = 0; i < N; i += len) {
            for (k = 0; k < half; k++) {
                cf w = tw[k * step], u = x[i + k], v = x[i + k + half], t;
                if (inverse) w.im = -w.im;
                t.re = v.re * w.re - v.im * w.im;
                t.im = v.re * w.im + v.im * w.re;
                x[i + k].re = u.re + t.re; x[i + k].im = u.im + t.im;
                x[i + k + half].re = u.re - t.re; x[i + k + half].im = u.im - t.im;
            }
        }
    }
    if (inverse) {
        const float scale = 1.0f / N;
        for (i = 0; i < N; i++) { x[i].re *= scale; x[i].im *= scale; }
    }
}

int main(void)
{
    int f, i;
    uint32_t total = 0;
    float worst = 0.0f;

    make_twiddles();
    printf("tw[1] %a %a tw[32] %a %a\n", (double)tw[1].re, (double)tw[1].im, (double)tw[32].re, (double)tw[32].im);
    for (f = 0; f < FRAMES; f++) {
        int b1 = 5 + 17 * f, b2 = 100 - 9 * f, p1 = 0, p2 = 0;
        float a1 = 1.0f, a2 = 0.25f + 0.125f * (float)f, pw1 = -1.0f, pw2 = -1.0f, err = 0.0f, energy = 0.0f;
        uint32_t ck = 0;
        cf peak;
        for (i = 0; i < N; i++) {
            float noise = ((float)(int32_t)(xorshift32() >> 20) - 2048.0f) / 16384.0f;
            orig[i].re = a1 * tw[(b1 * i) % N].re + a2 * tw[(b2 * i) % N].re + noise;
            orig[i].im = 0.0f;
            buf[i] = orig[i];
        }
        fft(buf, 0);
        /* real input: look at the positive half only */
        for (i = 1; i < N / 2; i++) {
            float p = buf[i].re * buf[i].re + buf[i].im * buf[i].im;
            energy += p;
            if (p > pw1) { pw2 = pw1; p2 = p1; pw1 = p; p1 = i; }
            else if (p > pw2) { pw2 = p; p2 = i; }
            ck = ck * 31u + fbits(p);
        }
        peak = buf[b1];
        fft(buf, 1);
        for (i = 0; i < N; i++) {
            float d = fabsf(buf[i].re - orig[i].re) + fabsf(buf[i].im);
            if (d > err) err = d;
        }
        if (err > worst) worst = err;
        total ^= ck;
        printf("frame %d: tones %d %d peaks %d (%.6g) %d (%.6g) energy %.6g X[%d] %a %a err %.3g ck %08x\n", f, b1, b2,
               p1, (double)pw1, p2, (double)pw2, (double)energy, b1, (double)peak.re, (double)peak.im,
               (double)err, (unsigned)ck);
        if (!((p1 == b1 && p2 == b2) || (p1 == b2 && p2 == b1))) printf("frame %d: peak FAIL\n", f);
    }
    printf("total %08x worst reconstruction error %.3g %s\n", (unsigned)total, (double)worst,
           worst < 1e-5f ? "PASS" : "FAIL");
    return 0;
}
