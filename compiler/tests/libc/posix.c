/* random/srandom, lrand48/srand48/drand48, posix_memalign, gettimeofday,
   getrusage, sched_yield, perror, alloca through __builtin_alloca. */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <unistd.h>

int main(void)
{
    int i;
    void *p, *q;
    struct timeval t0, t1;
    struct rusage ru;
    char *a;
    for (i = 0; i < 3; i++)
        printf("random %ld\n", random());
    srandom(12345);
    for (i = 0; i < 3; i++)
        printf("srandom(12345) %ld\n", random());
    srandom(0);
    printf("srandom(0) %ld\n", random());
    srand48(2026);
    {
        long a = lrand48();
        long b = lrand48();
        printf("lrand48 %ld %ld\n", a, b);
    }
    printf("mrand48 %ld\n", mrand48());
    printf("drand48 %.17g\n", drand48());
    for (i = 16; i <= 256; i *= 4) {
        int r = posix_memalign(&p, (size_t)i, 100);
        memset(p, 1, 100);
        printf("posix_memalign %d %d\n", r, (int)((unsigned long)p % (unsigned long)i));
        q = malloc(40);
        free(p);
        free(q);
    }
    printf("posix_memalign bad %d\n", posix_memalign(&p, 12, 8) == EINVAL);
    gettimeofday(&t0, NULL);
    for (i = 0; i < 1000; i++)
        sched_yield();
    gettimeofday(&t1, NULL);
    printf("gettimeofday %d %d\n",
           t1.tv_sec > t0.tv_sec || (t1.tv_sec == t0.tv_sec && t1.tv_usec >= t0.tv_usec),
           t0.tv_usec >= 0 && t0.tv_usec < 1000000);
    printf("getrusage %d\n", getrusage(RUSAGE_SELF, &ru));
    printf("sched_yield %d sysconf %d\n", sched_yield(), sysconf(_SC_NPROCESSORS_ONLN) >= 1);
    errno = ERANGE;
    perror("perror");
    a = __builtin_alloca(64);
    memset(a, 'z', 63);
    a[63] = 0;
    printf("alloca %d\n", (int)strlen(a));
    return 0;
}
