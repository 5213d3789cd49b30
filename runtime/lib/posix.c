/* POSIX and BSD odds and ends — lcc runtime (ST200), portable C99:
   perror, random srandom, lrand48 mrand48 srand48 drand48, posix_memalign,
   gettimeofday, getrusage, getrlimit setrlimit, sched_yield, getpid
   getppid sleep usleep sysconf read write close lseek unlink isatty.
   One simulated core, no operating system: what the machine can answer
   (the cycle counter, the core clock __ST200_CLOCK_MHZ__, one processor)
   is answered; a call that means nothing here fails with ENOSYS. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <sched.h>
#include <sys/time.h>
#include <sys/resource.h>

#ifndef __ST200_CLOCK_MHZ__
#define __ST200_CLOCK_MHZ__ 400 /* host builds of this file (tests) */
#endif

unsigned long long __cycles(void);
int __write(int fd, const void *buf, unsigned len);
int __read(int fd, void *buf, unsigned len);
int __close(int fd);
int __lseek(int fd, int offset, int whence);
int __unlink(const char *path);

void perror(const char *s)
{
    const char *msg = strerror(errno);
    if (s && *s)
        fprintf(stderr, "%s: %s\n", s, msg);
    else
        fprintf(stderr, "%s\n", msg);
}

/* random(): the additive lagged Fibonacci generator x[k] = x[k-3] +
   x[k-31] (mod 2^32) over 34 words seeded by the Park-Miller sequence
   (x[i] = 16807 x[i-1] mod (2^31 - 1)), the first 310 outputs dropped, each
   output x[k] >> 1 (31 bits): the generator of the BSD and GNU C
   libraries' default state size, so that a seed gives the same numbers. */
static unsigned int rnd_state[34]; /* x[k] at rnd_state[k % 34] */
static unsigned int rnd_k;          /* the next k; 0: not seeded yet */

void srandom(unsigned int seed)
{
    int i;
    long long x;
    if (seed == 0)
        seed = 1;
    rnd_state[0] = seed;
    x = (int)seed;
    for (i = 1; i < 31; i++) {
        x = (16807 * x) % 2147483647;
        if (x < 0)
            x += 2147483647;
        rnd_state[i] = (unsigned int)x;
    }
    for (i = 31; i < 34; i++)
        rnd_state[i] = rnd_state[i - 31];
    rnd_k = 34;
    for (i = 0; i < 310; i++)
        random();
}

long random(void)
{
    unsigned int v;
    if (rnd_k == 0)
        srandom(1);
    v = rnd_state[(rnd_k - 31) % 34] + rnd_state[(rnd_k - 3) % 34];
    rnd_state[rnd_k % 34] = v;
    rnd_k++;
    if (rnd_k == 34u * 100000u)
        rnd_k = 34; /* same residues mod 34, never 0 */
    return (long)(v >> 1);
}

/* The 48-bit linear congruential generator POSIX specifies:
   X' = (0x5DEECE66D X + 0xB) mod 2^48; srand48 sets X = seed << 16 | 0x330E. */
static unsigned long long x48 = 0x1234ABCD330Eull;

void srand48(long seed)
{
    x48 = ((unsigned long long)(unsigned long)seed << 16 | 0x330E) & 0xFFFFFFFFFFFFull;
}

static unsigned long long next48(void)
{
    x48 = (x48 * 0x5DEECE66Dull + 0xB) & 0xFFFFFFFFFFFFull;
    return x48;
}

long lrand48(void) { return (long)(next48() >> 17); }

long mrand48(void) { return (long)(int)(unsigned int)(next48() >> 16); }

double drand48(void) { return (double)next48() / 281474976710656.0; }

/* posix_memalign: a block of size + alignment + 16 bytes from malloc, cut
   in two at the first address aligned as asked that leaves at least 16
   bytes before it (malloc.c's smallest block): the first part is freed,
   the second returned; both are well-formed malloc blocks (malloc.c: an
   8-byte header {size, tag} before each payload), so free() takes it. */
