/* string.h functions — lcc runtime (ST200), portable C99 ("C" locale:
   strcoll = strcmp, strxfrm copies; strerror with glibc's messages). */
#include <string.h>
#include <stdlib.h>
#include <stdint.h>
#include <errno.h>

/* Locals that point to const data and move use these typedefs: lcc's front
   end rejects modifying a local declared `const T *p` (it takes the const
   for the variable's own). */
typedef const unsigned char *cbytes;
typedef const char *cstr;

void *memcpy(void *d, const void *s, size_t n)
{
    unsigned char *dp = d;
    cbytes sp = s;
    if ((((uintptr_t)dp | (uintptr_t)sp) & 3) == 0) {
        while (n >= 16) {
            ((uint32_t *)dp)[0] = ((const uint32_t *)sp)[0];
            ((uint32_t *)dp)[1] = ((const uint32_t *)sp)[1];
            ((uint32_t *)dp)[2] = ((const uint32_t *)sp)[2];
            ((uint32_t *)dp)[3] = ((const uint32_t *)sp)[3];
            dp += 16;
            sp += 16;
            n -= 16;
        }
        while (n >= 4) {
            *(uint32_t *)dp = *(const uint32_t *)sp;
            dp += 4;
            sp += 4;
            n -= 4;
        }
    }
    while (n--)
        *dp++ = *sp++;
    return d;
}

void *memmove(void *d, const void *s, size_t n)
{
    unsigned char *dp = d;
    cbytes sp = s;
    if (dp == sp || n == 0)
        return d;
    if (dp < sp || dp >= sp + n)
        return memcpy(d, s, n);
    /* overlapping with d above s: copy backwards */
    dp += n;
    sp += n;
    while (n--)
        *--dp = *--sp;
    return d;
}

void *memset(void *d, int c, size_t n)
{
    unsigned char *dp = d;
    unsigned char b = (unsigned char)c;
    while (n > 0 && ((uintptr_t)dp & 3) != 0) {
        *dp++ = b;
        n--;
    }
    if (n >= 4) {
        uint32_t w = b * 0x01010101u;
        while (n >= 4) {
            *(uint32_t *)dp = w;
            dp += 4;
            n -= 4;
        }
    }
    while (n--)
        *dp++ = b;
    return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
    cbytes x = a, y = b;
    for (; n; n--, x++, y++)
        if (*x != *y)
            return *x - *y;
    return 0;
}

void *memchr(const void *s, int c, size_t n)
{
    cbytes p = s;
    for (; n; n--, p++)
        if (*p == (unsigned char)c)
            return (void *)p;
    return NULL;
}

size_t strlen(const char *s)
{
    cstr p = s;
    while (*p)
        p++;
    return (size_t)(p - s);
}

size_t strnlen(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && s[i])
        i++;
    return i;
}

int strcmp(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return (unsigned char)*a - (unsigned char)*b;
}

int strncmp(const char *a, const char *b, size_t n)
{
    for (; n; n--, a++, b++) {
        if (*a != *b)
            return (unsigned char)*a - (unsigned char)*b;
        if (!*a)
            break;
    }
    return 0;
}

char *strcpy(char *d, const char *s)
{
    char *r = d;
    while ((*d++ = *s++) != 0)
        ;
    return r;
}

char *strncpy(char *d, const char *s, size_t n)
{
    size_t i = 0;
    for (; i < n && s[i]; i++)
        d[i] = s[i];
    for (; i < n; i++)
        d[i] = 0;
    return d;
}

char *strcat(char *d, const char *s)
{
    strcpy(d + strlen(d), s);
    return d;
}

char *strncat(char *d, const char *s, size_t n)
{
    char *p = d + strlen(d);
    while (n-- && *s)
        *p++ = *s++;
    *p = 0;
    return d;
}

char *strchr(const char *s, int c)
{
    char ch = (char)c;
    for (;; s++) {
        if (*s == ch)
            return (char *)s;
        if (!*s)
            return NULL;
    }
}

char *strrchr(const char *s, int c)
{
    char ch = (char)c;
    cstr r = NULL;
    for (;; s++) {
        if (*s == ch)
            r = s;
        if (!*s)
            return (char *)r;
    }
}

char *strstr(const char *h, const char *n)
{
    size_t ln = strlen(n);
    if (ln == 0)
        return (char *)h;
    for (; *h; h++)
        if (*h == *n && strncmp(h, n, ln) == 0)
            return (char *)h;
    return NULL;
}

char *strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

size_t strspn(const char *s, const char *accept)
{
    size_t i = 0;
    while (s[i] && strchr(accept, s[i]))
        i++;
    return i;
}

size_t strcspn(const char *s, const char *reject)
{
    size_t i = 0;
    while (s[i] && !strchr(reject, s[i]))
        i++;
    return i;
}

char *strpbrk(const char *s, const char *accept)
{
    s += strcspn(s, accept);
    return *s ? (char *)s : NULL;
}

char *strtok(char *s, const char *delim)
{
    static char *next;
    char *tok;
    if (!s)
        s = next;
    if (!s)
        return NULL;
    s += strspn(s, delim);
    if (!*s) {
        next = NULL;
        return NULL;
    }
    tok = s;
    s += strcspn(s, delim);
    if (*s) {
        *s = 0;
        next = s + 1;
    } else {
        next = NULL;
    }
    return tok;
}

/* "C" locale: collation is byte order, strxfrm copies */
int strcoll(const char *a, const char *b) { return strcmp(a, b); }

size_t strxfrm(char *d, const char *s, size_t n)
{
    size_t len = strlen(s);
    if (len < n)
        memcpy(d, s, len + 1);
    return len;
}

/* strerror: glibc's messages for the errno values of <errno.h>, else
   "Unknown error N" (in a static buffer). */
char *strerror(int errnum)
{
    static char unknown[32];
    const char *m;
    char digits[12];
    unsigned u;
    int k = 0, n = 0;
    switch (errnum) {
    case 0: m = "Success"; break;
    case EIO: m = "Input/output error"; break;
    case EBADF: m = "Bad file descriptor"; break;
    case ENOENT: m = "No such file or directory"; break;
    case EACCES: m = "Permission denied"; break;
    case EEXIST: m = "File exists"; break;
    case EISDIR: m = "Is a directory"; break;
    case EMFILE: m = "Too many open files"; break;
    case ENOSPC: m = "No space left on device"; break;
    case ENAMETOOLONG: m = "File name too long"; break;
    case ENOMEM: m = "Cannot allocate memory"; break;
    case EFAULT: m = "Bad address"; break;
    case EINVAL: m = "Invalid argument"; break;
    case EDOM: m = "Numerical argument out of domain"; break;
    case ERANGE: m = "Numerical result out of range"; break;
    case ENOSYS: m = "Function not implemented"; break;
    case EILSEQ: m = "Invalid or incomplete multibyte or wide character"; break;
    default: m = NULL; break;
    }
    if (m)
        return (char *)m;
    memcpy(unknown, "Unknown error ", 14);
    n = 14;
    if (errnum < 0)
        unknown[n++] = '-';
    u = errnum < 0 ? 0u - (unsigned)errnum : (unsigned)errnum;
    do {
        digits[k++] = (char)('0' + u % 10u);
        u /= 10u;
    } while (u);
    while (k > 0)
        unknown[n++] = digits[--k];
    unknown[n] = 0;
    return unknown;
}
