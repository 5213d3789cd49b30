/* autocorr: autocorrelation of a noisy periodic 16-bit signal, lags 0..63, pitch detection. */
#include <stdio.h>
#include <stdint.h>

#define N 1024
#define NLAGS 64

static int16_t sig[N];
static int32_t r[NLAGS];

static uint32_t xs = 88172645u;

static uint32_t xorshift(void)
{
    xs ^= xs << 13;
    xs ^= xs >> 17;
    xs ^= xs << 5;
    return xs;
}

static void autocorrelate(const int16_t *x, int n, int32_t *out, int lags)
{
    int k, i;
    for (k = 0; k < lags; k++) {
        int32_t acc = 0;
        for (i = 0; i < n - k; i++)
            acc += x[i] * x[i + k];
        out[k] = acc;
    }
}

int main(void)
{
    int i, k, period = 37, best = 0;
    uint32_t ck = 0;

    for (i = 0; i < N; i++) {
        int ph = i % period;
        int v = (ph < period / 2) ? ph * 40 : (period - ph) * 40; /* triangle, 0..720 */
        v -= 360;
        v += (int)(xorshift() % 301u) - 150;
        sig[i] = (int16_t)v;
    }
    autocorrelate(sig, N, r, NLAGS);

    /* pitch: the largest r[k] after the first zero crossing */
    k = 1;
    while (k < NLAGS && r[k] > 0)
        k++;
    for (; k < NLAGS; k++)
        if (best == 0 || r[k] > r[best])
            best = k;

    printf("autocorr: %d samples, %d lags\n", N, NLAGS);
    for (k = 0; k < 8; k++)
        printf("r[%d] = %d (%d per mille)\n", k * 8, (int)r[k * 8], (int)(r[k * 8] / (r[0] / 1000)));
    printf("detected period %d\n", best);
    for (k = 0; k < NLAGS; k++)
        ck = ck * 17u + (uint32_t)r[k];
    printf("checksum %08x\n", ck);
    return 0;
}
