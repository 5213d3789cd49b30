#ifndef _LCC_STRINGS_H
#define _LCC_STRINGS_H
/* strings.h — lcc runtime (ST200): the BSD/POSIX byte and case-insensitive
   string functions, in runtime/lib/strings.c ("C" locale). */
#include <stddef.h>
void bzero(void *s, size_t n);
void bcopy(const void *src, void *dst, size_t n);
int bcmp(const void *a, const void *b, size_t n);
char *index(const char *s, int c);
char *rindex(const char *s, int c);
int strcasecmp(const char *a, const char *b);
int strncasecmp(const char *a, const char *b, size_t n);
int ffs(int i);
int ffsl(long i);
int ffsll(long long i);
#endif
