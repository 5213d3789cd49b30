/* dct8x8: forward 8x8 integer DCT (matrix form, 8-bit-signal scaling) over a 64x64 image,
   followed by a uniform quantiser. */
#include <stdio.h>
#include <stdint.h>

#define W 64
#define H 64

static const int dct_matrix[8][8] = {
    {64, 64, 64, 64, 64, 64, 64, 64},
    {89, 75, 50, 18, -18, -50, -75, -89},
    {83, 36, -36, -83, -83, -36, 36, 83},
    {75, -18, -89, -50, 50, 89, 18, -75},
    {64, -64, -64, 64, 64, -64, -64, 64},
    {50, -89, 18, 75, -75, -18, 89, -50},
    {36, -83, 83, -36, -36, 83, -83, 36},
    {18, -50, 75, -89, 89, -75, 50, -18},
};

static uint8_t image[H][W];
static int16_t coeffs[H][W];
static uint32_t seed = 314159u;

static uint32_t lcg(void)
{
    seed = seed * 1664525u + 1013904223u;
    return seed >> 12;
}

/* out = T * in * T^T, with rounding shifts of 2 then 9 */
static void dct_block(int16_t in[8][8], int16_t out[8][8])
{
    int32_t tmp[8][8];
    int k, l, n;
    for (k = 0; k < 8; k++)
        for (l = 0; l < 8; l++) {
            int32_t s = 0;
            for (n = 0; n < 8; n++)
                s += dct_matrix[k][n] * in[n][l];
            tmp[k][l] = (s + 2) >> 2;
        }
    for (k = 0; k < 8; k++)
        for (l = 0; l < 8; l++) {
            int32_t s = 0;
            for (n = 0; n < 8; n++)
                s += tmp[k][n] * dct_matrix[l][n];
            out[k][l] = (int16_t)((s + 256) >> 9);
        }
}

int main(void)
{
    int x, y, bx, by, zeros = 0;
    uint32_t ck = 0;
    int16_t blk[8][8], res[8][8];
    long long energy = 0;

    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            int v = 64 + ((x * 3 + y * 2) & 127);
            if ((x / 16 + y / 16) % 3 == 0)
                v = 200 - (x + y) / 2;
            v += (int)(lcg() % 17u) - 8;
            image[y][x] = (uint8_t)(v < 0 ? 0 : (v > 255 ? 255 : v));
        }

    for (by = 0; by < H; by += 8)
        for (bx = 0; bx < W; bx += 8) {
            for (y = 0; y < 8; y++)
                for (x = 0; x < 8; x++)
                    blk[y][x] = (int16_t)(image[by + y][bx + x] - 128);
            dct_block(blk, res);
            for (y = 0; y < 8; y++)
                for (x = 0; x < 8; x++)
                    coeffs[by + y][bx + x] = res[y][x];
        }

    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            int c = coeffs[y][x];
            int q = c / (8 + (x & 7) + (y & 7)); /* coarser at high frequency */
            if (q == 0)
                zeros++;
            energy += (long long)c * c;
            ck = ck * 16777619u ^ (uint32_t)(uint16_t)c;
        }
    printf("dct8x8: %dx%d image, %d blocks\n", W, H, (W / 8) * (H / 8));
    printf("DC of blocks 0..3: %d %d %d %d\n", coeffs[0][0], coeffs[0][8], coeffs[0][16], coeffs[0][24]);
    printf("block 0 row 0: %d %d %d %d %d %d %d %d\n", coeffs[0][0], coeffs[0][1], coeffs[0][2], coeffs[0][3],
           coeffs[0][4], coeffs[0][5], coeffs[0][6], coeffs[0][7]);
    printf("quantised zeros: %d of %d\n", zeros, W * H);
    printf("energy %lld\n", energy);
    printf("checksum %08x\n", ck);
    return 0;
}
