/* clip: clamp 16-bit samples into [lo, hi].
   Iteration = one sample (N iterations).

   Resource bound on the ST231 (ISA-ST200 §2.2, §5.4: 4 syllables, 1
   memory unit, 2 multipliers per cycle), the kernel's own work only:
   per sample ldh, max, min, sth:
     memory:      1 load + 1 store -> 2 cycles
     multipliers: none
     syllables:   4 / 4            -> 1
   The memory unit binds: 2 cycles per sample. */
// ops: mem=2 alu=2
// bound: 2
#include <stdint.h>
#include <stdio.h>

#define N 1024

static int16_t in[N];
static int16_t out[N];

#define LOOPS_SEED 1234567u
#include "loops.h"

__attribute__((noinline)) void clip(int n, int lo, int hi)
{
    for (int i = 0; i < n; i++) {
        int v = in[i];
        if (v < lo)
            v = lo;
        if (v > hi)
            v = hi;
        out[i] = (int16_t)v;
    }
}

int main(void)
{
    for (int i = 0; i < N; i++)
        in[i] = (int16_t)rnd();
    uint32_t t = 0;
    TIMED(t, (void)0, clip(N, rep_ ? -12000 : -1000, rep_ ? 9000 : 1000));
    uint32_t sum = 0;
    int clipped = 0;
    for (int i = 0; i < N; i++) {
        sum = sum * 31 + (uint16_t)out[i];
        clipped += out[i] == -12000 || out[i] == 9000;
    }
    printf("clip %08x %d\n", (unsigned)sum, clipped);
    fprintf(stderr, "loop-cycles %u %u\n", (unsigned)t, (unsigned)N);
    return 0;
}
