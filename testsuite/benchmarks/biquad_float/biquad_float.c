/* biquad_float: single-precision 8th-order IIR band-pass filter as a
 * cascade of four transposed direct-form-II biquad sections, run over 1200
 * samples of a three-tone signal plus noise; the same cascade in direct
 * form I for comparison; then a 16-tap float FIR smoother on the output.
 * Reports output energies, peak values, zero crossings and bit checksums. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#define NS 1200
#define NSEC 4
#define NT 16

typedef struct { float b0, b1, b2, a1, a2; } coef_t;

/* band-pass sections (coefficients written out as float literals) */
static const coef_t sec[NSEC] = {
    { 0.0675f, 0.0f, -0.0675f, -1.7170f, 0.8650f },
    { 0.0675f, 0.0f, -0.0675f, -1.5680f, 0.8390f },
    { 0.1290f, 0.0f, -0.1290f, -1.7970f, 0.9280f },
    { 0.1290f, 0.0f, -0.1290f, -1.4570f, 0.9010f },
};

static uint32_t rng = 0xFEEDBEEFu;
static uint32_t xorshift32(void)
{
    uint32_t x = rng;
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    return rng = x;
}
static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

static float in[NS], out1[NS], out2[NS], sm[NS];

/* a smooth periodic wave from a polynomial of a triangle (no libm) */
static float wave(int n, int period)
{
    float t = (float)(n % period) / (float)period;
    float u = t < 0.5f ? 4.0f * t - 1.0f : 3.0f - 4.0f * t;
    return u * (1.5f - 0.5f * u * u);
}

int main(void)
{
    float s1[NSEC], s2[NSEC], x1[NSEC], x2[NSEC], o1[NSEC], o2[NSEC], h[NT], hs = 0.0f;
    float ein = 0.0f, e1 = 0.0f, e2 = 0.0f, es = 0.0f, peak = 0.0f, maxdiff = 0.0f;
    uint32_t c1 = 0, c2 = 0, c3 = 0;
    int i, k, zc = 0;

    for (i = 0; i < NS; i++)
        in[i] = 0.6f * wave(i, 100) + 0.5f * wave(i, 16) + 0.4f * wave(i, 6) +
                0.1f * ((float)(xorshift32() >> 16) / 32768.0f - 1.0f);
    memset(s1, 0, sizeof s1); memset(s2, 0, sizeof s2);
    memset(x1, 0, sizeof x1); memset(x2, 0, sizeof x2); memset(o1, 0, sizeof o1); memset(o2, 0, sizeof o2);
    for (i = 0; i < NS; i++) {
        float v = in[i], w = in[i];
        for (k = 0; k < NSEC; k++) {
            const coef_t *c = &sec[k];
            float y = c->b0 * v + s1[k];
            s1[k] = c->b1 * v - c->a1 * y + s2[k];
            s2[k] = c->b2 * v - c->a2 * y;
            v = y;
        }
        for (k = 0; k < NSEC; k++) {
            const coef_t *c = &sec[k];
            float y = c->b0 * w + c->b1 * x1[k] + c->b2 * x2[k] - c->a1 * o1[k] - c->a2 * o2[k];
            x2[k] = x1[k]; x1[k] = w;
            o2[k] = o1[k]; o1[k] = y;
            w = y;
        }
        out1[i] = v; out2[i] = w;
        ein += in[i] * in[i];
        e1 += v * v; e2 += w * w;
        if (v - w > maxdiff) maxdiff = v - w;
        if (w - v > maxdiff) maxdiff = w - v;
        if (v > peak) peak = v;
        if (-v > peak) peak = -v;
        if (i > 0 && (out1[i - 1] < 0.0f) != (v < 0.0f)) zc++;
        c1 = c1 * 31u + fbits(v);
        c2 = c2 * 31u + fbits(w);
    }
    printf("iir tdf2: energy %.9g peak %.9g zero crossings %d checksum %08x\n", (double)e1, (double)peak, zc, (unsigned)c1);
    printf("iir df1:  energy %.9g checksum %08x max |tdf2-df1| %.3g\n", (double)e2, (unsigned)c2, (double)maxdiff);
    printf("input energy %.9g y[1000] %a y[1199] %a\n", (double)ein, (double)out1[1000], (double)out1[NS - 1]);

    for (k = 0; k < NT; k++) {
        float m = (float)k - (NT - 1) * 0.5f;
        h[k] = 1.0f / (1.0f + 0.02f * m * m);
        hs += h[k];
    }
    for (k = 0; k < NT; k++) h[k] /= hs;
    for (i = 0; i < NS; i++) {
        float acc = 0.0f;
        for (k = 0; k < NT; k++) acc += h[k] * (i >= k ? out1[i - k] : 0.0f);
        sm[i] = acc;
        es += acc * acc;
        c3 = c3 * 31u + fbits(acc);
    }
    printf("fir: taps %a .. %a energy %.9g sm[1100] %a checksum %08x\n", (double)h[0], (double)h[NT / 2], (double)es,
           (double)sm[1100], (unsigned)c3);
    printf("%s\n", maxdiff < 1e-3f && e1 < ein ? "PASS" : "FAIL");
    return 0;
}
