/* compare_bits: the six float and double comparisons, isunordered and their
 * negations on every pair of a table of edge encodings (signed zeros,
 * smallest and largest subnormals, smallest normals, one and its neighbours,
 * largest finite, infinities, quiet and signalling NaNs of both signs, and
 * binary64 NaNs whose fraction lies in the low word only) and on random
 * encodings, some pairs sharing the high word so that the low word decides.
 * Each pair's results are packed into a word: the table's are printed, the
 * random ones are summed into a checksum (FNV-1a of the words). The results
 * are used both as values and in branches. Inputs are read through
 * volatile, so no comparison is folded at compile time. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

static const uint32_t fedge[] = {
    0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu,
    0x00800000u, 0x80800000u, 0x3f800000u, 0xbf800000u, 0x3f800001u, 0xbf800001u,
    0x3f7fffffu, 0x7f7fffffu, 0xff7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u,
    0xffc00000u, 0x7f800001u, 0xff800001u, 0x7fffffffu, 0x40490fdbu, 0xc0490fdbu,
};
static const uint64_t dedge[] = {
    0x0000000000000000ull, 0x8000000000000000ull, 0x0000000000000001ull,
    0x8000000000000001ull, 0x000fffffffffffffull, 0x800fffffffffffffull,
    0x0010000000000000ull, 0x8010000000000000ull, 0x3ff0000000000000ull,
    0xbff0000000000000ull, 0x3ff0000000000001ull, 0xbff0000000000001ull,
    0x3fefffffffffffffull, 0x7fefffffffffffffull, 0xffefffffffffffffull,
    0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull,
    0xfff8000000000000ull, 0x7ff0000000000001ull, 0xfff0000000000001ull,
    0x7ff0000100000000ull, 0x7fffffffffffffffull, 0x0000000100000000ull,
    0x8000000100000000ull, 0x00000000ffffffffull, 0x3ff00000ffffffffull,
    0xbff00000ffffffffull,
};
#define NF (sizeof fedge / sizeof fedge[0])
#define ND (sizeof dedge / sizeof dedge[0])

static volatile uint32_t vf[2];
static volatile uint64_t vd[2];

static float bf(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static double bd(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }

/* bit k of the result: k-th relation, then branches on the negated forms */
static unsigned frel(uint32_t ua, uint32_t ub)
{
    float a, b;
    unsigned r;
    vf[0] = ua;
    vf[1] = ub;
    a = bf(vf[0]);
    b = bf(vf[1]);
    r = (unsigned)(a < b) | (unsigned)(a <= b) << 1 | (unsigned)(a > b) << 2
        | (unsigned)(a >= b) << 3 | (unsigned)(a == b) << 4 | (unsigned)(a != b) << 5
        | (unsigned)__builtin_isunordered(a, b) << 6;
    if (!(a < b)) r |= 1u << 8;
    if (!(a <= b)) r |= 1u << 9;
    if (!(a > b)) r |= 1u << 10;
    if (!(a >= b)) r |= 1u << 11;
    if (a == b) r |= 1u << 12;
    if (a != b) r |= 1u << 13;
    if (a < b || a > b) r |= 1u << 14;
    return r;
}

static unsigned drel(uint64_t ua, uint64_t ub)
{
    double a, b;
    unsigned r;
    vd[0] = ua;
    vd[1] = ub;
    a = bd(vd[0]);
    b = bd(vd[1]);
    r = (unsigned)(a < b) | (unsigned)(a <= b) << 1 | (unsigned)(a > b) << 2
        | (unsigned)(a >= b) << 3 | (unsigned)(a == b) << 4 | (unsigned)(a != b) << 5
        | (unsigned)__builtin_isunordered(a, b) << 6;
    if (!(a < b)) r |= 1u << 8;
    if (!(a <= b)) r |= 1u << 9;
    if (!(a > b)) r |= 1u << 10;
    if (!(a >= b)) r |= 1u << 11;
    if (a == b) r |= 1u << 12;
    if (a != b) r |= 1u << 13;
    if (a < b || a > b) r |= 1u << 14;
    return r;
}

static uint32_t seed = 12345u;
static uint32_t rnd(void)
{
    seed = seed * 1664525u + 1013904223u;
    return seed;
}

static uint32_t h = 2166136261u;
static void mix(unsigned w)
{
    int k;
    for (k = 0; k < 4; k++) {
        h ^= (w >> (8 * k)) & 0xffu;
        h *= 16777619u;
    }
}

int main(void)
{
    unsigned i, j, n = 0;
    for (i = 0; i < NF; i++) {
        printf("f %08x:", (unsigned)fedge[i]);
        for (j = 0; j < NF; j++)
            printf(" %04x", frel(fedge[i], fedge[j]));
        printf("\n");
    }
    for (i = 0; i < ND; i++) {
        printf("d %016llx:", (unsigned long long)dedge[i]);
        for (j = 0; j < ND; j++)
            printf(" %04x", drel(dedge[i], dedge[j]));
        printf("\n");
    }
    for (i = 0; i < 4000; i++) {
        uint32_t a = rnd(), b = rnd();
        uint64_t x, y;
        if (i & 1) b = (a & 0xffff0000u) | (b & 0xffffu); /* close values */
        if (i & 2) b ^= 0x80000000u;                      /* other sign */
        mix(frel(a, b));
        x = (uint64_t)rnd() << 32 | rnd();
        y = (uint64_t)rnd() << 32 | rnd();
        if (i & 1) y = (x & 0xffffffff00000000ull) | (y & 0xffffffffull);
        if (i & 2) y ^= 0x8000000000000000ull;
        if (i % 8 == 4) y = x;
        mix(drel(x, y));
        n++;
    }
    printf("random pairs %u, checksum %08x\n", n, (unsigned)h);
    printf("PASS\n");
    return 0;
}
