/* median3x3: 3x3 median filter (min/max exchange network) and 3x3 grey-scale erosion and
   dilation over a 64x48 8-bit image with salt-and-pepper noise. */
#include <stdio.h>
#include <stdint.h>

#define W 64
#define H 48

static uint8_t img[H][W], med[H][W], ero[H][W], dil[H][W];
static uint32_t seed = 2718281u;

static uint32_t rnd(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 17;
    seed ^= seed << 5;
    return seed;
}

#define SORT2(a, b)            \
    do {                       \
        if ((a) > (b)) {       \
            int t_ = (a);      \
            (a) = (b);         \
            (b) = t_;          \
        }                      \
    } while (0)

static int median9(int p0, int p1, int p2, int p3, int p4, int p5, int p6, int p7, int p8)
{
    /* the classic 19-exchange median-of-9 network */
    SORT2(p1, p2); SORT2(p4, p5); SORT2(p7, p8);
    SORT2(p0, p1); SORT2(p3, p4); SORT2(p6, p7);
    SORT2(p1, p2); SORT2(p4, p5); SORT2(p7, p8);
    SORT2(p0, p3); SORT2(p5, p8); SORT2(p4, p7);
    SORT2(p3, p6); SORT2(p1, p4); SORT2(p2, p5);
    SORT2(p4, p7); SORT2(p4, p2); SORT2(p6, p4);
    SORT2(p4, p2);
    return p4;
}

static int at(int y, int x)
{
    if (y < 0)
        y = 0;
    if (y >= H)
        y = H - 1;
    if (x < 0)
        x = 0;
    if (x >= W)
        x = W - 1;
    return img[y][x];
}

int main(void)
{
    int x, y, dy, dx, noisy = 0, fixed = 0;
    uint32_t h1 = 0, h2 = 0, h3 = 0;

    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            int v = 40 + x * 2 + y;
            uint32_t r = rnd();
            if (r % 13u == 0) {
                v = (r >> 8) & 1u ? 255 : 0;
                noisy++;
            }
            img[y][x] = (uint8_t)v;
        }
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            int mn = 255, mx = 0;
            med[y][x] = (uint8_t)median9(at(y - 1, x - 1), at(y - 1, x), at(y - 1, x + 1), at(y, x - 1), at(y, x),
                                         at(y, x + 1), at(y + 1, x - 1), at(y + 1, x), at(y + 1, x + 1));
            for (dy = -1; dy <= 1; dy++)
                for (dx = -1; dx <= 1; dx++) {
                    int v = at(y + dy, x + dx);
                    mn = v < mn ? v : mn;
                    mx = v > mx ? v : mx;
                }
            ero[y][x] = (uint8_t)mn;
            dil[y][x] = (uint8_t)mx;
        }
    for (y = 1; y < H - 1; y++)
        for (x = 1; x < W - 1; x++) {
            int clean = 40 + x * 2 + y, d = med[y][x] - clean;
            if (d >= -2 && d <= 2)
                fixed++;
        }
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            h1 = h1 * 31u + med[y][x];
            h2 = h2 * 31u + ero[y][x];
            h3 = h3 * 31u + dil[y][x];
        }
    printf("median3x3: %dx%d image, %d noisy pixels\n", W, H, noisy);
    printf("interior pixels restored to within 2: %d of %d\n", fixed, (W - 2) * (H - 2));
    printf("med[10][10]=%d ero[10][10]=%d dil[10][10]=%d\n", med[10][10], ero[10][10], dil[10][10]);
    printf("hashes %08x %08x %08x\n", h1, h2, h3);
    return 0;
}
