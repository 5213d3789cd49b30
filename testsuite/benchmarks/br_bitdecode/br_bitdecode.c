/* br_bitdecode: variable-length bit-stream decoders. Pseudo-random values with a skewed
   distribution are packed MSB-first into 32-bit words with four codes: unsigned Exp-Golomb,
   signed Exp-Golomb (zig-zag mapping), adaptive Rice (parameter k adjusted after each
   value) and a fixed 9-symbol prefix code decoded with an if/else code tree (with an escape).
   Each stream is decoded bit by bit, compared with the source values and checksummed. */
#include <stdio.h>
#include <stdint.h>

#define NV 1200
#define MAXW 2048

static uint32_t buf[MAXW];
static int bitpos;
static int32_t val[NV], out[NV];
static uint32_t seed = 0xB17D0C0Du;

static uint32_t rnd(void)
{
    uint32_t x = seed;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    seed = x;
    return x;
}

static void putbits(uint32_t v, int n)
{
    while (n > 0) {
        n--;
        if ((v >> n) & 1u)
            buf[bitpos >> 5] |= 0x80000000u >> (bitpos & 31);
        bitpos++;
    }
}

static void reset(void)
{
    int i;
    for (i = 0; i < MAXW; i++)
        buf[i] = 0;
    bitpos = 0;
}

static int nbits(uint32_t v)
{
    int n = 0;
    while (v) {
        n++;
        v >>= 1;
    }
    return n;
}

static void put_ueg(uint32_t v)
{
    int n = nbits(v + 1);
    putbits(0, n - 1);
    putbits(v + 1, n);
}

/* skewed magnitudes: mostly small, sometimes up to 2^12 */
static uint32_t skewed(void)
{
    uint32_t r = rnd();
    int w = (int)(r & 15u);
    w = w < 8 ? w / 2 : w - 3; /* 0..12 bits */
    return (r >> 8) & ((1u << w) - 1u);
}

#define GETBIT(b)                                                          \
    do {                                                                   \
        (b) = (int)((buf[pos >> 5] >> (31 - (pos & 31))) & 1u);           \
        pos++;                                                             \
    } while (0)

static uint32_t check(const char *name, int bits)
{
    int i, bad = 0;
    uint32_t h = 0;
    for (i = 0; i < NV; i++) {
        if (out[i] != val[i])
            bad++;
        h = (h ^ (uint32_t)out[i]) * 0x01000193u;
    }
    printf("%-12s %6d bits (%d.%02d per value), mismatches %d, hash %08x\n", name, bits, bits / NV,
           (bits % NV) * 100 / NV, bad, h);
    return h;
}

