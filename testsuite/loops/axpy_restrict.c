/* axpy_restrict: y[i] += a * x[i] on 32-bit integers through two
   `restrict` pointer parameters (C99 §6.7.3.1): the accesses through one
   never touch what the other one reaches. Iteration = one element.

   Resource bound on the ST231 (ISA-ST200 §2.2, §5.4: 4 syllables, 1
   memory unit, 2 multipliers per cycle), the kernel's own work only:
   per element ldw x, ldw y, mul32, add, stw y:
     memory:      2 loads + 1 store -> 3 cycles
     multipliers: 1 / 2             -> 0.5
     syllables:   5 / 4             -> 1.25
   The memory unit binds: 3 cycles per element. */
// ops: mem=3 mul=1 alu=1
// bound: 3
#include <stdint.h>
#include <stdio.h>

#define N 1024

static int32_t xs[N];
static int32_t ys[N];

#define LOOPS_SEED 88675123u
#include "loops.h"

__attribute__((noinline)) void axpy_restrict(int n, int a, int32_t *restrict y,
                                                const int32_t *restrict x)
{
    for (int i = 0; i < n; i++)
        y[i] += a * x[i];
}

int main(void)
{
    /* |x|, |y| < 2^16 and small a: two calls cannot overflow */
    for (int i = 0; i < N; i++) {
        xs[i] = (int32_t)(rnd() % 65536) - 32768;
        ys[i] = (int32_t)(rnd() % 65536) - 32768;
    }
    uint32_t t = 0;
    TIMED(t, (void)0, axpy_restrict(N, rep_ ? -5 : 3, ys, xs));
    uint32_t sum = 0;
    for (int i = 0; i < N; i++)
        sum = sum * 31 + (uint32_t)ys[i];
    printf("axpy_restrict %08x %d %d\n", (unsigned)sum, ys[0], ys[N - 1]);
    fprintf(stderr, "loop-cycles %u %u\n", (unsigned)t, (unsigned)N);
    return 0;
}
