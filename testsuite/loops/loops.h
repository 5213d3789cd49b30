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
