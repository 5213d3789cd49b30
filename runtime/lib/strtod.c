/* The integer-only core of strtod, strtof and atof — lcc runtime (ST200),
   portable C99 without floating point.

   unsigned long long __lcc_strtod_bits(const char *s, char **end, int single)

   parses what strtod accepts (C99 7.20.1.3: leading white space, a sign,
   then a decimal number with optional fraction and exponent, a hexadecimal
   number 0x…[.…][p±…], INF/INFINITY, NAN or NAN(n-char-sequence), all
   case-insensitive) and returns the IEEE-754 bit pattern of the correctly
   rounded result (to nearest, ties to even): a binary64 when `single` is
   0, else a binary32 in the low 32 bits. *end (if end is not NULL) points
   after the parsed text, or to s when nothing was converted (the result is
   then +0). On overflow the result is ±infinity and errno = ERANGE; when
   the result is subnormal or zero and inexact (tininess detected after
   rounding, as on x86 and in glibc) errno = ERANGE too. A NaN is the
   default quiet NaN with the parsed sign (a NAN(…) payload is ignored).

   The wrappers that return double/float (strtod, strtof, strtold, atof)
   need lcc to compile floating types: see runtime-staging/lib/strtod_float.c.

   Decimal algorithm: exact big-integer arithmetic (the "simple" correct
   method of Clinger, "How to read floating point numbers accurately",
   PLDI 1990, section 4, without his fast paths): the decimal string is
   D × 10^k with D the integer of its significant digits; with N = D ×
   10^max(k,0) and P = 10^max(-k,0) the value is N / P. One of N, P is
   shifted left so that the quotient has 55 or 56 bits, a restoring binary
   long division gives the quotient q and whether a remainder is left
   (sticky), and q × 2^e2 + sticky is rounded once to the target format.
   Short input (at most 19 digits, |exponent| small enough) takes the same
   route in 64-bit integers instead of big ones.
   At most FDIG significant digits are kept, the rest only as a sticky
   non-zero digit: a halfway point between two doubles has at most 767
   significant digits, so the comparison with it stays exact. Hexadecimal
   input is exact in a 64-bit accumulator plus a sticky bit. The big
   numbers are fixed arrays of 32-bit words (no malloc). */
#include <stddef.h>
#include <errno.h>

#define FDIG 800       /* significant decimal digits kept */
#define BN_WORDS 124   /* 10^1125 × 2^56 needs 3794 bits */

struct bn {
    unsigned w[BN_WORDS]; /* little-endian words */
    int n;                /* words in use; w[n - 1] != 0 */
};

static void bn_muladd(struct bn *a, unsigned k, unsigned add)
{
    unsigned long long carry = add;
    int i;
    for (i = 0; i < a->n; i++) {
        unsigned long long t = (unsigned long long)a->w[i] * k + carry;
        a->w[i] = (unsigned)t;
        carry = t >> 32;
    }
    if (carry)
        a->w[a->n++] = (unsigned)carry;
}

static const unsigned pow10_small[10] = {
    1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u, 100000000u, 1000000000u,
};

static void bn_mulpow10(struct bn *a, int k)
{
    while (k >= 9) {
        bn_muladd(a, 1000000000u, 0);
        k -= 9;
    }
    if (k > 0)
        bn_muladd(a, pow10_small[k], 0);
}

static int bn_bits(const struct bn *a)
{
    unsigned top;
    int b;
    if (a->n == 0)
        return 0;
    top = a->w[a->n - 1];
    b = 32 * (a->n - 1);
    while (top) {
        b++;
        top >>= 1;
    }
    return b;
}

static void bn_shl(struct bn *a, int s)
{
    int ws = s >> 5, bs = s & 31, i;
    if (a->n == 0 || s == 0)
        return;
    if (bs) {
        a->w[a->n] = 0;
        for (i = a->n; i > 0; i--)
            a->w[i] = (a->w[i] << bs) | (a->w[i - 1] >> (32 - bs));
        a->w[0] <<= bs;
        a->n++;
    }
    if (ws) {
        for (i = a->n - 1; i >= 0; i--)
            a->w[i + ws] = a->w[i];
        for (i = 0; i < ws; i++)
            a->w[i] = 0;
        a->n += ws;
    }
    while (a->n > 0 && a->w[a->n - 1] == 0)
        a->n--;
}

static void bn_shr1(struct bn *a)
{
    int i;
    for (i = 0; i < a->n; i++)
        a->w[i] = (a->w[i] >> 1) | (i + 1 < a->n ? a->w[i + 1] << 31 : 0);
    while (a->n > 0 && a->w[a->n - 1] == 0)
        a->n--;
}

