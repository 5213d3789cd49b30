#ifndef _LCC_FCNTL_H
#define _LCC_FCNTL_H
/* fcntl.h — lcc runtime (ST200), in runtime/lib/mman.c: open reaches
   the files of the directory the simulator names (stsim --fs-root), else
   fails with EACCES. Linux's flag values. */
#include <sys/types.h>
#define O_RDONLY 0
#define O_WRONLY 1
#define O_RDWR 2
#define O_CREAT 0100
#define O_EXCL 0200
#define O_TRUNC 01000
#define O_APPEND 02000
int open(const char *path, int flags, ...);
#endif
