/* viterbi: rate-1/2, constraint-length-7 convolutional code (generators 171/133 octal):
   encode 144 bits, flip channel bits at three error rates, hard-decision Viterbi decode
   with 64 states and full traceback. */
#include <stdio.h>
#include <stdint.h>

#define K 7
#define NSTATES 64
#define NBITS 144
#define STEPS (NBITS + K - 1)
#define G1 0x79u /* 171 octal */
#define G2 0x5Bu /* 133 octal */

static uint8_t msg[STEPS], sym1[STEPS], sym2[STEPS], out_bits[STEPS];
static uint8_t decision[STEPS][NSTATES];
static uint8_t expected1[NSTATES * 2], expected2[NSTATES * 2];
static uint32_t seed = 0x5EEDu;

static uint32_t rnd(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 17;
    seed ^= seed << 5;
    return seed;
}

static unsigned parity7(unsigned x)
{
    x ^= x >> 4;
    x ^= x >> 2;
    x ^= x >> 1;
    return x & 1u;
}

static void encode(void)
{
    unsigned sr = 0;
    int t;
    for (t = 0; t < STEPS; t++) {
        sr = ((sr << 1) | msg[t]) & 0x7Fu;
        sym1[t] = (uint8_t)parity7(sr & G1);
        sym2[t] = (uint8_t)parity7(sr & G2);
    }
}

static int decode(const uint8_t *r1, const uint8_t *r2)
{
    int metric[NSTATES], next[NSTATES];
    int t, s, best_metric;
    for (s = 0; s < NSTATES; s++)
        metric[s] = s == 0 ? 0 : 1000;
    for (t = 0; t < STEPS; t++) {
        for (s = 0; s < NSTATES; s++) {
            /* state = last six input bits, newest in bit 0 */
            unsigned p0 = (unsigned)s >> 1, p1 = p0 | 32u;
            unsigned reg0 = (p0 << 1) | ((unsigned)s & 1u), reg1 = (p1 << 1) | ((unsigned)s & 1u);
            int m0 = metric[p0] + (expected1[reg0] != r1[t]) + (expected2[reg0] != r2[t]);
            int m1 = metric[p1] + (expected1[reg1] != r1[t]) + (expected2[reg1] != r2[t]);
            if (m1 < m0) {
                next[s] = m1;
                decision[t][s] = 1;
            } else {
                next[s] = m0;
                decision[t][s] = 0;
            }
        }
        for (s = 0; s < NSTATES; s++)
            metric[s] = next[s];
    }
    best_metric = metric[0]; /* tail bits drive the encoder back to state 0 */
    s = 0;
    for (t = STEPS - 1; t >= 0; t--) {
        out_bits[t] = (uint8_t)(s & 1);
        s = (s >> 1) | (decision[t][s] ? 32 : 0);
    }
    return best_metric;
}

int main(void)
{
    static const unsigned rates[3] = {0, 30, 8}; /* flip one bit in N (0: none) */
    uint8_t r1[STEPS], r2[STEPS];
    int t, i, trial;
    uint32_t ck = 0;

    for (i = 0; i < NSTATES * 2; i++) {
        expected1[i] = (uint8_t)parity7((unsigned)i & G1);
        expected2[i] = (uint8_t)parity7((unsigned)i & G2);
    }
    for (t = 0; t < NBITS; t++)
        msg[t] = (uint8_t)((rnd() >> 7) & 1u);
    for (; t < STEPS; t++)
        msg[t] = 0;
    encode();
    printf("viterbi: K=%d rate 1/2, %d message bits\n", K, NBITS);
    for (trial = 0; trial < 3; trial++) {
        int flips = 0, errors = 0, metric;
        for (t = 0; t < STEPS; t++) {
            r1[t] = sym1[t];
            r2[t] = sym2[t];
            if (rates[trial] && rnd() % rates[trial] == 0) {
                r1[t] ^= 1u;
                flips++;
            }
            if (rates[trial] && rnd() % rates[trial] == 0) {
                r2[t] ^= 1u;
                flips++;
            }
        }
        metric = decode(r1, r2);
        for (t = 0; t < NBITS; t++) {
            errors += out_bits[t] != msg[t];
            ck = ck * 3u + out_bits[t];
        }
        printf("trial %d: %3d channel bit flips, path metric %3d, %d decoded bit errors\n", trial, flips, metric,
               errors);
    }
    printf("checksum %08x\n", ck);
    return 0;
}
