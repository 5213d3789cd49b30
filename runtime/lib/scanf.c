/* scanf sscanf fscanf vscanf vsscanf vfscanf — lcc runtime (ST200),
   portable C99. Conversions: d i u o x X p n c s [ (with ^ and ranges),
   a e f g E G (through strtod), %%; modifiers hh h l ll j z t L; field
   widths; * suppresses the assignment. stdin and streams go through
   fgetc/ungetc (stdio.c), so scanf reads the program's standard input
   through the semihosting read call. Returns the number of assignments,
   or EOF when the input ends before the first conversion. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The input: a string or a stream, one character of look-ahead. */
struct input {
    const char *s; /* the string, or NULL */
    FILE *f;       /* the stream */
    int count;     /* characters consumed (%n) */
};

static int get(struct input *in)
{
    int c;
    if (in->s) {
        c = (unsigned char)*in->s;
        if (c == 0)
            return EOF;
        in->s++;
    } else {
        c = fgetc(in->f);
        if (c == EOF)
            return EOF;
    }
    in->count++;
    return c;
}

static void unget(struct input *in, int c)
{
    if (c == EOF)
        return;
    in->count--;
    if (in->s)
        in->s--;
    else
        ungetc(c, in->f);
}

static int skip_space(struct input *in)
{
    int c;
    do
        c = get(in);
    while (c != EOF && isspace(c));
    unget(in, c);
    return c;
}

/* Stores an integer of the size the modifier says. */
static void store_int(va_list *ap, int size, unsigned long long v)
{
    switch (size) {
    case -2:
        *va_arg(*ap, signed char *) = (signed char)v;
        break;
    case -1:
        *va_arg(*ap, short *) = (short)v;
        break;
    case 2:
        *va_arg(*ap, long long *) = (long long)v;
        break;
    default: /* int, long, size_t, ptrdiff_t, intmax_t narrower: 32 bits */
        *va_arg(*ap, int *) = (int)v;
        break;
    }
}

/* Whether c is in the scan set [set, end) (after any ^). */
static int in_set(const unsigned char *set, const unsigned char *end, int c)
{
    const unsigned char *p = set;
    while (p < end) {
        if (p + 2 < end && p[1] == '-') {
            if (c >= p[0] && c <= p[2])
                return 1;
            p += 3;
        } else {
            if (c == *p)
                return 1;
            p++;
        }
    }
    return 0;
}

#define NUMBUF 80

