#ifndef _LCC_TIME_H
#define _LCC_TIME_H
/* time.h — lcc runtime (ST200), implemented in runtime/lib/time.c.
   The simulator has no wall clock: clock() and time() count from program
   start, converting the cycle counter (`__cycles`, semihosting call 4) with
   the core clock __ST200_CLOCK_MHZ__ that lcc predefines from the processor
   model (isa::model::ProcessorModel::clock_mhz, 400 MHz). Time zone: UTC
   (localtime = gmtime, no daylight saving time). "C" locale. */
#include <stddef.h>
typedef long clock_t;
typedef long time_t;
/* POSIX fixes CLOCKS_PER_SEC at one million: clock() counts microseconds */
#define CLOCKS_PER_SEC ((clock_t)1000000)
struct tm {
    int tm_sec;   /* 0-60 */
    int tm_min;   /* 0-59 */
    int tm_hour;  /* 0-23 */
    int tm_mday;  /* 1-31 */
    int tm_mon;   /* 0-11 */
    int tm_year;  /* years since 1900 */
    int tm_wday;  /* 0-6, Sunday = 0 */
    int tm_yday;  /* 0-365 */
    int tm_isdst; /* always 0 here */
};
clock_t clock(void);
time_t time(time_t *t);
/* difftime returns double: runtime-staging/lib/strtod_float.c until lcc
   compiles floating types */
double difftime(time_t t1, time_t t0);
time_t mktime(struct tm *tm);
struct tm *gmtime(const time_t *t);
struct tm *localtime(const time_t *t);
char *asctime(const struct tm *tm);
char *ctime(const time_t *t);
size_t strftime(char *s, size_t max, const char *fmt, const struct tm *tm);
#endif
