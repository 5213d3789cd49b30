/* lms: fixed-point LMS adaptive filter identifying an unknown 16-tap FIR system. */
#include <stdio.h>
#include <stdint.h>

#define TAPS 16
#define ITER 4000

static const int32_t unknown[TAPS] = {
    1200, -2400, 5100, 8000, -3000, 2200, 900, -600,
    400, 3100, -1500, 700, -250, 120, 60, -30,
};

static uint32_t state = 123456789u;

static uint32_t rnd(void)
{
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return state;
}

int main(void)
{
    int32_t w[TAPS];
    int32_t x[TAPS];
    int n, k;
    long long block_err = 0;
    uint32_t ck = 0;

    for (k = 0; k < TAPS; k++) {
        w[k] = 0;
        x[k] = 0;
    }
    printf("lms: %d taps, %d iterations\n", TAPS, ITER);
    for (n = 0; n < ITER; n++) {
        int32_t d = 0, y = 0, e;
        /* shift the delay line, new white-noise sample in -2048..2047 */
        for (k = TAPS - 1; k > 0; k--)
            x[k] = x[k - 1];
        x[0] = (int32_t)(rnd() & 0xFFFu) - 2048;

        for (k = 0; k < TAPS; k++)
            d += unknown[k] * x[k];
        d = (d >> 15) + (int32_t)(rnd() & 7u) - 4; /* measurement noise */

        for (k = 0; k < TAPS; k++)
            y += w[k] * x[k];
        y >>= 15;

        e = d - y;
        for (k = 0; k < TAPS; k++)
            w[k] += (e * x[k]) >> 12;

        block_err += (long long)e * e;
        if ((n + 1) % 500 == 0) {
            printf("iter %4d mean sq err %lld\n", n + 1, block_err / 500);
            block_err = 0;
        }
    }
    for (k = 0; k < TAPS; k++) {
        ck = ck * 31u + (uint32_t)w[k];
    }
    printf("w[0..3] = %d %d %d %d (target %d %d %d %d)\n", (int)w[0], (int)w[1], (int)w[2], (int)w[3],
           (int)unknown[0], (int)unknown[1], (int)unknown[2], (int)unknown[3]);
    printf("checksum %08x\n", ck);
    return 0;
}
