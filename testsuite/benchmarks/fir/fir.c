/* fir: 32-tap Q15 FIR filter over a block of 16-bit samples. */
#include <stdio.h>
#include <stdint.h>

#define NTAPS 32
#define NSAMP 2048

static uint32_t rng_state = 0x2545F491u;

static uint32_t xorshift32(void)
{
    uint32_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    rng_state = x;
    return x;
}

static int16_t input[NSAMP + NTAPS - 1];
static int16_t coef[NTAPS];
static int16_t output[NSAMP];

static int16_t saturate16(int32_t v)
{
    if (v > 32767)
        return 32767;
    if (v < -32768)
        return -32768;
    return (int16_t)v;
}

static void fir_block(const int16_t *x, const int16_t *h, int16_t *y, int n, int taps)
{
    int i, k;
    for (i = 0; i < n; i++) {
        int32_t acc = 1 << 14; /* rounding */
        const int16_t *xp = x + i;
        for (k = 0; k < taps; k++)
            acc += (int32_t)xp[k] * h[taps - 1 - k];
        y[i] = saturate16(acc >> 15);
    }
}

int main(void)
{
    int i, phase = 0;
    uint32_t sum = 0;
    int32_t energy_in = 0, energy_out = 0;

    /* symmetric low-pass-like taps: a triangle window, with a little noise */
    for (i = 0; i < NTAPS / 2; i++) {
        int16_t c = (int16_t)(60 * (i + 1) + (int)(xorshift32() % 32u));
        coef[i] = c;
        coef[NTAPS - 1 - i] = c;
    }
    /* square wave of period 64 plus noise */
    for (i = 0; i < NSAMP + NTAPS - 1; i++) {
        int v = (phase < 32) ? 12000 : -12000;
        v += (int)(xorshift32() & 0x1FFFu) - 4096;
        input[i] = (int16_t)v;
        phase = (phase + 1) & 63;
    }

    fir_block(input, coef, output, NSAMP, NTAPS);

    for (i = 0; i < NSAMP; i++) {
        sum = sum * 31u + (uint16_t)output[i];
        energy_in += (input[i] >> 8) * (input[i] >> 8) >> 4;
        energy_out += (output[i] >> 8) * (output[i] >> 8) >> 4;
    }
    printf("fir: taps=%d samples=%d\n", NTAPS, NSAMP);
    printf("y[0..3] = %d %d %d %d\n", output[0], output[1], output[2], output[3]);
    printf("y[1000] = %d  y[2047] = %d\n", output[1000], output[NSAMP - 1]);
    printf("energy in=%d out=%d\n", (int)energy_in, (int)energy_out);
    printf("checksum %08x\n", sum);
    return 0;
}
