/* dotprod: 16-bit dot products with 64-bit and 32-bit accumulation (correlation search). */
#include <stdio.h>
#include <stdint.h>

#define N 1024
#define LEN 256
#define NOFF 200

static int16_t a[N], b[LEN];
static int16_t sa[N], sb[LEN];

static uint32_t seed = 0xC0FFEEu;

static uint32_t rnd(void)
{
    seed = seed * 1103515245u + 12345u;
    return (seed >> 16) & 0x7FFF;
}

static long long dot64(const int16_t *x, const int16_t *y, int n)
{
    long long acc = 0;
    int i;
    for (i = 0; i < n; i++)
        acc += (int32_t)x[i] * y[i];
    return acc;
}

static int32_t dot32(const int16_t *x, const int16_t *y, int n)
{
    int32_t acc = 0;
    int i;
    for (i = 0; i < n; i++)
        acc += x[i] * y[i];
    return acc;
}

int main(void)
{
    int i, best = -1;
    long long best_val = 0, total = 0;
    int32_t t32 = 0;
    uint32_t ck = 0;

    for (i = 0; i < N; i++)
        a[i] = (int16_t)((int)rnd() - 16384);
    for (i = 0; i < LEN; i++)
        b[i] = a[123 + i]; /* the template occurs at offset 123 */
    for (i = 0; i < N; i++)
        sa[i] = (int16_t)(a[i] >> 6);
    for (i = 0; i < LEN; i++)
        sb[i] = (int16_t)(b[i] >> 6);

    for (i = 0; i < NOFF; i++) {
        long long d = dot64(a + i, b, LEN);
        int32_t s = dot32(sa + i, sb, LEN);
        total += d;
        t32 += s >> 4;
        ck = ck * 131u + (uint32_t)s;
        if (best < 0 || d > best_val) {
            best_val = d;
            best = i;
        }
    }
    printf("dotprod: %d offsets of %d-element vectors\n", NOFF, LEN);
    printf("best offset %d value %lld\n", best, best_val);
    printf("total %lld\n", total);
    printf("scaled total %d checksum %08x\n", (int)t32, ck);
    return 0;
}
