/* The printf family — lcc runtime (ST200), portable C99 without floating
   point.

   Conversions d i u o x X c s p n %, flags - + space # 0, field width and
   precision (numbers or *), length modifiers hh h l ll q j z t L, with the
   output of glibc for every defined combination (checked against the host
   printf by compiler/tests/runtime_host.rs). %p prints (nil) for NULL, else
   0x and hex digits. Floating conversions (e f F g G a A) consume their
   double and print the placeholder "<float>". An unknown conversion is
   printed as written. Return value: the number of characters produced
   (for snprintf: that would have been produced without truncation). */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>
#include <stdint.h>

/* Locals that point to const data and move use these typedefs: lcc's front
   end rejects modifying a local declared `const T *p` (it takes the const
   for the variable's own). */
typedef const char *cstr;

/* Where the characters go: a FILE, or a bounded buffer. */
struct sink {
    FILE *f;
    char *buf;
    size_t cap;  /* buffer: bytes available, the terminator included */
    size_t n;    /* characters produced so far */
};

static void emit(struct sink *o, const char *s, size_t n)
{
    if (o->f) {
        if (n)
            fwrite(s, 1, n, o->f);
    } else if (o->n + 1 < o->cap) {
        size_t room = o->cap - 1 - o->n;
        memcpy(o->buf + o->n, s, n < room ? n : room);
    }
    o->n += n;
}

static void emit_fill(struct sink *o, char c, int count)
{
    char pad[16];
    int i;
    for (i = 0; i < 16; i++)
        pad[i] = c;
    while (count > 0) {
        int k = count < 16 ? count : 16;
        emit(o, pad, (size_t)k);
        count -= k;
    }
}

#define FL_LEFT 1
#define FL_PLUS 2
#define FL_SPACE 4
#define FL_ALT 8
#define FL_ZERO 16

/* Digits of v in base (8, 10 or 16), written backwards ending at end;
   returns the start. 64-bit division only when v does not fit 32 bits. */
static char *to_digits(char *end, unsigned long long v, unsigned base, int upper)
{
    const char *dig = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    char *p = end;
    if (base == 16) {
        do {
            *--p = dig[(unsigned)v & 15u];
            v >>= 4;
        } while (v);
    } else if (base == 8) {
        do {
            *--p = dig[(unsigned)v & 7u];
            v >>= 3;
        } while (v);
    } else {
        unsigned long w;
        while (v > 0xFFFFFFFFull) {
            *--p = dig[(unsigned)(v % 10u)];
            v /= 10u;
        }
        w = (unsigned long)v;
        do {
            *--p = dig[w % 10u];
            w /= 10u;
        } while (w);
    }
    return p;
}

/* One integer conversion: magnitude v, sign character or 0, base. */
static void put_int(struct sink *o, unsigned long long v, char sign, unsigned base, int upper,
                    int flags, int width, int prec)
{
    char tmp[24];
    char *end = tmp + sizeof tmp;
    char *d;
    char prefix[3];
    int np = 0, nd, zeros = 0, len;
    if (prec == 0 && v == 0)
        d = end;
    else
        d = to_digits(end, v, base, upper);
    nd = (int)(end - d);
    if (prec > nd)
        zeros = prec - nd;
    if (base == 8 && (flags & FL_ALT) && zeros == 0 && (nd == 0 || *d != '0'))
        zeros = 1;
    if (sign)
        prefix[np++] = sign;
    if (base == 16 && (flags & FL_ALT) && v != 0) {
        prefix[np++] = '0';
        prefix[np++] = upper ? 'X' : 'x';
    }
    len = np + zeros + nd;
    if ((flags & FL_ZERO) && !(flags & FL_LEFT) && prec < 0 && width > len) {
        zeros += width - len;
        len = width;
    }
    if (!(flags & FL_LEFT) && width > len)
        emit_fill(o, ' ', width - len);
    emit(o, prefix, (size_t)np);
    emit_fill(o, '0', zeros);
    emit(o, d, (size_t)nd);
    if ((flags & FL_LEFT) && width > len)
        emit_fill(o, ' ', width - len);
}

static void put_str(struct sink *o, const char *s, size_t n, int flags, int width)
{
    int pad = width > (int)n ? width - (int)n : 0;
    if (!(flags & FL_LEFT))
        emit_fill(o, ' ', pad);
    emit(o, s, n);
    if (flags & FL_LEFT)
        emit_fill(o, ' ', pad);
}

/* length modifiers */
#define LEN_NONE 0
#define LEN_HH 1
#define LEN_H 2
#define LEN_L 3
#define LEN_LL 4

