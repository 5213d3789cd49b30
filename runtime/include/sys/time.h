#ifndef _LCC_SYS_TIME_H
#define _LCC_SYS_TIME_H
/* sys/time.h — lcc runtime (ST200), in runtime/lib/posix.c: time since
   the program started, from the cycle counter and the core clock. */
#include <time.h>
typedef long suseconds_t;
struct timeval {
    time_t tv_sec;
    suseconds_t tv_usec;
};
int gettimeofday(struct timeval *tv, void *tz);
#endif
