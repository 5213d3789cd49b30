#ifndef _LCC_SYS_STAT_H
#define _LCC_SYS_STAT_H
/* sys/stat.h — lcc runtime (ST200): the mode bits only; the simulated
   program has no file system to ask. */
#include <sys/types.h>
#define S_IRWXU 0700
#define S_IRUSR 0400
#define S_IWUSR 0200
#define S_IXUSR 0100
#define S_IRWXG 070
#define S_IRWXO 07
#endif
