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

/* ---- Floating conversions (e E f F g G a A), integer-only ----

   The argument arrives as the bit pattern of an IEEE-754 binary64 value
   (sign, 11-bit exponent, 52-bit fraction): a finite non-zero value is
   m × 2^e with m < 2^53 and -1074 <= e <= 971.

   Decimal conversions use the simple exact method: the integer part of
   m × 2^e is a multi-word binary integer turned into decimal by repeated
   division by 10^4 (32-bit divisions of 16-bit halves); the fraction is a
   multi-word binary fraction whose next nine decimal digits are the word
   that overflows when it is multiplied by 10^9 (the scaling-by-powers
   method of Steele & White, "How to print floating-point numbers
   accurately", PLDI 1990, without their shortest-output stopping rule,
   since printf asks for a fixed number of digits). Every digit is exact,
   so rounding the digit string to the requested length, to nearest with
   ties to even on the exact value (IEEE 754 default rounding, what glibc
   prints), is correctly rounded. Only the digits up to one past the
   rounding position are generated, plus a sticky flag telling whether
   anything non-zero follows. %a prints the exact hexadecimal fraction,
   rounded to nearest even when a precision is given.

   The big numbers live in fixed arrays of 32-bit words on the stack: the
   integer part has at most 1024 bits (32 words), the fraction at most
   1074 bits (34 words); a double has at most 767 significant decimal
   digits, so FDIG_MAX bounds the digit buffer. */

#define FDIG_MAX 800

struct fdec {
    char d[FDIG_MAX + 12]; /* significant digits, ASCII; d[0] != '0' */
    int nd;                /* number of digits in d (0: the value is 0) */
    int x10;               /* value = d[0].d[1]d[2]... × 10^x10 */
    int sticky;            /* non-zero digits follow d[nd - 1] */
};

/* ORs v << bitpos into the little-endian word array w (3 words touched). */
static void put_bits(unsigned *w, int bitpos, unsigned long long v)
{
    int k = bitpos >> 5, s = bitpos & 31;
    unsigned lo = (unsigned)v, hi = (unsigned)(v >> 32);
    w[k] |= lo << s;
    if (s) {
        w[k + 1] |= (lo >> (32 - s)) | (hi << s);
        w[k + 2] |= hi >> (32 - s);
    } else {
        w[k + 1] |= hi;
    }
}

static void add_digit(struct fdec *r, int dg)
{
    if (r->nd == 0 && dg == 0)
        r->x10--; /* a leading zero of a value below 1 */
    else if (r->nd < FDIG_MAX)
        r->d[r->nd++] = (char)('0' + dg);
    else if (dg)
        r->sticky = 1;
}

/* The decimal digits of m × 2^e (m != 0): all digits of the integer part,
   then fraction digits until at least `fpos` of them (leading zeros
   included) or at least `sig` significant digits are known, or the
   fraction is exhausted. */
