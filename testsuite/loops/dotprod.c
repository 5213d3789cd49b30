/* dotprod: dot product of two 16-bit vectors into a 32-bit sum.
   Iteration = one element (N iterations).

   Resource bound on the ST231 (ISA-ST200 §2.2, §5.4: 4 syllables, 1
   memory unit, 2 multipliers per cycle), the kernel's own work only:
   per element ldh a, ldh b, mul, add:
     memory:      2 loads      -> 2 cycles
     multipliers: 1 / 2        -> 0.5
     syllables:   4 / 4        -> 1
   The memory unit binds: 2 cycles per element. */
// ops: mem=2 mul=1 alu=1
// bound: 2
#include <stdint.h>
#include <stdio.h>

#define N 1024

static int16_t a[N];
static int16_t b[N];

#define LOOPS_SEED 88675123u
#include "loops.h"

__attribute__((noinline)) int dotprod(int n)
{
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += a[i] * b[i];
    return sum;
}

int main(void)
{
    /* |a[i] * b[i]| < 2^20: the sum of 1024 products fits in 31 bits */
    for (int i = 0; i < N; i++) {
        a[i] = (int16_t)((int)(rnd() % 2048) - 1024);
        b[i] = (int16_t)((int)(rnd() % 2048) - 1024);
    }
    uint32_t t = 0;
    int s = 0, warm = 0;
    TIMED(t, warm = s, s = dotprod(N));
    printf("dotprod %d %d\n", s, warm);
    fprintf(stderr, "loop-cycles %u %u\n", (unsigned)t, (unsigned)N);
    return 0;
}
