/* countdown: a reverse copy, the loop counting down to zero (`for (i =
   n - 1; i >= 0; i--)`), and a reverse sum counting an unsigned index
   down (`for (u = n; u != 0; u--)`).
   Iteration = one element of each loop (N iterations: N/2 of each).

   Resource bound on the ST231 (ISA-ST200 §2.2, §5.4: 4 syllables, 1
   memory unit, 2 multipliers per cycle), the kernel's own work only:
   per copied element ldw, stw; per summed element ldw, add; per two
   elements (one of each loop):
     memory:      2 loads + 1 store -> 3 cycles
     multipliers: none
     syllables:   4 / 4             -> 1
   The memory unit binds: 3 cycles per two elements, 1.5 per element. */
// ops: mem=3 alu=1 per=2
// bound: 1.5
#include <stdint.h>
#include <stdio.h>

#define N 1024

static int32_t src[N / 2];
static int32_t dst[N / 2];
static int32_t w[N / 2];

#define LOOPS_SEED 564738291u
#include "loops.h"

__attribute__((noinline)) int countdown(int n)
{
    for (int i = n - 1; i >= 0; i--)
        dst[n - 1 - i] = src[i];
    int s = 0;
    for (unsigned u = (unsigned)n; u != 0; u--)
        s += w[u - 1];
    return s;
}

int main(void)
{
    for (int i = 0; i < N / 2; i++) {
        src[i] = (int32_t)rnd();
        w[i] = (int32_t)(rnd() % 100000);
    }
    uint32_t t = 0;
    int s = 0;
    TIMED(t, (void)0, s = countdown(N / 2));
    uint32_t sum = 0;
    for (int i = 0; i < N / 2; i++)
        sum = sum * 31 + (uint32_t)dst[i];
    printf("countdown %08x %d %d\n", (unsigned)sum, dst[0], s);
    fprintf(stderr, "loop-cycles %u %u\n", (unsigned)t, (unsigned)N);
    return 0;
}