int posix_memalign(void **out, size_t alignment, size_t size)
{
    char *p, *q;
    size_t *hp, *hq, total;
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0)
        return EINVAL;
    if (alignment <= 8) {
        p = malloc(size ? size : 1);
        if (!p)
            return ENOMEM;
        *out = p;
        return 0;
    }
    if (size > (size_t)-1 - alignment - 16)
        return ENOMEM;
    p = malloc(size + alignment + 16);
    if (!p)
        return ENOMEM;
    q = (char *)(((unsigned long)p + 16 + alignment - 1) & ~(unsigned long)(alignment - 1));
    hp = (size_t *)(p - 8);
    hq = (size_t *)(q - 8);
    total = hp[0];
    hq[0] = total - (size_t)(q - p);
    hq[1] = hp[1];
    hp[0] = (size_t)(q - p);
    free(p);
    *out = q;
    return 0;
}

/* Time since the program started, from the cycle counter. */
static unsigned long long micros(void)
{
    return __cycles() / (unsigned)__ST200_CLOCK_MHZ__;
}

int gettimeofday(struct timeval *tv, void *tz)
{
    unsigned long long us = micros();
    (void)tz;
    if (tv) {
        tv->tv_sec = (time_t)(us / 1000000u);
        tv->tv_usec = (suseconds_t)(us % 1000000u);
    }
    return 0;
}

int getrusage(int who, struct rusage *ru)
{
    unsigned long long us;
    if (who != RUSAGE_SELF) {
        errno = who == RUSAGE_CHILDREN ? ENOSYS : EINVAL;
        return -1;
    }
    us = micros();
    memset(ru, 0, sizeof *ru);
    ru->ru_utime.tv_sec = (time_t)(us / 1000000u);
    ru->ru_utime.tv_usec = (suseconds_t)(us % 1000000u);
    return 0;
}

int getrlimit(int resource, struct rlimit *rl)
{
    (void)resource;
    (void)rl;
    errno = ENOSYS;
    return -1;
}

int setrlimit(int resource, const struct rlimit *rl)
{
    (void)resource;
    (void)rl;
    errno = ENOSYS;
    return -1;
}

/* One core, one program: nothing else to run. */
int sched_yield(void) { return 0; }

pid_t getpid(void) { return 1; }

pid_t getppid(void) { return 0; }

/* Waiting is counting cycles. */
int usleep(useconds_t us)
{
    unsigned long long end = micros() + us;
    while (micros() < end)
        ;
    return 0;
}

unsigned int sleep(unsigned int s)
{
    unsigned int i;
    for (i = 0; i < s; i++)
        usleep(1000000u);
    return 0;
}

long sysconf(int name)
{
    switch (name) {
    case _SC_NPROCESSORS_CONF:
    case _SC_NPROCESSORS_ONLN:
        return 1;
    case _SC_CLK_TCK:
        return 1000000; /* clock() counts microseconds (<time.h>) */
    default:
        errno = EINVAL;
        return -1;
    }
}

ssize_t write(int fd, const void *buf, size_t n)
{
    int r = __write(fd, buf, n);
    if (r < 0) {
        errno = -r;
        return -1;
    }
    return r;
}

ssize_t read(int fd, void *buf, size_t n)
{
    int r = __read(fd, buf, n);
    if (r < 0) {
        errno = -r;
        return -1;
    }
    return r;
}

/* Files live in the directory the simulator names (stsim --fs-root). */
int close(int fd)
{
    int r = __close(fd);
    if (r < 0) {
        errno = -r;
        return -1;
    }
    return 0;
}

off_t lseek(int fd, off_t off, int whence)
{
    int r = __lseek(fd, (int)off, whence);
    if (r < 0) {
        errno = -r;
        return -1;
    }
    return r;
}

int unlink(const char *path)
{
    int r = __unlink(path);
    if (r < 0) {
        errno = -r;
        return -1;
    }
    return 0;
}

int isatty(int fd)
{
    (void)fd;
    errno = ENOSYS;
    return 0;
}
