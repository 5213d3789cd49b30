/* CoreMark port for the ST200 toolchain of this project: lcc compiles,
   stsim runs (README, "CoreMark"). No operating system: output goes
   through the runtime's printf (semihosting write), time is the core's
   cycle counter, the data block lives on main's stack, the seeds come
   from volatile variables and there is a single context.

   Written for this project; CoreMark's own sources are not part of the
   repository and are given to `testsuite --coremark DIR`. */
#ifndef CORE_PORTME_H
#define CORE_PORTME_H

#include <stddef.h>

/* ---- What the platform offers ---------------------------------------- */

/* CoreMark's default: seconds and the iteration rate as doubles (lcc
   computes them with the runtime's soft-float helpers; printf prints %f).
   -DHAS_FLOAT=0 keeps whole seconds in an unsigned integer. */
#ifndef HAS_FLOAT
#define HAS_FLOAT 1
#endif
/* The timer is PM_PCLK read directly (core_portme.c): whole cycles, where
   the runtime's <time.h> clock() counts microseconds. */
#ifndef HAS_TIME_H
#define HAS_TIME_H 0
#endif
#ifndef USE_CLOCK
#define USE_CLOCK 0
#endif
/* The runtime's <stdio.h> and printf (d u x s f, l modifier, widths, 0
   flag) are enough for every line CoreMark prints. */
#ifndef HAS_STDIO
#define HAS_STDIO 1
#endif
#ifndef HAS_PRINTF
#define HAS_PRINTF 1
#endif

/* ---- Clock ------------------------------------------------------------ */

/* Core clock in Hz, used only to turn cycles into the seconds CoreMark
   prints: lcc's __ST200_CLOCK_MHZ__, from the processor model
   (isa::model::ProcessorModel::clock_mhz; ISA-ST200 gives no frequency,
   400 MHz is the nominal clock of ST231 parts), the same figure as the
   runtime's clock(). The CoreMark/MHz the testsuite reports is computed
   from cycles and does not depend on it. Override with
   -DST200_CLOCK_HZ=... */
#ifndef ST200_CLOCK_HZ
#ifdef __ST200_CLOCK_MHZ__
#define ST200_CLOCK_HZ (__ST200_CLOCK_MHZ__ * 1000000u)
#else
#define ST200_CLOCK_HZ 400000000u
#endif
#endif

/* ---- Build identification (printed by CoreMark) ----------------------- */

#ifndef COMPILER_VERSION
#define COMPILER_VERSION "lcc (ST200 toolchain)"
#endif
#ifndef COMPILER_FLAGS
#ifdef FLAGS_STR
#define COMPILER_FLAGS FLAGS_STR
#else
#define COMPILER_FLAGS "(not given: build with -DFLAGS_STR=\"...\")"
#endif
#endif
#ifndef MEM_LOCATION
#define MEM_LOCATION "STACK"
#endif

/* ---- Data types (ILP32, ISA-ST200 §1.1) ------------------------------- */

typedef signed short ee_s16;
typedef unsigned short ee_u16;
typedef signed int ee_s32;
typedef unsigned int ee_u32;
typedef unsigned char ee_u8;
/* Only used when HAS_FLOAT is 1; kept for completeness. */
typedef double ee_f32;
/* An integer as wide as a pointer. */
typedef ee_u32 ee_ptr_int;
typedef size_t ee_size_t;

/* Rounds an address up to the next multiple of 4 (the matrix benchmark
   wants 32-bit aligned blocks). */
#define align_mem(x) (void *)(4 + (((ee_ptr_int)(x)-1) & ~3))

/* ---- Timing ------------------------------------------------------------ */

/* Ticks are core cycles, as read from PM_PCLK (low 32 bits). */
#define CORETIMETYPE ee_u32
typedef ee_u32 CORE_TICKS;

/* ---- Seeds, memory, contexts ------------------------------------------ */

/* Seeds from volatile variables (core_portme.c): the compiler cannot fold
   the run away, and stsim needs no command line. */
#ifndef SEED_METHOD
#define SEED_METHOD SEED_VOLATILE
#endif
/* The 2000-byte data block is a local array of main. */
#ifndef MEM_METHOD
#define MEM_METHOD MEM_STACK
#endif
/* One core, one context. */
#ifndef MULTITHREAD
#define MULTITHREAD 1
#define USE_PTHREAD 0
#define USE_FORK 0
#define USE_SOCKET 0
#endif
#ifndef MAIN_HAS_NOARGC
#define MAIN_HAS_NOARGC 0
#endif
#ifndef MAIN_HAS_NORETURN
#define MAIN_HAS_NORETURN 0
#endif

/* Iterations of the timed loop. Fixed (ITERATIONS=0 would calibrate for
   10 s of run time, billions of simulated cycles): the testsuite passes
   -DITERATIONS=N; without it, enough for a few tens of millions of cycles
   at -O2. */
#ifndef ITERATIONS
#define ITERATIONS 100
#endif

/* Number of contexts actually run (CoreMark reads and prints it). */
extern ee_u32 default_num_contexts;

/* Per-context state of the port: nothing beyond a marker that init ran. */
typedef struct CORE_PORTABLE_S
{
    ee_u8 portable_id;
} core_portable;

void portable_init(core_portable *p, int *argc, char *argv[]);
void portable_fini(core_portable *p);

/* Which seed set core_portme.c supplies: the 2K performance run (seeds
   0, 0, 0x66) unless the data size or a -D selects another. */
#if !defined(PROFILE_RUN) && !defined(PERFORMANCE_RUN) \
    && !defined(VALIDATION_RUN)
#if (TOTAL_DATA_SIZE == 1200)
#define PROFILE_RUN 1
#elif (TOTAL_DATA_SIZE == 2000)
#define PERFORMANCE_RUN 1
#else
#define VALIDATION_RUN 1
#endif
#endif

#if !HAS_PRINTF
int ee_printf(const char *fmt, ...);
#endif

#endif /* CORE_PORTME_H */
