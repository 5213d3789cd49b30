/* sad: sum of absolute differences of two 8-bit pixel rows.
   Iteration = one pixel (N iterations).

   Resource bound on the ST231 (ISA-ST200 §2.2, §5.4: 4 syllables, 1
   memory unit, 2 multipliers per cycle), the kernel's own work only:
   per pixel ldbu a, ldbu b, sub, abs (sub from 0 and max: 2 ALU), add:
     memory:      2 loads        -> 2 cycles
     multipliers: none
     syllables:   2 + 4 = 6 / 4  -> 1.5
   The memory unit binds: 2 cycles per pixel. */
// ops: mem=2 alu=4
// bound: 2
#include <stdint.h>
#include <stdio.h>

#define N 1024

static uint8_t a[N];
static uint8_t b[N];

#define LOOPS_SEED 362436069u
#include "loops.h"

__attribute__((noinline)) int sad(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
        int d = a[i] - b[i];
        s += d < 0 ? -d : d;
    }
    return s;
}

int main(void)
{
    for (int i = 0; i < N; i++) {
        uint32_t r = rnd();
        a[i] = (uint8_t)r;
        /* b close to a most of the time, like a motion-search candidate */
        b[i] = (r >> 8) % 4 == 0 ? (uint8_t)(r >> 16) : (uint8_t)(a[i] + (int)((r >> 16) % 16) - 8);
    }
    uint32_t t = 0;
    int s = 0, warm = 0;
    TIMED(t, warm = s, s = sad(N));
    printf("sad %d %d\n", s, warm);
    fprintf(stderr, "loop-cycles %u %u\n", (unsigned)t, (unsigned)N);
    return 0;
}
