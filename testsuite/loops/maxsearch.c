/* maxsearch: the largest value of a 32-bit array and its first index.
   Iteration = one element (N iterations).

   Resource bound on the ST231 (ISA-ST200 §2.2, §5.4: 4 syllables, 1
   memory unit, 2 multipliers per cycle), the kernel's own work only:
   per element ldw, cmpgt, two selects (value and index; or max and a
   select):
     memory:      1 load  -> 1 cycle
     multipliers: none
     syllables:   4 / 4   -> 1
   The memory unit and the issue width both bind: 1 cycle per element. */
// ops: mem=1 alu=3
// bound: 1
#include <stdint.h>
#include <stdio.h>

#define N 1024

static int32_t v[N];

#define LOOPS_SEED 43219876u
#include "loops.h"

static int best_index;

__attribute__((noinline)) int maxsearch(int n)
{
    int best = v[0];
    int idx = 0;
    for (int i = 1; i < n; i++) {
        if (v[i] > best) {
            best = v[i];
            idx = i;
        }
    }
    best_index = idx;
    return best;
}

int main(void)
{
    /* a slowly rising trend plus noise: the maximum changes many times */
    for (int i = 0; i < N; i++)
        v[i] = (int32_t)(i * 1000) + (int32_t)(rnd() % 200000) - 100000;
    uint32_t t = 0;
    int m = 0, warm = 0, warm_index = 0;
    /* the second run: a new maximum early in the array */
    TIMED(t, if (rep_) { warm = m; warm_index = best_index; v[17] = 2000000000; }, m = maxsearch(N));
    printf("maxsearch %d %d %d %d\n", warm, warm_index, m, best_index);
    fprintf(stderr, "loop-cycles %u %u\n", (unsigned)t, (unsigned)(N - 1));
    return 0;
}