static int format(struct sink *o, const char *fmt, va_list ap)
{
    cstr p = fmt;
    while (*p) {
        const char *spec = p;
        int flags = 0, width = 0, prec = -1, len = LEN_NONE;
        char c;
        if (*p != '%') {
            cstr q = p;
            while (*q && *q != '%')
                q++;
            emit(o, p, (size_t)(q - p));
            p = q;
            continue;
        }
        p++;
        for (;; p++) {
            if (*p == '-')
                flags |= FL_LEFT;
            else if (*p == '+')
                flags |= FL_PLUS;
            else if (*p == ' ')
                flags |= FL_SPACE;
            else if (*p == '#')
                flags |= FL_ALT;
            else if (*p == '0')
                flags |= FL_ZERO;
            else
                break;
        }
        if (*p == '*') {
            width = va_arg(ap, int);
            if (width < 0) {
                flags |= FL_LEFT;
                width = -width;
            }
            p++;
        } else {
            while (*p >= '0' && *p <= '9')
                width = width * 10 + (*p++ - '0');
        }
        if (*p == '.') {
            p++;
            prec = 0;
            if (*p == '*') {
                prec = va_arg(ap, int);
                if (prec < 0)
                    prec = -1;
                p++;
            } else {
                while (*p >= '0' && *p <= '9')
                    prec = prec * 10 + (*p++ - '0');
            }
        }
        for (;; p++) {
            if (*p == 'h')
                len = len == LEN_H ? LEN_HH : LEN_H;
            else if (*p == 'l')
                len = len == LEN_L ? LEN_LL : LEN_L;
            else if (*p == 'q' || *p == 'j' || *p == 'L')
                len = LEN_LL;
            else if (*p == 'z' || *p == 't')
                len = LEN_L;
            else
                break;
        }
        c = *p;
        if (c)
            p++;
        switch (c) {
        case 'd':
        case 'i': {
            long long v;
            unsigned long long m;
            char sign = 0;
            if (len == LEN_LL)
                v = va_arg(ap, long long);
            else
                v = va_arg(ap, int);
            if (len == LEN_HH)
                v = (signed char)v;
            else if (len == LEN_H)
                v = (short)v;
            if (v < 0) {
                m = 0 - (unsigned long long)v;
                sign = '-';
            } else {
                m = (unsigned long long)v;
                if (flags & FL_PLUS)
                    sign = '+';
                else if (flags & FL_SPACE)
                    sign = ' ';
            }
            put_int(o, m, sign, 10, 0, flags, width, prec);
            break;
        }
        case 'u':
        case 'o':
        case 'x':
        case 'X': {
            unsigned long long v;
            if (len == LEN_LL)
                v = va_arg(ap, unsigned long long);
            else
                v = va_arg(ap, unsigned int);
            if (len == LEN_HH)
                v = (unsigned char)v;
            else if (len == LEN_H)
                v = (unsigned short)v;
            put_int(o, v, 0, c == 'u' ? 10 : c == 'o' ? 8 : 16, c == 'X', flags, width, prec);
            break;
        }
        case 'p': {
            void *v = va_arg(ap, void *);
            if (!v) {
                put_str(o, "(nil)", 5, flags, width);
            } else {
                char sign = flags & FL_PLUS ? '+' : flags & FL_SPACE ? ' ' : 0;
                put_int(o, (uintptr_t)v, sign, 16, 0, flags | FL_ALT, width, prec);
            }
            break;
        }
        case 'c': {
            char ch = (char)va_arg(ap, int);
            put_str(o, &ch, 1, flags, width);
            break;
        }
        case 's': {
            cstr s = va_arg(ap, const char *);
            size_t n;
            if (!s)
                s = prec < 0 || prec >= 6 ? "(null)" : "";
            if (prec >= 0) {
                const char *z = memchr(s, 0, (size_t)prec);
                n = z ? (size_t)(z - s) : (size_t)prec;
            } else {
                n = strlen(s);
            }
            put_str(o, s, n, flags, width);
            break;
        }
        case 'n': {
            void *dst = va_arg(ap, void *);
            if (len == LEN_HH)
                *(signed char *)dst = (signed char)o->n;
            else if (len == LEN_H)
                *(short *)dst = (short)o->n;
            else if (len == LEN_LL)
                *(long long *)dst = (long long)o->n;
            else
                *(int *)dst = (int)o->n;
            break;
        }
        case '%':
            emit(o, "%", 1);
            break;
        case 'e':
        case 'E':
        case 'f':
        case 'F':
        case 'g':
        case 'G':
        case 'a':
        case 'A':
            /* a double (and long double: also 64-bit on the ST200) */
            (void)va_arg(ap, long long);
            put_str(o, "<float>", 7, flags, width);
            break;
        default:
            /* unknown or truncated conversion: print it as written */
            emit(o, spec, (size_t)(p - spec));
            break;
        }
    }
    return (int)o->n;
}

int vsnprintf(char *buf, size_t n, const char *fmt, va_list ap)
{
    struct sink o;
    int r;
    o.f = NULL;
    o.buf = buf;
    o.cap = n;
    o.n = 0;
    r = format(&o, fmt, ap);
    if (n > 0)
        buf[o.n < n - 1 ? o.n : n - 1] = 0;
    return r;
}

int vsprintf(char *buf, const char *fmt, va_list ap)
{
    return vsnprintf(buf, (size_t)-1 / 2, fmt, ap);
}

int vfprintf(FILE *f, const char *fmt, va_list ap)
{
    struct sink o;
    o.f = f;
    o.buf = NULL;
    o.cap = 0;
    o.n = 0;
    return format(&o, fmt, ap);
}

int vprintf(const char *fmt, va_list ap) { return vfprintf(stdout, fmt, ap); }

int printf(const char *fmt, ...)
{
    va_list ap;
    int r;
    va_start(ap, fmt);
    r = vfprintf(stdout, fmt, ap);
    va_end(ap);
    return r;
}

int fprintf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    int r;
    va_start(ap, fmt);
    r = vfprintf(f, fmt, ap);
    va_end(ap);
    return r;
}

int sprintf(char *buf, const char *fmt, ...)
{
    va_list ap;
    int r;
    va_start(ap, fmt);
    r = vsprintf(buf, fmt, ap);
    va_end(ap);
    return r;
}

int snprintf(char *buf, size_t n, const char *fmt, ...)
{
    va_list ap;
    int r;
    va_start(ap, fmt);
    r = vsnprintf(buf, n, fmt, ap);
    va_end(ap);
    return r;
}
