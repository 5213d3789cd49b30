/* br_clip_threshold: clip an 8-bit image to a grey-level window, quantise it with two
   thresholds, binarise it with a fixed threshold and with hysteresis along each row, and
   count pixels per class and on/off transitions, for several windows and thresholds. */
#include <stdio.h>
#include <stdint.h>

#define W 64
#define H 48
#define NSET 5

static uint8_t img[H][W], clip[H][W], quant[H][W], bin[H][W], hyst[H][W];
static uint32_t seed = 0xC0FFEE11u;

static uint32_t rnd(void)
{
    uint32_t x = seed;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    seed = x;
    return x;
}

/* window [lo, hi], quantiser thresholds t1 < t2, binary threshold tb, hysteresis band [hl, hh] */
static const int params[NSET][7] = {
    { 32, 224, 80, 160, 128, 100, 150 },
    { 0, 255, 64, 192, 100, 90, 110 },
    { 60, 180, 90, 140, 120, 110, 130 },
    { 100, 200, 120, 170, 150, 120, 180 },
    { 16, 96, 40, 70, 50, 30, 80 },
};

int main(void)
{
    int x, y, s;
    uint32_t h = 5381u;

    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            /* diagonal ramp, two bright blobs and a dark stripe, plus noise */
            int v = x + y + 20;
            int dx1 = x - 20, dy1 = y - 15, dx2 = x - 47, dy2 = y - 34;
            uint32_t r = rnd();
            if (dx1 * dx1 + dy1 * dy1 < 150)
                v += 90;
            if (dx2 * dx2 + dy2 * dy2 < 220)
                v += 120;
            if (x >= 34 && x < 39)
                v -= 60;
            v += (int)(r & 63u) - 32;
            if ((r >> 8 & 31u) == 0u)
                v = (r >> 16) & 1u ? 255 : 0;
            if (v < 0)
                v = 0;
            if (v > 255)
                v = 255;
            img[y][x] = (uint8_t)v;
        }

    for (s = 0; s < NSET; s++) {
        int lo = params[s][0], hi = params[s][1], t1 = params[s][2], t2 = params[s][3];
        int tb = params[s][4], hl = params[s][5], hh = params[s][6];
        int n_low = 0, n_high = 0, n_q[3] = { 0, 0, 0 }, n_on = 0, n_hon = 0, n_trans = 0;
        int n_agree = 0, n_edges = 0;
        uint32_t sum = 0;

        for (y = 0; y < H; y++) {
            int state = 0, prevb = 0;
            for (x = 0; x < W; x++) {
                int v = img[y][x], q, b;
                if (v < lo) {
                    v = lo;
                    n_low++;
                } else if (v > hi) {
                    v = hi;
                    n_high++;
                }
                clip[y][x] = (uint8_t)v;
                sum += (uint32_t)v;

                if (v < t1)
                    q = 0;
                else if (v < t2)
                    q = 1;
                else
                    q = 2;
                quant[y][x] = (uint8_t)q;

                b = v >= tb ? 1 : 0;
                n_on += b;
                bin[y][x] = (uint8_t)(b ? 255 : 0);
                if (b != prevb)
                    n_edges++;
                prevb = b;

                /* hysteresis: switch on above hh, off below hl, otherwise keep */
                if (state) {
                    if (v < hl) {
                        state = 0;
                        n_trans++;
                    }
                } else {
                    if (v > hh) {
                        state = 1;
                        n_trans++;
                    }
                }
                hyst[y][x] = (uint8_t)state;
                n_hon += state;
                if (state == b)
                    n_agree++;
            }
        }
        for (y = 0; y < H; y++)
            for (x = 0; x < W; x++)
                n_q[quant[y][x]]++;
        for (y = 0; y < H; y++)
            for (x = 0; x < W; x++) {
                h = h * 33u ^ clip[y][x];
                h = h * 33u ^ (uint32_t)(quant[y][x] + 4 * hyst[y][x]);
                h = h * 33u ^ bin[y][x];
            }
        printf("set %d [%3d,%3d]: clipped low %4d high %4d mean %3u q %4d %4d %4d\n", s, lo, hi, n_low, n_high,
               sum / (W * H), n_q[0], n_q[1], n_q[2]);
        printf("      bin>=%3d on %4d edges %4d hyst[%3d,%3d] on %4d transitions %4d agree %4d\n", tb, n_on, n_edges,
               hl, hh, n_hon, n_trans, n_agree);
    }
    printf("hash %08x\n", h);
    return 0;
}
