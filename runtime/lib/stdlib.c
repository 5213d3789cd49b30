/* stdlib.h arithmetic, conversions, sorting, random numbers and the
   "C"-locale multibyte functions — lcc runtime (ST200), portable C99.
   (strtod and friends: strtod.c and runtime-staging/.) */
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>

/* Locals that point to const data and move use these typedefs: lcc's front
   end rejects modifying a local declared `const T *p` (it takes the const
   for the variable's own). */
typedef const char *cstr;

int errno;

int abs(int x) { return x < 0 ? -x : x; }
long labs(long x) { return x < 0 ? -x : x; }
long long llabs(long long x) { return x < 0 ? -x : x; }

div_t div(int a, int b)
{
    div_t r;
    r.quot = a / b;
    r.rem = a % b;
    return r;
}

ldiv_t ldiv(long a, long b)
{
    ldiv_t r;
    r.quot = a / b;
    r.rem = a % b;
    return r;
}

lldiv_t lldiv(long long a, long long b)
{
    lldiv_t r;
    r.quot = a / b;
    r.rem = a % b;
    return r;
}

intmax_t imaxabs(intmax_t x) { return x < 0 ? -x : x; }

imaxdiv_t imaxdiv(intmax_t a, intmax_t b)
{
    imaxdiv_t r;
    r.quot = a / b;
    r.rem = a % b;
    return r;
}

static int digit_value(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 10;
    return 99;
}

/* Common prefix of the strto* functions: skips white space and the sign,
   settles the base (0: 0x -> 16, 0 -> 8, else 10; 16 accepts 0x). Returns
   a pointer to the first digit, or NULL for a base outside 2..36. */
static const char *scan_prefix(const char *s, int *base, int *neg)
{
    while (isspace((unsigned char)*s))
        s++;
    *neg = 0;
    if (*s == '-' || *s == '+') {
        *neg = *s == '-';
        s++;
    }
    if ((*base == 0 || *base == 16) && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') &&
        digit_value((unsigned char)s[2]) < 16) {
        *base = 16;
        s += 2;
    } else if (*base == 0) {
        *base = s[0] == '0' ? 8 : 10;
    }
    if (*base < 2 || *base > 36)
        return NULL;
    return s;
}

/* Magnitude of the digits at *ps in base, saturated at limit (*over set). */
static unsigned long scan32(const char **ps, int base, unsigned long limit, int *over)
{
    cstr s = *ps;
    unsigned long acc = 0;
    unsigned long cutoff = limit / (unsigned long)base;
    int cutlim = (int)(limit % (unsigned long)base);
    int d;
    *over = 0;
    while ((d = digit_value((unsigned char)*s)) < base) {
        if (*over || acc > cutoff || (acc == cutoff && d > cutlim))
            *over = 1;
        else
            acc = acc * (unsigned long)base + (unsigned long)d;
        s++;
    }
    *ps = s;
    return *over ? limit : acc;
}

static unsigned long long scan64(const char **ps, int base, unsigned long long limit, int *over)
{
    cstr s = *ps;
    unsigned long long acc = 0;
    unsigned long long cutoff = limit / (unsigned long long)base;
    int cutlim = (int)(limit % (unsigned long long)base);
    int d;
    *over = 0;
    while ((d = digit_value((unsigned char)*s)) < base) {
        if (*over || acc > cutoff || (acc == cutoff && d > cutlim))
            *over = 1;
        else
            acc = acc * (unsigned long long)base + (unsigned long long)d;
        s++;
    }
    *ps = s;
    return *over ? limit : acc;
}

long strtol(const char *nptr, char **end, int base)
{
    int neg, over;
    cstr s = scan_prefix(nptr, &base, &neg);
    const char *digits = s;
    unsigned long v;
    if (!s) {
        errno = EINVAL;
        if (end)
            *end = (char *)nptr;
        return 0;
    }
    v = scan32(&s, base, neg ? (unsigned long)LONG_MAX + 1 : (unsigned long)LONG_MAX, &over);
    if (end)
        *end = (char *)(s == digits ? nptr : s);
    if (over)
        errno = ERANGE;
    return neg ? (long)(0 - v) : (long)v;
}

unsigned long strtoul(const char *nptr, char **end, int base)
{
    int neg, over;
    cstr s = scan_prefix(nptr, &base, &neg);
    const char *digits = s;
    unsigned long v;
    if (!s) {
        errno = EINVAL;
        if (end)
            *end = (char *)nptr;
        return 0;
    }
    v = scan32(&s, base, ULONG_MAX, &over);
    if (end)
        *end = (char *)(s == digits ? nptr : s);
    if (over) {
        errno = ERANGE;
        return ULONG_MAX;
    }
    return neg ? 0 - v : v;
}

long long strtoll(const char *nptr, char **end, int base)
{
    int neg, over;
    cstr s = scan_prefix(nptr, &base, &neg);
    const char *digits = s;
    unsigned long long v;
    if (!s) {
        errno = EINVAL;
        if (end)
            *end = (char *)nptr;
        return 0;
    }
    v = scan64(&s, base, neg ? (unsigned long long)LLONG_MAX + 1 : (unsigned long long)LLONG_MAX, &over);
    if (end)
        *end = (char *)(s == digits ? nptr : s);
    if (over)
        errno = ERANGE;
    return neg ? (long long)(0 - v) : (long long)v;
}

