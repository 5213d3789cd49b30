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

/* The general binary64 sum: any operands (the fast path's fallback). */
static u64 d_add_slow(u64 a, u64 b) {
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


u64 __negdf2(u64 a) { return a ^ D_SIGN; }

/* 64 x 64 -> 128-bit product, from 32-bit pieces. */
static u64 mul64(u64 a, u64 b, u64 *lo) {
    u64 a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    u64 mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    *lo = (mid << 32) | (p00 & 0xffffffffu);
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/* The general binary64 product: any operands (the fast path's fallback). */
static u64 d_mul_slow(u64 a, u64 b) {
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
    if ((u32)ex - 1u < 0xfeu) /* normal: exact, the exponent rebiased by 1023 - 127 */
        return ((u64)((a & F_SIGN) | (((a & ~F_SIGN) >> 3) + (896u << 20))) << 32) | (u64)(a << 29);
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
    u32 h = (u32)(a >> 32), l = (u32)a, ef = ((h >> 20) & 0x7ff) - 896, mf;
    if (ef - 1u < 0xfeu) { /* a binary32 normal before rounding: 24 bits, then 7 */
        mf = ((h & 0xfffffu) << 10) | 0x40000000u | (l >> 22) | ((l & 0x3fffffu) != 0);
        return sign + ((ef - 1) << 23) + ((mf + 0x3fu + ((mf >> 7) & 1u)) >> 7);
    }
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

/* The general binary32 operations, through binary64 (the fast paths'
   fallbacks for zero, subnormal, infinite and NaN operands and results out
   of the normal range). */
static u32 f_add_wide(u32 a, u32 b) { return __truncdfsf2(d_add_slow(__extendsfdf2(a), __extendsfdf2(b))); }
static u32 f_mul_wide(u32 a, u32 b) { return __truncdfsf2(d_mul_slow(__extendsfdf2(a), __extendsfdf2(b))); }
static u32 f_div_wide(u32 a, u32 b) { return __truncdfsf2(__divdf3(__extendsfdf2(a), __extendsfdf2(b))); }

/* Fast paths. Each routine first tests, once, whether every operand is
   normal (biased exponent neither 0 nor all ones); only then does it
   compute in 32-bit integer arithmetic (binary64: on 32-bit halves),
   without branches the compiler cannot turn into selects, and packs the
   result if its exponent is in the normal range. Anything else (zeros,
   subnormals, infinities, NaNs, overflow, underflow) goes to the general
   routines above, which give the same correctly rounded results. The
   ST231 forms the 32 x 32 -> 64-bit products below with mul32 and mul64hu
   (ISA-ST200 section 4.5). */

/* Round to nearest, ties to even, of a significand m with its leading one
   at bit 30 and 7 bits below the last kept one (bit 0 holding the sticky
   bit): the 24-bit significand, possibly 2^24 after a carry (which the
   packing's addition turns into the next exponent). */
#define F_ROUND(m) (((m) + 0x3fu + (((m) >> 7) & 1u)) >> 7)

/* Packs sign, biased exponent e in [1, 254] and a rounded significand with
   its hidden bit: the carry of a significand 2^24 into the exponent gives
   the right result, up to the infinity. */
#define F_PACK(sign, e, r) ((sign) + ((u32)((e) - 1) << 23) + (r))

/* Whether a biased exponent field is that of a zero/subnormal (0) or of an
   infinity/NaN (255). */
#define F_SPECIAL(e) ((u32)(e) - 1u >= 0xfeu)

/* |a| + |b| or |a| - |b| with the sign of the larger magnitude: the sum of
   two normal binary32. The larger operand x is chosen by comparing the
   magnitudes' bit patterns; both significands get 6 guard bits (leading
   one at bit 29), the smaller is aligned by a right shift whose lost bits
   become a sticky bit, and the sum, normalised with clz to bit 30, is
   rounded once. With 6 guard bits and the sticky bit the rounding is
   correct: an alignment by more than 6 bits (the only one that loses bits)
   leaves a result that needs at most one bit of left normalisation. */
static inline __attribute__((always_inline)) u32 f_add(u32 a, u32 b) {
    u32 aa = a & ~F_SIGN, ab = b & ~F_SIGN;
    u32 x = aa >= ab ? a : b, y = aa >= ab ? b : a;
    u32 ex = (x >> 23) & 0xff, ey = (y >> 23) & 0xff, mx, my, d, s, lz, m;
    int e;
    if (F_SPECIAL(ex) | F_SPECIAL(ey))
        return f_add_wide(a, b);
    mx = ((x << 6) | 0x20000000u) & 0x3fffffc0u;
    my = ((y << 6) | 0x20000000u) & 0x3fffffc0u;
    d = ex - ey;
    d = d > 31 ? 31 : d;
    my = (my >> d) | ((my & ((1u << d) - 1)) != 0);
    s = ((x ^ y) & F_SIGN) ? mx - my : mx + my;
    if (s == 0)
        return 0; /* exact cancellation: +0 when rounding to nearest */
    lz = __builtin_clz(s); /* >= 1: s < 2^31 */
    m = s << (lz - 1);
    e = (int)ex + 2 - (int)lz;
    if (F_SPECIAL(e))
        return f_add_wide(a, b);
    return F_PACK(x & F_SIGN, e, F_ROUND(m));
}

u32 __addsf3(u32 a, u32 b) { return f_add(a, b); }
u32 __subsf3(u32 a, u32 b) { return f_add(a, b ^ F_SIGN); }
u32 __negsf2(u32 a) { return a ^ F_SIGN; }

/* Product of two normal binary32: the significands, leading one at bit 31,
   give a 64-bit product in [2^62, 2^64); its high word, shifted right by
   one when it reaches 2^31, has its leading one at bit 30, and the low
   word (and the bit shifted out) make the sticky bit. */
u32 __mulsf3(u32 a, u32 b) {
    u32 ea = (a >> 23) & 0xff, eb = (b >> 23) & 0xff, hi, lo, n, m;
    u64 p;
    int e;
    if (F_SPECIAL(ea) | F_SPECIAL(eb))
        return f_mul_wide(a, b);
    p = (u64)((a << 8) | F_SIGN) * ((b << 8) | F_SIGN);
    hi = (u32)(p >> 32);
    lo = (u32)p;
    n = hi >> 31;
    m = (hi >> n) | ((lo | (hi & n)) != 0);
    e = (int)(ea + eb) - 127 + (int)n;
    if (F_SPECIAL(e))
        return f_mul_wide(a, b);
    return F_PACK((a ^ b) & F_SIGN, e, F_ROUND(m));
}

/* 2^24 / (257 + i), rounded down, for i = 0..255: with B = 2^31 + i 2^23
   + ... a divisor significand with its leading one at bit 31, (entry << 16)
   is below 2^63 / B by at most 2^-8 of it (the reciprocal at the top of
   the interval, then truncated). */
static const unsigned short f_rcp_table[256] = {
    65280, 65027, 64776, 64527, 64280, 64035, 63791, 63550, 63310, 63072, 62836, 62601,
    62368, 62137, 61908, 61680, 61455, 61230, 61008, 60787, 60567, 60349, 60133, 59918,
    59705, 59493, 59283, 59074, 58867, 58661, 58457, 58254, 58052, 57852, 57653, 57456,
    57260, 57065, 56871, 56679, 56488, 56299, 56111, 55924, 55738, 55553, 55370, 55188,
    55007, 54827, 54648, 54471, 54295, 54120, 53946, 53773, 53601, 53430, 53261, 53092,
    52924, 52758, 52593, 52428, 52265, 52103, 51941, 51781, 51622, 51463, 51306, 51150,
    50994, 50840, 50686, 50533, 50382, 50231, 50081, 49932, 49784, 49636, 49490, 49344,
    49200, 49056, 48913, 48770, 48629, 48489, 48349, 48210, 48072, 47934, 47798, 47662,
    47527, 47393, 47259, 47127, 46995, 46863, 46733, 46603, 46474, 46345, 46218, 46091,
    45964, 45839, 45714, 45590, 45466, 45343, 45221, 45100, 44979, 44858, 44739, 44620,
    44501, 44384, 44267, 44150, 44034, 43919, 43804, 43690, 43577, 43464, 43351, 43240,
    43129, 43018, 42908, 42799, 42690, 42581, 42473, 42366, 42259, 42153, 42048, 41943,
    41838, 41734, 41630, 41527, 41425, 41323, 41221, 41120, 41020, 40920, 40820, 40721,
    40622, 40524, 40427, 40329, 40233, 40136, 40041, 39945, 39850, 39756, 39662, 39568,
    39475, 39383, 39290, 39199, 39107, 39016, 38926, 38836, 38746, 38657, 38568, 38479,
    38391, 38304, 38216, 38130, 38043, 37957, 37871, 37786, 37701, 37617, 37532, 37449,
    37365, 37282, 37200, 37117, 37035, 36954, 36873, 36792, 36711, 36631, 36551, 36472,
    36393, 36314, 36235, 36157, 36080, 36002, 35925, 35848, 35772, 35696, 35620, 35544,
    35469, 35394, 35320, 35246, 35172, 35098, 35025, 34952, 34879, 34807, 34735, 34663,
    34592, 34521, 34450, 34379, 34309, 34239, 34169, 34100, 34030, 33961, 33893, 33825,
    33756, 33689, 33621, 33554, 33487, 33420, 33354, 33288, 33222, 33156, 33091, 33026,
    32961, 32896, 32832, 32768,
};

/* Quotient of two normal binary32, by a reciprocal refined with Newton's
   iteration and an exact correction of the quotient (the method of
   P. Markstein, "IA-64 and Elementary Functions", 2000, chapter 8, in
   fixed point; the ST231 division of C.-P. Jeannerod, H. Knochel,
   C. Monat, G. Revy, G. Villard, "A new binary floating-point division
   algorithm and its software implementation on the ST231 processor",
   ARITH 2009, evaluates a bivariate polynomial instead).
   - B = mb 2^8 in [2^31, 2^32) stands for b' = B 2^-32 in [1/2, 1);
     Y ~ 2^63 / B stands for 1/b' = Y 2^-31.
   - Y0 from the table (relative error below 2^-8, too small); two steps
     Y' = Y + Y (1 - b'Y) in fixed point: t = hi(B Y) ~ 2^31 b'Y, and
     2^32 (1 - b'Y) = -(2t) modulo 2^32. Y1 is kept below 2^63 / B (minus 4
     covers the truncations), so that t < 2^31 in the second step; Y2 is
     within 8 of 2^63 / B and below 2^32 (minus 1).
   - q = hi(A Y2) ~ (ma / mb) 2^31 with A = ma 2^8, within 16; shifted to
     26 bits, Q = floor(ma 2^k / mb) (k = 25, or 26 when ma < mb) is q or
     q +- 1, which the remainder R = ma 2^k - Q mb (exact modulo 2^32, as
     |R| < 2^26) corrects; R != 0 is the sticky bit. */
u32 __divsf3(u32 a, u32 b) {
    u32 ea = (a >> 23) & 0xff, eb = (b >> 23) & 0xff, ma, mb, B, Y, t, q, lt, k, m;
    int r, e;
    if (F_SPECIAL(ea) | F_SPECIAL(eb))
        return f_div_wide(a, b);
    ma = (a & 0x7fffffu) | 0x800000u;
    mb = (b & 0x7fffffu) | 0x800000u;
    B = mb << 8;
    Y = (u32)f_rcp_table[(mb >> 15) & 0xff] << 16;
    t = (u32)(((u64)B * Y) >> 32);
    Y = Y + (u32)(((u64)Y * (0u - (t << 1))) >> 32) - 4;
    t = (u32)(((u64)B * Y) >> 32);
    Y = Y + (u32)(((u64)Y * (0u - (t << 1))) >> 32) - 1;
    q = (u32)(((u64)(ma << 8) * Y) >> 32);
    lt = ma < mb;
    k = 25 + lt;
    q >>= 6 - lt;
    r = (int)((ma << k) - q * mb);
    q = r < 0 ? q - 1 : q;
    r = r < 0 ? r + (int)mb : r;
    q = r >= (int)mb ? q + 1 : q;
    r = r >= (int)mb ? r - (int)mb : r;
    m = (q << 5) | (r != 0);
    e = (int)ea - (int)eb + 127 - (int)lt;
    if (F_SPECIAL(e))
        return f_div_wide(a, b);
    return F_PACK((a ^ b) & F_SIGN, e, F_ROUND(m));
}

/* floor(2^16 / sqrt(x)) at the top x = (1 + (j + 1) / 128) 2^p of each
   interval, index (p << 7) | j: an estimate of 1 / sqrt(x) for x in
   [1, 4), from below, within 2^-8 of it. */
static const unsigned short f_rsqrt_table[256] = {
    65281, 65029, 64781, 64535, 64292, 64051, 63814, 63579, 63346, 63116, 62889, 62664,
    62441, 62221, 62003, 61787, 61574, 61363, 61154, 60947, 60742, 60539, 60338, 60139,
    59943, 59748, 59555, 59363, 59174, 58987, 58801, 58617, 58434, 58254, 58075, 57897,
    57722, 57548, 57375, 57204, 57035, 56867, 56700, 56535, 56371, 56209, 56048, 55889,
    55731, 55574, 55418, 55264, 55111, 54960, 54809, 54660, 54512, 54366, 54220, 54076,
    53932, 53790, 53649, 53509, 53371, 53233, 53096, 52961, 52826, 52692, 52560, 52428,
    52298, 52168, 52039, 51912, 51785, 51659, 51534, 51410, 51287, 51165, 51043, 50923,
    50803, 50684, 50566, 50449, 50333, 50217, 50102, 49988, 49875, 49763, 49651, 49540,
    49430, 49320, 49212, 49104, 48996, 48890, 48784, 48678, 48574, 48470, 48367, 48264,
    48162, 48061, 47960, 47860, 47761, 47662, 47564, 47466, 47369, 47273, 47177, 47082,
    46987, 46893, 46800, 46707, 46614, 46523, 46431, 46340, 46160, 45983, 45807, 45633,
    45461, 45291, 45123, 44957, 44792, 44630, 44469, 44310, 44153, 43997, 43843, 43690,
    43539, 43390, 43242, 43096, 42951, 42807, 42665, 42525, 42386, 42248, 42111, 41976,
    41842, 41710, 41578, 41448, 41319, 41191, 41065, 40940, 40815, 40692, 40570, 40449,
    40329, 40211, 40093, 39976, 39860, 39746, 39632, 39519, 39407, 39297, 39187, 39078,
    38970, 38862, 38756, 38651, 38546, 38442, 38339, 38237, 38136, 38035, 37936, 37837,
    37739, 37641, 37545, 37449, 37353, 37259, 37165, 37072, 36980, 36888, 36797, 36707,
    36617, 36528, 36440, 36352, 36265, 36179, 36093, 36008, 35923, 35839, 35756, 35673,
    35590, 35509, 35428, 35347, 35267, 35187, 35108, 35030, 34952, 34875, 34798, 34721,
    34645, 34570, 34495, 34421, 34347, 34273, 34200, 34128, 34056, 33984, 33913, 33842,
    33772, 33702, 33633, 33564, 33495, 33427, 33359, 33292, 33225, 33158, 33092, 33027,
    32961, 32896, 32832, 32768,
};

/* The root of a positive x = M 2^(ea - 127 - 31) (M's leading one at bit
   31, ea any biased exponent, so subnormals too once normalised). With
   p the parity of the unbiased exponent, x' = M 2^(p - 31) is in [1, 4)
   and sqrt(x') in [1, 2). From y0 <= 1/sqrt(x') (table), Goldschmidt's
   coupled iteration g ~ sqrt(x'), h ~ 1/(2 sqrt(x')): r = 1/2 - g h,
   g += g r, h += h r (R. E. Goldschmidt, "Applications of division by
   convergence", MIT thesis, 1964), here in fixed point, G = g 2^30,
   H = h 2^32, R = r 2^32 signed. From below, g stays below sqrt(x') < 2
   (g1 / sqrt(x') = u (3 - u^2) / 2 <= 1 for u = y0 sqrt(x') <= 1), so 2G
   fits 32 bits; two steps leave G within a few units of sqrt(x') 2^30.
   Q = floor(sqrt(x') 2^25) is G >> 5 or a neighbour, which the remainder
   x' 2^50 - Q^2 (exact modulo 2^32: its magnitude is below 2^28) corrects;
   the remainder's being non-zero makes the sticky bit. (The ST231 square
   root of C.-P. Jeannerod, H. Knochel, C. Monat, G. Revy, "Computing
   floating-point square roots via bivariate polynomial evaluation", IEEE
   Transactions on Computers 60(2), 2011, evaluates a polynomial instead.) */
static inline __attribute__((always_inline)) u32 f_sqrt_core(u32 M, int ea) {
    u32 p = (u32)(ea - 127) & 1, Y, G, H, Q, m;
    int R, r, c, E = ((ea - 127) >> 1) + 127;
    Y = (u32)f_rsqrt_table[(p << 7) | ((M >> 24) & 0x7f)] << 16;
    G = (u32)(((u64)M * Y) >> 32) >> (1 - p);
    H = Y >> 1;
    R = (int)(0x80000000u - (u32)(((u64)(G << 1) * (H << 1)) >> 32));
    G = G + (u32)(((long long)(int)G * R) >> 32);
    H = H + (u32)(((long long)(int)H * R) >> 32);
    R = (int)(0x80000000u - (u32)(((u64)(G << 1) * (H << 1)) >> 32));
    G = G + (u32)(((long long)(int)G * R) >> 32);
    Q = G >> 5;
    r = (int)((M << (19 + p)) - Q * Q);
    Q = r < 0 ? Q - 1 : Q;
    r = r < 0 ? r + (int)(2 * Q + 1) : r;
    c = r > (int)(2 * Q);
    r = c ? r - (int)(2 * Q + 1) : r;
    Q = Q + c;
    m = (Q << 5) | (r != 0);
    return ((u32)(E - 1) << 23) + F_ROUND(m);
}

/* Square root of a binary32 bit pattern, correctly rounded (IEEE 754
   squareRoot: sqrt(-0) = -0, a negative operand gives the default NaN). */
u32 __sqrtsf2(u32 a) {
    u32 ea = a >> 23, lz; /* the sign bit too: negative goes to the special case */
    if (F_SPECIAL(ea)) {
        if ((a & ~F_SIGN) > 0x7f800000u)
            return a | 0x00400000u; /* NaN, quieted */
        if ((a & ~F_SIGN) == 0 || a == 0x7f800000u)
            return a; /* +-0, +inf */
        if (a & F_SIGN)
            return F_QNAN | F_SIGN; /* the x86 default NaN */
        lz = __builtin_clz(a); /* subnormal */
        return f_sqrt_core(a << lz, 9 - (int)lz);
    }
    return f_sqrt_core((a << 8) | F_SIGN, (int)ea);
}

/* ---------------- binary64 fast paths ---------------- */

#define D_SPECIAL(e) ((u32)(e) - 1u >= 0x7feu)

/* v >> d for d in [0, 63], with the bits shifted out or-ed into bit 0,
   on the 32-bit halves (no call to __lshrdi3). */
static inline __attribute__((always_inline)) u64 d_shr_sticky(u64 v, u32 d) {
    u32 h = (u32)(v >> 32), l = (u32)v, s = d & 31, mask = (1u << s) - 1;
    u32 big = d >= 32;
    u32 lo = big ? h >> s : (l >> s) | ((h << 1) << (31 - s));
    u32 hi = big ? 0 : h >> s;
    u32 lost = big ? l | (h & mask) : l & mask;
    return ((u64)hi << 32) | (lo | (lost != 0));
}

/* v << k for k in [0, 63], on the 32-bit halves. */
static inline __attribute__((always_inline)) u64 d_shl(u64 v, u32 k) {
    u32 h = (u32)(v >> 32), l = (u32)v, s = k & 31, big = k >= 32;
    u32 hi = big ? l << s : (h << s) | ((l >> 1) >> (31 - s));
    u32 lo = big ? 0 : l << s;
    return ((u64)hi << 32) | lo;
}

/* Leading zeros of a non-zero 64-bit value. */
static inline __attribute__((always_inline)) u32 d_clz(u64 v) {
    u32 h = (u32)(v >> 32), l = (u32)v;
    return h ? (u32)__builtin_clz(h) : 32 + (u32)__builtin_clz(l);
}

/* Round to nearest even of a significand with its leading one at bit 62
   and 10 bits below the last kept one, as for F_ROUND. */
#define D_ROUND(m) (((m) + 0x1ffu + (((m) >> 10) & 1u)) >> 10)
#define D_PACK(sign, e, r) ((sign) + ((u64)(u32)((e) - 1) << 52) + (r))

/* Sum of two normal binary64, as f_add: significands with 9 guard bits
   (leading one at bit 61), the smaller aligned with a sticky shift, the
   sum normalised to bit 62 and rounded once. */
static inline __attribute__((always_inline)) u64 d_add(u64 a, u64 b) {
    u64 aa = a & ~D_SIGN, ab = b & ~D_SIGN;
    u64 x = aa >= ab ? a : b, y = aa >= ab ? b : a, mx, my, s, m;
    u32 xh = (u32)(x >> 32), yh = (u32)(y >> 32);
    u32 ex = (xh >> 20) & 0x7ff, ey = (yh >> 20) & 0x7ff, d, lz;
    int e;
    if (D_SPECIAL(ex) | D_SPECIAL(ey))
        return d_add_slow(a, b);
    mx = ((x & D_FRAC) | D_HIDDEN) << 9;
    my = ((y & D_FRAC) | D_HIDDEN) << 9;
    d = ex - ey;
    my = d_shr_sticky(my, d > 63 ? 63 : d);
    s = ((xh ^ yh) & F_SIGN) ? mx - my : mx + my;
    if (s == 0)
        return 0; /* exact cancellation: +0 when rounding to nearest */
    lz = d_clz(s); /* >= 1: s < 2^63 */
    m = d_shl(s, lz - 1);
    e = (int)ex + 2 - (int)lz;
    if (D_SPECIAL(e))
        return d_add_slow(a, b);
    return D_PACK(x & D_SIGN, e, D_ROUND(m));
}


/* The root of a positive binary64 x = M 2^(ea - 1023 - 52) (M's leading
   one at bit 52, ea any biased exponent). As f_sqrt_core, from the top 32
   bits of M: G ~ sqrt(x') 2^30 and H ~ 2^32 / (2 sqrt(x')) within a few
   units of 2^-30. Then one Newton step s = g + (x' - g^2) h, with the
   residual D = x' 2^60 - G^2 exact in 64 bits (small, since g is close),
   gives S ~ sqrt(x') 2^58 within a few units: Q = S >> 3 =
   floor(sqrt(x') 2^55) or a neighbour, corrected with the exact remainder
   x' 2^110 - Q^2 modulo 2^64 (its magnitude is below 2^58). */
static inline __attribute__((always_inline)) u64 d_sqrt_core(u64 M, int ea) {
    u32 p = (u32)(ea - 1023) & 1, M32 = (u32)(M >> 21), Y, G, H, Dlo, c;
    int R, Dhi, E = ((ea - 1023) >> 1) + 1023;
    long long D, r;
    u64 S, Q;
    Y = (u32)f_rsqrt_table[(p << 7) | ((M32 >> 24) & 0x7f)] << 16;
    G = (u32)(((u64)M32 * Y) >> 32) >> (1 - p);
    H = Y >> 1;
    R = (int)(0x80000000u - (u32)(((u64)(G << 1) * (H << 1)) >> 32));
    G = G + (u32)(((long long)(int)G * R) >> 32);
    H = H + (u32)(((long long)(int)H * R) >> 32);
    R = (int)(0x80000000u - (u32)(((u64)(G << 1) * (H << 1)) >> 32));
    G = G + (u32)(((long long)(int)G * R) >> 32);
    H = H + (u32)(((long long)(int)H * R) >> 32);
    D = (long long)((M << (8 + p)) - (u64)G * G);
    Dhi = (int)(D >> 32);
    Dlo = (u32)D;
    S = ((u64)G << 28) + (u64)(((long long)Dhi * H) >> 2) + (((u64)Dlo * H) >> 34);
    Q = S >> 3;
    r = (long long)((M << (58 + p)) - Q * Q);
    c = r < 0;
    Q = c ? Q - 1 : Q;
    r = c ? r + (long long)(2 * Q + 1) : r;
    c = r > (long long)(2 * Q);
    r = c ? r - (long long)(2 * Q + 1) : r;
    Q = Q + c;
    return D_PACK(0, E, D_ROUND((Q << 7) | (r != 0)));
}

/* Square root of a binary64 bit pattern, correctly rounded (IEEE 754
   squareRoot: sqrt(-0) = -0, a negative operand gives the default NaN). */
u64 __sqrtdf2(u64 a) {
    u32 ea = (u32)(a >> 52), lz; /* the sign bit too: negative goes to the special case */
    u64 aa = a & ~D_SIGN;
    if (D_SPECIAL(ea)) {
        if (aa > D_EXPM)
            return a | D_QUIET; /* NaN, quieted */
        if (aa == 0 || a == D_EXPM)
            return a; /* +-0, +inf */
        if (a & D_SIGN)
            return D_QNAN | D_SIGN; /* the x86 default NaN */
        lz = d_clz(a); /* subnormal: leading one moved to bit 52 */
        return d_sqrt_core(d_shl(a, lz - 11), 12 - (int)lz);
    }
    return d_sqrt_core((a & D_FRAC) | D_HIDDEN, (int)ea);
}

u64 __adddf3(u64 a, u64 b) { return d_add(a, b); }
u64 __subdf3(u64 a, u64 b) { return d_add(a, b ^ D_SIGN); }

/* Product of two normal binary64: significands with their leading one at
   bit 63, the 128-bit product from four 32 x 32 -> 64-bit products, its
   high half in [2^62, 2^64) shifted right by one when it reaches 2^63, the
   low half making the sticky bit. */
u64 __muldf3(u64 a, u64 b) {
    u32 ea = (u32)(a >> 52) & 0x7ff, eb = (u32)(b >> 52) & 0x7ff, n;
    u64 ma, mb, p00, p01, p10, p11, mid, hi, m;
    u32 a0, a1, b0, b1, sticky;
    int e;
    if (D_SPECIAL(ea) | D_SPECIAL(eb))
        return d_mul_slow(a, b);
    ma = ((a & D_FRAC) | D_HIDDEN) << 11;
    mb = ((b & D_FRAC) | D_HIDDEN) << 11;
    a0 = (u32)ma;
    a1 = (u32)(ma >> 32);
    b0 = (u32)mb;
    b1 = (u32)(mb >> 32);
    p00 = (u64)a0 * b0;
    p01 = (u64)a0 * b1;
    p10 = (u64)a1 * b0;
    p11 = (u64)a1 * b1;
    mid = (p00 >> 32) + (u32)p01 + (u32)p10;
    hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    sticky = ((u32)mid | (u32)p00) != 0;
    n = (u32)(hi >> 63);
    m = n ? (hi >> 1) | (hi & 1) : hi;
    m |= sticky;
    e = (int)(ea + eb) - 1023 + (int)n;
    if (D_SPECIAL(e))
        return d_mul_slow(a, b);
    return D_PACK((a ^ b) & D_SIGN, e, D_ROUND(m));
}

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

/* |a| < 2^31 (biased exponent 1023..1053): the top 32 bits of the
   significand shifted right; anything else through d_to_s64. */
int __fixdfsi(u64 a) {
    u32 h = (u32)(a >> 32), e = (h >> 20) & 0x7ff, m;
    if (e - 1023u < 31u) {
        m = ((h << 11) | F_SIGN | ((u32)a >> 21)) >> (1054u - e);
        return (h & F_SIGN) ? -(int)m : (int)m;
    }
    if (e < 1023u)
        return 0;
    return (int)d_to_s64(a, 0x7fffffffULL);
}
unsigned __fixunsdfsi(u64 a) { return (unsigned)d_to_u64(a, 0xffffffffULL); }
long long __fixdfdi(u64 a) { return d_to_s64(a, 0x7fffffffffffffffULL); }
unsigned long long __fixunsdfdi(u64 a) { return d_to_u64(a, 0xffffffffffffffffULL); }
int __fixsfsi(u32 a) {
    u32 e = (a >> 23) & 0xff, m;
    if (e - 127u < 31u) { /* |a| < 2^31 */
        m = ((a << 8) | F_SIGN) >> (158u - e);
        return (a & F_SIGN) ? -(int)m : (int)m;
    }
    if (e < 127u)
        return 0;
    return __fixdfsi(__extendsfdf2(a));
}
unsigned __fixunssfsi(u32 a) { return __fixunsdfsi(__extendsfdf2(a)); }
long long __fixsfdi(u32 a) { return __fixdfdi(__extendsfdf2(a)); }
unsigned long long __fixunssfdi(u32 a) { return __fixunsdfdi(__extendsfdf2(a)); }

u64 __floatdidf(long long i) {
    if (i < 0)
        return d_from_u64(D_SIGN, 0 - (u64)i);
    return d_from_u64(0, (u64)i);
}
u64 __floatundidf(unsigned long long i) { return d_from_u64(0, i); }
/* sign * m for a 32-bit m, exact in binary64: normalised with clz. */
static inline __attribute__((always_inline)) u64 d_from_u32(u32 sign, u32 m) {
    u32 lz;
    if (m == 0)
        return 0;
    lz = (u32)__builtin_clz(m);
    m <<= lz;
    return ((u64)(sign | ((1054u - lz) << 20) | ((m << 1) >> 12)) << 32) | (u64)(m << 21);
}
u64 __floatsidf(int i) { return d_from_u32((u32)i & F_SIGN, i < 0 ? 0u - (u32)i : (u32)i); }
u64 __floatunsidf(unsigned i) { return d_from_u32(0, i); }
u32 __floatdisf(long long i) {
    if (i < 0)
        return f_from_u64(F_SIGN, 0 - (u64)i);
    return f_from_u64(0, (u64)i);
}
u32 __floatundisf(unsigned long long i) { return f_from_u64(0, i); }
/* sign * m for a 32-bit m, rounded to binary32. */
static inline __attribute__((always_inline)) u32 f_from_u32(u32 sign, u32 m) {
    u32 lz;
    if (m == 0)
        return 0;
    lz = (u32)__builtin_clz(m);
    m <<= lz;
    m = (m >> 1) | (m & 1);
    return F_PACK(sign, 158 - (int)lz, F_ROUND(m));
}
u32 __floatsisf(int i) { return f_from_u32((u32)i & F_SIGN, i < 0 ? 0u - (u32)i : (u32)i); }
u32 __floatunsisf(unsigned i) { return f_from_u32(0, i); }

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
