/* br_rle_decode: a flag-byte run-length coder. Each control byte carries 8 flags; flag 1
   means a run token (length-3, value), flag 0 a literal byte. Three kinds of byte data
   (long runs, short runs mixed with noise, almost no runs) are encoded, decoded, checked for
   an exact round trip and checksummed; run lengths are bucketed with a comparison chain. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#define N 4096
#define MAXENC (N + N / 8 + 16)

static uint8_t raw[N], enc[MAXENC], dec[N + 300];
static uint32_t seed = 0x5EED1234u;

static uint32_t rnd(void)
{
    uint32_t x = seed;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    seed = x;
    return x;
}

static void gen(int kind)
{
    int i = 0;
    while (i < N) {
        uint32_t r = rnd();
        int len, k;
        uint8_t v = (uint8_t)(r >> 24);
        if (kind == 0)
            len = 1 + (int)(r & 127u); /* long runs */
        else if (kind == 1)
            len = (r & 3u) == 0u ? 1 + (int)(r >> 2 & 7u) : 1; /* short runs among noise */
        else
            len = (r & 31u) == 0u ? 3 : 1; /* nearly incompressible */
        if (kind == 1 && len == 1)
            v = (uint8_t)(v & 0x0Fu); /* small alphabet so some runs arise by chance */
        for (k = 0; k < len && i < N; k++)
            raw[i++] = v;
    }
}

static int encode(const uint8_t *in, int n, uint8_t *out)
{
    int ip = 0, op = 0, ctl = 0, bit = 0;
    while (ip < n) {
        int run = 1, max = n - ip;
        uint8_t v = in[ip];
        if (bit == 0) {
            ctl = op++;
            out[ctl] = 0;
        }
        if (max > 258)
            max = 258;
        while (run < max && in[ip + run] == v)
            run++;
        if (run >= 3) {
            out[ctl] |= (uint8_t)(1u << bit);
            out[op++] = (uint8_t)(run - 3);
            out[op++] = v;
            ip += run;
        } else {
            out[op++] = v;
            ip++;
        }
        bit = (bit + 1) & 7;
    }
    return op;
}

int main(void)
{
    int kind, rep;
    uint32_t htot = 0;

    for (kind = 0; kind < 3; kind++) {
        int n_enc, ip, op, bad = 0, k, i;
        int n_lit = 0, n_run = 0, b_short = 0, b_mid = 0, b_long = 0, b_max = 0;
        uint32_t h = 0;

        gen(kind);
        n_enc = encode(raw, N, enc);

        for (rep = 0; rep < 2; rep++) {
            /* decode: the inner decision is literal versus run on each flag bit */
            ip = 0;
            op = 0;
            n_lit = n_run = b_short = b_mid = b_long = b_max = 0;
            while (ip < n_enc) {
                unsigned flags = enc[ip++];
                for (k = 0; k < 8 && ip < n_enc; k++) {
                    int n;
                    uint8_t v;
                    if (flags & 1u) {
                        n = enc[ip] + 3;
                        v = enc[ip + 1];
                        ip += 2;
                        n_run++;
                    } else {
                        n = 1;
                        v = enc[ip];
                        ip += 1;
                        n_lit++;
                    }
                    flags >>= 1;
                    if (n < 8)
                        b_short += n > 1;
                    else if (n < 32)
                        b_mid++;
                    else if (n < 258)
                        b_long++;
                    else
                        b_max++;
                    for (i = 0; i < n; i++)
                        dec[op + i] = v;
                    op += n;
                }
            }
            if (op != N || memcmp(dec, raw, N) != 0)
                bad++;
            /* perturb the output so the next repetition checks a fresh decode */
            dec[rep * 1000] ^= 0x55u;
        }

        for (i = 0; i < N; i++)
            h = (h ^ dec[i]) * 0x01000193u;
        for (i = 0; i < n_enc; i++)
            htot = htot * 31u + enc[i];
        printf("kind %d: %d bytes -> %d encoded, literals %d runs %d (3-7:%d 8-31:%d 32-257:%d 258:%d), mismatches %d\n",
               kind, N, n_enc, n_lit, n_run, b_short, b_mid, b_long, b_max, bad);
        printf("        decoded hash %08x\n", h);
    }
    printf("encoded hash %08x\n", htot);
    return 0;
}
