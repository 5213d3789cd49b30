/* mmap, munmap, open — lcc runtime (ST200), portable C99. The simulated
   core has no virtual memory and the program no file system: these calls
   mean nothing here and fail with ENOSYS, as a program checking their
   result expects of an unsupported call. */
#include <errno.h>
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

int open(const char *path, int flags, ...)
{
    (void)path;
    (void)flags;
    errno = ENOSYS;
    return -1;
}