static int vscan(struct input *in, const char *fmt, va_list ap0)
{
    const unsigned char *f = (const unsigned char *)fmt;
    int assigned = 0, converted = 0;
    va_list ap;
    va_copy(ap, ap0);
    while (*f) {
        int c, width, size, suppress;
        unsigned conv;
        if (isspace(*f)) {
            skip_space(in);
            f++;
            continue;
        }
        if (*f != '%' || f[1] == '%') {
            if (*f == '%') {
                skip_space(in);
                f++;
            }
            c = get(in);
            if (c != *f) {
                unget(in, c);
                if (c == EOF && converted == 0)
                    assigned = EOF;
                break;
            }
            f++;
            continue;
        }
        f++;
        suppress = 0;
        if (*f == '*') {
            suppress = 1;
            f++;
        }
        width = 0;
        while (isdigit(*f))
            width = width * 10 + (*f++ - '0');
        size = 0;
        if (*f == 'h') {
            size = -1;
            if (*++f == 'h') {
                size = -2;
                f++;
            }
        } else if (*f == 'l') {
            size = 1;
            if (*++f == 'l') {
                size = 2;
                f++;
            }
        } else if (*f == 'j' || *f == 'q') {
            size = 2;
            f++;
        } else if (*f == 'z' || *f == 't') {
            size = 1;
            f++;
        } else if (*f == 'L') {
            size = 3;
            f++;
        }
        conv = *f++;
        if (conv == 0)
            break;
        if (conv == 'n') {
            if (!suppress)
                store_int(&ap, size, (unsigned long long)in->count);
            continue;
        }
        if (conv != 'c' && conv != '[')
            if (skip_space(in) == EOF) {
                if (converted == 0)
                    assigned = EOF;
                break;
            }
        if (conv == 'c' || conv == 's' || conv == '[') {
            const unsigned char *set = f, *end = f;
            int negate = 0, n = 0;
            char *dst = suppress ? NULL : va_arg(ap, char *);
            if (conv == '[') {
                if (*set == '^') {
                    negate = 1;
                    set++;
                }
                end = set;
                if (*end == ']')
                    end++;
                while (*end && *end != ']')
                    end++;
                f = *end ? end + 1 : end;
            }
            if (width == 0)
                width = conv == 'c' ? 1 : -1;
            while (width < 0 || n < width) {
                c = get(in);
                if (c == EOF)
                    break;
                if ((conv == 's' && isspace(c)) ||
                    (conv == '[' && in_set(set, end, c) == negate)) {
                    unget(in, c);
                    break;
                }
                if (dst)
                    dst[n] = (char)c;
                n++;
            }
            if (n == 0 || (conv == 'c' && n < width)) {
                if (c == EOF && converted == 0)
                    assigned = EOF;
                break;
            }
            if (dst && conv != 'c')
                dst[n] = 0;
            converted++;
            if (dst)
                assigned++;
            continue;
        }
        {
            /* numbers: the longest prefix of the field that can start a
               number, converted by strtoull/strtoll/strtod */
            char buf[NUMBUF];
            int n = 0, base = 10, is_float = 0;
            char *end;
            if (width <= 0 || width >= NUMBUF)
                width = NUMBUF - 1;
            switch (conv) {
            case 'd':
            case 'u':
                base = 10;
                break;
            case 'i':
                base = 0;
                break;
            case 'o':
                base = 8;
                break;
            case 'x':
            case 'X':
            case 'p':
                base = 16;
                break;
            case 'a':
            case 'e':
            case 'f':
            case 'g':
            case 'A':
            case 'E':
            case 'F':
            case 'G':
                is_float = 1;
                break;
            default:
                goto done;
            }
            while (n < width) {
                c = get(in);
                if (c == EOF)
                    break;
                if (isalnum(c) || c == '.' || ((c == '+' || c == '-') &&
                    (n == 0 || (is_float && (buf[n - 1] == 'e' || buf[n - 1] == 'E' ||
                                             buf[n - 1] == 'p' || buf[n - 1] == 'P'))))) {
                    if (!is_float && c == '.') {
                        unget(in, c);
                        break;
                    }
                    buf[n++] = (char)c;
                } else {
                    unget(in, c);
                    break;
                }
            }
            buf[n] = 0;
            if (is_float) {
                double v = strtod(buf, &end);
                if (end == buf)
                    goto fail;
                if (!suppress) {
                    if (size == 0)
                        *va_arg(ap, float *) = (float)v;
                    else if (size == 3)
                        *va_arg(ap, long double *) = v;
                    else
                        *va_arg(ap, double *) = v;
                }
            } else {
                unsigned long long v;
                if (conv == 'd' || conv == 'i')
                    v = (unsigned long long)strtoll(buf, &end, base);
                else
                    v = strtoull(buf, &end, base);
                if (end == buf)
                    goto fail;
                if (!suppress) {
                    if (conv == 'p')
                        *va_arg(ap, void **) = (void *)(unsigned long)v;
                    else
                        store_int(&ap, size, v);
                }
            }
            /* what strtod/strtoull did not take goes back (a string
               input only: a stream keeps one character of push-back) */
            if (*end && in->s) {
                int back = (int)strlen(end);
                in->s -= back;
                in->count -= back;
            }
            converted++;
            if (!suppress)
                assigned++;
            continue;
        fail:
            break;
        }
    }
done:
    va_end(ap);
    return assigned;
}

int vsscanf(const char *s, const char *fmt, va_list ap)
{
    struct input in;
    in.s = s;
    in.f = NULL;
    in.count = 0;
    return vscan(&in, fmt, ap);
}

int vfscanf(FILE *f, const char *fmt, va_list ap)
{
    struct input in;
    in.s = NULL;
    in.f = f;
    in.count = 0;
    return vscan(&in, fmt, ap);
}

int vscanf(const char *fmt, va_list ap) { return vfscanf(stdin, fmt, ap); }

int sscanf(const char *s, const char *fmt, ...)
{
    va_list ap;
    int r;
    va_start(ap, fmt);
    r = vsscanf(s, fmt, ap);
    va_end(ap);
    return r;
}

int fscanf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    int r;
    va_start(ap, fmt);
    r = vfscanf(f, fmt, ap);
    va_end(ap);
    return r;
}

int scanf(const char *fmt, ...)
{
    va_list ap;
    int r;
    va_start(ap, fmt);
    r = vfscanf(stdin, fmt, ap);
    va_end(ap);
    return r;
}
