/* math_c99.c — the rest of C99 <math.h> for the lcc runtime (ST200,
   software floating point): rint nearbyint lrint llrint lround llround
   remainder remquo fdim fma nextafter nexttoward ilogb logb nan exp2
   asinh acosh atanh, each with its float version.

   Written for this project from the published methods below; no code is
   taken from another library.

   Methods:
   - rint, lrint, remainder, remquo, nextafter, ilogb, logb, nan: bit
     operations on the IEEE 754 encoding ("IEEE Standard for Binary
     Floating-Point Arithmetic", ANSI/IEEE 754-1985) — rounding to nearest
     even on the integer significand; remainder by the restoring
     shift-and-subtract division of the significands (as fmod in math.c,
     e.g. I. Koren, "Computer Arithmetic Algorithms", 2002), keeping the
     quotient's low bits, then the IEEE choice of the nearer multiple
     (ties to the even quotient).
   - fma: exact 106-bit product of the significands in integer arithmetic,
     the addend aligned beside it in a 128-bit accumulator whose bits
     shifted out are kept as a sticky bit ("jamming"), one rounding to
     nearest even (the classical floating-point adder, e.g. J.-M. Muller et
     al., "Handbook of Floating-Point Arithmetic", 2010, ch. 8).
   - fmaf: the product of two floats is exact in double; the sum with the
     addend is made exact by TwoSum (D. E. Knuth, "The Art of Computer
     Programming", vol. 2, 1969) and rounded to odd in double, after which
     the one rounding to float is correct: S. Boldo and G. Melquiond,
     "Emulation of FMA and correctly rounded sums: proved algorithms using
     rounding to odd", IEEE Trans. Computers 57(4), 2008.
   - fdimf, remainderf, ...: computed in double and rounded once; for a
     single + - of floats this is exact rounding since 53 >= 2*24 + 2
     (S. A. Figueroa, "When is double rounding innocuous?", SIGNUM
     Newsletter 30(3), 1995).
   - exp2: pow(2, x) of math.c (Tang's exponential, 1989).
   - asinh, acosh, atanh: the logarithmic identities in the forms that
     avoid cancellation, with log1p near 0 (W. Kahan, "Branch cuts for
     complex elementary functions", 1987; Cody & Waite, "Software Manual
     for the Elementary Functions", 1980), on the log, log1p and sqrt of
     math.c.
   - Special values follow ISO C99 Annex F; the unspecified results of
     lrint, llrint, lround, llround out of range (and on NaN, inf) are the
     most negative value, as the x86 conversion instructions give
     (glibc on i386 returns the same).

   Only float/double + - * /, comparisons, conversions, integer operations
   and bit access through unions are used; no long double arithmetic
   (nexttoward's long double argument, which is double on ST200, is only
   converted). */

#include <math.h>

typedef unsigned long long u64;
typedef long long i64;
typedef unsigned int u32;

union dbits {
    double d;
    u64 u;
};
union fbits {
    float f;
    u32 u;
};

#define SIGN 0x8000000000000000ULL
#define EXPMASK 0x7ff0000000000000ULL
#define FRAC 0x000fffffffffffffULL
#define IMPL 0x0010000000000000ULL
#define QNAN 0x7ff8000000000000ULL

static u64 bits_of(double x)
{
    union dbits v;
    v.d = x;
    return v.u;
}

static double from_bits(u64 u)
{
    union dbits v;
    v.u = u;
    return v.d;
}

static u32 fbits_of(float x)
{
    union fbits v;
    v.f = x;
    return v.u;
}

static float from_fbits(u32 u)
{
    union fbits v;
    v.u = u;
    return v.f;
}

/* significand in [2^52, 2^53) and *e with |x| = m 2^*e; x finite, nonzero */
static u64 unpack(u64 u, int *e)
{
    u64 m;
    int be;
    u &= ~SIGN;
    be = (int)(u >> 52);
    if (be == 0) {
        m = u;
        be = 1;
        while (m < IMPL) {
            m <<= 1;
            be--;
        }
    } else {
        m = (u & FRAC) | IMPL;
    }
    *e = be - 1075;
    return m;
}