static void exact_decimal(unsigned long long m, int e, int fpos, int sig, struct fdec *r)
{
    unsigned w[36];
    int nw = 0, i;
    r->nd = 0;
    r->sticky = 0;
    r->x10 = -1;
    for (i = 0; i < 36; i++)
        w[i] = 0;
    /* integer part */
    if (e >= 0) {
        put_bits(w, e, m);
        nw = (e >> 5) + 3;
    } else if (e > -64) {
        put_bits(w, 0, m >> -e);
        nw = 2;
    }
    while (nw > 0 && w[nw - 1] == 0)
        nw--;
    if (nw > 0) {
        unsigned short chunk[80]; /* base 10^4, least significant first */
        int nc = 0;
        while (nw > 0) {
            unsigned rem = 0;
            for (i = nw - 1; i >= 0; i--) {
                unsigned hi = (rem << 16) | (w[i] >> 16);
                unsigned qh = hi / 10000u;
                unsigned lo;
                unsigned ql;
                rem = hi - qh * 10000u;
                lo = (rem << 16) | (w[i] & 0xffffu);
                ql = lo / 10000u;
                rem = lo - ql * 10000u;
                w[i] = (qh << 16) | ql;
            }
            chunk[nc++] = (unsigned short)rem;
            while (nw > 0 && w[nw - 1] == 0)
                nw--;
        }
        /* the most significant chunk without its leading zeros */
        {
            unsigned c0 = chunk[nc - 1];
            int k = c0 >= 1000 ? 4 : c0 >= 100 ? 3 : c0 >= 10 ? 2 : 1;
            r->x10 = k - 1 + 4 * (nc - 1);
            for (i = nc - 1; i >= 0; i--) {
                unsigned c = chunk[i];
                int j = i == nc - 1 ? k : 4;
                if (j >= 4)
                    add_digit(r, (int)(c / 1000u));
                if (j >= 3)
                    add_digit(r, (int)(c / 100u % 10u));
                if (j >= 2)
                    add_digit(r, (int)(c / 10u % 10u));
                add_digit(r, (int)(c % 10u));
            }
        }
    }
    /* fraction: nb bits, left-aligned in W words (binary point above
       the top word) */
    if (e < 0) {
        int nb = -e;
        int W = (nb + 31) >> 5, low = 0, fp = 0;
        unsigned long long f = nb >= 64 ? m : m & ((1ull << nb) - 1);
        for (i = 0; i < 36; i++)
            w[i] = 0;
        put_bits(w, 32 * W - nb, f);
        while (low < W && w[low] == 0)
            low++;
        while (low < W && fp < fpos && r->nd < sig) {
            unsigned carry = 0;
            int k;
            char nine[9];
            for (i = low; i < W; i++) {
                unsigned long long t = (unsigned long long)w[i] * 1000000000u + carry;
                w[i] = (unsigned)t;
                carry = (unsigned)(t >> 32);
            }
            for (k = 8; k >= 0; k--) {
                nine[k] = (char)(carry % 10u);
                carry /= 10u;
            }
            for (k = 0; k < 9; k++)
                add_digit(r, nine[k]);
            fp += 9;
            while (low < W && w[low] == 0)
                low++;
        }
        if (low < W)
            r->sticky = 1;
    }
}

/* Keeps the first `keep` significant digits of r, rounded to nearest with
   ties to even (on the exact value: the dropped digits and the sticky
   flag). keep <= 0 can round to a single digit 1 one place higher, or to
   zero (nd = 0). */
static void round_dec(struct fdec *r, int keep)
{
    int up, rest = r->sticky, i;
    if (keep >= r->nd) {
        /* exact (the generation stopped past the rounding position only
           when sticky is clear): drop trailing zeros */
        while (r->nd > 0 && r->d[r->nd - 1] == '0')
            r->nd--;
        return;
    }
    if (keep < 0) {
        r->nd = 0;
        r->sticky = 0;
        return;
    }
    for (i = keep + 1; i < r->nd; i++)
        if (r->d[i] != '0')
            rest = 1;
    up = r->d[keep] > '5' ||
         (r->d[keep] == '5' && (rest || (keep > 0 && ((r->d[keep - 1] - '0') & 1))));
    r->nd = keep;
    r->sticky = 0;
    if (up) {
        i = keep - 1;
        while (i >= 0 && r->d[i] == '9')
            i--;
        if (i < 0) {
            /* 99.9 -> 100: a single 1, one decade up */
            r->d[0] = '1';
            r->nd = 1;
            r->x10++;
        } else {
            r->d[i]++;
            r->nd = i + 1;
        }
    }
    while (r->nd > 0 && r->d[r->nd - 1] == '0')
        r->nd--;
}

/* Padding and sign before the body of a number of `total` characters
   (sign and prefix included). */
static void pad_before(struct sink *o, char sign, const char *pfx, int npfx, int total, int flags,
                       int width)
{
    if (!(flags & (FL_LEFT | FL_ZERO)) && width > total)
        emit_fill(o, ' ', width - total);
    if (sign)
        emit(o, &sign, 1);
    emit(o, pfx, (size_t)npfx);
    if ((flags & FL_ZERO) && !(flags & FL_LEFT) && width > total)
        emit_fill(o, '0', width - total);
}

