/* histogram: count the 8-bit values of an array into 256 bins.
   Iteration = one value (N iterations).

   Resource bound on the ST231 (ISA-ST200 §2.2, §5.4: 4 syllables, 1
   memory unit, 2 multipliers per cycle), the kernel's own work only:
   per value ldbu v, sh2add (bin address), ldw bin, add, stw bin:
     memory:      2 loads + 1 store -> 3 cycles
     multipliers: none
     syllables:   5 / 4             -> 1.25
   The memory unit binds: 3 cycles per value. */
// ops: mem=3 alu=2
// bound: 3
#include <stdint.h>
#include <stdio.h>

#define N 1024

static uint8_t data[N];
static uint32_t hist[256];

#define LOOPS_SEED 99991u
#include "loops.h"

__attribute__((noinline)) void histogram(int n)
{
    for (int i = 0; i < n; i++)
        hist[data[i]]++;
}

int main(void)
{
    /* a skewed distribution (the sum of two values), with runs of equal
       values: consecutive updates of the same bin */
    for (int i = 0; i < N; i++) {
        uint32_t r = rnd();
        data[i] = (r >> 24) % 8 == 0 && i > 0 ? data[i - 1] : (uint8_t)(((r & 255) + ((r >> 8) & 255)) / 2);
    }
    uint32_t t = 0;
    TIMED(t, for (int k = 0; k < 256; k++) hist[k] = 0, histogram(N));
    uint32_t sum = 0;
    int peak = 0;
    for (int k = 0; k < 256; k++) {
        sum = sum * 31 + hist[k];
        if (hist[k] > hist[peak])
            peak = k;
    }
    printf("histogram %08x %d %u\n", (unsigned)sum, peak, (unsigned)hist[peak]);
    fprintf(stderr, "loop-cycles %u %u\n", (unsigned)t, (unsigned)N);
    return 0;
}
