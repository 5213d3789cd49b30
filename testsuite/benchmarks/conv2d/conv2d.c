/* conv2d: 5x5 integer convolution (blur + edge kernels) over a 40x40 8-bit image. */
#include <stdio.h>
#include <stdint.h>

#define W 40
#define H 40
#define K 5

static uint8_t image[H][W];
static uint8_t blurred[H][W];
static int16_t edges[H][W];

static const int blur_kernel[K][K] = {
    {1, 4, 6, 4, 1},
    {4, 16, 24, 16, 4},
    {6, 24, 36, 24, 6},
    {4, 16, 24, 16, 4},
    {1, 4, 6, 4, 1},
};

static const int edge_kernel[K][K] = {
    {0, 0, -1, 0, 0},
    {0, -1, -2, -1, 0},
    {-1, -2, 16, -2, -1},
    {0, -1, -2, -1, 0},
    {0, 0, -1, 0, 0},
};

static uint32_t rng = 7u;

static uint32_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static void convolve_u8(uint8_t in[H][W], uint8_t out[H][W], const int k[K][K], int shift)
{
    int x, y, i, j;
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            int acc = 0;
            for (i = 0; i < K; i++) {
                int yy = y + i - K / 2;
                if (yy < 0)
                    yy = 0;
                if (yy >= H)
                    yy = H - 1;
                for (j = 0; j < K; j++) {
                    int xx = x + j - K / 2;
                    if (xx < 0)
                        xx = 0;
                    if (xx >= W)
                        xx = W - 1;
                    acc += in[yy][xx] * k[i][j];
                }
            }
            acc = (acc + (1 << (shift - 1))) >> shift;
            out[y][x] = (uint8_t)(acc > 255 ? 255 : acc);
        }
}

static void convolve_s16(uint8_t in[H][W], int16_t out[H][W], const int k[K][K])
{
    int x, y, i, j;
    for (y = K / 2; y < H - K / 2; y++)
        for (x = K / 2; x < W - K / 2; x++) {
            int acc = 0;
            for (i = 0; i < K; i++)
                for (j = 0; j < K; j++)
                    acc += in[y + i - K / 2][x + j - K / 2] * k[i][j];
            out[y][x] = (int16_t)acc;
        }
}

int main(void)
{
    int x, y, strong = 0;
    uint32_t s1 = 0, s2 = 0;

    /* smooth gradient + blocks + noise */
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            int v = (x * 2 + y) & 0xFF;
            if (((x >> 4) ^ (y >> 4)) & 1)
                v = 255 - v;
            v += (int)(next_rand() % 32u) - 16;
            image[y][x] = (uint8_t)(v < 0 ? 0 : (v > 255 ? 255 : v));
        }

    convolve_u8(image, blurred, blur_kernel, 8);
    convolve_s16(blurred, edges, edge_kernel);

    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            s1 = s1 * 33u + blurred[y][x];
            s2 = s2 * 33u + (uint16_t)edges[y][x];
            if (edges[y][x] > 200 || edges[y][x] < -200)
                strong++;
        }
    printf("conv2d: %dx%d image, %dx%d kernels\n", W, H, K, K);
    printf("blurred[10][10]=%d blurred[32][30]=%d\n", blurred[10][10], blurred[32][30]);
    printf("edges[10][10]=%d edges[16][16]=%d\n", edges[10][10], edges[16][16]);
    printf("strong edges: %d\n", strong);
    printf("checksums %08x %08x\n", s1, s2);
    return 0;
}
