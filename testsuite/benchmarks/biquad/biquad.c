/* biquad: cascade of three Q14 direct-form-I IIR biquad sections. */
#include <stdio.h>
#include <stdint.h>

#define NSAMP 4096
#define NSECT 3

struct biquad {
    int32_t b0, b1, b2; /* feed-forward, Q14 */
    int32_t c1, c2;     /* feedback (already negated), Q14 */
    int32_t x1, x2, y1, y2;
};

static uint32_t lcg_state = 1u;

static uint32_t lcg(void)
{
    lcg_state = lcg_state * 1664525u + 1013904223u;
    return lcg_state >> 8;
}

static int32_t clamp16(int32_t v)
{
    return v > 32767 ? 32767 : (v < -32768 ? -32768 : v);
}

static int32_t biquad_step(struct biquad *s, int32_t x)
{
    int32_t acc = s->b0 * x + s->b1 * s->x1 + s->b2 * s->x2 + s->c1 * s->y1 + s->c2 * s->y2;
    int32_t y = clamp16((acc + (1 << 13)) >> 14);
    s->x2 = s->x1;
    s->x1 = x;
    s->y2 = s->y1;
    s->y1 = y;
    return y;
}

static int16_t in[NSAMP], out[NSAMP];

int main(void)
{
    static struct biquad sect[NSECT] = {
        /* low-pass, poles at r = 0.64 */
        {1106, 2212, 1106, 18727, -6763, 0, 0, 0, 0},
        /* high-pass-ish, complex poles r = 0.45 */
        {4915, -9830, 4915, 11469, -3277, 0, 0, 0, 0},
        /* resonator, r = 0.9 */
        {819, 0, -819, 26214, -13271, 0, 0, 0, 0},
    };
    int i, j, peak = 0, peak_at = 0;
    uint32_t sum = 0;
    int tri = 0, dir = 1;

    for (i = 0; i < NSAMP; i++) {
        /* triangle wave (period 200) plus white noise and occasional impulses */
        int v = tri * 100 + (int)(lcg() % 4001u) - 2000;
        if (i % 512 == 7)
            v += 20000;
        in[i] = (int16_t)clamp16(v);
        tri += dir;
        if (tri == 50 || tri == -50)
            dir = -dir;
    }
    for (i = 0; i < NSAMP; i++) {
        int32_t y = in[i];
        for (j = 0; j < NSECT; j++)
            y = biquad_step(&sect[j], y);
        out[i] = (int16_t)y;
    }
    for (i = 0; i < NSAMP; i++) {
        int a = out[i] < 0 ? -out[i] : out[i];
        if (a > peak) {
            peak = a;
            peak_at = i;
        }
        sum = (sum ^ (uint16_t)out[i]) * 16777619u;
    }
    printf("biquad: sections=%d samples=%d\n", NSECT, NSAMP);
    printf("out[100]=%d out[2000]=%d out[4095]=%d\n", out[100], out[2000], out[NSAMP - 1]);
    printf("peak |y|=%d at %d\n", peak, peak_at);
    for (j = 0; j < NSECT; j++)
        printf("state %d: y1=%d y2=%d\n", j, (int)sect[j].y1, (int)sect[j].y2);
    printf("checksum %08x\n", sum);
    return 0;
}