static void pad_after(struct sink *o, int total, int flags, int width)
{
    if ((flags & FL_LEFT) && width > total)
        emit_fill(o, ' ', width - total);
}

/* "e+05" (min_digits 2) or "p-1074" (min_digits 1) into buf; its length. */
static int exp_text(char *buf, char letter, int x, int min_digits)
{
    char tmp[8];
    int n = 0, k = 0;
    unsigned u = x < 0 ? (unsigned)-x : (unsigned)x;
    buf[n++] = letter;
    buf[n++] = x < 0 ? '-' : '+';
    do {
        tmp[k++] = (char)('0' + u % 10u);
        u /= 10u;
    } while (u);
    while (k < min_digits)
        tmp[k++] = '0';
    while (k > 0)
        buf[n++] = tmp[--k];
    return n;
}

static int imax(int a, int b) { return a > b ? a : b; }
static int imin(int a, int b) { return a < b ? a : b; }

/* %f body: r rounded already to `prec` fraction digits. */
static void put_fixed(struct sink *o, const struct fdec *r, char sign, int prec, int alt, int flags,
                      int width)
{
    int x = r->nd ? r->x10 : -1;
    int ilen = x >= 0 ? x + 1 : 1;
    int point = prec > 0 || alt;
    int total = (sign != 0) + ilen + point + prec;
    int z1, start, n2;
    pad_before(o, sign, "", 0, total, flags, width);
    if (x < 0) {
        emit(o, "0", 1);
    } else {
        int n1 = imin(r->nd, x + 1);
        emit(o, r->d, (size_t)n1);
        emit_fill(o, '0', x + 1 - n1);
    }
    if (point)
        emit(o, ".", 1);
    z1 = imin(prec, imax(0, -1 - x));
    start = imax(0, x + 1);
    n2 = imin(prec - z1, imax(0, r->nd - start));
    emit_fill(o, '0', z1);
    emit(o, r->d + start, (size_t)n2);
    emit_fill(o, '0', prec - z1 - n2);
    pad_after(o, total, flags, width);
}

/* %e body: r rounded already to prec + 1 significant digits. */
static void put_sci(struct sink *o, const struct fdec *r, char sign, int prec, int alt, int upper,
                    int flags, int width)
{
    char ex[8];
    int nex = exp_text(ex, upper ? 'E' : 'e', r->nd ? r->x10 : 0, 2);
    int point = prec > 0 || alt;
    int total = (sign != 0) + 1 + point + prec + nex;
    int n2 = imin(prec, imax(0, r->nd - 1));
    pad_before(o, sign, "", 0, total, flags, width);
    emit(o, r->nd ? r->d : "0", 1);
    if (point)
        emit(o, ".", 1);
    emit(o, r->d + 1, (size_t)n2);
    emit_fill(o, '0', prec - n2);
    emit(o, ex, (size_t)nex);
    pad_after(o, total, flags, width);
}

/* %a body: exact hexadecimal. */
static void put_hex_float(struct sink *o, unsigned long long frac, int bexp, char sign, int upper,
                          int flags, int width, int prec)
{
    const char *dig = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    unsigned long long f = frac & 0x000fffffffffffffull;
    int lead, x, nh, i, point, total, nex;
    char hex[13], ex[8], pfx[2];
    if (bexp == 0) {
        lead = 0;
        x = f ? -1022 : 0;
    } else {
        lead = 1;
        x = bexp - 1023;
    }
    if (prec >= 0 && prec < 13) {
        /* round to prec hex digits, to nearest, ties to even */
        int drop = 4 * (13 - prec);
        unsigned long long rem = f & ((1ull << drop) - 1), half = 1ull << (drop - 1);
        f >>= drop;
        if (rem > half || (rem == half && ((f | (prec == 0 ? (unsigned long long)lead : 0)) & 1)))
            f++;
        if (f >> (4 * prec)) {
            f = 0;
            lead++;
        }
        f <<= drop;
    }
    for (i = 0; i < 13; i++)
        hex[i] = dig[(unsigned)(f >> (48 - 4 * i)) & 15u];
    if (prec < 0) {
        nh = 13;
        while (nh > 0 && hex[nh - 1] == '0')
            nh--;
        prec = nh;
    } else {
        nh = imin(prec, 13);
    }
    nex = exp_text(ex, upper ? 'P' : 'p', x, 1);
    point = prec > 0 || (flags & FL_ALT);
    total = (sign != 0) + 2 + 1 + point + prec + nex;
    pfx[0] = '0';
    pfx[1] = upper ? 'X' : 'x';
    pad_before(o, sign, pfx, 2, total, flags, width);
    emit(o, &dig[lead], 1);
    if (point)
        emit(o, ".", 1);
    emit(o, hex, (size_t)nh);
    emit_fill(o, '0', prec - nh);
    emit(o, ex, (size_t)nex);
    pad_after(o, total, flags, width);
}

