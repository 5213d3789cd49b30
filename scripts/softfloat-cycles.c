/* Cycles per call of the runtime's soft-float routines (runtime/lib/softfloat.c)
   in stsim: 1000 calls each on random normal operands (exponents within
   2^-20..2^20), minus the same loop without the call; the loop and the
   call overhead are included (__sqrtsf2/__sqrtdf2 on the operands'
   magnitudes).
     lcc -O2 scripts/softfloat-cycles.c -o sf.elf && stsim sf.elf
     stsim --perfect-caches sf.elf   (no cache misses) */
#include <stdio.h>
unsigned long long __cycles(void);
unsigned int __addsf3(unsigned int, unsigned int);
unsigned int __subsf3(unsigned int, unsigned int);
unsigned int __mulsf3(unsigned int, unsigned int);
unsigned int __divsf3(unsigned int, unsigned int);
unsigned long long __adddf3(unsigned long long, unsigned long long);
unsigned long long __subdf3(unsigned long long, unsigned long long);
unsigned long long __muldf3(unsigned long long, unsigned long long);
unsigned long long __divdf3(unsigned long long, unsigned long long);
unsigned int __sqrtsf2(unsigned int);
unsigned long long __sqrtdf2(unsigned long long);
unsigned long long __extendsfdf2(unsigned int);
unsigned int __truncdfsf2(unsigned long long);
int __fixdfsi(unsigned long long);
unsigned long long __floatsidf(int);
int __fixsfsi(unsigned int);
unsigned int __floatsisf(int);
int __ltdf2(unsigned long long, unsigned long long);
int __ltsf2(unsigned int, unsigned int);
static unsigned int s = 12345;
static unsigned int rnd(void) { s ^= s << 13; s ^= s >> 17; s ^= s << 5; return s; }
#define N 1000
static unsigned int fa[N], fb[N];
static unsigned long long da[N], db[N];
volatile unsigned int sink32; volatile unsigned long long sink64; volatile int sinki;
int main(void) {
  int i; unsigned long long t0, t1, base;
  /* normal operands with exponents in [-20, 20): float 127±20, double 1023±20 */
  for (i = 0; i < N; i++) {
    fa[i] = ((107u + rnd() % 40) << 23) | (rnd() & 0x7fffff) | (rnd() & 0x80000000u);
    fb[i] = ((107u + rnd() % 40) << 23) | (rnd() & 0x7fffff) | (rnd() & 0x80000000u);
    da[i] = ((unsigned long long)(1003u + rnd() % 40) << 52) | ((unsigned long long)(rnd() & 0xfffff) << 32) | rnd() | ((unsigned long long)(rnd() & 0x80000000u) << 32);
    db[i] = ((unsigned long long)(1003u + rnd() % 40) << 52) | ((unsigned long long)(rnd() & 0xfffff) << 32) | rnd() | ((unsigned long long)(rnd() & 0x80000000u) << 32);
  }
  t0 = __cycles(); for (i = 0; i < N; i++) sink32 = fa[i] ^ fb[i]; t1 = __cycles(); base = t1 - t0;
#define T32(name, expr) t0 = __cycles(); for (i = 0; i < N; i++) sink32 = expr; t1 = __cycles(); printf("%-14s %5llu\n", name, ((t1 - t0) - base) / N);
#define T64(name, expr) t0 = __cycles(); for (i = 0; i < N; i++) sink64 = expr; t1 = __cycles(); printf("%-14s %5llu\n", name, ((t1 - t0) - base) / N);
#define TI(name, expr) t0 = __cycles(); for (i = 0; i < N; i++) sinki = expr; t1 = __cycles(); printf("%-14s %5llu\n", name, ((t1 - t0) - base) / N);
  T32("__addsf3", __addsf3(fa[i], fb[i]))
  T32("__subsf3", __subsf3(fa[i], fb[i]))
  T32("__mulsf3", __mulsf3(fa[i], fb[i]))
  T32("__divsf3", __divsf3(fa[i], fb[i]))
  T64("__adddf3", __adddf3(da[i], db[i]))
  T64("__subdf3", __subdf3(da[i], db[i]))
  T64("__muldf3", __muldf3(da[i], db[i]))
  T64("__divdf3", __divdf3(da[i], db[i]))
  T32("__sqrtsf2", __sqrtsf2(fa[i] & 0x7fffffffu))
  T64("__sqrtdf2", __sqrtdf2(da[i] & 0x7fffffffffffffffULL))
  T64("__extendsfdf2", __extendsfdf2(fa[i]))
  T32("__truncdfsf2", __truncdfsf2(da[i]))
  TI("__fixsfsi", __fixsfsi(fa[i]))
  TI("__fixdfsi", __fixdfsi(da[i]))
  T32("__floatsisf", __floatsisf((int)fa[i]))
  T64("__floatsidf", __floatsidf((int)fa[i]))
  TI("__ltsf2", __ltsf2(fa[i], fb[i]))
  TI("__ltdf2", __ltdf2(da[i], db[i]))
  return 0;
}
