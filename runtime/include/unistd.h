#ifndef _LCC_UNISTD_H
#define _LCC_UNISTD_H
/* unistd.h — lcc runtime (ST200), in runtime/lib/posix.c: one simulated
   core, no operating system; what means nothing here fails with ENOSYS. */
#include <stddef.h>
#ifndef _LCC_SSIZE_T
#define _LCC_SSIZE_T
typedef int ssize_t;
typedef int pid_t;
typedef long off_t;
typedef unsigned int useconds_t;
#endif
#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
#ifndef SEEK_SET
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#endif
#define _SC_CLK_TCK 2
#define _SC_NPROCESSORS_CONF 83
#define _SC_NPROCESSORS_ONLN 84
ssize_t read(int fd, void *buf, size_t n);
ssize_t write(int fd, const void *buf, size_t n);
int close(int fd);
int unlink(const char *path);
off_t lseek(int fd, off_t off, int whence);
int isatty(int fd);
pid_t getpid(void);
pid_t getppid(void);
unsigned int sleep(unsigned int seconds);
int usleep(useconds_t us);
long sysconf(int name);
void _exit(int status) __attribute__((noreturn));
#endif