/* One floating conversion c of the binary64 value whose bits are `bits`. */
static void put_float(struct sink *o, unsigned long long bits, char c, int flags, int width,
                      int prec)
{
    int neg = (int)(bits >> 63);
    int bexp = (int)(bits >> 52) & 0x7ff;
    unsigned long long frac = bits & 0x000fffffffffffffull;
    int upper = c == 'E' || c == 'F' || c == 'G' || c == 'A';
    int alt = (flags & FL_ALT) != 0;
    char sign = neg ? '-' : flags & FL_PLUS ? '+' : flags & FL_SPACE ? ' ' : 0;
    struct fdec r;
    unsigned long long m;
    int e;
    if (bexp == 0x7ff) {
        /* infinities and NaNs: never zero-padded; glibc signs NaNs too */
        const char *t = frac ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
        int total = (sign != 0) + 3;
        flags &= ~FL_ZERO;
        pad_before(o, sign, "", 0, total, flags, width);
        emit(o, t, 3);
        pad_after(o, total, flags, width);
        return;
    }
    if (c == 'a' || c == 'A') {
        put_hex_float(o, frac, bexp, sign, upper, flags, width, prec);
        return;
    }
    if (flags & FL_LEFT)
        flags &= ~FL_ZERO;
    if (prec < 0)
        prec = 6;
    if (bexp == 0) {
        m = frac;
        e = -1074;
    } else {
        m = frac | (1ull << 52);
        e = bexp - 1075;
    }
    if (c == 'f' || c == 'F') {
        if (m) {
            exact_decimal(m, e, prec + 1, 0x7fffffff, &r);
            round_dec(&r, r.x10 + 1 + prec);
        } else {
            r.nd = 0;
        }
        put_fixed(o, &r, sign, prec, alt, flags, width);
    } else if (c == 'e' || c == 'E') {
        if (m) {
            exact_decimal(m, e, 0x7fffffff, prec + 2, &r);
            round_dec(&r, prec + 1);
        } else {
            r.nd = 0;
        }
        put_sci(o, &r, sign, prec, alt, upper, flags, width);
    } else {
        /* %g: P significant digits; %f style when -4 <= X < P (X the
           exponent after rounding), else %e style; trailing zeros
           removed unless # */
        int P = prec == 0 ? 1 : prec, X;
        if (m) {
            exact_decimal(m, e, 0x7fffffff, P + 1, &r);
            round_dec(&r, P);
            X = r.x10;
        } else {
            r.nd = 0;
            X = 0;
        }
        if (X < P && X >= -4) {
            int p = P - 1 - X;
            if (!alt)
                p = imin(p, imax(0, r.nd - (X + 1)));
            put_fixed(o, &r, sign, p, alt, flags, width);
        } else {
            int p = P - 1;
            if (!alt)
                p = imin(p, imax(0, r.nd - 1));
            put_sci(o, &r, sign, p, alt, upper, flags, width);
        }
    }
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
        case 'A': {
            /* The one place a floating argument is read (a long double
               is binary64 here too, ISA-ST200 §7): the conversion works on
               its bit pattern. */
            union {
                double d;
                unsigned long long u;
            } v;
            v.d = va_arg(ap, double);
            unsigned long long bits = v.u;
            put_float(o, bits, c, flags, width, prec);
            break;
        }
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
