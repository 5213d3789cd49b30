#ifndef _LCC_ERRNO_H
#define _LCC_ERRNO_H
/* errno.h — lcc runtime (ST200). Set by strtol and friends (ERANGE) and by
   the stdio functions when a semihosting call fails (the call's negated
   result: EBADF, EFAULT, EIO). */
extern int errno;
#define EDOM 33
#define ERANGE 34
#define EINVAL 22
#define ENOMEM 12
#define EBADF 9
#define EFAULT 14
#define EIO 5
#define ENOSYS 38
#define EILSEQ 84
#endif
