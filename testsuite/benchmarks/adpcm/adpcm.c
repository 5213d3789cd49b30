/* adpcm: IMA-style 4-bit ADPCM encoder and decoder on 6000 synthetic 16-bit samples;
   reports the reconstruction error and a checksum of the code stream. */
#include <stdio.h>
#include <stdint.h>

#define NSAMP 6000

static const int16_t step_table[89] = {
    7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41, 45,
    50, 55, 60, 66, 73, 80, 88, 97, 107, 118, 130, 143, 157, 173, 190, 209, 230,
    253, 279, 307, 337, 371, 408, 449, 494, 544, 598, 658, 724, 796, 876, 963,
    1060, 1166, 1282, 1411, 1552, 1707, 1878, 2066, 2272, 2499, 2749, 3024, 3327,
    3660, 4026, 4428, 4871, 5358, 5894, 6484, 7132, 7845, 8630, 9493, 10442, 11487,
    12635, 13899, 15289, 16818, 18500, 20350, 22385, 24623, 27086, 29794, 32767,
};

static const int8_t index_adjust[8] = {-1, -1, -1, -1, 2, 4, 6, 8};

struct adpcm_state {
    int predicted;
    int index;
};

static int16_t samples[NSAMP], recon[NSAMP];
static uint8_t codes[NSAMP / 2];

static int clamp_sample(int v)
{
    return v > 32767 ? 32767 : (v < -32768 ? -32768 : v);
}

static int update(struct adpcm_state *st, int code)
{
    int step = step_table[st->index];
    int diff = step >> 3;
    if (code & 4)
        diff += step;
    if (code & 2)
        diff += step >> 1;
    if (code & 1)
        diff += step >> 2;
    if (code & 8)
        st->predicted = clamp_sample(st->predicted - diff);
    else
        st->predicted = clamp_sample(st->predicted + diff);
    st->index += index_adjust[code & 7];
    if (st->index < 0)
        st->index = 0;
    if (st->index > 88)
        st->index = 88;
    return st->predicted;
}

static int encode_sample(struct adpcm_state *st, int sample)
{
    int step = step_table[st->index];
    int diff = sample - st->predicted;
    int code = 0;
    if (diff < 0) {
        code = 8;
        diff = -diff;
    }
    if (diff >= step) {
        code |= 4;
        diff -= step;
    }
    step >>= 1;
    if (diff >= step) {
        code |= 2;
        diff -= step;
    }
    step >>= 1;
    if (diff >= step)
        code |= 1;
    update(st, code);
    return code;
}

static void encode(const int16_t *in, uint8_t *out, int n)
{
    struct adpcm_state st = {0, 0};
    int i;
    for (i = 0; i < n; i += 2) {
        int lo = encode_sample(&st, in[i]);
        int hi = encode_sample(&st, in[i + 1]);
        out[i / 2] = (uint8_t)(lo | (hi << 4));
    }
}

static void decode(const uint8_t *in, int16_t *out, int n)
{
    struct adpcm_state st = {0, 0};
    int i;
    for (i = 0; i < n; i += 2) {
        out[i] = (int16_t)update(&st, in[i / 2] & 15);
        out[i + 1] = (int16_t)update(&st, in[i / 2] >> 4);
    }
}

int main(void)
{
    uint32_t s = 0xACE1u, ck = 0;
    int i, t1 = 0, d1 = 1, t2 = 0, d2 = 1, maxerr = 0;
    long long sq_sig = 0, sq_err = 0;

    for (i = 0; i < NSAMP; i++) {
        int v;
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        /* two triangle waves (periods 160 and 44) with a loud burst in the middle */
        t1 += d1 * 250;
        if (t1 >= 10000 || t1 <= -10000)
            d1 = -d1;
        t2 += d2 * 700;
        if (t2 >= 7000 || t2 <= -7000)
            d2 = -d2;
        v = t1 + t2 + (int)(s % 1001u) - 500;
        if (i >= 2500 && i < 3000)
            v = v * 2;
        samples[i] = (int16_t)clamp_sample(v);
    }
    encode(samples, codes, NSAMP);
    decode(codes, recon, NSAMP);
    for (i = 0; i < NSAMP; i++) {
        int e = samples[i] - recon[i];
        if (e < 0)
            e = -e;
        if (e > maxerr)
            maxerr = e;
        sq_err += (long long)e * e;
        sq_sig += (long long)samples[i] * samples[i];
    }
    for (i = 0; i < NSAMP / 2; i++)
        ck = (ck << 5 | ck >> 27) ^ codes[i];
    printf("adpcm: %d samples -> %d bytes\n", NSAMP, NSAMP / 2);
    printf("signal energy %lld, error energy %lld, max abs error %d\n", sq_sig, sq_err, maxerr);
    printf("signal/error ratio x100: %lld\n", sq_err ? sq_sig * 100 / sq_err : 0LL);
    printf("recon[100..103] = %d %d %d %d\n", recon[100], recon[101], recon[102], recon[103]);
    printf("checksum %08x\n", ck);
    return 0;
}
