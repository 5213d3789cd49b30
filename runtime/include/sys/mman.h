#ifndef _LCC_SYS_MMAN_H
#define _LCC_SYS_MMAN_H
/* sys/mman.h — lcc runtime (ST200), in runtime/lib/mman.c: the simulated
   core has no virtual memory, so mmap and munmap fail with ENOSYS. */
#include <sys/types.h>
#define PROT_NONE 0
#define PROT_READ 1
#define PROT_WRITE 2
#define PROT_EXEC 4
#define MAP_SHARED 0x01
#define MAP_PRIVATE 0x02
#define MAP_FIXED 0x10
#define MAP_ANONYMOUS 0x20
#define MAP_ANON MAP_ANONYMOUS
#define MAP_FAILED ((void *)-1)
void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
int munmap(void *addr, size_t len);
#endif
