/* br_sortnet: sorting networks built from compare-exchange steps on local variables
   (if (a > b) swap), applied to every group of 4, 6 and 8 elements of a pseudo-random
   array; each result is checked for order and checksummed, and the sorted groups of 8 are
   merged pairwise with a branchy two-way merge. */
#include <stdio.h>
#include <stdint.h>

#define N 2048
#define ROUNDS 4

static int32_t src[N], dst[N], merged[N];
static uint32_t seed = 0xDEADBEEFu;

static uint32_t rnd(void)
{
    uint32_t x = seed;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    seed = x;
    return x;
}

#define CX(a, b)               \
    do {                       \
        if ((a) > (b)) {       \
            int32_t t_ = (a);  \
            (a) = (b);         \
            (b) = t_;          \
        }                      \
    } while (0)

int main(void)
{
    int round, i, j;
    int bad4 = 0, bad6 = 0, bad8 = 0, badm = 0;
    uint32_t h4 = 0, h6 = 0, h8 = 0, hm = 0;

    for (round = 0; round < ROUNDS; round++) {
        /* rounds alternate full-range values and small values with many duplicates */
        for (i = 0; i < N; i++) {
            uint32_t r = rnd();
            src[i] = (round & 1) ? (int32_t)(r & 15u) - 8 : (int32_t)(r >> 1) - 0x40000000;
        }

        /* groups of 4: five comparators */
        for (i = 0; i < N; i += 4) {
            int32_t a = src[i], b = src[i + 1], c = src[i + 2], d = src[i + 3];
            CX(a, b); CX(c, d);
            CX(a, c); CX(b, d);
            CX(b, c);
            if (a > b || b > c || c > d)
                bad4++;
            h4 = h4 * 31u + (uint32_t)a;
            h4 = h4 * 31u + (uint32_t)d;
            h4 = h4 * 31u + (uint32_t)(b ^ c);
        }

        /* groups of 6 (from offset 2, so they straddle the groups above): twelve comparators */
        for (i = 2; i + 6 <= N; i += 6) {
            int32_t a = src[i], b = src[i + 1], c = src[i + 2], d = src[i + 3], e = src[i + 4], f = src[i + 5];
            CX(b, c); CX(e, f);
            CX(a, c); CX(d, f);
            CX(a, b); CX(d, e);
            CX(b, e); CX(a, d); CX(c, f);
            CX(b, d); CX(c, e);
            CX(c, d);
            if (a > b || b > c || c > d || d > e || e > f)
                bad6++;
            h6 = h6 * 31u + ((uint32_t)a + (uint32_t)f);
            h6 = h6 * 31u + ((uint32_t)c - (uint32_t)d);
        }

        /* groups of 8: 19 comparators in 6 layers; the sorted groups are stored */
        for (i = 0; i < N; i += 8) {
            int32_t a = src[i], b = src[i + 1], c = src[i + 2], d = src[i + 3];
            int32_t e = src[i + 4], f = src[i + 5], g = src[i + 6], k = src[i + 7];
            CX(a, c); CX(b, d); CX(e, g); CX(f, k);
            CX(a, e); CX(b, f); CX(c, g); CX(d, k);
            CX(a, b); CX(c, d); CX(e, f); CX(g, k);
            CX(c, e); CX(d, f);
            CX(b, e); CX(d, g);
            CX(b, c); CX(d, e); CX(f, g);
            if (a > b || b > c || c > d || d > e || e > f || f > g || g > k)
                bad8++;
            dst[i] = a;
            dst[i + 1] = b;
            dst[i + 2] = c;
            dst[i + 3] = d;
            dst[i + 4] = e;
            dst[i + 5] = f;
            dst[i + 6] = g;
            dst[i + 7] = k;
            h8 = h8 * 31u + (uint32_t)(a ^ k);
            h8 = h8 * 31u + ((uint32_t)d + (uint32_t)e);
        }

        /* merge pairs of sorted 8-runs into sorted 16-runs */
        for (i = 0; i < N; i += 16) {
            int p = i, q = i + 8, pe = i + 8, qe = i + 16;
            for (j = i; j < i + 16; j++) {
                int32_t x, y;
                x = p < pe ? dst[p] : INT32_MAX;
                y = q < qe ? dst[q] : INT32_MAX;
                if (x <= y) {
                    merged[j] = x;
                    p++;
                } else {
                    merged[j] = y;
                    q++;
                }
            }
            for (j = i + 1; j < i + 16; j++)
                if (merged[j - 1] > merged[j])
                    badm++;
        }
        for (i = 0; i < N; i++)
            hm = (hm ^ (uint32_t)merged[i]) * 0x01000193u;
        printf("round %d: first run %d %d %d .. %d\n", round, (int)merged[0], (int)merged[1], (int)merged[2],
               (int)merged[15]);
    }
    printf("unsorted groups: 4:%d 6:%d 8:%d merged:%d\n", bad4, bad6, bad8, badm);
    printf("hashes %08x %08x %08x %08x\n", h4, h6, h8, hm);
    return 0;
}
