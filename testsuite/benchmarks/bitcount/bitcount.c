/* bitcount: population count of 3000 pseudo-random words by five methods (shift loop,
   Kernighan, nibble table, byte table, SWAR), plus parity and leading-zero counts. */
#include <stdio.h>
#include <stdint.h>

#define NWORDS 3000

static uint32_t words[NWORDS];
static uint8_t byte_table[256];
static const uint8_t nibble_table[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

static int pop_shift(uint32_t x)
{
    int n = 0;
    while (x) {
        n += (int)(x & 1u);
        x >>= 1;
    }
    return n;
}

static int pop_kernighan(uint32_t x)
{
    int n = 0;
    while (x) {
        x &= x - 1u;
        n++;
    }
    return n;
}

static int pop_nibble(uint32_t x)
{
    int n = 0, i;
    for (i = 0; i < 8; i++) {
        n += nibble_table[x & 15u];
        x >>= 4;
    }
    return n;
}

static int pop_byte(uint32_t x)
{
    return byte_table[x & 0xFFu] + byte_table[(x >> 8) & 0xFFu] + byte_table[(x >> 16) & 0xFFu] +
           byte_table[x >> 24];
}

static int pop_swar(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

static int parity(uint32_t x)
{
    x ^= x >> 16;
    x ^= x >> 8;
    x ^= x >> 4;
    return (int)((0x6996u >> (x & 15u)) & 1u);
}

static int clz32(uint32_t x)
{
    int n = 0;
    if (x == 0)
        return 32;
    if ((x & 0xFFFF0000u) == 0) { n += 16; x <<= 16; }
    if ((x & 0xFF000000u) == 0) { n += 8; x <<= 8; }
    if ((x & 0xF0000000u) == 0) { n += 4; x <<= 4; }
    if ((x & 0xC0000000u) == 0) { n += 2; x <<= 2; }
    if ((x & 0x80000000u) == 0) n += 1;
    return n;
}

int main(void)
{
    uint32_t s = 0x12345678u;
    int i, totals[5] = {0, 0, 0, 0, 0}, par = 0, clz_sum = 0, disagree = 0;
    int hist[33];

    for (i = 0; i < 256; i++)
        byte_table[i] = (uint8_t)pop_kernighan((uint32_t)i);
    for (i = 0; i <= 32; i++)
        hist[i] = 0;
    for (i = 0; i < NWORDS; i++) {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        /* vary density: some sparse, some dense words */
        words[i] = (i % 3 == 0) ? (s & (s >> 7)) : ((i % 3 == 1) ? s : (s | (s << 3)));
        if (i % 97 == 0)
            words[i] >>= (unsigned)(i % 31);
    }
    for (i = 0; i < NWORDS; i++) {
        uint32_t w = words[i];
        int a = pop_shift(w), b = pop_kernighan(w), c = pop_nibble(w), d = pop_byte(w), e = pop_swar(w);
        totals[0] += a;
        totals[1] += b;
        totals[2] += c;
        totals[3] += d;
        totals[4] += e;
        if (a != b || b != c || c != d || d != e)
            disagree++;
        hist[e]++;
        par += parity(w);
        clz_sum += clz32(w);
    }
    printf("bitcount: %d words\n", NWORDS);
    printf("totals %d %d %d %d %d, disagreements %d\n", totals[0], totals[1], totals[2], totals[3], totals[4],
           disagree);
    printf("odd parity %d, leading zeros %d\n", par, clz_sum);
    printf("histogram:");
    for (i = 0; i <= 32; i++)
        printf(" %d", hist[i]);
    putchar('\n');
    return 0;
}
