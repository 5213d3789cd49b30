/* br_minmax: running minimum and maximum with their positions, largest and second largest,
   smallest absolute value, record counting (prefix minima/maxima) and a max-over-window
   search, over pseudo-random arrays, random walks and noisy ramps. */
#include <stdio.h>
#include <stdint.h>

#define N 1024
#define ROUNDS 12
#define CLAMP 200000

static int32_t data[N];
static int32_t pmax[N];
static uint32_t seed = 88172645u;

static uint32_t rnd(void)
{
    uint32_t x = seed;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    seed = x;
    return x;
}

static void fill(int kind)
{
    int i;
    int32_t w = 0;
    for (i = 0; i < N; i++) {
        uint32_t r = rnd();
        switch (kind) {
        case 0: /* uniform over +-2^20 */
            data[i] = (int32_t)(r & 0x1FFFFFu) - 0x100000;
            break;
        case 1: /* random walk */
            w += (int32_t)(r & 255u) - 127;
            data[i] = w;
            break;
        case 2: /* noisy rising ramp: many new maxima */
            data[i] = i * 64 + (int32_t)(r & 1023u);
            break;
        default: /* noisy falling ramp with rare spikes: many new minima */
            data[i] = 100000 - i * 48 - (int32_t)(r & 511u);
            if ((r >> 20 & 63u) == 0u)
                data[i] += 200000;
            break;
        }
    }
}

int main(void)
{
    int round, i;
    uint32_t h = 0;

    for (round = 0; round < ROUNDS; round++) {
        int32_t mn, mx, m1, m2, amin, bestw, wsum;
        int imn, imx, iamin, nrec_max, nrec_min, ibestw, nties;
        int32_t rmax, rmin;

        fill(round & 3);

        /* min / max with first-occurrence positions, largest and second largest */
        mn = data[0];
        mx = data[0];
        imn = 0;
        imx = 0;
        m1 = INT32_MIN;
        m2 = INT32_MIN;
        for (i = 0; i < N; i++) {
            int32_t v = data[i];
            if (v < mn) {
                mn = v;
                imn = i;
            }
            if (v > mx) {
                mx = v;
                imx = i;
            }
            if (v > m1) {
                m2 = m1;
                m1 = v;
            } else if (v > m2) {
                m2 = v;
            }
        }

        /* smallest absolute value (last occurrence wins ties) */
        amin = INT32_MAX;
        iamin = -1;
        for (i = 0; i < N; i++) {
            int32_t v = data[i], a;
            a = v < 0 ? -v : v;
            if (a <= amin) {
                amin = a;
                iamin = i;
            }
        }

        /* records: how often the running max / min is beaten; prefix maxima array */
        rmax = data[0];
        rmin = data[0];
        nrec_max = 0;
        nrec_min = 0;
        for (i = 0; i < N; i++) {
            int32_t v = data[i];
            if (v > rmax) {
                rmax = v;
                nrec_max++;
            }
            if (v < rmin) {
                rmin = v;
                nrec_min++;
            }
            pmax[i] = rmax - rmin;
        }

        /* maximum over all 8-wide windows of the sum of clamped values; count ties */
        bestw = INT32_MIN;
        ibestw = 0;
        nties = 0;
        wsum = 0;
        for (i = 0; i < N; i++) {
            int32_t v = data[i];
            int32_t c = v > CLAMP ? CLAMP : v;
            c = c < -CLAMP ? -CLAMP : c;
            wsum += c;
            if (i >= 8)
                wsum -= data[i - 8] > CLAMP ? CLAMP : (data[i - 8] < -CLAMP ? -CLAMP : data[i - 8]);
            if (i >= 7) {
                if (wsum > bestw) {
                    bestw = wsum;
                    ibestw = i - 7;
                } else if (wsum == bestw) {
                    nties++;
                }
            }
        }

        for (i = 0; i < N; i++)
            h = (h ^ (uint32_t)pmax[i]) * 0x01000193u;
        printf("round %2d kind %d: min %8d @%4d max %8d @%4d second %8d |min| %7d @%4d\n", round, round & 3, (int)mn,
               imn, (int)mx, imx, (int)m2, (int)amin, iamin);
        printf("          records max %3d min %3d, best window %6d @%4d ties %d\n", nrec_max, nrec_min, (int)bestw,
               ibestw, nties);
    }
    printf("hash %08x\n", h);
    return 0;
}
