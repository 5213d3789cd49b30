#ifndef _LCC_STDLIB_H
#define _LCC_STDLIB_H
/* stdlib.h — lcc runtime (ST200). */
#include <stddef.h>
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
#define MB_CUR_MAX 1
typedef struct { int quot; int rem; } div_t;
typedef struct { long quot; long rem; } ldiv_t;
typedef struct { long long quot; long long rem; } lldiv_t;
void *malloc(size_t n);
void *calloc(size_t n, size_t size);
void *realloc(void *p, size_t n);
void free(void *p);
void abort(void) __attribute__((noreturn));
void exit(int status) __attribute__((noreturn));
void _Exit(int status) __attribute__((noreturn));
int atexit(void (*fn)(void));
int abs(int x);
long labs(long x);
long long llabs(long long x);
div_t div(int a, int b);
ldiv_t ldiv(long a, long b);
lldiv_t lldiv(long long a, long long b);
int atoi(const char *s);
long atol(const char *s);
long long atoll(const char *s);
long strtol(const char *s, char **end, int base);
unsigned long strtoul(const char *s, char **end, int base);
long long strtoll(const char *s, char **end, int base);
unsigned long long strtoull(const char *s, char **end, int base);
int rand(void);
void srand(unsigned seed);
void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));
void *bsearch(const void *key, const void *base, size_t n, size_t size,
              int (*cmp)(const void *, const void *));
char *getenv(const char *name);
/* POSIX (runtime/lib/posix.c) */
long random(void);
void srandom(unsigned int seed);
long lrand48(void);
long mrand48(void);
void srand48(long seed);
double drand48(void);
int posix_memalign(void **out, size_t alignment, size_t size);
int system(const char *command);
/* multibyte characters: the "C" locale, one byte per character */
int mblen(const char *s, size_t n);
int mbtowc(wchar_t *pwc, const char *s, size_t n);
int wctomb(char *s, wchar_t wc);
size_t mbstowcs(wchar_t *pwcs, const char *s, size_t n);
size_t wcstombs(char *s, const wchar_t *pwcs, size_t n);
/* Floating conversions: the definitions return double/float, so they are
   in runtime-staging/lib/strtod_float.c until lcc compiles floating types
   (their integer-only core, __lcc_strtod_bits, is lib/strtod.c). */
double atof(const char *s);
double strtod(const char *s, char **end);
float strtof(const char *s, char **end);
long double strtold(const char *s, char **end);
unsigned long long __lcc_strtod_bits(const char *s, char **end, int single);
#endif
