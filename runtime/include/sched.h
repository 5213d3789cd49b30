#ifndef _LCC_SCHED_H
#define _LCC_SCHED_H
/* sched.h — lcc runtime (ST200), in runtime/lib/posix.c: one core, one
   program; sched_yield() has nothing to yield to and returns 0. */
int sched_yield(void);
#endif
