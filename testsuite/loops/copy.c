/* copy: copy an array of 32-bit words.
   Iteration = one word (N iterations).

   Resource bound on the ST231 (ISA-ST200 §2.2, §5.4: 4 syllables, 1
   memory unit, 2 multipliers per cycle), the kernel's own work only:
   per word ldw, stw:
     memory:      1 load + 1 store -> 2 cycles
     multipliers: none
     syllables:   2 / 4            -> 0.5
   The memory unit binds: 2 cycles per word. */
// ops: mem=2
// bound: 2
#include <stdint.h>
#include <stdio.h>

#define N 1024

static int32_t src[N];
static int32_t dst[N];

#define LOOPS_SEED 5783321u
#include "loops.h"

__attribute__((noinline)) void copy(int n)
{
    for (int i = 0; i < n; i++)
        dst[i] = src[i];
}

int main(void)
{
    for (int i = 0; i < N; i++)
        src[i] = (int32_t)rnd();
    uint32_t t = 0;
    TIMED(t, if (rep_) for (int i = 0; i < N; i++) src[i] ^= i, copy(N));
    uint32_t sum = 0;
    for (int i = 0; i < N; i++)
        sum = sum * 31 + (uint32_t)dst[i];
    printf("copy %08x %d\n", (unsigned)sum, dst[N - 1]);
    fprintf(stderr, "loop-cycles %u %u\n", (unsigned)t, (unsigned)N);
    return 0;
}
