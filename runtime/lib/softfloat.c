/* IEEE-754 soft-float helpers (binary32 and binary64) under libgcc's names
   and semantics — lcc runtime (ST200).

   Integer-only C: lcc has no float or double types yet, so every value is
   handled as its bit pattern. A float travels as an `unsigned int` and a
   double as an `unsigned long long`: ISA-ST200 section 7.2 passes a 32-bit
   scalar in one general register and every 64-bit scalar ("long long,
   double") the same way, in a register pair starting on an even word, low
   word first (little-endian, section 1), with 64-bit results in $r16:$r17.
   So these integer signatures have exactly the ABI of libgcc's
   `float __addsf3(float, float)`, `double __adddf3(double, double)`, ...

   Method (written for this runtime):
   - Operands are unpacked to a sign, a biased exponent and a significand
     with its hidden bit; subnormals are normalised first.
   - Results are formed exactly or with the bits shifted out collected in a
     sticky bit, then rounded once to nearest, ties to even, using the
     guard/round/sticky bits below the last kept bit (IEEE 754-2008 sections
     4.3.1 and 7.4/7.5: overflow gives an infinity, tiny results are rounded
     to the subnormal grid, possibly up to the smallest normal).
   - Addition aligns the smaller operand with a sticky right shift; the
     product of two 53-bit significands is formed in 128 bits from 32-bit
     pieces; the quotient is formed one bit at a time by restoring division,
     the non-zero remainder becoming the sticky bit.
   - binary32 add, sub, mul and div are computed exactly as binary64
     operations on the widened operands and then rounded to binary32: the
     double rounding is innocuous since 53 >= 2 * 24 + 2 (S. A. Figueroa,
     "When is double rounding innocuous?", SIGNUM Newsletter 30(3), 1995),
     and no binary64 result of two binary32 operands overflows or
     underflows.
   - Invalid operations (inf - inf, 0 * inf, 0 / 0, inf / inf) return the
     default quiet NaN; a NaN operand is returned quieted.
   - Comparisons follow libgcc: __eq/__ne return 0 iff equal (1 if
     unordered), __lt/__le return < 0 / <= 0 when a < b / a <= b and 1 if
     unordered, __gt/__ge return > 0 / >= 0 when a > b / a >= b and -1 if
     unordered, __unord returns non-zero iff an operand is a NaN.
   - Float-to-integer conversions truncate toward zero; out-of-range values
     (undefined in C) saturate, a NaN gives 0. */

typedef unsigned int u32;
typedef unsigned long long u64;

#define F_SIGN 0x80000000u
#define F_QNAN 0x7fc00000u
#define D_SIGN 0x8000000000000000ULL
#define D_EXPM 0x7ff0000000000000ULL
#define D_FRAC 0x000fffffffffffffULL
#define D_HIDDEN 0x0010000000000000ULL
#define D_QUIET 0x0008000000000000ULL
#define D_QNAN 0x7ff8000000000000ULL

static int d_isnan(u64 a) { return (a & ~D_SIGN) > D_EXPM; }
static int f_isnan(u32 a) { return (a & ~F_SIGN) > 0x7f800000u; }

/* x >> n, with the bits shifted out or-ed into bit 0. */
static u64 shr_sticky(u64 x, int n) {
    if (n <= 0)
        return x;
    if (n >= 64)
        return x != 0;
    return (x >> n) | ((x << (64 - n)) != 0);
}

static int clz64(u64 x) {
    int n = 0;
    if (x == 0)
        return 64;
    if ((x >> 32) == 0) { n += 32; x <<= 32; }
    if ((x >> 48) == 0) { n += 16; x <<= 16; }
    if ((x >> 56) == 0) { n += 8; x <<= 8; }
    if ((x >> 60) == 0) { n += 4; x <<= 4; }
    if ((x >> 62) == 0) { n += 2; x <<= 2; }
    if ((x >> 63) == 0) n += 1;
    return n;
}

/* Rounds and packs a binary64: the value is sig * 2^(e - 1023 - 62), with
   sig's leading one at bit 62 (bits 9..0 are the guard bits and the sticky
   bit). */
static u64 d_pack(u64 sign, int e, u64 sig) {
    u64 m;
    u32 rest;
    if (e >= 0x7ff)
        return sign | D_EXPM;
    if (e <= 0) {
        sig = shr_sticky(sig, 1 - e);
        e = 0;
    }
    rest = (u32)(sig & 0x3ff);
    m = sig >> 10;
    if (rest > 0x200 || (rest == 0x200 && (m & 1)))
        m++;
    if (e == 0)
        return sign | m; /* a carry into bit 52 makes it the smallest normal */
    if (m >> 53) {
        m >>= 1;
        e++;
        if (e >= 0x7ff)
            return sign | D_EXPM;
    }
    return sign | ((u64)e << 52) | (m & D_FRAC);
}