/* sign | m 2^e for 0 < m < 2^53 when the value is representable exactly
   (normal or subnormal) */
static double pack_exact(u64 sign, u64 m, int e)
{
    while (m < IMPL) {
        m <<= 1;
        e--;
    }
    e += 1075; /* biased exponent */
    if (e >= 1)
        return from_bits(sign | (((u64)(e - 1) << 52) + m));
    return from_bits(sign | (m >> (1 - e)));
}

/* ---- rounding to an integer, nearest even ---- */

double rint(double x)
{
    u64 u = bits_of(x), m, half, frac;
    int e = (int)((u >> 52) & 0x7ff) - 1023;
    if (e >= 52)
        return e == 1024 ? x + x : x;
    if (e < -1)
        return from_bits(u & SIGN);
    if (e == -1) /* 0.5 <= |x| < 1: 0.5 goes to 0, more to 1 */
        return from_bits((u & SIGN) | ((u & FRAC) != 0 ? 0x3ff0000000000000ULL : 0));
    m = ((u64)1 << (52 - e)) - 1;
    frac = u & m;
    half = (u64)1 << (51 - e);
    u &= ~m;
    if (frac > half || (frac == half && ((u >> (52 - e)) & 1) != 0))
        u += m + 1; /* a carry into the exponent is the right result */
    return from_bits(u);
}

double nearbyint(double x)
{
    return rint(x);
}

/* the integral double r as a long long; 0 when |r| >= 2^63 (or not
   finite), except -2^63 */
static int to_i64(double r, i64 *out)
{
    u64 u = bits_of(r), m;
    int e = (int)((u >> 52) & 0x7ff) - 1023;
    if (e < 0) {
        *out = 0;
        return 1;
    }
    if (e >= 63) {
        *out = (i64)(SIGN); /* implementation-defined in C, two's complement here */
        return u == 0xc3e0000000000000ULL; /* exactly -2^63 */
    }
    m = (u & FRAC) | IMPL;
    m = e >= 52 ? m << (e - 52) : m >> (52 - e);
    *out = (u >> 63) ? -(i64)m : (i64)m;
    return 1;
}

#define LONG_MAX_ ((long)(~0UL >> 1))
#define LONG_MIN_ (-LONG_MAX_ - 1)

static long to_long(double r)
{
    i64 v;
    if (!to_i64(r, &v) || v > LONG_MAX_ || v < LONG_MIN_)
        return LONG_MIN_;
    return (long)v;
}

static long long to_llong(double r)
{
    i64 v;
    if (!to_i64(r, &v))
        return (i64)SIGN;
    return v;
}

long lrint(double x)
{
    return to_long(rint(x));
}

long long llrint(double x)
{
    return to_llong(rint(x));
}

long lround(double x)
{
    return to_long(round(x));
}

long long llround(double x)
{
    return to_llong(round(x));
}

/* ---- remainder, remquo: exact ---- */

/* IEEE remainder of x by y, *q the quotient's low 31 bits (magnitude) */
static double rem_core(double x, double y, int *quo)
{
    u64 ux = bits_of(x), uy = bits_of(y), sx = ux & SIGN, mx, my;
    u32 q = 0;
    int ex, ey, neg = (int)((ux ^ uy) >> 63);
    ux &= ~SIGN;
    uy &= ~SIGN;
    *quo = 0;
    if (uy == 0 || ux >= EXPMASK || uy > EXPMASK)
        return (x * y) / (x * y);
    if (uy == EXPMASK || ux == 0)
        return x;
    mx = unpack(ux, &ex);
    my = unpack(uy, &ey);
    if (ex < ey - 1)
        return x; /* |x| < |y| / 2 */
    if (ex == ey - 1) {
        my <<= 1; /* same exponent: |y| = my 2^ex, 2^53 <= my < 2^54 */
        ey = ex;
    }
    for (; ex > ey; ex--) {
        if (mx >= my) {
            mx -= my;
            q |= 1;
        }
        mx <<= 1;
        q <<= 1;
    }
    if (mx >= my) {
        mx -= my;
        q |= 1;
    }
    /* x = q y + mx 2^ey, 0 <= mx < my: take the nearer multiple */
    if (2 * mx > my || (2 * mx == my && (q & 1) != 0)) {
        mx = my - mx;
        sx ^= SIGN;
        q++;
    }
    q &= 0x7fffffffU;
    *quo = neg ? -(int)q : (int)q;
    if (mx == 0)
        return from_bits(bits_of(x) & SIGN);
    return pack_exact(sx, mx, ey);
}

