/* idct8x8: inverse 8x8 integer DCT with even/odd butterflies (partial butterfly form),
   reconstructing 64 sparse coefficient blocks into an 8-bit 64x64 picture. */
#include <stdio.h>
#include <stdint.h>

#define NBLK 64

static int16_t coef[NBLK][64];
static uint8_t picture[64][64];
static uint32_t seed = 0x1234567u;

static uint32_t rnd(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 17;
    seed ^= seed << 5;
    return seed;
}

static int32_t clip(int32_t v, int32_t lo, int32_t hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

/* One 8-point inverse transform on `lines` vectors; src is column-major with stride `lines`,
   dst is row-major. */
static void inv_butterfly8(const int16_t *src, int16_t *dst, int shift, int lines, int32_t lo, int32_t hi)
{
    int j, k;
    int32_t add = 1 << (shift - 1);
    for (j = 0; j < lines; j++) {
        int32_t o[4], e[4], eo0, eo1, ee0, ee1;
        int32_t s1 = src[lines], s3 = src[3 * lines], s5 = src[5 * lines], s7 = src[7 * lines];
        o[0] = 89 * s1 + 75 * s3 + 50 * s5 + 18 * s7;
        o[1] = 75 * s1 - 18 * s3 - 89 * s5 - 50 * s7;
        o[2] = 50 * s1 - 89 * s3 + 18 * s5 + 75 * s7;
        o[3] = 18 * s1 - 50 * s3 + 75 * s5 - 89 * s7;
        eo0 = 83 * src[2 * lines] + 36 * src[6 * lines];
        eo1 = 36 * src[2 * lines] - 83 * src[6 * lines];
        ee0 = 64 * src[0] + 64 * src[4 * lines];
        ee1 = 64 * src[0] - 64 * src[4 * lines];
        e[0] = ee0 + eo0;
        e[3] = ee0 - eo0;
        e[1] = ee1 + eo1;
        e[2] = ee1 - eo1;
        for (k = 0; k < 4; k++) {
            dst[k] = (int16_t)clip((e[k] + o[k] + add) >> shift, lo, hi);
            dst[k + 4] = (int16_t)clip((e[3 - k] - o[3 - k] + add) >> shift, lo, hi);
        }
        src++;
        dst += 8;
    }
}

static void idct8x8(const int16_t *in, int16_t *out)
{
    int16_t tmp[64];
    inv_butterfly8(in, tmp, 7, 8, -32768, 32767);
    inv_butterfly8(tmp, out, 12, 8, -256, 255);
}

int main(void)
{
    int b, i, x, y, hist[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    uint32_t ck = 0;
    int16_t res[64];

    for (b = 0; b < NBLK; b++) {
        for (i = 0; i < 64; i++)
            coef[b][i] = 0;
        coef[b][0] = (int16_t)((int)(rnd() % 16001u) - 8000);
        for (i = 0; i < 6; i++) {
            unsigned pos = 1u + rnd() % 20u; /* low-frequency positions */
            coef[b][pos] = (int16_t)((int)(rnd() % 4001u) - 2000);
        }
    }
    for (b = 0; b < NBLK; b++) {
        int bx = (b % 8) * 8, by = (b / 8) * 8;
        idct8x8(coef[b], res);
        for (y = 0; y < 8; y++)
            for (x = 0; x < 8; x++)
                picture[by + y][bx + x] = (uint8_t)clip(res[y * 8 + x] + 128, 0, 255);
    }
    for (y = 0; y < 64; y++)
        for (x = 0; x < 64; x++) {
            hist[picture[y][x] >> 5]++;
            ck = (ck + picture[y][x]) * 2654435761u;
        }
    printf("idct8x8: %d blocks\n", NBLK);
    printf("block 0 row 0: %d %d %d %d %d %d %d %d\n", picture[0][0], picture[0][1], picture[0][2], picture[0][3],
           picture[0][4], picture[0][5], picture[0][6], picture[0][7]);
    printf("histogram:");
    for (i = 0; i < 8; i++)
        printf(" %d", hist[i]);
    printf("\nchecksum %08x\n", ck);
    return 0;
}