int main(void)
{
    int i, pos, b, k, total;
    uint32_t hall = 0;

    /* 1. unsigned Exp-Golomb */
    reset();
    for (i = 0; i < NV; i++) {
        val[i] = (int32_t)skewed();
        put_ueg((uint32_t)val[i]);
    }
    total = bitpos;
    pos = 0;
    for (i = 0; i < NV; i++) {
        int zeros = 0;
        uint32_t v = 1;
        GETBIT(b);
        while (b == 0) {
            zeros++;
            GETBIT(b);
        }
        while (zeros > 0) {
            GETBIT(b);
            v = (v << 1) | (uint32_t)b;
            zeros--;
        }
        out[i] = (int32_t)(v - 1u);
    }
    hall ^= check("exp-golomb", total);

    /* 2. signed Exp-Golomb: 0, 1, -1, 2, -2, ... */
    reset();
    for (i = 0; i < NV; i++) {
        int32_t s = (int32_t)skewed();
        if (rnd() & 1u)
            s = -s;
        val[i] = s;
        put_ueg(s > 0 ? 2u * (uint32_t)s - 1u : 2u * (uint32_t)(-s));
    }
    total = bitpos;
    pos = 0;
    for (i = 0; i < NV; i++) {
        int zeros = 0;
        uint32_t v = 1;
        int32_t s;
        GETBIT(b);
        while (b == 0) {
            zeros++;
            GETBIT(b);
        }
        while (zeros > 0) {
            GETBIT(b);
            v = (v << 1) | (uint32_t)b;
            zeros--;
        }
        v -= 1u;
        if (v & 1u)
            s = (int32_t)((v + 1u) >> 1);
        else
            s = -(int32_t)(v >> 1);
        out[i] = s;
    }
    hall ^= check("signed-eg", total);

    /* 3. adaptive Rice: unary quotient (1s ended by a 0), k-bit remainder, k adapted */
    reset();
    k = 2;
    for (i = 0; i < NV; i++) {
        uint32_t v = skewed(), q;
        /* slowly varying scale so that k has to follow it */
        if ((i >> 9) & 1)
            v >>= 4;
        q = v >> k;
        if (q > 40u) { /* escape: 41 ones, then 16 raw bits */
            putbits((1u << 21) - 1u, 21);
            putbits((1u << 20) - 1u, 20);
            putbits(0, 1);
            putbits(v, 16);
        } else {
            while (q >= 16u) {
                putbits(0xFFFFu, 16);
                q -= 16u;
            }
            putbits((1u << q) - 1u, (int)q);
            putbits(0, 1);
            putbits(v & ((1u << k) - 1u), k);
        }
        val[i] = (int32_t)v;
        q = v >> k;
        if (q == 0u) {
            if (k > 0)
                k--;
        } else if (q > 1u) {
            if (k < 12)
                k++;
        }
    }
    total = bitpos;
    pos = 0;
    k = 2;
    for (i = 0; i < NV; i++) {
        uint32_t q = 0, r = 0, v;
        int j;
        GETBIT(b);
        while (b) {
            q++;
            GETBIT(b);
        }
        if (q > 40u) {
            for (j = 0; j < 16; j++) {
                GETBIT(b);
                r = (r << 1) | (uint32_t)b;
            }
            v = r;
        } else {
            for (j = 0; j < k; j++) {
                GETBIT(b);
                r = (r << 1) | (uint32_t)b;
            }
            v = (q << k) | r;
        }
        out[i] = (int32_t)v;
        q = v >> k;
        if (q == 0u) {
            if (k > 0)
                k--;
        } else if (q > 1u) {
            if (k < 12)
                k++;
        }
    }
    hall ^= check("rice", total);

    /* 4. fixed prefix code: 0:00 1:01 2:100 3:101 4:1100 5:1101 6:11100 7:11101 escape:1111+8 bits */
    reset();
    for (i = 0; i < NV; i++) {
        uint32_t r = rnd();
        int s = (int)(r & 7u);
        /* make small symbols likelier: s = min of two draws, sometimes an escape */
        int s2 = (int)(r >> 3 & 7u);
        s = s < s2 ? s : s2;
        if ((r >> 6 & 15u) == 0u)
            s = 8 + (int)(r >> 10 & 255u);
        val[i] = s;
        if (s < 2)
            putbits((uint32_t)s, 2);
        else if (s < 4)
            putbits(4u + (uint32_t)(s - 2), 3);
        else if (s < 6)
            putbits(12u + (uint32_t)(s - 4), 4);
        else if (s < 8)
            putbits(28u + (uint32_t)(s - 6), 5);
        else {
            putbits(15u, 4);
            putbits((uint32_t)(s - 8), 8);
        }
    }
    total = bitpos;
    pos = 0;
    for (i = 0; i < NV; i++) {
        int s, b1, b2;
        GETBIT(b);
        GETBIT(b1);
        if (!b) {
            s = b1;
        } else if (!b1) {
            GETBIT(b2);
            s = 2 + b2;
        } else {
            GETBIT(b2);
            if (!b2) {
                GETBIT(b);
                s = 4 + b;
            } else {
                GETBIT(b);
                if (!b) {
                    GETBIT(b);
                    s = 6 + b;
                } else {
                    int j;
                    s = 0;
                    for (j = 0; j < 8; j++) {
                        GETBIT(b);
                        s = (s << 1) | b;
                    }
                    s += 8;
                }
            }
        }
        out[i] = s;
    }
    hall ^= check("prefix-tree", total);

    printf("combined hash %08x\n", hall);
    return 0;
}
