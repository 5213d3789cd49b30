#ifndef _LCC_ERRNO_H
#define _LCC_ERRNO_H
/* errno.h — lcc runtime (ST200). Set by strtol and friends (ERANGE) and by
   the stdio functions when a semihosting call fails (the call's negated
   result: EBADF, EFAULT, EIO, and for files ENOENT, EACCES...). Linux's
   numbers, as the simulator's file calls return them. */
extern int errno;
#define EDOM 33
#define ERANGE 34
#define EINVAL 22
#define ENOMEM 12
#define EBADF 9
#define ENOENT 2
#define EACCES 13
#define EEXIST 17
#define EISDIR 21
#define EMFILE 24
#define ENOSPC 28
#define ENAMETOOLONG 36
#define EFAULT 14
#define EIO 5
#define ENOSYS 38
#define EILSEQ 84
#endif
