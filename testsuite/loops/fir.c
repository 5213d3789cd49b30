/* fir: 32-tap FIR filter, 16-bit samples and Q15 coefficients, one block
   of N outputs. Iteration = one tap (N * TAPS iterations).

   Resource bound on the ST231 (ISA-ST200 §2.2, §5.4: 4 syllables, 1
   memory unit, 2 multipliers per cycle), the kernel's own work only:
   per output, 32 x (ldh x, ldh h, mul, add) + (shift, sth):
     memory:      32 + 32 loads + 1 store = 65 per 32 taps -> 2.03125
     multipliers: 32 / 2 = 16 per 32 taps                 -> 0.5
     syllables:   32 * 4 + 2 = 130 / 4 = 32.5 per 32 taps  -> 1.016
   The memory unit binds: 65 / 32 = 2.03125 cycles per tap. */
// ops: mem=65 mul=32 alu=33 per=32
// bound: 2.03125
#include <stdint.h>
#include <stdio.h>

#define N 1024
#define TAPS 32

static int16_t x[N + TAPS - 1];
static int16_t h[TAPS];
static int16_t y[N];

#define LOOPS_SEED 2463534242u
#include "loops.h"

__attribute__((noinline)) void fir(int n)
{
    for (int i = 0; i < n; i++) {
        int acc = 0;
        for (int k = 0; k < TAPS; k++)
            acc += x[i + k] * h[k];
        y[i] = (int16_t)(acc >> 15);
    }
}

int main(void)
{
    for (int i = 0; i < N + TAPS - 1; i++)
        x[i] = (int16_t)rnd();
    for (int k = 0; k < TAPS; k++)
        h[k] = (int16_t)((int)(rnd() % 2048) - 1024);
    uint32_t t = 0;
    TIMED(t, (void)0, fir(N));
    uint32_t sum = 0;
    for (int i = 0; i < N; i++)
        sum = sum * 31 + (uint16_t)y[i];
    printf("fir %08x %d %d\n", (unsigned)sum, y[0], y[N - 1]);
    fprintf(stderr, "loop-cycles %u %u\n", (unsigned)t, (unsigned)(N * TAPS));
    return 0;
}
