/* fft: 256-point fixed-point (Q15) radix-2 decimation-in-time FFT with per-stage scaling,
   on 16 frames of two-tone signals; reports the two strongest bins of each frame. */
#include <stdio.h>
#include <stdint.h>

#define N 256
#define LOG2N 8
#define FRAMES 16

/* round(32767 * sin(2*pi*k/256)), k = 0..64 */
static const int16_t quarter_sine[65] = {
    0, 804, 1608, 2410, 3212, 4011, 4808, 5602,
    6393, 7179, 7962, 8739, 9512, 10278, 11039, 11793,
    12539, 13279, 14010, 14732, 15446, 16151, 16846, 17530,
    18204, 18868, 19519, 20159, 20787, 21403, 22005, 22594,
    23170, 23731, 24279, 24811, 25329, 25832, 26319, 26790,
    27245, 27683, 28105, 28510, 28898, 29268, 29621, 29956,
    30273, 30571, 30852, 31113, 31356, 31580, 31785, 31971,
    32137, 32285, 32412, 32521, 32609, 32678, 32728, 32757,
    32767,
};

static int32_t sin_q15(unsigned k)
{
    k &= N - 1;
    if (k <= 64)
        return quarter_sine[k];
    if (k <= 128)
        return quarter_sine[128 - k];
    if (k <= 192)
        return -quarter_sine[k - 128];
    return -quarter_sine[256 - k];
}

static int32_t cos_q15(unsigned k)
{
    return sin_q15(k + N / 4);
}

static int32_t re[N], im[N];
static uint32_t rs = 2463534242u;

static uint32_t xorshift(void)
{
    rs ^= rs << 13;
    rs ^= rs >> 17;
    rs ^= rs << 5;
    return rs;
}

static unsigned bit_reverse(unsigned v, int bits)
{
    unsigned r = 0;
    int i;
    for (i = 0; i < bits; i++) {
        r = (r << 1) | (v & 1u);
        v >>= 1;
    }
    return r;
}

static void fft_q15(int32_t *xr, int32_t *xi)
{
    unsigned i, j;
    int len;
    for (i = 0; i < N; i++) {
        j = bit_reverse(i, LOG2N);
        if (j > i) {
            int32_t t = xr[i];
            xr[i] = xr[j];
            xr[j] = t;
            t = xi[i];
            xi[i] = xi[j];
            xi[j] = t;
        }
    }
    for (len = 2; len <= N; len <<= 1) {
        int half = len >> 1;
        unsigned step = N / len;
        for (j = 0; j < (unsigned)half; j++) {
            int32_t wr = cos_q15(j * step);
            int32_t wi = -sin_q15(j * step);
            for (i = j; i < N; i += len) {
                unsigned q = i + half;
                int32_t tr = (wr * xr[q] - wi * xi[q]) >> 15;
                int32_t ti = (wr * xi[q] + wi * xr[q]) >> 15;
                xr[q] = (xr[i] - tr) >> 1;
                xi[q] = (xi[i] - ti) >> 1;
                xr[i] = (xr[i] + tr) >> 1;
                xi[i] = (xi[i] + ti) >> 1;
            }
        }
    }
}

int main(void)
{
    int f, n, k;
    uint32_t ck = 0;

    printf("fft: %d frames of %d points\n", FRAMES, N);
    for (f = 0; f < FRAMES; f++) {
        unsigned f1 = 5 + 7 * (unsigned)f, f2 = 100 - 3 * (unsigned)f;
        int best1 = 1, best2 = 2;
        int32_t p1 = -1, p2 = -1;
        for (n = 0; n < N; n++) {
            int32_t v = (sin_q15(f1 * (unsigned)n) * 16000) >> 16;
            v += (sin_q15(f2 * (unsigned)n) * 9000) >> 16;
            v += (int32_t)(xorshift() % 513u) - 256;
            re[n] = v;
            im[n] = 0;
        }
        fft_q15(re, im);
        for (k = 1; k < N / 2; k++) {
            int32_t p = re[k] * re[k] + im[k] * im[k];
            if (p > p1) {
                p2 = p1;
                best2 = best1;
                p1 = p;
                best1 = k;
            } else if (p > p2) {
                p2 = p;
                best2 = k;
            }
        }
        for (k = 0; k < N; k++)
            ck = (ck ^ (uint32_t)re[k]) * 16777619u ^ (uint32_t)im[k];
        printf("frame %2d tones %3u %3u -> peaks %3d (%d) %3d (%d)\n", f, f1, f2, best1, (int)p1, best2, (int)p2);
    }
    printf("checksum %08x\n", ck);
    return 0;
}
