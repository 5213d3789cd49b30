/* rle: PackBits-style run-length encoder and decoder over a 24 KiB buffer of runs and
   noise, plus a 4-bit zero-run coder of a sparse array; round trips are verified. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#define SIZE (24 * 1024)

static uint8_t raw[SIZE], enc[SIZE + SIZE / 64 + 16], dec[SIZE];
static uint32_t seed = 31337u;

static uint32_t rnd(void)
{
    seed = seed * 1664525u + 1013904223u;
    return seed >> 8;
}

/* control byte c < 128: c+1 literal bytes follow; c >= 128: next byte repeated c-125 times (3..130) */
static int pack(const uint8_t *in, int n, uint8_t *out)
{
    int i = 0, o = 0;
    while (i < n) {
        int run = 1;
        while (i + run < n && run < 130 && in[i + run] == in[i])
            run++;
        if (run >= 3) {
            out[o++] = (uint8_t)(run + 125);
            out[o++] = in[i];
            i += run;
        } else {
            int start = i, len = 0;
            while (i < n && len < 128) {
                if (i + 2 < n && in[i] == in[i + 1] && in[i] == in[i + 2])
                    break;
                i++;
                len++;
            }
            out[o++] = (uint8_t)(len - 1);
            memcpy(out + o, in + start, (size_t)len);
            o += len;
        }
    }
    return o;
}

static int unpack(const uint8_t *in, int n, uint8_t *out, int cap)
{
    int i = 0, o = 0;
    while (i < n) {
        int c = in[i++];
        if (c < 128) {
            int len = c + 1;
            if (o + len > cap)
                return -1;
            memcpy(out + o, in + i, (size_t)len);
            i += len;
            o += len;
        } else {
            int len = c - 125;
            if (o + len > cap)
                return -1;
            memset(out + o, in[i++], (size_t)len);
            o += len;
        }
    }
    return o;
}

/* zero-run coding of 16-bit values: each output nibble pair = (zeros before, 0..15) then the value */
static int16_t sparse[4096], sparse_dec[4096];
static uint16_t zr_out[8192];

static int zrl_encode(const int16_t *in, int n, uint16_t *out)
{
    int i, o = 0, zeros = 0;
    for (i = 0; i < n; i++) {
        if (in[i] == 0 && zeros < 15) {
            zeros++;
            continue;
        }
        out[o++] = (uint16_t)zeros;
        out[o++] = (uint16_t)in[i];
        zeros = 0;
    }
    out[o++] = (uint16_t)zeros;
    out[o++] = 0xFFFFu; /* end marker; only meaningful after the final run */
    return o;
}

static int zrl_decode(const uint16_t *in, int n, int16_t *out)
{
    int i, o = 0, k;
    for (i = 0; i + 1 < n; i += 2) {
        for (k = 0; k < (int)in[i]; k++)
            out[o++] = 0;
        if (i + 2 >= n)
            break;
        out[o++] = (int16_t)in[i + 1];
    }
    return o;
}

int main(void)
{
    int i = 0, packed, unpacked, nz = 0, zn, zd;
    uint32_t ck = 0;

    while (i < SIZE) {
        int kind = (int)(rnd() % 4u), len = 1 + (int)(rnd() % 200u), k;
        uint8_t v = (uint8_t)rnd();
        for (k = 0; k < len && i < SIZE; k++, i++)
            raw[i] = kind == 0 ? (uint8_t)rnd() : v; /* a quarter of the stretches are noise */
    }
    packed = pack(raw, SIZE, enc);
    unpacked = unpack(enc, packed, dec, SIZE);
    for (i = 0; i < packed; i++)
        ck = ck * 257u + enc[i];
    printf("rle: %d bytes -> %d bytes, decoded %d bytes, %s\n", SIZE, packed, unpacked,
           unpacked == SIZE && memcmp(raw, dec, SIZE) == 0 ? "ok" : "MISMATCH");

    for (i = 0; i < 4096; i++) {
        sparse[i] = (rnd() % 7u == 0) ? (int16_t)((int)(rnd() % 2001u) - 1000) : 0;
        if (sparse[i] != 0)
            nz++;
    }
    zn = zrl_encode(sparse, 4096, zr_out);
    zd = zrl_decode(zr_out, zn, sparse_dec);
    for (i = 0; i < zn; i++)
        ck = ck * 31u + zr_out[i];
    printf("zero-run: 4096 values (%d non-zero) -> %d words, decoded %d values, %s\n", nz, zn, zd,
           zd == 4096 && memcmp(sparse, sparse_dec, sizeof sparse) == 0 ? "ok" : "MISMATCH");
    printf("checksum %08x\n", ck);
    return 0;
}