unsigned long long strtoull(const char *nptr, char **end, int base)
{
    int neg, over;
    cstr s = scan_prefix(nptr, &base, &neg);
    const char *digits = s;
    unsigned long long v;
    if (!s) {
        errno = EINVAL;
        if (end)
            *end = (char *)nptr;
        return 0;
    }
    v = scan64(&s, base, ULLONG_MAX, &over);
    if (end)
        *end = (char *)(s == digits ? nptr : s);
    if (over) {
        errno = ERANGE;
        return ULLONG_MAX;
    }
    return neg ? 0 - v : v;
}

intmax_t strtoimax(const char *s, char **end, int base) { return strtoll(s, end, base); }
uintmax_t strtoumax(const char *s, char **end, int base) { return strtoull(s, end, base); }

int atoi(const char *s) { return (int)strtol(s, NULL, 10); }
long atol(const char *s) { return strtol(s, NULL, 10); }
long long atoll(const char *s) { return strtoll(s, NULL, 10); }

char *getenv(const char *name)
{
    (void)name;
    return NULL;
}

/* system: there is no command processor (system(NULL) == 0); a command
   cannot run (-1, errno ENOSYS). */
int system(const char *command)
{
    if (!command)
        return 0;
    errno = ENOSYS;
    return -1;
}

/* Multibyte characters in the "C" locale: every byte is one character
   whose wide value is the byte's (unsigned) value; no shift states. */
int mblen(const char *s, size_t n) { return mbtowc(NULL, s, n); }

int mbtowc(wchar_t *pwc, const char *s, size_t n)
{
    if (!s)
        return 0; /* not state-dependent */
    if (n == 0)
        return -1;
    if (pwc)
        *pwc = (wchar_t)(unsigned char)*s;
    return *s != 0;
}

int wctomb(char *s, wchar_t wc)
{
    if (!s)
        return 0;
    if (wc < 0 || wc > 255) {
        errno = EILSEQ;
        return -1;
    }
    *s = (char)wc;
    return 1;
}

size_t mbstowcs(wchar_t *pwcs, const char *s, size_t n)
{
    size_t i = 0;
    if (!pwcs)
        return strlen(s);
    while (i < n) {
        pwcs[i] = (wchar_t)(unsigned char)s[i];
        if (!s[i])
            return i;
        i++;
    }
    return i;
}

size_t wcstombs(char *s, const wchar_t *pwcs, size_t n)
{
    size_t i = 0;
    if (!s) {
        while (pwcs[i]) {
            if (pwcs[i] < 0 || pwcs[i] > 255) {
                errno = EILSEQ;
                return (size_t)-1;
            }
            i++;
        }
        return i;
    }
    while (i < n) {
        if (pwcs[i] < 0 || pwcs[i] > 255) {
            errno = EILSEQ;
            return (size_t)-1;
        }
        s[i] = (char)pwcs[i];
        if (!pwcs[i])
            return i;
        i++;
    }
    return i;
}

/* rand: the 64-bit LCG of lcc's IR interpreter (Knuth's MMIX constants),
   returning bits 62..33, so that --run-ir and stsim runs agree. */
static unsigned long long rand_state = 1;

int rand(void)
{
    rand_state = rand_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (int)(rand_state >> 33) & RAND_MAX;
}

void srand(unsigned seed) { rand_state = seed; }

/* qsort: stable (like glibc's merge sort): insertion sort for short
   arrays, else a bottom-up merge sort through a malloc'd buffer (insertion
   sort when malloc fails). */
static void swap_bytes(unsigned char *a, unsigned char *b, size_t size)
{
    while (size--) {
        unsigned char t = *a;
        *a++ = *b;
        *b++ = t;
    }
}

static void insertion_sort(unsigned char *base, size_t n, size_t size,
                           int (*cmp)(const void *, const void *))
{
    size_t i, j;
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && cmp(base + (j - 1) * size, base + j * size) > 0; j--)
            swap_bytes(base + (j - 1) * size, base + j * size, size);
}

void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    unsigned char *a = base, *tmp, *src, *dst;
    size_t width;
    if (n < 2 || size == 0)
        return;
    if (n <= 16 || n > (size_t)-1 / size || (tmp = malloc(n * size)) == NULL) {
        insertion_sort(a, n, size, cmp);
        return;
    }
    /* runs of 8 by insertion sort, then merge passes */
    for (width = 0; width < n; width += 8)
        insertion_sort(a + width * size, n - width < 8 ? n - width : 8, size, cmp);
    src = a;
    dst = tmp;
    for (width = 8; width < n; width *= 2) {
        size_t lo;
        for (lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n;
            size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {
                if (cmp(src + j * size, src + i * size) < 0)
                    memcpy(dst + k++ * size, src + j++ * size, size);
                else
                    memcpy(dst + k++ * size, src + i++ * size, size);
            }
            if (i < mid)
                memcpy(dst + k * size, src + i * size, (mid - i) * size);
            else if (j < hi)
                memcpy(dst + k * size, src + j * size, (hi - j) * size);
        }
        unsigned char *t = src;
        src = dst;
        dst = t;
    }
    if (src != a)
        memcpy(a, src, n * size);
    free(tmp);
}

void *bsearch(const void *key, const void *base, size_t n, size_t size,
              int (*cmp)(const void *, const void *))
{
    const unsigned char *b = base;
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = cmp(key, b + mid * size);
        if (c == 0)
            return (void *)(b + mid * size);
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}
