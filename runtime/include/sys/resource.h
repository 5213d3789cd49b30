#ifndef _LCC_SYS_RESOURCE_H
#define _LCC_SYS_RESOURCE_H
/* sys/resource.h — lcc runtime (ST200), in runtime/lib/posix.c:
   getrusage(RUSAGE_SELF) gives the user time from the cycle counter (the
   other fields 0); limits are not kept (getrlimit, setrlimit: ENOSYS). */
#include <sys/time.h>
typedef unsigned long rlim_t;
#define RLIM_INFINITY (~(rlim_t)0)
#define RLIMIT_CPU 0
#define RLIMIT_FSIZE 1
#define RLIMIT_DATA 2
#define RLIMIT_STACK 3
#define RLIMIT_CORE 4
#define RLIMIT_AS 9
#define RUSAGE_SELF 0
#define RUSAGE_CHILDREN (-1)
struct rlimit {
    rlim_t rlim_cur;
    rlim_t rlim_max;
};
struct rusage {
    struct timeval ru_utime;
    struct timeval ru_stime;
    long ru_maxrss, ru_ixrss, ru_idrss, ru_isrss, ru_minflt, ru_majflt, ru_nswap;
    long ru_inblock, ru_oublock, ru_msgsnd, ru_msgrcv, ru_nsignals, ru_nvcsw, ru_nivcsw;
};
int getrlimit(int resource, struct rlimit *rl);
int setrlimit(int resource, const struct rlimit *rl);
int getrusage(int who, struct rusage *usage);
#endif
