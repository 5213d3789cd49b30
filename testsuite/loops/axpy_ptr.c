/* axpy_ptr: y[i] += a * x[i] on 32-bit integers through two pointer
   parameters that carry no `restrict`: the compiler cannot know they do
   not overlap. Iteration = one element (N iterations).

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

#define LOOPS_SEED 2463534242u
#include "loops.h"

__attribute__((noinline)) void axpy_ptr(int n, int a, int32_t *y, const int32_t *x)
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
    TIMED(t, (void)0, axpy_ptr(N, rep_ ? -5 : 3, ys, xs));
    uint32_t sum = 0;
    for (int i = 0; i < N; i++)
        sum = sum * 31 + (uint32_t)ys[i];
    printf("axpy_ptr %08x %d %d\n", (unsigned)sum, ys[0], ys[N - 1]);
    fprintf(stderr, "loop-cycles %u %u\n", (unsigned)t, (unsigned)N);
    return 0;
}