static int bn_cmp(const struct bn *a, const struct bn *b)
{
    int i;
    if (a->n != b->n)
        return a->n < b->n ? -1 : 1;
    for (i = a->n - 1; i >= 0; i--)
        if (a->w[i] != b->w[i])
            return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

/* a -= b, with a >= b */
static void bn_sub(struct bn *a, const struct bn *b)
{
    unsigned borrow = 0;
    int i;
    for (i = 0; i < a->n; i++) {
        unsigned bi = i < b->n ? b->w[i] : 0;
        unsigned d = a->w[i] - bi - borrow;
        borrow = (a->w[i] < bi) || (a->w[i] - bi < borrow);
        a->w[i] = d;
    }
    while (a->n > 0 && a->w[a->n - 1] == 0)
        a->n--;
}

static int bits64(unsigned long long q)
{
    int b = 0;
    while (q) {
        b++;
        q >>= 1;
    }
    return b;
}

/* The bit pattern of ±(q + sticky·ε) × 2^e2 rounded to nearest even in
   binary64 (single = 0) or binary32; sets errno on overflow and on an
   inexact tiny result. */
static unsigned long long round_pack(int neg, unsigned long long q, int sticky, int e2, int single)
{
    int mb = single ? 24 : 53;
    int emin = single ? -126 : -1022;
    int maxfield = single ? 255 : 2047;
    unsigned long long signbit = neg ? (single ? 0x80000000ull : 0x8000000000000000ull) : 0;
    unsigned long long mant, bits;
    int L, E, keep, drop, inexact = sticky, tiny;
    if (q == 0)
        return signbit;
    L = bits64(q);
    E = L - 1 + e2; /* 2^E <= value < 2^(E+1) */
    keep = E >= emin ? mb : mb - (emin - E);
    tiny = E < emin;
    if (keep < 0) {
        errno = ERANGE; /* below half the smallest subnormal */
        return signbit;
    }
    if (E == emin - 1 && L > mb) {
        /* tininess after rounding: would mb bits round up to 2^emin? */
        int d2 = L - mb;
        unsigned long long m2 = q >> d2, r2 = q & ((1ull << d2) - 1), h2 = 1ull << (d2 - 1);
        if ((r2 > h2 || (r2 == h2 && (sticky || (m2 & 1)))) && m2 + 1 == 1ull << mb)
            tiny = 0;
    }
    drop = L - keep;
    if (drop <= 0) {
        mant = q << -drop;
    } else {
        unsigned long long rb, half;
        int up;
        if (drop >= 64) {
            mant = 0;
            rb = q;
            half = 1ull << 63;
        } else {
            mant = q >> drop;
            rb = q & ((1ull << drop) - 1);
            half = 1ull << (drop - 1);
        }
        if (rb)
            inexact = 1;
        up = rb > half || (rb == half && (sticky || (mant & 1)));
        mant += (unsigned long long)up;
    }
    if (tiny && inexact)
        errno = ERANGE;
    if (E < emin) {
        /* subnormal: no implicit bit; a carry into bit mb-1 gives 2^emin */
        bits = mant;
    } else {
        /* mant in [2^(mb-1), 2^mb]: adding it to the exponent field minus
           one supplies the implicit bit and propagates a rounding carry */
        bits = ((unsigned long long)(E - emin) << (mb - 1)) + mant;
        if ((bits >> (mb - 1)) >= (unsigned long long)maxfield) {
            errno = ERANGE;
            bits = (unsigned long long)maxfield << (mb - 1);
        }
    }
    return signbit | bits;
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

/* s starts with the lower-case word w (compared case-insensitively) */
static int starts(const char *s, const char *w)
{
    while (*w) {
        if (lower((unsigned char)*s) != *w)
            return 0;
        s++;
        w++;
    }
    return 1;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = lower(c);
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

static int isdig(int c) { return c >= '0' && c <= '9'; }

typedef const char *cstr;

/* An optional exponent at *pp (letter e or p, then sign and digits);
   advances *pp only when digits follow. Saturates at ±100000. */
static int scan_exponent(cstr *pp, int letter)
{
    cstr p = *pp;
    int neg = 0, x = 0;
    if (lower((unsigned char)*p) != letter)
        return 0;
    p++;
    if (*p == '+' || *p == '-')
        neg = *p++ == '-';
    if (!isdig((unsigned char)*p))
        return 0;
    while (isdig((unsigned char)*p)) {
        if (x < 100000)
            x = x * 10 + (*p - '0');
        p++;
    }
    *pp = p;
    return neg ? -x : x;
}

unsigned long long __lcc_strtod_bits(const char *s, char **end, int single)
{
    cstr p = s;
    int neg = 0;
    unsigned long long result;
    while (*p == ' ' || (*p >= '\t' && *p <= '\r'))
        p++;
    if (*p == '+' || *p == '-')
        neg = *p++ == '-';
    if (starts(p, "inf")) {
        p += starts(p, "infinity") ? 8 : 3;
        result = single ? 0x7f800000ull : 0x7ff0000000000000ull;
    } else if (starts(p, "nan")) {
        p += 3;
        if (*p == '(') {
            cstr q = p + 1;
            while (isdig((unsigned char)*q) || (lower((unsigned char)*q) >= 'a' && lower((unsigned char)*q) <= 'z') || *q == '_')
                q++;
            if (*q == ')')
                p = q + 1;
        }
        result = single ? 0x7fc00000ull : 0x7ff8000000000000ull;
    } else if (p[0] == '0' && lower((unsigned char)p[1]) == 'x' &&
               (hexval((unsigned char)p[2]) >= 0 || (p[2] == '.' && hexval((unsigned char)p[3]) >= 0))) {
        /* hexadecimal: mant × 2^e2, exact up to 60 bits, then sticky */
        unsigned long long mant = 0;
        int e2 = 0, sticky = 0, d;
        p += 2;
        for (; (d = hexval((unsigned char)*p)) >= 0; p++) {
            if (mant >> 60 == 0)
                mant = mant * 16 + (unsigned)d;
            else {
                sticky |= d != 0;
                if (e2 < 1000000)
                    e2 += 4;
            }
        }
        if (*p == '.') {
            for (p++; (d = hexval((unsigned char)*p)) >= 0; p++) {
                if (mant >> 60 == 0) {
                    mant = mant * 16 + (unsigned)d;
                    if (e2 > -1000000)
                        e2 -= 4;
                } else {
                    sticky |= d != 0;
                }
            }
        }
        e2 += scan_exponent(&p, 'p');
        result = round_pack(neg, mant, sticky, e2, single);
        neg = 0;
    } else {
        /* decimal: value = D × 10^dexp, D the digits in dg */
        char dg[FDIG + 1];
        int nd = 0, dexp = 0, any = 0, sticky = 0;
        for (; isdig((unsigned char)*p); p++) {
            any = 1;
            if (nd == 0 && *p == '0')
                continue;
            if (nd < FDIG)
                dg[nd++] = (char)(*p - '0');
            else {
                sticky |= *p != '0';
                if (dexp < 1000000)
                    dexp++;
            }
        }
        if (*p == '.' && (any || isdig((unsigned char)p[1]))) {
            for (p++; isdig((unsigned char)*p); p++) {
                any = 1;
                if (nd == 0 && *p == '0') {
                    if (dexp > -1000000)
                        dexp--;
                } else if (nd < FDIG) {
                    dg[nd++] = (char)(*p - '0');
                    dexp--;
                } else {
                    sticky |= *p != '0';
                }
            }
        }
        if (!any) {
            if (end)
                *end = (char *)s;
            return 0;
        }
        dexp += scan_exponent(&p, 'e');
        if (sticky) {
            /* one more non-zero digit stands for everything dropped */
            dg[nd++] = 1;
            dexp--;
        }
        if (nd == 0) {
            result = 0;
        } else if (nd <= 19 && dexp >= -18 && nd + dexp <= 19) {
            /* fast path, still exact: D < 10^19 < 2^64 and 10^|dexp| <
               2^60 fit 64-bit integers; a fraction is D / 10^-dexp by
               binary long division until the quotient has 56 bits */
            unsigned long long d = 0, q, r = 0, pw = 1;
            int i, e2 = 0;
            for (i = 0; i < nd; i++)
                d = d * 10 + (unsigned)dg[i];
            for (i = 0; i < (dexp < 0 ? -dexp : dexp); i++)
                pw *= 10;
            if (dexp >= 0) {
                q = d * pw;
            } else {
                q = d / pw;
                r = d - q * pw;
                while (q < (1ull << 55)) {
                    r <<= 1;
                    q <<= 1;
                    if (r >= pw) {
                        r -= pw;
                        q |= 1;
                    }
                    e2--;
                }
            }
            result = round_pack(0, q, r != 0, e2, single);
        } else if (nd + dexp > 310) {
            errno = ERANGE;
            result = single ? 0x7f800000ull : 0x7ff0000000000000ull;
        } else if (nd + dexp < -324) {
            errno = ERANGE;
            result = 0;
        } else {
            struct bn N, P, T;
            unsigned long long q = 0;
            int i, shift, chunk = 0, cl = 0;
            N.n = 0;
            for (i = 0; i < nd; i++) {
                chunk = chunk * 10 + dg[i];
                if (++cl == 9 || i == nd - 1) {
                    bn_muladd(&N, pow10_small[cl], (unsigned)chunk);
                    chunk = 0;
                    cl = 0;
                }
            }
            P.w[0] = 1;
            P.n = 1;
            if (dexp >= 0)
                bn_mulpow10(&N, dexp);
            else
                bn_mulpow10(&P, -dexp);
            /* scale so that N / P is in (2^54, 2^56) */
            shift = bn_bits(&P) + 55 - bn_bits(&N);
            if (shift >= 0)
                bn_shl(&N, shift);
            else
                bn_shl(&P, -shift);
            T = P;
            bn_shl(&T, 55);
            for (i = 55; i >= 0; i--) {
                if (bn_cmp(&N, &T) >= 0) {
                    bn_sub(&N, &T);
                    q |= 1ull << i;
                }
                bn_shr1(&T);
            }
            result = round_pack(0, q, N.n != 0, -shift, single);
        }
    }
    if (end)
        *end = (char *)p;
    if (neg)
        result |= single ? 0x80000000ull : 0x8000000000000000ull;
    return result;
}
