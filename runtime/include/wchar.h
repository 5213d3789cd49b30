#ifndef _LCC_WCHAR_H
#define _LCC_WCHAR_H
/* wchar.h — lcc runtime (ST200), in runtime/lib/wchar.c: wide strings of
   32-bit wchar_t ("C" locale: a multibyte character is one byte). */
#include <stddef.h>
typedef unsigned int wint_t;
typedef struct { int __state; } mbstate_t;
#ifndef WEOF
#define WEOF ((wint_t)-1)
#endif
#define WCHAR_MIN (-2147483647 - 1)
#define WCHAR_MAX 2147483647
size_t wcslen(const wchar_t *s);
wchar_t *wcscpy(wchar_t *d, const wchar_t *s);
wchar_t *wcsncpy(wchar_t *d, const wchar_t *s, size_t n);
wchar_t *wcscat(wchar_t *d, const wchar_t *s);
int wcscmp(const wchar_t *a, const wchar_t *b);
int wcsncmp(const wchar_t *a, const wchar_t *b, size_t n);
wchar_t *wcschr(const wchar_t *s, wchar_t c);
wchar_t *wcsrchr(const wchar_t *s, wchar_t c);
wchar_t *wmemcpy(wchar_t *d, const wchar_t *s, size_t n);
wchar_t *wmemmove(wchar_t *d, const wchar_t *s, size_t n);
wchar_t *wmemset(wchar_t *d, wchar_t c, size_t n);
int wmemcmp(const wchar_t *a, const wchar_t *b, size_t n);
wchar_t *wmemchr(const wchar_t *s, wchar_t c, size_t n);
wint_t btowc(int c);
int wctob(wint_t c);
#endif
