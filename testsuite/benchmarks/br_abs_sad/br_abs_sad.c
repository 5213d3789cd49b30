/* br_abs_sad: motion-estimation style block search written with if/else. For every 8x8
   block of the current frame, a full search over +-4 pixels in the reference frame computes
   the sum of absolute differences (abs by if), adds a motion-vector cost against a
   median-of-three predictor of the neighbouring vectors, and picks the best candidate with a
   tie-break on vector length; the chosen residuals are summarised by sign counts. */
#include <stdio.h>
#include <stdint.h>

#define W 48
#define H 40
#define B 8
#define R 4
#define BW (W / B)
#define BH (H / B)

static uint8_t ref[H][W], cur[H][W], noise[H + 1][W + 1];
static int mvx[BH][BW], mvy[BH][BW], bsad[BH][BW];
static uint32_t seed = 0x0DDBA11u;

static uint32_t rnd(void)
{
    uint32_t x = seed;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    seed = x;
    return x;
}

static int med3(int a, int b, int c)
{
    int t;
    if (a > b) {
        t = a;
        a = b;
        b = t;
    }
    if (b > c)
        b = c;
    if (a > b)
        b = a;
    return b;
}

int main(void)
{
    int x, y, bx, by, dx, dy, i, j;
    int n_pos = 0, n_neg = 0, n_zero = 0, n_exact = 0, n_pred = 0, total_sad = 0;
    uint32_t h = 0;

    /* textured reference: 2x2 box-filtered noise on top of a gentle ramp */
    for (y = 0; y <= H; y++)
        for (x = 0; x <= W; x++)
            noise[y][x] = (uint8_t)(rnd() >> 24);
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++)
            ref[y][x] = (uint8_t)(((noise[y][x] + noise[y][x + 1] + noise[y + 1][x] + noise[y + 1][x + 1]) >> 3) + x + y);
    /* current frame: each block moves by its own vector (a smooth field), plus noise */
    for (by = 0; by < BH; by++)
        for (bx = 0; bx < BW; bx++) {
            int vx = ((bx + by) & 7) - 3, vy = ((bx * 3 + by) % 7) - 3;
            if ((rnd() & 7u) == 0u) {
                vx = -vx;
                vy = 0;
            }
            for (i = 0; i < B; i++)
                for (j = 0; j < B; j++) {
                    int sy = by * B + i + vy, sx = bx * B + j + vx, v;
                    if (sy < 0)
                        sy = 0;
                    else if (sy >= H)
                        sy = H - 1;
                    if (sx < 0)
                        sx = 0;
                    else if (sx >= W)
                        sx = W - 1;
                    v = ref[sy][sx] + (int)(rnd() & 7u) - 3;
                    v = v < 0 ? 0 : (v > 255 ? 255 : v);
                    cur[by * B + i][bx * B + j] = (uint8_t)v;
                }
        }

    for (by = 0; by < BH; by++)
        for (bx = 0; bx < BW; bx++) {
            int px, py, best = 0x7FFFFFFF, bestx = 0, besty = 0, bestsad = 0, bestlen = 0;
            /* predictor: median of left, top and top-right vectors (zero outside) */
            int lx = bx > 0 ? mvx[by][bx - 1] : 0, ly = bx > 0 ? mvy[by][bx - 1] : 0;
            int tx = by > 0 ? mvx[by - 1][bx] : 0, ty = by > 0 ? mvy[by - 1][bx] : 0;
            int rx = (by > 0 && bx < BW - 1) ? mvx[by - 1][bx + 1] : 0;
            int ry = (by > 0 && bx < BW - 1) ? mvy[by - 1][bx + 1] : 0;
            px = med3(lx, tx, rx);
            py = med3(ly, ty, ry);

            for (dy = -R; dy <= R; dy++)
                for (dx = -R; dx <= R; dx++) {
                    int oy = by * B + dy, ox = bx * B + dx, sad = 0, cost, ax, ay, len;
                    if (oy < 0 || ox < 0 || oy + B > H || ox + B > W)
                        continue;
                    for (i = 0; i < B; i++) {
                        const uint8_t *c = &cur[by * B + i][bx * B];
                        const uint8_t *r = &ref[oy + i][ox];
                        for (j = 0; j < B; j++) {
                            int d = c[j] - r[j];
                            if (d < 0)
                                d = -d;
                            sad += d;
                        }
                    }
                    ax = dx - px;
                    if (ax < 0)
                        ax = -ax;
                    ay = dy - py;
                    if (ay < 0)
                        ay = -ay;
                    cost = sad + 4 * (ax + ay);
                    len = (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
                    if (cost < best || (cost == best && len < bestlen)) {
                        best = cost;
                        bestx = dx;
                        besty = dy;
                        bestsad = sad;
                        bestlen = len;
                    }
                }
            mvx[by][bx] = bestx;
            mvy[by][bx] = besty;
            bsad[by][bx] = bestsad;
            total_sad += bestsad;
            if (bestx == px && besty == py)
                n_pred++;
            if (bestsad == 0)
                n_exact++;
            /* sign statistics of the chosen residual */
            for (i = 0; i < B; i++)
                for (j = 0; j < B; j++) {
                    int d = cur[by * B + i][bx * B + j] - ref[by * B + i + besty][bx * B + j + bestx];
                    int s = d > 0 ? 1 : (d < 0 ? -1 : 0);
                    if (s > 0)
                        n_pos++;
                    else if (s < 0)
                        n_neg++;
                    else
                        n_zero++;
                }
        }

    for (by = 0; by < BH; by++) {
        printf("row %d:", by);
        for (bx = 0; bx < BW; bx++) {
            printf(" (%2d,%2d)", mvx[by][bx], mvy[by][bx]);
            h = h * 31u + (uint32_t)bsad[by][bx];
        }
        printf("\n");
    }
    printf("total SAD %d, exact %d, equal to predictor %d, residual signs + %d - %d 0 %d\n", total_sad, n_exact,
           n_pred, n_pos, n_neg, n_zero);
    printf("sad hash %08x\n", h);
    return 0;
}
