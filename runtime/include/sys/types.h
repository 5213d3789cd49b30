#ifndef _LCC_SYS_TYPES_H
#define _LCC_SYS_TYPES_H
/* sys/types.h — lcc runtime (ST200): the POSIX type names of a single
   simulated core (ILP32), as <unistd.h> and <time.h> use them. */
#include <stddef.h>
#ifndef _LCC_SSIZE_T
#define _LCC_SSIZE_T
typedef int ssize_t;
typedef int pid_t;
typedef long off_t;
typedef unsigned int useconds_t;
#endif
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned int mode_t;
typedef unsigned int dev_t;
typedef unsigned int ino_t;
typedef unsigned int nlink_t;
typedef long blksize_t;
typedef long blkcnt_t;
typedef unsigned char u_char;
typedef unsigned short u_short;
typedef unsigned int u_int;
typedef unsigned long u_long;
#endif
