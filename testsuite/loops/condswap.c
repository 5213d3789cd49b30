/* condswap: order two 32-bit arrays pairwise, the larger of a[i] and
   b[i] into b[i], with the swap a user writes (`if (a[i] > b[i]) { t =
   a[i]; a[i] = b[i]; b[i] = t; }`).
   Iteration = one pair (N iterations).

   Resource bound on the ST231 (ISA-ST200 §2.2, §5.4: 4 syllables, 1
   memory unit, 2 multipliers per cycle), the kernel's own work only,
   the swap without a branch: per pair ldw a, ldw b, cmpgt, two selects,
   stw a, stw b (both stores unconditional: each writes back the word
   just loaded from its address, or the other one):
     memory:      2 loads + 2 stores -> 4 cycles
     multipliers: none
     syllables:   7 / 4              -> 1.75
   The memory unit binds: 4 cycles per pair. */
// ops: mem=4 alu=3
// bound: 4
#include <stdint.h>
#include <stdio.h>

#define N 1024

static int32_t a[N];
static int32_t b[N];

#define LOOPS_SEED 192837465u
#include "loops.h"

__attribute__((noinline)) void condswap(int n)
{
    for (int i = 0; i < n; i++) {
        if (a[i] > b[i]) {
            int32_t t = a[i];
            a[i] = b[i];
            b[i] = t;
        }
    }
}

int main(void)
{
    uint32_t t = 0;
    /* each run swaps about half of the pairs: fresh values before each */
    TIMED(t,
          for (int i = 0; i < N; i++) {
              a[i] = (int32_t)rnd();
              b[i] = (int32_t)rnd();
          },
          condswap(N));
    uint32_t sum = 0;
    int ordered = 0;
    for (int i = 0; i < N; i++) {
        sum = sum * 31 + (uint32_t)a[i];
        sum = sum * 31 + (uint32_t)b[i];
        ordered += a[i] <= b[i];
    }
    printf("condswap %08x %d\n", (unsigned)sum, ordered);
    fprintf(stderr, "loop-cycles %u %u\n", (unsigned)t, (unsigned)N);
    return 0;
}