/* Rounds and packs a binary32: the value is sig * 2^(e - 127 - 62), sig's
   leading one at bit 62. */
static u32 f_pack(u32 sign, int e, u64 sig64) {
    u32 sig, m, rest;
    sig = (u32)shr_sticky(sig64, 32); /* leading one at bit 30 */
    if (e >= 0xff)
        return sign | 0x7f800000u;
    if (e <= 0) {
        sig = (u32)shr_sticky(sig, 1 - e);
        e = 0;
    }
    rest = sig & 0x7f;
    m = sig >> 7;
    if (rest > 0x40 || (rest == 0x40 && (m & 1)))
        m++;
    if (e == 0)
        return sign | m;
    if (m >> 24) {
        m >>= 1;
        e++;
        if (e >= 0xff)
            return sign | 0x7f800000u;
    }
    return sign | ((u32)e << 23) | (m & 0x7fffffu);
}

/* Finite non-zero binary64 magnitude: significand with the hidden bit at
   bit 52 and biased exponent, subnormals normalised (exponent <= 0). */
static u64 d_unpack(u64 a, int *e) {
    int ex = (int)((a >> 52) & 0x7ff);
    u64 m = a & D_FRAC;
    if (ex == 0) {
        int s = clz64(m) - 11;
        *e = 1 - s;
        return m << s;
    }
    *e = ex;
    return m | D_HIDDEN;
}

static u64 d_nan(u64 a, u64 b) {
    if (d_isnan(a))
        return a | D_QUIET;
    return b | D_QUIET;
}

/* ---------------- binary64 arithmetic ---------------- */

u64 __adddf3(u64 a, u64 b) {
    u64 sa = a & D_SIGN, sb = b & D_SIGN, ma, mb, m;
    u64 aa = a & ~D_SIGN, ab = b & ~D_SIGN;
    int ea, eb, d, p;
    if (aa > D_EXPM || ab > D_EXPM)
        return d_nan(a, b);
    if (aa == D_EXPM) {
        if (ab == D_EXPM && sa != sb)
            return D_QNAN;
        return a;
    }
    if (ab == D_EXPM)
        return b;
    if (aa == 0) {
        if (ab == 0)
            return sa & sb;
        return b;
    }
    if (ab == 0)
        return a;
    if (aa < ab) { /* make a the larger magnitude */
        u64 t = a;
        a = b;
        b = t;
        t = sa;
        sa = sb;
        sb = t;
    }
    ma = d_unpack(a, &ea) << 9; /* leading one at bit 61 */
    mb = d_unpack(b, &eb) << 9;
    d = ea - eb;
    mb = shr_sticky(mb, d);
    if (sa == sb)
        m = ma + mb;
    else
        m = ma - mb;
    if (m == 0)
        return 0; /* exact cancellation: +0 when rounding to nearest */
    p = 63 - clz64(m);
    /* value = m * 2^(ea - 1023 - 61) */
    if (p == 62)
        return d_pack(sa, ea + 1, m);
    return d_pack(sa, ea + 1 - (62 - p), m << (62 - p));
}

u64 __subdf3(u64 a, u64 b) {
    if (d_isnan(b))
        return __adddf3(a, b);
    return __adddf3(a, b ^ D_SIGN);
}

u64 __negdf2(u64 a) { return a ^ D_SIGN; }

