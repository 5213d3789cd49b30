/* bytecopy: d[i] = s[i] on bytes through two `char` pointer parameters
   (no `restrict`: a character type may alias anything, C99 §6.5p7).
   Iteration = one byte (N iterations).

   Resource bound on the ST231 (ISA-ST200 §2.2, §5.4: 4 syllables, 1
   memory unit, 2 multipliers per cycle), the kernel's own work only:
   per byte ldbu, stb:
     memory:      1 load + 1 store -> 2 cycles
     multipliers: none
     syllables:   2 / 4            -> 0.5
   The memory unit binds: 2 cycles per byte. */
// ops: mem=2
// bound: 2
#include <stdint.h>
#include <stdio.h>

#define N 1024

static char src[N];
static char dst[N];

#define LOOPS_SEED 362436069u
#include "loops.h"

__attribute__((noinline)) void bytecopy(int n, char *d, const char *s)
{
    for (int i = 0; i < n; i++)
        d[i] = s[i];
}

int main(void)
{
    for (int i = 0; i < N; i++)
        src[i] = (char)rnd();
    uint32_t t = 0;
    TIMED(t, if (rep_) for (int i = 0; i < N; i++) src[i] ^= (char)i, bytecopy(N, dst, src));
    uint32_t sum = 0;
    for (int i = 0; i < N; i++)
        sum = sum * 31 + (uint8_t)dst[i];
    printf("bytecopy %08x %d\n", (unsigned)sum, dst[N - 1]);
    fprintf(stderr, "loop-cycles %u %u\n", (unsigned)t, (unsigned)N);
    return 0;
}
