/* The helpers every loop kernel of this folder shares: an xorshift
   generator to fill its arrays (seeded by the kernel's LOOPS_SEED) and
   the cycle counter around the timed call. */
#include <stdint.h>

static uint32_t seed = LOOPS_SEED;

static uint32_t rnd(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 17;
    seed ^= seed << 5;
    return seed;
}

#ifdef __st200__
/* PM_PCLK, the cycle counter (ISA-ST200 §1.5), low 32 bits. */
static uint32_t cycles(void) { return *(volatile uint32_t *)0xFFFFF828u; }
#else
static uint32_t cycles(void) { return 0; }
#endif

/* Runs SETUP then STMT twice (rep_ = 0, 1) and leaves in T the cycles of
   the second STMT. The first run warms the caches: the data's, and the
   instructions' of the measurement itself (the code after the call,
   which a cold instruction-cache line would otherwise charge to the
   kernel: 121 cycles, 0.12 per iteration of a 1024-iteration loop). */
#define TIMED(T, SETUP, STMT)                                                  \
    for (int rep_ = 0; rep_ < 2; rep_++) {                                     \
        SETUP;                                                                 \
        uint32_t t0_ = cycles();                                               \
        STMT;                                                                  \
        (T) = cycles() - t0_;                                                  \
    }
