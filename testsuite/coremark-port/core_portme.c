/* CoreMark port for the ST200 toolchain of this project (see
   core_portme.h): seeds, the cycle-counter timer, and the start/end hooks. */
#include "coremark.h"
#include "core_portme.h"

/* ---- Seeds ---------------------------------------------------------------
   CoreMark's get_seed_32() (core_util.c, SEED_VOLATILE) reads these.
   Volatile, so that no
   optimisation can compute the benchmark at compile time. The three seed
   sets are those CoreMark knows the CRCs of: 0,0,0x66 (performance run),
   0x3415,0x3415,0x66 (validation run), 8,8,8 (profile run). */
#if PERFORMANCE_RUN
volatile ee_s32 seed1_volatile = 0;
volatile ee_s32 seed2_volatile = 0;
volatile ee_s32 seed3_volatile = 0x66;
#elif VALIDATION_RUN
volatile ee_s32 seed1_volatile = 0x3415;
volatile ee_s32 seed2_volatile = 0x3415;
volatile ee_s32 seed3_volatile = 0x66;
#else /* PROFILE_RUN */
volatile ee_s32 seed1_volatile = 8;
volatile ee_s32 seed2_volatile = 8;
volatile ee_s32 seed3_volatile = 8;
#endif
/* Seed 4 is the iteration count, seed 5 the algorithm mask (0: all). */
volatile ee_s32 seed4_volatile = ITERATIONS;
volatile ee_s32 seed5_volatile = 0;


/* ---- Timer ---------------------------------------------------------------
   PM_PCLK, the performance monitor's cycle counter, is a memory-mapped
   control register (ISA-ST200 §1.5); a word load gives its low 32 bits,
   which stsim keeps equal to the cycle count. 2^32 cycles are about 10 s
   at 400 MHz: the difference of two readings is exact for any shorter
   run, wrap-around included (unsigned arithmetic). */
#define ST200_PM_PCLK ((volatile ee_u32 *)0xFFFFF828u)

static CORE_TICKS start_ticks, stop_ticks;

static CORE_TICKS
read_cycle_counter(void)
{
    return *ST200_PM_PCLK;
}

/* Called just before the timed part. */
void
start_time(void)
{
    start_ticks = read_cycle_counter();
}

/* Called just after the timed part. */
void
stop_time(void)
{
    stop_ticks = read_cycle_counter();
}

/* Cycles spent between start_time() and stop_time(). */
CORE_TICKS
get_time(void)
{
    return stop_ticks - start_ticks;
}

/* Seconds of run time at the nominal clock: a double with HAS_FLOAT 1,
   else whole seconds (secs_ret is then an unsigned integer). */
secs_ret
time_in_secs(CORE_TICKS ticks)
{
#if HAS_FLOAT
    return (secs_ret)ticks / (secs_ret)ST200_CLOCK_HZ;
#else
    return (secs_ret)(ticks / (CORE_TICKS)ST200_CLOCK_HZ);
#endif
}

/* ---- Start and end ------------------------------------------------------ */

ee_u32 default_num_contexts = 1;

/* Checks the type sizes CoreMark relies on; there is no board to set up
   (stsim's semihosting needs no initialisation). */
void
portable_init(core_portable *p, int *argc, char *argv[])
{
    (void)argc;
    (void)argv;
    if (sizeof(ee_ptr_int) != sizeof(ee_u8 *))
        ee_printf("ERROR! ee_ptr_int does not hold a pointer on this "
                  "target\n");
    if (sizeof(ee_u32) != 4)
        ee_printf("ERROR! ee_u32 is not 32 bits wide on this target\n");
    p->portable_id = 1;
}

void
portable_fini(core_portable *p)
{
    p->portable_id = 0;
}
