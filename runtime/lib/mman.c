/* mmap, munmap, open — lcc runtime (ST200), portable C99. The simulated
   core has no virtual memory: mmap and munmap mean nothing here and fail
   with ENOSYS, as a program checking their result expects of an
   unsupported call. open reaches the files of the directory the simulator
   names (stsim --fs-root), else fails with EACCES. */
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <sys/mman.h>

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
    (void)addr;
    (void)len;
    (void)prot;
    (void)flags;
    (void)fd;
    (void)off;
    errno = ENOSYS;
    return MAP_FAILED;
}

int munmap(void *addr, size_t len)
{
    (void)addr;
    (void)len;
    errno = ENOSYS;
    return -1;
}

int __open(const char *path, int flags, int mode);

int open(const char *path, int flags, ...)
{
    int mode = 0, r;
    if (flags & O_CREAT) {
        va_list ap;
        va_start(ap, flags);
        mode = va_arg(ap, int);
        va_end(ap);
    }
    r = __open(path, flags, mode);
    if (r < 0) {
        errno = -r;
        return -1;
    }
    return r;
}