double remainder(double x, double y)
{
    int q;
    return rem_core(x, y, &q);
}

/* the quotient's sign and its 3 low bits, as glibc gives */
double remquo(double x, double y, int *quo)
{
    int q;
    double r = rem_core(x, y, &q);
    *quo = q < 0 ? -(-q & 7) : (q & 7);
    return r;
}

double fdim(double x, double y)
{
    if (x != x || y != y)
        return x + y;
    return x > y ? x - y : 0.0;
}

/* ---- neighbours, exponents, NaN ---- */

double nextafter(double x, double y)
{
    u64 u = bits_of(x);
    if (x != x || y != y)
        return x + y;
    if (x == y)
        return y;
    if (x == 0)
        return from_bits((bits_of(y) & SIGN) | 1);
    if ((x < y) == !(u >> 63))
        u++;
    else
        u--;
    return from_bits(u);
}

double nexttoward(double x, long double y)
{
    return nextafter(x, (double)y);
}

int ilogb(double x)
{
    u64 u = bits_of(x) & ~SIGN;
    int e;
    if (u == 0)
        return FP_ILOGB0;
    if (u >= EXPMASK)
        return u == EXPMASK ? (int)(~0U >> 1) : FP_ILOGBNAN;
    unpack(u, &e);
    return e + 52;
}

double logb(double x)
{
    u64 u = bits_of(x) & ~SIGN;
    if (u == 0)
        return from_bits(SIGN | EXPMASK); /* -inf */
    if (u >= EXPMASK)
        return x * x;
    return (double)ilogb(x);
}

/* the n-char-sequence as strtoull with base 0 reads it (decimal, 0x hex,
   0 octal, saturated at 2^64 - 1); 0 if a character is not a digit */
