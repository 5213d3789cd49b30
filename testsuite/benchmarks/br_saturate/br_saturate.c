/* br_saturate: saturating Q15 arithmetic written with explicit if/else clamps.
   Two pseudo-random 16-bit signals (loud, so that many results overflow) are mixed with
   saturating add, subtract, Q15 multiply, a variable-gain stage and a 32-bit saturating
   accumulator; every clamp is counted. */
#include <stdio.h>
#include <stdint.h>

#define N 2048
#define PASSES 6

static int16_t xa[N], xb[N], ys[N], yd[N], ym[N], yg[N];
static uint32_t seed = 0x1234ABCDu;

static uint32_t rnd(void)
{
    uint32_t x = seed;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    seed = x;
    return x;
}

int main(void)
{
    int i, p;
    int n_add = 0, n_sub = 0, n_mul = 0, n_gain = 0, n_acc = 0;
    uint32_t h = 2166136261u;

    for (i = 0; i < N; i++) {
        uint32_t r = rnd();
        int a = (int)(r & 0xFFFFu) - 32768;
        int b = (int)(r >> 16) - 32768;
        /* one sample in four is quiet, so the clamps are not always taken */
        if ((r & 0x300u) == 0x300u)
            a >>= 3;
        if ((r & 0xC000000u) == 0u)
            b >>= 4;
        xa[i] = (int16_t)a;
        xb[i] = (int16_t)b;
    }

    for (p = 0; p < PASSES; p++) {
        int gain = 96 + 40 * p;   /* Q8 gain: 0.375 .. 1.14 */
        int32_t acc = 0;
        for (i = 0; i < N; i++) {
            int a = xa[i], b = xb[i], s, d, m, g, t;

            s = a + b;
            if (s > 32767) {
                s = 32767;
                n_add++;
            } else if (s < -32768) {
                s = -32768;
                n_add++;
            }

            d = a - b;
            if (d > 32767) {
                d = 32767;
                n_sub++;
            } else if (d < -32768) {
                d = -32768;
                n_sub++;
            }

            m = (a * b + 8192) >> 14; /* Q15 product scaled by 2 */
            if (m > 32767) {
                m = 32767;
                n_mul++;
            } else if (m < -32768) {
                m = -32768;
                n_mul++;
            }

            g = (s * gain) >> 8;
            g = g + (d >> 2);
            if (g > 32767) {
                g = 32767;
                n_gain++;
            }
            if (g < -32768) {
                g = -32768;
                n_gain++;
            }

            /* 32-bit saturating accumulation of the product, checked before adding */
            t = a * b;
            if (t > 0 && acc > INT32_MAX - t) {
                acc = INT32_MAX;
                n_acc++;
            } else if (t < 0 && acc < INT32_MIN - t) {
                acc = INT32_MIN;
                n_acc++;
            } else {
                acc += t;
            }
            /* leak towards zero so that the accumulator comes back from the rails */
            acc = acc >= 0 ? acc - (acc >> 6) : acc + ((-(acc + 1)) >> 6);

            ys[i] = (int16_t)s;
            yd[i] = (int16_t)d;
            ym[i] = (int16_t)m;
            yg[i] = (int16_t)g;
        }
        for (i = 0; i < N; i++) {
            h = (h ^ (uint16_t)ys[i]) * 16777619u;
            h = (h ^ (uint16_t)yd[i]) * 16777619u;
            h = (h ^ (uint16_t)ym[i]) * 16777619u;
            h = (h ^ (uint16_t)yg[i]) * 16777619u;
        }
        printf("pass %d gain %3d: acc %11d y[7]=%6d %6d %6d %6d\n", p, gain, (int)acc, ys[7], yd[7], ym[7], yg[7]);
        /* feed the gain stage back into the first signal for the next pass */
        for (i = 0; i < N; i++)
            xa[i] = yg[(i * 7 + p) & (N - 1)];
    }
    printf("clamps: add %d sub %d mul %d gain %d acc32 %d\n", n_add, n_sub, n_mul, n_gain, n_acc);
    printf("hash %08x\n", h);
    return 0;
}
