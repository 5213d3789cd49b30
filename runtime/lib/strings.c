/* <strings.h> and the GNU additions to <string.h> — lcc runtime (ST200),
   portable C99, "C" locale: bzero bcopy bcmp index rindex strcasecmp
   strncasecmp ffs ffsl ffsll, mempcpy stpcpy stpncpy strndup memrchr
   strchrnul rawmemchr. */
#include <string.h>
#include <strings.h>
#include <stdlib.h>

void bzero(void *s, size_t n) { memset(s, 0, n); }

void bcopy(const void *src, void *dst, size_t n) { memmove(dst, src, n); }

int bcmp(const void *a, const void *b, size_t n) { return memcmp(a, b, n); }

char *index(const char *s, int c) { return strchr(s, c); }

char *rindex(const char *s, int c) { return strrchr(s, c); }

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

int strcasecmp(const char *a, const char *b)
{
    const unsigned char *p = (const unsigned char *)a;
    const unsigned char *q = (const unsigned char *)b;
    for (;; p++, q++) {
        int x = lower(*p), y = lower(*q);
        if (x != y || x == 0)
            return x - y;
    }
}

int strncasecmp(const char *a, const char *b, size_t n)
{
    const unsigned char *p = (const unsigned char *)a;
    const unsigned char *q = (const unsigned char *)b;
    for (; n > 0; n--, p++, q++) {
        int x = lower(*p), y = lower(*q);
        if (x != y || x == 0)
            return x - y;
    }
    return 0;
}

/* The position (1 = least significant) of the lowest set bit, 0 for 0. */
int ffsll(long long i)
{
    unsigned long long v = (unsigned long long)i;
    int n = 1;
    if (v == 0)
        return 0;
    while ((v & 1) == 0) {
        v >>= 1;
        n++;
    }
    return n;
}

int ffs(int i) { return ffsll((long long)(unsigned)i); }

int ffsl(long i) { return ffsll((long long)(unsigned long)i); }

void *mempcpy(void *d, const void *s, size_t n) { return (char *)memcpy(d, s, n) + n; }

char *stpcpy(char *d, const char *s)
{
    size_t n = strlen(s);
    memcpy(d, s, n + 1);
    return d + n;
}

/* Copies at most n bytes of s, pads with NULs to n; returns the end of
   the copied string (d + n when s has n bytes or more). */
char *stpncpy(char *d, const char *s, size_t n)
{
    size_t k = strnlen(s, n);
    memcpy(d, s, k);
    memset(d + k, 0, n - k);
    return d + k;
}

char *strndup(const char *s, size_t n)
{
    size_t k = strnlen(s, n);
    char *p = malloc(k + 1);
    if (p) {
        memcpy(p, s, k);
        p[k] = 0;
    }
    return p;
}

void *memrchr(const void *s, int c, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    while (n > 0) {
        n--;
        if (p[n] == (unsigned char)c)
            return (void *)(p + n);
    }
    return NULL;
}

char *strchrnul(const char *s, int c)
{
    while (*s && *s != (char)c)
        s++;
    return (char *)s;
}

void *rawmemchr(const void *s, int c)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p != (unsigned char)c)
        p++;
    return (void *)p;
}