static u64 nan_payload(const char *s)
{
    u64 v = 0, max = ~0ULL;
    unsigned base = 10, d;
    int sat = 0;
    if (s == 0 || *s == 0)
        return 0;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
        if (*s == 0)
            return 0;
    } else if (s[0] == '0') {
        base = 8;
    }
    for (; *s; s++) {
        char c = *s;
        if (c >= '0' && c <= '9')
            d = (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            d = (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            d = (unsigned)(c - 'A' + 10);
        else
            return 0;
        if (d >= base)
            return 0;
        if (v > (max - d) / base)
            sat = 1;
        else
            v = v * base + d;
    }
    return sat ? max : v;
}

double nan(const char *tagp)
{
    return from_bits(QNAN | (nan_payload(tagp) & (FRAC >> 1)));
}

float nanf(const char *tagp)
{
    return from_fbits(0x7fc00000U | (u32)(nan_payload(tagp) & 0x3fffffU));
}

/* ---- fma: exact product and sum, one rounding ---- */

/* 128-bit unsigned (h, l) */
static void shr128(u64 *h, u64 *l, int n)
{
    u64 sticky;
    if (n <= 0)
        return;
    if (n >= 128) {
        sticky = (*h | *l) != 0;
        *h = 0;
        *l = sticky;
        return;
    }
    if (n >= 64) {
        sticky = (*l != 0) || (n > 64 && (*h << (128 - n)) != 0);
        *l = (n == 64 ? *h : *h >> (n - 64)) | sticky;
        *h = 0;
        return;
    }
    sticky = (*l << (64 - n)) != 0;
    *l = (*l >> n) | (*h << (64 - n)) | sticky;
    *h >>= n;
}

static void shl128(u64 *h, u64 *l, int n)
{
    if (n <= 0)
        return;
    if (n >= 64) {
        *h = *l << (n - 64);
        *l = 0;
        return;
    }
    *h = (*h << n) | (*l >> (64 - n));
    *l <<= n;
}

static int top_bit(u64 h, u64 l)
{
    int t = 127;
    u64 w = h;
    if (h == 0) {
        w = l;
        t = 63;
    }
    while (!(w >> 63)) {
        w <<= 1;
        t--;
    }
    return t;
}

double fma(double x, double y, double z)
{
    u64 ux = bits_of(x), uy = bits_of(y), uz = bits_of(z);
    u64 mx, my, mz, ph, pl, zh, zl, a, b, c, d, mid, lo, rh, rl, m, rem, half;
    u64 sp = (ux ^ uy) & SIGN, sz = uz & SIGN, sr;
    int ex, ey, ez, ep, e, t, sh;
    if ((ux & ~SIGN) >= EXPMASK || (uy & ~SIGN) >= EXPMASK)
        return x * y + z; /* inf or NaN factor */
    if ((uz & ~SIGN) >= EXPMASK)
        return z + z; /* finite product: z's inf or NaN */
    if ((ux & ~SIGN) == 0 || (uy & ~SIGN) == 0)
        return x * y + z; /* exact zero product */
    if ((uz & ~SIGN) == 0)
        return x * y; /* one rounding of the nonzero product */
    mx = unpack(ux, &ex);
    my = unpack(uy, &ey);
    mz = unpack(uz, &ez);
    /* 106-bit product: 32-bit halves */
    a = mx >> 32, b = mx & 0xffffffffULL, c = my >> 32, d = my & 0xffffffffULL;
    lo = b * d;
    mid = a * d + b * c; /* < 2^54 */
    pl = lo + (mid << 32);
    ph = a * c + (mid >> 32) + (pl < lo);
    /* product << 20 and addend << 73: top bits at 124..125 */
    shl128(&ph, &pl, 20);
    ep = ex + ey - 20;
    zh = mz << 9;
    zl = 0;
    ez -= 73;
    if (ep >= ez) {
        shr128(&zh, &zl, ep - ez);
        e = ep;
    } else {
        shr128(&ph, &pl, ez - ep);
        e = ez;
    }
    if (sp == sz) {
        rl = pl + zl;
        rh = ph + zh + (rl < pl);
        sr = sp;
    } else if (ph > zh || (ph == zh && pl >= zl)) {
        rl = pl - zl;
        rh = ph - zh - (pl < zl);
        sr = sp;
    } else {
        rl = zl - pl;
        rh = zh - ph - (zl < pl);
        sr = sz;
    }
    if (rh == 0 && rl == 0)
        return 0.0; /* exact cancellation: +0 */
    /* value = (rh, rl) 2^e; keep 53 bits (fewer if subnormal) */
    t = top_bit(rh, rl);
    sh = t - 52;
    if (sh < -1074 - e)
        sh = -1074 - e;
    if (sh <= 0) {
        shl128(&rh, &rl, -sh); /* exact */
        m = rl;
    } else {
        int s1 = sh - 1; /* position of the round bit */
        if (s1 >= 128) {
            half = 0;
            rem = 1; /* the value is not zero */
        } else if (s1 >= 64) {
            half = (rh >> (s1 - 64)) & 1;
            rem = rl != 0 || (s1 > 64 && (rh << (128 - s1)) != 0);
        } else {
            half = (rl >> s1) & 1;
            rem = s1 > 0 && (rl << (64 - s1)) != 0;
        }
        if (sh >= 128)
            m = 0;
        else if (sh >= 64)
            m = rh >> (sh - 64);
        else
            m = (rl >> sh) | (rh << (64 - sh));
        if (half && (rem || (m & 1)))
            m++;
    }
    e += sh; /* value = m 2^e, m <= 2^53 */
    if (m == 0)
        return from_bits(sr);
    if (m < IMPL) /* subnormal (e == -1074) */
        return from_bits(sr | m);
    if (e + 1074 + (int)(m >> 52) >= 2047)
        return from_bits(sr | EXPMASK);
    return from_bits(sr | (((u64)(e + 1074) << 52) + m));
}

/* the exact float sum a + b (|a| >= |b| not needed), rounded to odd in
   double then once to float */
float fmaf(float x, float y, float z)
{
    double p = (double)x * (double)y, s, bb, err;
    u64 u;
    s = p + z;
    if (s - s != 0 || s == 0 || p - p != 0)
        return (float)s; /* inf, NaN, exact zero (signs by the double sum) */
    bb = s - p;
    err = (p - (s - bb)) + ((double)z - bb);
    u = bits_of(s);
    if (err != 0 && (u & 1) == 0) {
        /* toward the exact value: |s| grows if err has s's sign */
        if ((err > 0) == (s > 0))
            u++;
        else
            u--;
        s = from_bits(u);
    }
    return (float)s;
}

/* ---- exp2 and the inverse hyperbolic functions ---- */

double exp2(double x)
{
    return pow(2.0, x);
}

/* double-double helpers (Dekker 1971, Knuth 1969) */
static double two_sum(double a, double b, double *e)
{
    double s = a + b, bb = s - a;
    *e = (a - (s - bb)) + (b - bb);
    return s;
}

/* Veltkamp's split, |a| < 2^995 */
static void split(double a, double *hi, double *lo)
{
    double t = 134217729.0 * a, h = t - (t - a);
    *hi = h;
    *lo = a - h;
}

static double two_prod(double a, double b, double *e)
{
    double p = a * b, ah, al, bh, bl;
    split(a, &ah, &al);
    split(b, &bh, &bl);
    *e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
    return p;
}

/* sqrt(h + l) = result + *sl (h > 0, |l| <= ulp(h)): one Newton
   correction with the exact residual h - s^2 */
static double sqrt_dd(double h, double l, double *sl)
{
    double s = sqrt(h), qe, q = two_prod(s, s, &qe);
    *sl = ((h - q) - qe + l) / (s + s);
    return s;
}

/* math.c: log(x) = result + *l, relative error about 2^-66 */
double __lcc_log_dd(double x, double *l);

#define LN2_HI 0x1.62e42fefa39efp-1 /* ln 2 = LN2_HI + LN2_LO */
#define LN2_LO 0x1.abc9e3b39803fp-56

/* log(wh + wl) rounded, wh >= 1, |wl| <= ulp(wh): the first-order
   correction wl/wh suffices (its square is below 2^-104) */
static double log_dd_round(double wh, double wl)
{
    double l, h = __lcc_log_dd(wh, &l);
    return h + (l + wl / wh);
}

/* log(x) + ln 2 rounded, x finite > 0 */
static double log_plus_ln2(double x)
{
    double l, e, h = __lcc_log_dd(x, &l), s = two_sum(h, LN2_HI, &e);
    return s + (e + l + LN2_LO);
}

/* log1p(th + tl) rounded, th + tl > -1, |tl| <= ulp(th) */
static double log1p_dd(double th, double tl)
{
    double b, a = two_sum(1.0, th, &b);
    return log_dd_round(a, b + tl);
}

/* asinh |x| = log(|x| + sqrt(x^2 + 1)) with the sum as a double-double
   (no cancellation: the argument is >= 1), log(|x|) + ln 2 above 2^28
   (the neglected 1/(4x^2) is below 2^-58 of the result) */
double asinh(double x)
{
    double a = fabs(x), ph, pl, h, l, sh, sl, wh, wl;
    if (a != a || a - a != 0)
        return x + x; /* NaN, inf */
    if (a < 0x1p-28)
        return x; /* asinh x = x (1 - x^2/6 ...), x^2/6 < 2^-57 */
    if (a > 0x1p28)
        return copysign(log_plus_ln2(a), x);
    ph = two_prod(a, a, &pl);
    h = two_sum(1.0, ph, &l);
    sh = sqrt_dd(h, l + pl, &sl);
    wh = two_sum(a, sh, &wl);
    return copysign(log_dd_round(wh, wl + sl), x);
}

/* acosh x = log(x + sqrt(x^2 - 1)), x^2 - 1 exact as a double-double
   (x^2 = ph + pl exactly, ph - 1 exact by Sterbenz's lemma near 1) */
double acosh(double x)
{
    double ph, pl, h, l, sh, sl, wh, wl;
    if (x != x)
        return x + x;
    if (x < 1.0)
        return (x - x) / (x - x);
    if (x == 1.0)
        return 0.0;
    if (x - x != 0)
        return x; /* +inf */
    if (x > 0x1p28)
        return log_plus_ln2(x);
    ph = two_prod(x, x, &pl);
    h = two_sum(ph, -1.0, &l);
    sh = sqrt_dd(h, l + pl, &sl);
    wh = two_sum(x, sh, &wl);
    return log_dd_round(wh, wl + sl);
}

/* atanh |x| = log1p(2|x| / (1 - |x|)) / 2, the quotient a double-double
   (1 - |x| as an exact double-double, Dekker's division with the exact
   remainder) */
double atanh(double x)
{
    double a = fabs(x), dh, dl, q, pe, p, ql, qh;
    if (a != a)
        return x + x;
    if (a > 1.0)
        return (x - x) / (x - x);
    if (a == 1.0)
        return x / 0.0;
    if (a < 0x1p-28)
        return x; /* atanh x = x (1 + x^2/3 ...) */
    dh = two_sum(1.0, -a, &dl);
    q = (a + a) / dh;
    p = two_prod(q, dh, &pe);
    ql = (((a + a) - p) - pe - q * dl) / dh;
    qh = two_sum(q, ql, &ql);
    return copysign(0.5 * log1p_dd(qh, ql), x);
}

/* ---- float versions ---- */

float rintf(float x) { return (float)rint(x); }
float nearbyintf(float x) { return (float)rint(x); }
long lrintf(float x) { return lrint(x); }
long long llrintf(float x) { return llrint(x); }
long lroundf(float x) { return lround(x); }
long long llroundf(float x) { return llround(x); }
float remainderf(float x, float y) { return (float)remainder(x, y); }
float remquof(float x, float y, int *quo) { return (float)remquo(x, y, quo); }
float fdimf(float x, float y) { return (float)fdim(x, y); }
int ilogbf(float x) { return ilogb(x); }
float logbf(float x) { return (float)logb(x); }
float exp2f(float x) { return (float)exp2(x); }
float asinhf(float x) { return (float)asinh(x); }
float acoshf(float x) { return (float)acosh(x); }
float atanhf(float x) { return (float)atanh(x); }

float nextafterf(float x, float y)
{
    u32 u = fbits_of(x);
    if (x != x || y != y)
        return x + y;
    if (x == y)
        return y;
    if (x == 0)
        return from_fbits((fbits_of(y) & 0x80000000U) | 1);
    if ((x < y) == !(u >> 31))
        u++;
    else
        u--;
    return from_fbits(u);
}

float nexttowardf(float x, long double y)
{
    double yd = (double)y;
    u32 u = fbits_of(x);
    if (x != x || yd != yd)
        return (float)(x + yd);
    if (x == yd)
        return (float)yd;
    if (x == 0)
        return from_fbits((bits_of(yd) & SIGN ? 0x80000000U : 0) | 1);
    if ((x < yd) == !(u >> 31))
        u++;
    else
        u--;
    return from_fbits(u);
}
