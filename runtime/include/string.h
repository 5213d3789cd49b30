#ifndef _LCC_STRING_H
#define _LCC_STRING_H
/* string.h — lcc runtime (ST200). */
#include <stddef.h>
void *memcpy(void *d, const void *s, size_t n);
void *memmove(void *d, const void *s, size_t n);
void *memset(void *d, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
void *memchr(const void *s, int c, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t n);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strcpy(char *d, const char *s);
char *strncpy(char *d, const char *s, size_t n);
char *strcat(char *d, const char *s);
char *strncat(char *d, const char *s, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
char *strstr(const char *h, const char *n);
char *strdup(const char *s);
size_t strspn(const char *s, const char *accept);
size_t strcspn(const char *s, const char *reject);
char *strpbrk(const char *s, const char *accept);
char *strtok(char *s, const char *delim);
int strcoll(const char *a, const char *b);
size_t strxfrm(char *d, const char *s, size_t n);
char *strerror(int errnum);
/* GNU and POSIX additions (runtime/lib/strings.c) */
void *mempcpy(void *d, const void *s, size_t n);
char *stpcpy(char *d, const char *s);
char *stpncpy(char *d, const char *s, size_t n);
char *strndup(const char *s, size_t n);
void *memrchr(const void *s, int c, size_t n);
char *strchrnul(const char *s, int c);
void *rawmemchr(const void *s, int c);
#endif