/* 64 x 64 -> 128-bit product, from 32-bit pieces. */
static u64 mul64(u64 a, u64 b, u64 *lo) {
    u64 a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    u64 mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    *lo = (mid << 32) | (p00 & 0xffffffffu);
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

u64 __muldf3(u64 a, u64 b) {
    u64 sign = (a ^ b) & D_SIGN, aa = a & ~D_SIGN, ab = b & ~D_SIGN, hi, lo;
    int ea, eb;
    if (aa > D_EXPM || ab > D_EXPM)
        return d_nan(a, b);
    if (aa == D_EXPM || ab == D_EXPM) {
        if (aa == 0 || ab == 0)
            return D_QNAN;
        return sign | D_EXPM;
    }
    if (aa == 0 || ab == 0)
        return sign;
    hi = mul64(d_unpack(a, &ea) << 11, d_unpack(b, &eb) << 11, &lo);
    /* hi in [2^62, 2^64): value = hi * 2^(ea + eb - 2108), plus sticky */
    hi |= lo != 0;
    if (hi >> 63)
        return d_pack(sign, ea + eb - 1022, shr_sticky(hi, 1));
    return d_pack(sign, ea + eb - 1023, hi);
}

u64 __divdf3(u64 a, u64 b) {
    u64 sign = (a ^ b) & D_SIGN, aa = a & ~D_SIGN, ab = b & ~D_SIGN, ma, mb, q;
    int ea, eb, e, i;
    if (aa > D_EXPM || ab > D_EXPM)
        return d_nan(a, b);
    if (aa == D_EXPM) {
        if (ab == D_EXPM)
            return D_QNAN;
        return sign | D_EXPM;
    }
    if (ab == D_EXPM)
        return sign;
    if (ab == 0) {
        if (aa == 0)
            return D_QNAN;
        return sign | D_EXPM;
    }
    if (aa == 0)
        return sign;
    ma = d_unpack(a, &ea);
    mb = d_unpack(b, &eb);
    e = ea - eb + 1023;
    if (ma < mb) {
        ma <<= 1;
        e--;
    }
    /* ma / mb in [1, 2): 63 quotient bits, the first one at bit 62 */
    q = 0;
    for (i = 0; i < 63; i++) {
        q <<= 1;
        if (ma >= mb) {
            ma -= mb;
            q |= 1;
        }
        ma <<= 1;
    }
    return d_pack(sign, e, q | (ma != 0));
}

/* ---------------- conversions between formats ---------------- */

u64 __extendsfdf2(u32 a) {
    u64 sign = (u64)(a & F_SIGN) << 32;
    u32 ex = (a >> 23) & 0xff, m = a & 0x7fffffu;
    if (ex == 0xff) {
        if (m)
            return sign | D_QNAN | ((u64)m << 29);
        return sign | D_EXPM;
    }
    if (ex == 0) {
        int s;
        if (m == 0)
            return sign;
        s = clz64(m) - 40; /* to put the leading one at bit 23 */
        return sign | ((u64)(1 - s - 127 + 1023) << 52) | (((u64)m << s << 29) & D_FRAC);
    }
    return sign | ((u64)(ex - 127 + 1023) << 52) | ((u64)m << 29);
}

u32 __truncdfsf2(u64 a) {
    u32 sign = (u32)(a >> 32) & F_SIGN;
    u64 aa = a & ~D_SIGN, m;
    int e;
    if (aa > D_EXPM)
        return sign | F_QNAN | (u32)((a & D_FRAC) >> 29);
    if (aa == D_EXPM)
        return sign | 0x7f800000u;
    if (aa == 0)
        return sign;
    m = d_unpack(a, &e);
    /* value = (m << 10) * 2^(e - 1023 - 62) */
    return f_pack(sign, e - 1023 + 127, m << 10);
}

/* ---------------- binary32 arithmetic ---------------- */

u32 __addsf3(u32 a, u32 b) { return __truncdfsf2(__adddf3(__extendsfdf2(a), __extendsfdf2(b))); }
u32 __subsf3(u32 a, u32 b) { return __truncdfsf2(__subdf3(__extendsfdf2(a), __extendsfdf2(b))); }
u32 __mulsf3(u32 a, u32 b) { return __truncdfsf2(__muldf3(__extendsfdf2(a), __extendsfdf2(b))); }
u32 __divsf3(u32 a, u32 b) { return __truncdfsf2(__divdf3(__extendsfdf2(a), __extendsfdf2(b))); }
u32 __negsf2(u32 a) { return a ^ F_SIGN; }

/* ---------------- integer conversions ---------------- */

/* sign * mag, rounded to binary64 / binary32. */
static u64 d_from_u64(u64 sign, u64 mag) {
    int s;
    if (mag == 0)
        return 0;
    s = clz64(mag);
    /* (mag << s) has its leading one at bit 63 */
    return d_pack(sign, 1086 - s, shr_sticky(mag << s, 1));
}

static u32 f_from_u64(u32 sign, u64 mag) {
    int s;
    if (mag == 0)
        return 0;
    s = clz64(mag);
    return f_pack(sign, 190 - s, shr_sticky(mag << s, 1));
}

/* Truncated magnitude of a binary64 and whether it exceeds `limit`. */
static u64 d_trunc_mag(u64 a, u64 limit, int *over) {
    int e, sh;
    u64 m;
    u64 aa = a & ~D_SIGN;
    *over = 0;
    if (aa < 0x3ff0000000000000ULL) /* |a| < 1, or zero */
        return 0;
    if (aa >= 0x43f0000000000000ULL) { /* |a| >= 2^64, inf */
        *over = 1;
        return 0;
    }
    m = d_unpack(a, &e);
    sh = e - 1075;
    if (sh >= 0)
        m <<= sh;
    else
        m >>= -sh;
    if (m > limit)
        *over = 1;
    return m;
}

static long long d_to_s64(u64 a, u64 maxpos) {
    int over;
    u64 m;
    if (d_isnan(a))
        return 0;
    if (a & D_SIGN) {
        m = d_trunc_mag(a, maxpos + 1, &over);
        if (over)
            m = maxpos + 1;
        return (long long)(0 - m);
    }
    m = d_trunc_mag(a, maxpos, &over);
    if (over)
        m = maxpos;
    return (long long)m;
}

static u64 d_to_u64(u64 a, u64 max) {
    int over;
    u64 m;
    if (d_isnan(a) || (a & D_SIGN))
        return 0; /* (-1, 0] truncates to 0; below is undefined */
    m = d_trunc_mag(a, max, &over);
    return over ? max : m;
}

int __fixdfsi(u64 a) { return (int)d_to_s64(a, 0x7fffffffULL); }
unsigned __fixunsdfsi(u64 a) { return (unsigned)d_to_u64(a, 0xffffffffULL); }
long long __fixdfdi(u64 a) { return d_to_s64(a, 0x7fffffffffffffffULL); }
unsigned long long __fixunsdfdi(u64 a) { return d_to_u64(a, 0xffffffffffffffffULL); }
int __fixsfsi(u32 a) { return __fixdfsi(__extendsfdf2(a)); }
unsigned __fixunssfsi(u32 a) { return __fixunsdfsi(__extendsfdf2(a)); }
long long __fixsfdi(u32 a) { return __fixdfdi(__extendsfdf2(a)); }
unsigned long long __fixunssfdi(u32 a) { return __fixunsdfdi(__extendsfdf2(a)); }

u64 __floatdidf(long long i) {
    if (i < 0)
        return d_from_u64(D_SIGN, 0 - (u64)i);
    return d_from_u64(0, (u64)i);
}
u64 __floatundidf(unsigned long long i) { return d_from_u64(0, i); }
u64 __floatsidf(int i) { return __floatdidf(i); }
u64 __floatunsidf(unsigned i) { return __floatundidf(i); }
u32 __floatdisf(long long i) {
    if (i < 0)
        return f_from_u64(F_SIGN, 0 - (u64)i);
    return f_from_u64(0, (u64)i);
}
u32 __floatundisf(unsigned long long i) { return f_from_u64(0, i); }
u32 __floatsisf(int i) { return __floatdisf(i); }
u32 __floatunsisf(unsigned i) { return __floatundisf(i); }

/* ---------------- comparisons ---------------- */

/* -1, 0, 1 for a < b, a == b, a > b; `unordered` if a NaN is involved. */
static int d_cmp(u64 a, u64 b, int unordered) {
    long long ka, kb;
    if (d_isnan(a) || d_isnan(b))
        return unordered;
    if (((a | b) & ~D_SIGN) == 0)
        return 0; /* +0 == -0 */
    ka = (a & D_SIGN) ? -(long long)(a & ~D_SIGN) : (long long)a;
    kb = (b & D_SIGN) ? -(long long)(b & ~D_SIGN) : (long long)b;
    return ka < kb ? -1 : ka > kb;
}

static int f_cmp(u32 a, u32 b, int unordered) {
    int ka, kb;
    if (f_isnan(a) || f_isnan(b))
        return unordered;
    if (((a | b) & ~F_SIGN) == 0)
        return 0;
    ka = (a & F_SIGN) ? -(int)(a & ~F_SIGN) : (int)a;
    kb = (b & F_SIGN) ? -(int)(b & ~F_SIGN) : (int)b;
    return ka < kb ? -1 : ka > kb;
}

int __eqdf2(u64 a, u64 b) { return d_cmp(a, b, 1); }
int __nedf2(u64 a, u64 b) { return d_cmp(a, b, 1); }
int __ltdf2(u64 a, u64 b) { return d_cmp(a, b, 1); }
int __ledf2(u64 a, u64 b) { return d_cmp(a, b, 1); }
int __gtdf2(u64 a, u64 b) { return d_cmp(a, b, -1); }
int __gedf2(u64 a, u64 b) { return d_cmp(a, b, -1); }
int __unorddf2(u64 a, u64 b) { return d_isnan(a) || d_isnan(b); }
int __eqsf2(u32 a, u32 b) { return f_cmp(a, b, 1); }
int __nesf2(u32 a, u32 b) { return f_cmp(a, b, 1); }
int __ltsf2(u32 a, u32 b) { return f_cmp(a, b, 1); }
int __lesf2(u32 a, u32 b) { return f_cmp(a, b, 1); }
int __gtsf2(u32 a, u32 b) { return f_cmp(a, b, -1); }
int __gesf2(u32 a, u32 b) { return f_cmp(a, b, -1); }
int __unordsf2(u32 a, u32 b) { return f_isnan(a) || f_isnan(b); }
