/* neuralnet: forward pass of a small float multilayer perceptron
 * (8 inputs -> 16 ReLU -> 8 softsign -> 4 linear) on 32 pseudo-random input
 * vectors, with weights from an integer PRNG, then 8 steps of plain
 * gradient descent (backpropagation, mean squared error) on a fixed batch
 * of 8 samples. Everything is float + - * / with fabsf, so outputs are
 * printed exactly; the loss must decrease. A softmax with expf is computed
 * only to check that probabilities sum to 1 and to print the argmax. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <math.h>

#define NI 8
#define NH1 16
#define NH2 8
#define NO 4
#define NB 8

static uint32_t rng = 0x0BADF00Du;
static float frand(void) /* [-1, 1) in steps of 2^-15 */
{
    rng ^= rng << 13; rng ^= rng >> 17; rng ^= rng << 5;
    return (float)(int32_t)(rng >> 16) / 32768.0f - 1.0f;
}
static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

typedef struct {
    float w1[NH1][NI], b1[NH1];
    float w2[NH2][NH1], b2[NH2];
    float w3[NO][NH2], b3[NO];
} net_t;

typedef struct { float h1[NH1], a1[NH1], h2[NH2], a2[NH2], out[NO]; } acts_t;

static net_t net;

static void forward(const net_t *n, const float *x, acts_t *a)
{
    int i, j;
    for (i = 0; i < NH1; i++) {
        float s = n->b1[i];
        for (j = 0; j < NI; j++) s += n->w1[i][j] * x[j];
        a->h1[i] = s;
        a->a1[i] = s > 0.0f ? s : 0.0f;
    }
    for (i = 0; i < NH2; i++) {
        float s = n->b2[i];
        for (j = 0; j < NH1; j++) s += n->w2[i][j] * a->a1[j];
        a->h2[i] = s;
        a->a2[i] = s / (1.0f + fabsf(s));
    }
    for (i = 0; i < NO; i++) {
        float s = n->b3[i];
        for (j = 0; j < NH2; j++) s += n->w3[i][j] * a->a2[j];
        a->out[i] = s;
    }
}

static void upd(float *w, const float *g, int n, float lr)
{
    int i;
    for (i = 0; i < n; i++) w[i] -= lr * g[i];
}

static void fill(float *w, int n)
{
    int i;
    for (i = 0; i < n; i++) w[i] = 0.5f * frand();
}

static float train_step(net_t *n, float xs[NB][NI], float ys[NB][NO], float lr)
{
    static net_t g;
    acts_t a;
    float loss = 0.0f, d3[NO], d2[NH2], d1[NH1];
    int b, i, j;
    memset(&g, 0, sizeof g);
    for (b = 0; b < NB; b++) {
        forward(n, xs[b], &a);
        for (i = 0; i < NO; i++) {
            float e = a.out[i] - ys[b][i];
            loss += e * e;
            d3[i] = 2.0f * e / (float)NB;
            g.b3[i] += d3[i];
            for (j = 0; j < NH2; j++) g.w3[i][j] += d3[i] * a.a2[j];
        }
        for (j = 0; j < NH2; j++) {
            float s = 0.0f, den = 1.0f + fabsf(a.h2[j]);
            for (i = 0; i < NO; i++) s += d3[i] * n->w3[i][j];
            d2[j] = s / (den * den); /* d softsign = 1 / (1 + |x|)^2 */
            g.b2[j] += d2[j];
            for (i = 0; i < NH1; i++) g.w2[j][i] += d2[j] * a.a1[i];
        }
        for (j = 0; j < NH1; j++) {
            float s = 0.0f;
            for (i = 0; i < NH2; i++) s += d2[i] * n->w2[i][j];
            d1[j] = a.h1[j] > 0.0f ? s : 0.0f;
            g.b1[j] += d1[j];
            for (i = 0; i < NI; i++) g.w1[j][i] += d1[j] * xs[b][i];
        }
    }
    upd(&n->w1[0][0], &g.w1[0][0], NH1 * NI, lr);
    upd(n->b1, g.b1, NH1, lr);
    upd(&n->w2[0][0], &g.w2[0][0], NH2 * NH1, lr);
    upd(n->b2, g.b2, NH2, lr);
    upd(&n->w3[0][0], &g.w3[0][0], NO * NH2, lr);
    upd(n->b3, g.b3, NO, lr);
    return loss / (float)NB;
}

int main(void)
{
    static float xs[NB][NI], ys[NB][NO];
    float x[NI], first = 0.0f, loss = 0.0f;
    acts_t a;
    int i, k, s, fails = 0, votes[NO] = { 0, 0, 0, 0 };
    uint32_t ck = 0;

    fill(&net.w1[0][0], NH1 * NI);
    fill(net.b1, NH1);
    fill(&net.w2[0][0], NH2 * NH1);
    fill(net.b2, NH2);
    fill(&net.w3[0][0], NO * NH2);
    fill(net.b3, NO);
    for (s = 0; s < 32; s++) {
        float m, sum = 0.0f, e[NO];
        int best = 0;
        for (k = 0; k < NI; k++) x[k] = frand();
        forward(&net, x, &a);
        for (k = 0; k < NO; k++) ck = ck * 31u + fbits(a.out[k]);
        if (s < 4) printf("out[%d] = %.9g %.9g %.9g %.9g\n", s, (double)a.out[0], (double)a.out[1], (double)a.out[2],
                          (double)a.out[3]);
        m = a.out[0];
        for (k = 1; k < NO; k++) if (a.out[k] > m) { m = a.out[k]; best = k; }
        for (k = 0; k < NO; k++) { e[k] = expf(a.out[k] - m); sum += e[k]; }
        for (k = 0; k < NO; k++) e[k] /= sum;
        sum = e[0] + e[1] + e[2] + e[3];
        if (fabsf(sum - 1.0f) > 1e-5f || e[best] < 0.25f) fails++;
        votes[best]++;
    }
    printf("forward checksum %08x argmax votes %d %d %d %d\n", (unsigned)ck, votes[0], votes[1], votes[2], votes[3]);

    for (i = 0; i < NB; i++) {
        for (k = 0; k < NI; k++) xs[i][k] = frand();
        for (k = 0; k < NO; k++) ys[i][k] = (k == i % NO) ? 1.0f : 0.0f;
    }
    for (s = 0; s < 8; s++) {
        loss = train_step(&net, xs, ys, 0.05f);
        if (s == 0) first = loss;
        if (s % 2 == 1) printf("step %2d loss %.9g (%08x)\n", s, (double)loss, (unsigned)fbits(loss));
    }
    printf("w1[0][0] %a b3[3] %a\n", (double)net.w1[0][0], (double)net.b3[3]);
    if (!(loss < first)) fails++;
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
