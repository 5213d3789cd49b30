/* rangecount: how many 32-bit values lie in [lo, hi], written as the
   two compares a user writes (`a[i] >= lo && a[i] <= hi`).
   Iteration = one element (N iterations).

   Resource bound on the ST231 (ISA-ST200 §2.2, §5.4: 4 syllables, 1
   memory unit, 2 multipliers per cycle), the kernel's own work only:
   per element ldw, cmpge, cmple, and of the two 0/1 results, add to
   the count:
     memory:      1 load  -> 1 cycle
     multipliers: none
     syllables:   5 / 4   -> 1.25
   The issue width binds: 1.25 cycles per element. */
// ops: mem=1 alu=4
// bound: 1.25
#include <stdint.h>
#include <stdio.h>

#define N 1024

static int32_t a[N];

#define LOOPS_SEED 918273645u
#include "loops.h"

__attribute__((noinline)) int rangecount(int n, int lo, int hi)
{
    int c = 0;
    for (int i = 0; i < n; i++)
        if (a[i] >= lo && a[i] <= hi)
            c++;
    return c;
}

int main(void)
{
    for (int i = 0; i < N; i++)
        a[i] = (int32_t)(rnd() % 2001) - 1000;
    uint32_t t = 0;
    int c0 = 0, c1 = 0;
    TIMED(t, c0 = c1, c1 = rangecount(N, rep_ ? -300 : 0, rep_ ? 450 : 999));
    printf("rangecount %d %d\n", c0, c1);
    fprintf(stderr, "loop-cycles %u %u\n", (unsigned)t, (unsigned)N);
    return 0;
}
