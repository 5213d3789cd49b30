/* filters: single-precision (float) signal processing: a 2-section biquad
 * IIR low-pass cascade (direct form I and transposed direct form II) and a
 * 15-tap symmetric FIR low-pass, on 512 samples of a two-tone signal plus
 * noise. All state and coefficients are float, so every operation rounds to
 * float. Checks DF-I and TDF-II agree closely, the DC gain of the FIR, and
 * that the high tone is attenuated. Prints bit patterns of outputs. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#define NS 512
#define NT 15

static uint32_t rng = 0x12345678u;
static uint32_t xorshift32(void)
{
    uint32_t x = rng;
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    return rng = x;
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

typedef struct { float b0, b1, b2, a1, a2; } biquad_coef;
typedef struct { float x1, x2, y1, y2; } df1_state;
typedef struct { float s1, s2; } tdf2_state;

/* Butterworth-like low-pass sections (cutoff ~ fs/16), coefficients rounded to float */
static const biquad_coef sec[2] = {
    { 0.0299545f, 0.0599090f, 0.0299545f, -1.4542436f, 0.5740619f },
    { 0.0345266f, 0.0690532f, 0.0345266f, -1.6763009f, 0.8144071f },
};

static float df1(const biquad_coef *c, df1_state *s, float x)
{
    float y = c->b0 * x + c->b1 * s->x1 + c->b2 * s->x2 - c->a1 * s->y1 - c->a2 * s->y2;
    s->x2 = s->x1; s->x1 = x;
    s->y2 = s->y1; s->y1 = y;
    return y;
}

static float tdf2(const biquad_coef *c, tdf2_state *s, float x)
{
    float y = c->b0 * x + s->s1;
    s->s1 = c->b1 * x - c->a1 * y + s->s2;
    s->s2 = c->b2 * x - c->a2 * y;
    return y;
}

static float in[NS], out1[NS], out2[NS], outf[NS];
static float h[NT];

/* a sine-ish periodic wave without libm: parabolic approximation of a period-p wave */
static float wave(int n, int p)
{
    float t = (float)(n % p) / (float)p; /* [0,1) */
    float u = t < 0.5f ? t * 4.0f - 1.0f : 3.0f - t * 4.0f; /* triangle [-1,1] */
    return u * (1.5f - 0.5f * u * u);
}

int main(void)
{
    df1_state d1[2];
    tdf2_state d2[2];
    int i, k, fails = 0;
    float maxdiff = 0.0f, hsum = 0.0f, elow = 0.0f, ehigh = 0.0f, ein = 0.0f;
    uint32_t ck1 = 0, ck2 = 0, ck3 = 0;

    memset(d1, 0, sizeof d1);
    memset(d2, 0, sizeof d2);
    for (i = 0; i < NS; i++) {
        float noise = (float)(int32_t)(xorshift32() >> 20) / 4096.0f - 0.5f;
        in[i] = wave(i, 64) + 0.5f * wave(i, 5) + 0.05f * noise;
    }
    for (i = 0; i < NS; i++) {
        float y = in[i], z = in[i];
        for (k = 0; k < 2; k++) {
            y = df1(&sec[k], &d1[k], y);
            z = tdf2(&sec[k], &d2[k], z);
        }
        out1[i] = y; out2[i] = z;
        if (y - z > maxdiff) maxdiff = y - z;
        if (z - y > maxdiff) maxdiff = z - y;
        ck1 = ck1 * 31u + fbits(y);
        ck2 = ck2 * 31u + fbits(z);
    }
    printf("iir df1 out[100] %08x %.9g out[511] %08x %.9g\n", (unsigned)fbits(out1[100]),
           (double)out1[100], (unsigned)fbits(out1[511]), (double)out1[511]);
    printf("iir tdf2 out[100] %08x %.9g out[511] %08x %.9g\n", (unsigned)fbits(out2[100]),
           (double)out2[100], (unsigned)fbits(out2[511]), (double)out2[511]);
    printf("iir checksums %08x %08x maxdiff %.9g\n", (unsigned)ck1, (unsigned)ck2, (double)maxdiff);
    if (maxdiff > 1e-4f) fails++;

    /* windowed-sinc-like symmetric taps computed with float arithmetic */
    for (k = 0; k < NT; k++) {
        float m = (float)(k - NT / 2);
        float w = 1.0f - (m * m) / 64.0f;
        h[k] = w / (1.0f + m * m * 0.15f);
        hsum += h[k];
    }
    for (k = 0; k < NT; k++) h[k] /= hsum;
    hsum = 0.0f;
    for (k = 0; k < NT; k++) hsum += h[k];
    printf("fir taps h[0] %a h[7] %a sum %.9g\n", (double)h[0], (double)h[NT / 2], (double)hsum);
    if (hsum < 0.99999f || hsum > 1.00001f) fails++;
    for (i = 0; i < NS; i++) {
        float acc = 0.0f;
        for (k = 0; k < NT; k++)
            acc += h[k] * (i - k >= 0 ? in[i - k] : 0.0f);
        outf[i] = acc;
        ck3 = ck3 * 31u + fbits(acc);
    }
    printf("fir out[20] %08x out[300] %08x checksum %08x\n", (unsigned)fbits(outf[20]),
           (unsigned)fbits(outf[300]), (unsigned)ck3);

    /* energy of the fast (period 5) component before and after the IIR */
    for (i = 64; i < NS; i++) {
        float hi_in = in[i] - in[i - 1];
        float hi_out = out1[i] - out1[i - 1];
        ein += hi_in * hi_in;
        ehigh += hi_out * hi_out;
        elow += out1[i] * out1[i];
    }
    printf("difference energy in %.4f out %.4f, output energy %.4f\n", (double)ein, (double)ehigh, (double)elow);
    if (!(ehigh < 0.05f * ein)) fails++;
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
