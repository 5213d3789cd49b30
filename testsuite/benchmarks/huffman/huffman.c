/* huffman: Huffman coding of a 6000-symbol skewed source over a 40-letter alphabet:
   tree construction, canonical codes, bit-packed encoding, table-driven decoding, check. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#define NSYM 40
#define LEN 6000
#define MAXBITS 32

static uint8_t message[LEN], decoded[LEN];
static uint8_t packed[LEN * 2];
static uint32_t seed = 5u;

struct hnode {
    int weight;
    int parent;
    int used;
};

static struct hnode nodes[2 * NSYM];
static int code_len[NSYM];
static uint32_t code_bits[NSYM];

static uint32_t rnd(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 17;
    seed ^= seed << 5;
    return seed;
}

/* index of the unused node with the smallest weight (lowest index on ties) */
static int pick_min(int count)
{
    int i, best = -1;
    for (i = 0; i < count; i++)
        if (!nodes[i].used && nodes[i].weight > 0 && (best < 0 || nodes[i].weight < nodes[best].weight))
            best = i;
    if (best >= 0)
        nodes[best].used = 1;
    return best;
}

static void build_code_lengths(const int *freq)
{
    int i, count = NSYM;
    for (i = 0; i < 2 * NSYM; i++) {
        nodes[i].weight = i < NSYM ? freq[i] : 0;
        nodes[i].parent = -1;
        nodes[i].used = 0;
    }
    for (;;) {
        int a = pick_min(count), b = pick_min(count);
        if (b < 0)
            break;
        nodes[count].weight = nodes[a].weight + nodes[b].weight;
        nodes[a].parent = count;
        nodes[b].parent = count;
        count++;
    }
    for (i = 0; i < NSYM; i++) {
        int n = i, len = 0;
        if (freq[i] == 0) {
            code_len[i] = 0;
            continue;
        }
        while (nodes[n].parent >= 0) {
            n = nodes[n].parent;
            len++;
        }
        code_len[i] = len;
    }
}

/* canonical code assignment; fills the decoder tables */
static int first_code[MAXBITS + 1], first_index[MAXBITS + 1], count_len[MAXBITS + 1];
static int sorted_syms[NSYM];

static void assign_codes(void)
{
    int len, i, code = 0, k = 0, maxlen = 0;
    for (len = 0; len <= MAXBITS; len++)
        count_len[len] = 0;
    for (i = 0; i < NSYM; i++) {
        count_len[code_len[i]]++;
        if (code_len[i] > maxlen)
            maxlen = code_len[i];
    }
    count_len[0] = 0;
    for (len = 1; len <= maxlen; len++) {
        first_code[len] = code;
        first_index[len] = k;
        for (i = 0; i < NSYM; i++)
            if (code_len[i] == len) {
                code_bits[i] = (uint32_t)code++;
                sorted_syms[k++] = i;
            }
        code <<= 1;
    }
}

static long encode(void)
{
    long bitpos = 0;
    int i, b;
    memset(packed, 0, sizeof packed);
    for (i = 0; i < LEN; i++) {
        int s = message[i];
        for (b = code_len[s] - 1; b >= 0; b--) {
            if ((code_bits[s] >> b) & 1u)
                packed[bitpos >> 3] |= (uint8_t)(0x80u >> (bitpos & 7));
            bitpos++;
        }
    }
    return bitpos;
}

static void decode(long nbits)
{
    long bitpos = 0;
    int out = 0;
    while (bitpos < nbits && out < LEN) {
        int code = 0, len = 0;
        for (;;) {
            code = (code << 1) | ((packed[bitpos >> 3] >> (7 - (bitpos & 7))) & 1);
            bitpos++;
            len++;
            if (count_len[len] > 0 && code - first_code[len] < count_len[len])
                break;
        }
        decoded[out++] = (uint8_t)sorted_syms[first_index[len] + code - first_code[len]];
    }
}

int main(void)
{
    int freq[NSYM], i;
    long bits;
    uint32_t ck = 0;

    for (i = 0; i < NSYM; i++)
        freq[i] = 0;
    for (i = 0; i < LEN; i++) {
        /* roughly geometric: each further symbol is about 0.8x as likely */
        int s = 0;
        while (s < NSYM - 1 && rnd() % 5u != 0)
            s++;
        if (s == NSYM - 1)
            s = (int)(rnd() % NSYM);
        message[i] = (uint8_t)s;
        freq[s]++;
    }
    build_code_lengths(freq);
    assign_codes();
    bits = encode();
    decode(bits);

    printf("huffman: %d symbols, alphabet %d\n", LEN, NSYM);
    printf("code lengths:");
    for (i = 0; i < NSYM; i++)
        printf(" %d", code_len[i]);
    printf("\nencoded bits %ld (%ld bytes, fixed 6-bit code: %d bytes)\n", bits, (bits + 7) / 8, LEN * 6 / 8);
    printf("round trip: %s\n", memcmp(message, decoded, LEN) == 0 ? "ok" : "FAILED");
    for (i = 0; i < (int)((bits + 7) / 8); i++)
        ck = ck * 31u + packed[i];
    printf("checksum %08x\n", ck);
    return 0;
}
