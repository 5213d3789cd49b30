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
   - Fast paths (add, sub, mul, div, sqrt in both formats; the 32-bit
     int/float conversions): for normal operands, one block
     of 32-bit integer operations (binary64 on 32-bit halves, with the
     ST231's 32 x 32 -> 64-bit products mul32/mul64hu, ISA-ST200 section
     4.5), the choices written as conditional expressions that lcc turns
     into selects, ended by one test that sends every other case (zero,
     subnormal, infinite or NaN operands, results out of the normal range)
     to the general code below. Details at each routine.
   - Division and square root start from a table estimate of the
     reciprocal (square root) and refine it with Newton's (Goldschmidt's)
     iteration in fixed point, then correct the truncated result with its
     exact remainder (references at each routine).
   - Every helper is inlined and 64-bit shifts by a variable count are done
     on halves, so the routines call nothing and need no stack frame.
   - The general code: operands are unpacked to a sign, a biased exponent
     and a significand with its hidden bit; subnormals are normalised
     first. Results are formed exactly or with the bits shifted out
     collected in a sticky bit, then rounded once to nearest, ties to
     even, using the guard/round/sticky bits below the last kept bit (IEEE
     754-2008 sections 4.3.1 and 7.4/7.5: overflow gives an infinity, tiny
     results are rounded to the subnormal grid, possibly up to the
     smallest normal).
   - General addition aligns the smaller operand with a sticky right
     shift; the product of two 53-bit significands is formed in 128 bits
     from 32-bit pieces; the general binary64 quotient is formed one bit at
     a time by restoring division, the non-zero remainder becoming the
     sticky bit.
   - The general binary32 add, sub, mul and div are computed exactly as
     binary64 operations on the widened operands and then rounded to
     binary32: the double rounding is innocuous since 53 >= 2 * 24 + 2
     (S. A. Figueroa, "When is double rounding innocuous?", SIGNUM
     Newsletter 30(3), 1995), and no binary64 result of two binary32
     operands overflows or underflows.
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

static inline __attribute__((always_inline)) int d_isnan(u64 a) { return (a & ~D_SIGN) > D_EXPM; }
static inline __attribute__((always_inline)) int f_isnan(u32 a) { return (a & ~F_SIGN) > 0x7f800000u; }

/* All helpers below are inlined, and 64-bit shifts by a variable count
   are done on 32-bit halves: so the routines call nothing (no
   __ashldi3/__lshrdi3) and, being leaves, need no stack frame. */

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

/* v >> k for k in [0, 63], on the 32-bit halves. */
static inline __attribute__((always_inline)) u64 d_shr(u64 v, u32 k) {
    u32 h = (u32)(v >> 32), l = (u32)v, s = k & 31, big = k >= 32;
    u32 lo = big ? h >> s : (l >> s) | ((h << 1) << (31 - s));
    u32 hi = big ? 0 : h >> s;
    return ((u64)hi << 32) | lo;
}

/* v << k for k in [0, 63], on the 32-bit halves. */
static inline __attribute__((always_inline)) u64 d_shl(u64 v, u32 k) {
    u32 h = (u32)(v >> 32), l = (u32)v, s = k & 31, big = k >= 32;
    u32 hi = big ? l << s : (h << s) | ((l >> 1) >> (31 - s));
    u32 lo = big ? 0 : l << s;
    return ((u64)hi << 32) | lo;
}

/* Leading zeros of x. The fast paths below compute it before they know
   whether x can be 0 (then the result is not used); lcc's clz gives 32 for
   0 (ISA-ST200 section 4.2), other compilers' __builtin_clz(0) is
   undefined, so they count on x | 1 instead. */
#ifdef __lcc__
#define CLZ(x) ((u32)__builtin_clz(x))
#else
#define CLZ(x) ((u32)__builtin_clz((x) | 1u))
#endif

/* Leading zeros of a non-zero 64-bit value. */
static inline __attribute__((always_inline)) u32 d_clz(u64 v) {
    u32 h = (u32)(v >> 32), l = (u32)v;
    return h ? CLZ(h) : 32 + CLZ(l);
}

/* x >> n, with the bits shifted out or-ed into bit 0. */
static inline __attribute__((always_inline)) u64 shr_sticky(u64 x, int n) {
    if (n <= 0)
        return x;
    if (n >= 64)
        return x != 0;
    return d_shr_sticky(x, (u32)n);
}

static inline __attribute__((always_inline)) int clz64(u64 x) {
    if (x == 0)
        return 64;
    return (int)d_clz(x);
}

/* Rounds and packs a binary64: the value is sig * 2^(e - 1023 - 62), with
   sig's leading one at bit 62 (bits 9..0 are the guard bits and the sticky
   bit). */
static inline __attribute__((always_inline)) u64 d_pack(u64 sign, int e, u64 sig) {
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
static inline __attribute__((always_inline)) u32 f_pack(u32 sign, int e, u64 sig64) {
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
static inline __attribute__((always_inline)) u64 d_unpack(u64 a, int *e) {
    int ex = (int)((a >> 52) & 0x7ff);
    u64 m = a & D_FRAC;
    if (ex == 0) {
        int s = clz64(m) - 11;
        *e = 1 - s;
        return d_shl(m, (u32)s);
    }
    *e = ex;
    return m | D_HIDDEN;
}

static inline __attribute__((always_inline)) u64 d_nan(u64 a, u64 b) {
    if (d_isnan(a))
        return a | D_QUIET;
    return b | D_QUIET;
}

/* ---------------- binary64 arithmetic ---------------- */

/* The general binary64 sum: any operands (the fast path's fallback). */
static inline __attribute__((always_inline)) u64 d_add_slow(u64 a, u64 b) {
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
    return d_pack(sa, ea + 1 - (62 - p), d_shl(m, (u32)(62 - p)));
}


u64 __negdf2(u64 a) { return a ^ D_SIGN; }

/* 64 x 64 -> 128-bit product, from 32-bit pieces. */
static inline __attribute__((always_inline)) u64 mul64(u64 a, u64 b, u64 *lo) {
    u64 a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    u64 mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    *lo = (mid << 32) | (p00 & 0xffffffffu);
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/* The general binary64 product: any operands (the fast path's fallback). */
static inline __attribute__((always_inline)) u64 d_mul_slow(u64 a, u64 b) {
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

/* The general binary64 quotient. */
static inline __attribute__((always_inline)) u64 d_div(u64 a, u64 b) {
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

static inline __attribute__((always_inline)) u64 f_extend(u32 a) {
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
        return sign | ((u64)(1 - s - 127 + 1023) << 52) | (d_shl((u64)m, (u32)s + 29) & D_FRAC);
    }
    return sign | ((u64)(ex - 127 + 1023) << 52) | ((u64)m << 29);
}

static inline __attribute__((always_inline)) u32 d_trunc(u64 a) {
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

u64 __extendsfdf2(u32 a) { return f_extend(a); }
u32 __truncdfsf2(u64 a) { return d_trunc(a); }

/* ---------------- binary32 arithmetic ---------------- */

/* The general binary32 operations, through binary64 (the fast paths'
   fallbacks for zero, subnormal, infinite and NaN operands and results out
   of the normal range). */
static inline __attribute__((always_inline)) u32 f_add_wide(u32 a, u32 b) { return d_trunc(d_add_slow(f_extend(a), f_extend(b))); }
static inline __attribute__((always_inline)) u32 f_mul_wide(u32 a, u32 b) { return d_trunc(d_mul_slow(f_extend(a), f_extend(b))); }
static inline __attribute__((always_inline)) u32 f_div_wide(u32 a, u32 b) { return d_trunc(d_div(f_extend(a), f_extend(b))); }

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

/* a + b for two normal binary32 with a non-zero normal sum. The operand
   of larger magnitude x is chosen by comparing the magnitudes' bit
   patterns; both significands get 6 guard bits (leading one at bit 29);
   the smaller is aligned by a right shift whose lost bits become a sticky
   bit; the sum or difference, normalised with clz to bit 30, is rounded
   once. With 6 guard bits and the sticky bit the rounding is correct: an
   alignment by more than 6 bits (the only one that loses bits) leaves a
   result that needs at most one bit of left normalisation. Everything is
   computed before the one test that sends the rest (zero, subnormal,
   infinite or NaN operands, exact cancellation, results out of the normal
   range) to the general routine: one block for the scheduler, with the
   choices as selects. */
static inline __attribute__((always_inline)) u32 f_add(u32 a, u32 b) {
    u32 ea = (a >> 23) & 0xff, eb = (b >> 23) & 0xff;
    u32 ma = ((a << 6) | 0x20000000u) & 0x3fffffc0u, mb = ((b << 6) | 0x20000000u) & 0x3fffffc0u;
    u32 swap = (b & ~F_SIGN) > (a & ~F_SIGN);
    u32 ex = swap ? eb : ea, ey = swap ? ea : eb, mx = swap ? mb : ma, my = swap ? ma : mb;
    u32 sign = (swap ? b : a) & F_SIGN, d = ex - ey, sh, s, lz, m;
    int e;
    d = d > 31 ? 31 : d;
    sh = my >> d;
    my = sh | ((sh << d) != my);
    s = ((a ^ b) & F_SIGN) ? mx - my : mx + my;
    lz = CLZ(s); /* >= 1: s < 2^31 */
    m = s << (lz - 1);
    e = (int)ex + 2 - (int)lz;
    if (__builtin_expect(F_SPECIAL(ex) | F_SPECIAL(ey) | F_SPECIAL(e) | (s == 0), 0))
        return f_add_wide(a, b);
    return F_PACK(sign, e, F_ROUND(m));
}

u32 __addsf3(u32 a, u32 b) { return f_add(a, b); }
u32 __subsf3(u32 a, u32 b) { return f_add(a, b ^ F_SIGN); }
u32 __negsf2(u32 a) { return a ^ F_SIGN; }

/* Product of two normal binary32: the significands, leading one at bit 31,
   give a 64-bit product in [2^62, 2^64); its high word, shifted right by
   one when it reaches 2^31, has its leading one at bit 30, and the low
   word (and the bit shifted out) make the sticky bit. As in f_add, one
   test at the end sends special operands and results out of the normal
   range to the general routine. */
u32 __mulsf3(u32 a, u32 b) {
    u32 ea = (a >> 23) & 0xff, eb = (b >> 23) & 0xff, hi, lo, n, m;
    u64 p;
    int e;
    p = (u64)((a << 8) | F_SIGN) * ((b << 8) | F_SIGN);
    hi = (u32)(p >> 32);
    lo = (u32)p;
    n = hi >> 31;
    m = (hi >> n) | ((lo | (hi & n)) != 0);
    e = (int)(ea + eb) - 127 + (int)n;
    if (__builtin_expect(F_SPECIAL(ea) | F_SPECIAL(eb) | F_SPECIAL(e), 0))
        return f_mul_wide(a, b);
    return F_PACK((a ^ b) & F_SIGN, e, F_ROUND(m));
}

/* 2^40 / (257 + i), rounded down to a multiple of 2^16, for i = 0..255:
   for a divisor significand B = 2^31 + i 2^23 + ... (leading one at bit
   31) the entry is below 2^63 / B by at most 2^-8 of it (the reciprocal at
   the top of the interval, truncated). Stored shifted, as the iteration
   uses it. */
#define R(x) ((u32)(x) << 16)
static const u32 f_rcp_table[256] = {
    R(65280), R(65027), R(64776), R(64527), R(64280), R(64035), R(63791), R(63550), R(63310), R(63072), R(62836), R(62601),
    R(62368), R(62137), R(61908), R(61680), R(61455), R(61230), R(61008), R(60787), R(60567), R(60349), R(60133), R(59918),
    R(59705), R(59493), R(59283), R(59074), R(58867), R(58661), R(58457), R(58254), R(58052), R(57852), R(57653), R(57456),
    R(57260), R(57065), R(56871), R(56679), R(56488), R(56299), R(56111), R(55924), R(55738), R(55553), R(55370), R(55188),
    R(55007), R(54827), R(54648), R(54471), R(54295), R(54120), R(53946), R(53773), R(53601), R(53430), R(53261), R(53092),
    R(52924), R(52758), R(52593), R(52428), R(52265), R(52103), R(51941), R(51781), R(51622), R(51463), R(51306), R(51150),
    R(50994), R(50840), R(50686), R(50533), R(50382), R(50231), R(50081), R(49932), R(49784), R(49636), R(49490), R(49344),
    R(49200), R(49056), R(48913), R(48770), R(48629), R(48489), R(48349), R(48210), R(48072), R(47934), R(47798), R(47662),
    R(47527), R(47393), R(47259), R(47127), R(46995), R(46863), R(46733), R(46603), R(46474), R(46345), R(46218), R(46091),
    R(45964), R(45839), R(45714), R(45590), R(45466), R(45343), R(45221), R(45100), R(44979), R(44858), R(44739), R(44620),
    R(44501), R(44384), R(44267), R(44150), R(44034), R(43919), R(43804), R(43690), R(43577), R(43464), R(43351), R(43240),
    R(43129), R(43018), R(42908), R(42799), R(42690), R(42581), R(42473), R(42366), R(42259), R(42153), R(42048), R(41943),
    R(41838), R(41734), R(41630), R(41527), R(41425), R(41323), R(41221), R(41120), R(41020), R(40920), R(40820), R(40721),
    R(40622), R(40524), R(40427), R(40329), R(40233), R(40136), R(40041), R(39945), R(39850), R(39756), R(39662), R(39568),
    R(39475), R(39383), R(39290), R(39199), R(39107), R(39016), R(38926), R(38836), R(38746), R(38657), R(38568), R(38479),
    R(38391), R(38304), R(38216), R(38130), R(38043), R(37957), R(37871), R(37786), R(37701), R(37617), R(37532), R(37449),
    R(37365), R(37282), R(37200), R(37117), R(37035), R(36954), R(36873), R(36792), R(36711), R(36631), R(36551), R(36472),
    R(36393), R(36314), R(36235), R(36157), R(36080), R(36002), R(35925), R(35848), R(35772), R(35696), R(35620), R(35544),
    R(35469), R(35394), R(35320), R(35246), R(35172), R(35098), R(35025), R(34952), R(34879), R(34807), R(34735), R(34663),
    R(34592), R(34521), R(34450), R(34379), R(34309), R(34239), R(34169), R(34100), R(34030), R(33961), R(33893), R(33825),
    R(33756), R(33689), R(33621), R(33554), R(33487), R(33420), R(33354), R(33288), R(33222), R(33156), R(33091), R(33026),
    R(32961), R(32896), R(32832), R(32768),
};
#undef R

/* Quotient of two normal binary32, by a reciprocal refined with Newton's
   iteration and a quotient corrected with its exact remainder (the method
   of P. Markstein, "IA-64 and Elementary Functions", 2000, chapter 8, in
   fixed point; the ST231 division of C.-P. Jeannerod, H. Knochel,
   C. Monat, G. Revy, G. Villard, "A new binary floating-point division
   algorithm and its software implementation on the ST231 processor",
   ARITH 2009, evaluates a bivariate polynomial instead).
   - A = ma 2^8 and B = mb 2^8 in [2^31, 2^32); T = 2^31 A / B = (ma / mb)
     2^31 in (2^30, 2^32) is the quotient to find. hi(x y) is the high word
     of the 64-bit product (mul64hu).
   - Y0 <= 2^63 / B from the table, relative error eps0 <= 2^-8 + 2^-16.
     Newton's step Y1 = Y0 + Y0 (1 - B Y0 2^-63): with t = hi(B Y0) ~
     2^31 (1 - eps0), 2^32 (1 - B Y0 2^-63) is -(2t) modulo 2^32. Minus 4
     covers the truncations: Y1 < 2^63 / B, with eps1 = 1 - B Y1 2^-63 <=
     eps0^2 + 5 2^-31 < 2^-15.9.
   - The second step is applied to the quotient instead of the reciprocal
     (one product less on the critical path): q0 = hi(A Y1) <= T (1 - eps1),
     q = q0 + hi(q0 E1) - 3 with E1 = -(2 hi(B Y1)) <= 2^32 eps1 + 2, so
     T - 8 < T (1 - eps1^2) - 6 <= q < T (1 - eps1) (1 + eps1) + 2 - 3 < T.
   - Shifted to 26 bits, Q = floor(ma 2^k / mb) (k = 25, or 26 when
     ma < mb) is q's or one more: the remainder R = ma 2^k - Q mb (exact
     modulo 2^32, 0 <= R < 2 mb) says which; R != 0 is the sticky bit. */
u32 __divsf3(u32 a, u32 b) {
    u32 ea = (a >> 23) & 0xff, eb = (b >> 23) & 0xff, ma, mb, A, B, Y, t, q, lt, k, m, r, c;
    int e;
    A = (a << 8) | F_SIGN;
    B = (b << 8) | F_SIGN;
    ma = A >> 8;
    mb = B >> 8;
    Y = *(const u32 *)((const char *)f_rcp_table + ((b >> 13) & 0x3fc));
    t = (u32)(((u64)B * Y) >> 32);
    Y = (Y - 4) + (u32)(((u64)Y * (0u - (t << 1))) >> 32);
    t = (u32)(((u64)B * Y) >> 32);
    q = (u32)(((u64)A * Y) >> 32);
    q = (q - 3) + (u32)(((u64)q * (0u - (t << 1))) >> 32);
    lt = ma < mb;
    k = 25 + lt;
    q >>= 6 - lt;
    r = (ma << k) - q * mb;
    c = r >= mb;
    q += c;
    r -= c ? mb : 0;
    m = (q << 5) | (r != 0);
    e = (int)ea - (int)eb + 127 - (int)lt;
    if (__builtin_expect(F_SPECIAL(ea) | F_SPECIAL(eb) | F_SPECIAL(e), 0))
        return f_div_wide(a, b);
    return F_PACK((a ^ b) & F_SIGN, e, F_ROUND(m));
}

/* floor(2^16 / sqrt(x)) at the top x = (1 + (j + 1) / 128) 2^p of each
   interval, index (p << 7) | j: an estimate of 1 / sqrt(x) for x in
   [1, 4), from below, within 2^-8 of it. Stored shifted, as the iteration
   uses it. */
#define R(x) ((u32)(x) << 16)
static const u32 f_rsqrt_table[256] = {
    R(65281), R(65029), R(64781), R(64535), R(64292), R(64051), R(63814), R(63579), R(63346), R(63116), R(62889), R(62664),
    R(62441), R(62221), R(62003), R(61787), R(61574), R(61363), R(61154), R(60947), R(60742), R(60539), R(60338), R(60139),
    R(59943), R(59748), R(59555), R(59363), R(59174), R(58987), R(58801), R(58617), R(58434), R(58254), R(58075), R(57897),
    R(57722), R(57548), R(57375), R(57204), R(57035), R(56867), R(56700), R(56535), R(56371), R(56209), R(56048), R(55889),
    R(55731), R(55574), R(55418), R(55264), R(55111), R(54960), R(54809), R(54660), R(54512), R(54366), R(54220), R(54076),
    R(53932), R(53790), R(53649), R(53509), R(53371), R(53233), R(53096), R(52961), R(52826), R(52692), R(52560), R(52428),
    R(52298), R(52168), R(52039), R(51912), R(51785), R(51659), R(51534), R(51410), R(51287), R(51165), R(51043), R(50923),
    R(50803), R(50684), R(50566), R(50449), R(50333), R(50217), R(50102), R(49988), R(49875), R(49763), R(49651), R(49540),
    R(49430), R(49320), R(49212), R(49104), R(48996), R(48890), R(48784), R(48678), R(48574), R(48470), R(48367), R(48264),
    R(48162), R(48061), R(47960), R(47860), R(47761), R(47662), R(47564), R(47466), R(47369), R(47273), R(47177), R(47082),
    R(46987), R(46893), R(46800), R(46707), R(46614), R(46523), R(46431), R(46340), R(46160), R(45983), R(45807), R(45633),
    R(45461), R(45291), R(45123), R(44957), R(44792), R(44630), R(44469), R(44310), R(44153), R(43997), R(43843), R(43690),
    R(43539), R(43390), R(43242), R(43096), R(42951), R(42807), R(42665), R(42525), R(42386), R(42248), R(42111), R(41976),
    R(41842), R(41710), R(41578), R(41448), R(41319), R(41191), R(41065), R(40940), R(40815), R(40692), R(40570), R(40449),
    R(40329), R(40211), R(40093), R(39976), R(39860), R(39746), R(39632), R(39519), R(39407), R(39297), R(39187), R(39078),
    R(38970), R(38862), R(38756), R(38651), R(38546), R(38442), R(38339), R(38237), R(38136), R(38035), R(37936), R(37837),
    R(37739), R(37641), R(37545), R(37449), R(37353), R(37259), R(37165), R(37072), R(36980), R(36888), R(36797), R(36707),
    R(36617), R(36528), R(36440), R(36352), R(36265), R(36179), R(36093), R(36008), R(35923), R(35839), R(35756), R(35673),
    R(35590), R(35509), R(35428), R(35347), R(35267), R(35187), R(35108), R(35030), R(34952), R(34875), R(34798), R(34721),
    R(34645), R(34570), R(34495), R(34421), R(34347), R(34273), R(34200), R(34128), R(34056), R(33984), R(33913), R(33842),
    R(33772), R(33702), R(33633), R(33564), R(33495), R(33427), R(33359), R(33292), R(33225), R(33158), R(33092), R(33027),
    R(32961), R(32896), R(32832), R(32768),
};
#undef R

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
/* The byte offset of x's entry in f_rsqrt_table, from the parity p of the
   unbiased exponent and the 7 bits j of the significand after its leading
   one. */
#define RSQRT_AT(off) (*(const u32 *)((const char *)f_rsqrt_table + (off)))
#define RSQRT_OFF(p, j) ((((p) << 7) | (j)) << 2)

static inline __attribute__((always_inline)) u32 f_sqrt_core(u32 M, int ea, u32 off) {
    u32 p = (u32)(ea + 1) & 1, Y, G, H, Q, m;
    int R, r, c, E = ((ea - 127) >> 1) + 127;
    Y = RSQRT_AT(off);
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

/* The square root of a zero, subnormal, infinite, NaN or negative binary32. */
static u32 f_sqrt_special(u32 a) {
    u32 lz;
    if ((a & ~F_SIGN) > 0x7f800000u)
        return a | 0x00400000u; /* NaN, quieted */
    if ((a & ~F_SIGN) == 0 || a == 0x7f800000u)
        return a; /* +-0, +inf */
    if (a & F_SIGN)
        return F_QNAN | F_SIGN; /* the x86 default NaN */
    lz = CLZ(a); /* subnormal */
    a <<= lz;
    return f_sqrt_core(a, 9 - (int)lz, RSQRT_OFF(lz & 1, (a >> 24) & 0x7f));
}

/* Square root of a binary32 bit pattern, correctly rounded (IEEE 754
   squareRoot: sqrt(-0) = -0, a negative operand gives the default NaN). */
u32 __sqrtsf2(u32 a) {
    u32 ea = a >> 23; /* the sign bit too: a negative goes to the special case */
    /* p = 1 - (ea & 1) and the 7 bits below the hidden one, as an offset */
    u32 r = f_sqrt_core((a << 8) | F_SIGN, (int)ea, ((a >> 14) ^ 0x200) & 0x3fc);
    if (__builtin_expect(F_SPECIAL(ea), 0))
        return f_sqrt_special(a);
    return r;
}

/* ---------------- binary64 fast paths ---------------- */

#define D_SPECIAL(e) ((u32)(e) - 1u >= 0x7feu)

/* Round to nearest even of a significand with its leading one at bit 62
   and 10 bits below the last kept one, as for F_ROUND. */
#define D_ROUND(m) (((m) + 0x1ffu + (((m) >> 10) & 1u)) >> 10)
#define D_PACK(sign, e, r) ((sign) + ((u64)(u32)((e) - 1) << 52) + (r))

/* Sum of two normal binary64, as f_add: significands with 9 guard bits
   (leading one at bit 61), the smaller aligned with a sticky shift, the
   sum normalised to bit 62 and rounded once; one test at the end. */
static inline __attribute__((always_inline)) u64 d_add(u64 a, u64 b) {
    u32 ah = (u32)(a >> 32), bh = (u32)(b >> 32);
    u32 ea = (ah >> 20) & 0x7ff, eb = (bh >> 20) & 0x7ff;
    u64 ma = ((a & D_FRAC) | D_HIDDEN) << 9, mb = ((b & D_FRAC) | D_HIDDEN) << 9;
    u32 swap = (b & ~D_SIGN) > (a & ~D_SIGN);
    u32 ex = swap ? eb : ea, ey = swap ? ea : eb, d = ex - ey, lz;
    u64 mx = swap ? mb : ma, my = swap ? ma : mb, s, m;
    u32 sign = (swap ? bh : ah) & F_SIGN;
    int e;
    my = d_shr_sticky(my, d > 63 ? 63 : d);
    s = ((ah ^ bh) & F_SIGN) ? mx - my : mx + my;
    lz = d_clz(s); /* >= 1: s < 2^63 */
    m = d_shl(s, lz - 1);
    e = (int)ex + 2 - (int)lz;
    if (__builtin_expect(D_SPECIAL(ex) | D_SPECIAL(ey) | D_SPECIAL(e) | (s == 0), 0))
        return d_add_slow(a, b);
    return D_PACK((u64)sign << 32, e, D_ROUND(m));
}

/* The root of a positive binary64 x = M 2^(ea - 1023 - 52) (M's leading
   one at bit 52, ea any biased exponent). As f_sqrt_core, from the top 32
   bits of M: G ~ sqrt(x') 2^30 and H ~ 2^32 / (2 sqrt(x')) within a few
   units of 2^-30. Then one Newton step s = g + (x' - g^2) h, with the
   residual D = x' 2^60 - G^2 exact in 64 bits (small, since g is close),
   gives S ~ sqrt(x') 2^58 within a few units: Q = S >> 3 =
   floor(sqrt(x') 2^55) or a neighbour, corrected with the exact remainder
   x' 2^110 - Q^2 modulo 2^64 (its magnitude is below 2^58). */
static inline __attribute__((always_inline)) u64 d_sqrt_core(u64 M, int ea, u32 off) {
    u32 p = (u32)(ea + 1) & 1, M32 = (u32)(M >> 21), Y, G, H, Dlo, c;
    int R, Dhi, E = ((ea - 1023) >> 1) + 1023;
    long long D, r;
    u64 S, Q;
    Y = RSQRT_AT(off);
    G = (u32)(((u64)M32 * Y) >> 32) >> (1 - p);
    H = Y >> 1;
    R = (int)(0x80000000u - (u32)(((u64)(G << 1) * (H << 1)) >> 32));
    G = G + (u32)(((long long)(int)G * R) >> 32);
    H = H + (u32)(((long long)(int)H * R) >> 32);
    R = (int)(0x80000000u - (u32)(((u64)(G << 1) * (H << 1)) >> 32));
    G = G + (u32)(((long long)(int)G * R) >> 32);
    H = H + (u32)(((long long)(int)H * R) >> 32);
    D = (long long)((p ? M << 9 : M << 8) - (u64)G * G);
    Dhi = (int)(D >> 32);
    Dlo = (u32)D;
    S = ((u64)G << 28) + (u64)(((long long)Dhi * H) >> 2) + (((u64)Dlo * H) >> 34);
    Q = S >> 3;
    r = (long long)((p ? M << 59 : M << 58) - Q * Q);
    c = r < 0;
    Q = c ? Q - 1 : Q;
    r = c ? r + (long long)(2 * Q + 1) : r;
    c = r > (long long)(2 * Q);
    r = c ? r - (long long)(2 * Q + 1) : r;
    Q = Q + c;
    return D_PACK(0, E, D_ROUND((Q << 7) | (r != 0)));
}

/* The square root of a zero, subnormal, infinite, NaN or negative binary64. */
static u64 d_sqrt_special(u64 a) {
    u32 lz;
    u64 aa = a & ~D_SIGN;
    if (aa > D_EXPM)
        return a | D_QUIET; /* NaN, quieted */
    if (aa == 0 || a == D_EXPM)
        return a; /* +-0, +inf */
    if (a & D_SIGN)
        return D_QNAN | D_SIGN; /* the x86 default NaN */
    lz = d_clz(a); /* subnormal: leading one moved to bit 52 */
    a = d_shl(a, lz - 11);
    return d_sqrt_core(a, 12 - (int)lz, RSQRT_OFF((lz + 1) & 1, (u32)(a >> 45) & 0x7f));
}

/* Square root of a binary64 bit pattern, correctly rounded (IEEE 754
   squareRoot: sqrt(-0) = -0, a negative operand gives the default NaN). */
u64 __sqrtdf2(u64 a) {
    u32 ea = (u32)(a >> 52); /* the sign bit too: a negative goes to the special case */
    u64 r = d_sqrt_core((a & D_FRAC) | D_HIDDEN, (int)ea, (((u32)(a >> 32) >> 11) ^ 0x200) & 0x3fc);
    if (__builtin_expect(D_SPECIAL(ea), 0))
        return d_sqrt_special(a);
    return r;
}


/* Quotient of two normal binary64, by long division in two digits with
   the binary32 division's reciprocal (Markstein 2000, chapter 8, in fixed
   point). B = the top 32 bits of mb, Y ~ 2^63 / B ~ 2^84 / mb as in
   __divsf3 (Y2 within [-8, +1] of 2^63 / B: relative error 2^-28).
   N = ma or 2 ma, so that N / mb is in [1, 2).
   - First digit q1 ~ (N / mb) 2^26 from hi((N >> 22) Y) >> 4: the error
     before the shift is below 12 units, so q1 is the exact digit or a
     neighbour; the remainder R1 = N 2^26 - q1 mb (exact modulo 2^64, as
     |R1| < 2 mb < 2^54) corrects it to R1 in [0, mb).
   - Second digit q2 ~ (R1 / mb) 2^28 from hi((R1 >> 21) Y), less 11 (its
     error bound) and shifted by 3: the exact digit or at most 3 below; the
     remainder R2 = R1 2^28 - q2 mb in [0, 4 mb) says by how much, and
     whether the quotient is exact (R2 a multiple of mb: the sticky bit).
   - Q = q1 2^28 + q2 = floor((N / mb) 2^54) has 55 bits; rounded as the
     other routines. */
u64 __divdf3(u64 a, u64 b) {
    u32 ea = (u32)(a >> 52) & 0x7ff, eb = (u32)(b >> 52) & 0x7ff, B, Y, t, h, q1, q2, lt, k;
    u64 ma = (a & D_FRAC) | D_HIDDEN, mb = (b & D_FRAC) | D_HIDDEN, N, R1, R2, mb2, mb3, Q;
    int e;
    lt = ma < mb;
    N = lt ? ma << 1 : ma;
    B = (u32)(mb >> 21);
    Y = *(const u32 *)((const char *)f_rcp_table + ((B >> 21) & 0x3fc));
    t = (u32)(((u64)B * Y) >> 32);
    Y = (Y - 4) + (u32)(((u64)Y * (0u - (t << 1))) >> 32);
    t = (u32)(((u64)B * Y) >> 32);
    Y = (Y - 1) + (u32)(((u64)Y * (0u - (t << 1))) >> 32);
    q1 = (u32)(((u64)(u32)(N >> 22) * Y) >> 32) >> 4;
    R1 = (N << 26) - (u64)q1 * mb;
    k = (long long)R1 < 0;
    q1 -= k;
    R1 += k ? mb : 0;
    k = R1 >= mb;
    q1 += k;
    R1 -= k ? mb : 0;
    h = (u32)(((u64)(u32)(R1 >> 21) * Y) >> 32);
    q2 = (h > 11 ? h - 11 : 0) >> 3;
    R2 = (R1 << 28) - (u64)q2 * mb;
    mb2 = mb << 1;
    mb3 = mb2 + mb;
    q2 += (R2 >= mb) + (R2 >= mb2) + (R2 >= mb3);
    Q = ((u64)q1 << 28) + q2;
    Q = (Q << 8) | ((R2 != 0) & (R2 != mb) & (R2 != mb2) & (R2 != mb3));
    e = (int)ea - (int)eb + 1023 - (int)lt;
    if (__builtin_expect(D_SPECIAL(ea) | D_SPECIAL(eb) | D_SPECIAL(e), 0))
        return d_div(a, b);
    return D_PACK((a ^ b) & D_SIGN, e, D_ROUND(Q));
}

u64 __adddf3(u64 a, u64 b) { return d_add(a, b); }
u64 __subdf3(u64 a, u64 b) { return d_add(a, b ^ D_SIGN); }

/* Product of two normal binary64: significands with their leading one at
   bit 63, the 128-bit product from four 32 x 32 -> 64-bit products, its
   high half in [2^62, 2^64) shifted right by one when it reaches 2^63, the
   low half making the sticky bit; one test at the end. */
u64 __muldf3(u64 a, u64 b) {
    u32 ea = (u32)(a >> 52) & 0x7ff, eb = (u32)(b >> 52) & 0x7ff, n;
    u64 ma, mb, p00, p01, p10, p11, mid, hi, m;
    u32 a0, a1, b0, b1, sticky;
    int e;
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
    if (__builtin_expect(D_SPECIAL(ea) | D_SPECIAL(eb) | D_SPECIAL(e), 0))
        return d_mul_slow(a, b);
    return D_PACK((a ^ b) & D_SIGN, e, D_ROUND(m));
}

/* ---------------- integer conversions ---------------- */

/* sign * mag, rounded to binary64 / binary32. */
static inline __attribute__((always_inline)) u64 d_from_u64(u64 sign, u64 mag) {
    int s;
    if (mag == 0)
        return 0;
    s = clz64(mag);
    /* (mag << s) has its leading one at bit 63 */
    return d_pack(sign, 1086 - s, shr_sticky(d_shl(mag, (u32)s), 1));
}

static inline __attribute__((always_inline)) u32 f_from_u64(u32 sign, u64 mag) {
    int s;
    if (mag == 0)
        return 0;
    s = clz64(mag);
    return f_pack(sign, 190 - s, shr_sticky(d_shl(mag, (u32)s), 1));
}

/* Truncated magnitude of a binary64 and whether it exceeds `limit`. */
static inline __attribute__((always_inline)) u64 d_trunc_mag(u64 a, u64 limit, int *over) {
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
        m = d_shl(m, (u32)sh);
    else
        m = d_shr(m, (u32)-sh);
    if (m > limit)
        *over = 1;
    return m;
}

static inline __attribute__((always_inline)) long long d_to_s64(u64 a, u64 maxpos) {
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

static inline __attribute__((always_inline)) u64 d_to_u64(u64 a, u64 max) {
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

/* -1, 0, 1 for a < b, a == b, a > b; `unordered` if a NaN is involved.
   The sign-magnitude patterns are mapped to integers in the same order
   (a negative one to minus its magnitude, so -0 and +0 both to 0). */
static inline __attribute__((always_inline)) int d_cmp(u64 a, u64 b, int unordered) {
    long long ka, kb;
    if (d_isnan(a) | d_isnan(b))
        return unordered;
    ka = (a & D_SIGN) ? -(long long)(a & ~D_SIGN) : (long long)a;
    kb = (b & D_SIGN) ? -(long long)(b & ~D_SIGN) : (long long)b;
    return (ka > kb) - (ka < kb);
}

static inline __attribute__((always_inline)) int f_cmp(u32 a, u32 b, int unordered) {
    int ka, kb;
    if (f_isnan(a) | f_isnan(b))
        return unordered;
    ka = (a & F_SIGN) ? -(int)(a & ~F_SIGN) : (int)a;
    kb = (b & F_SIGN) ? -(int)(b & ~F_SIGN) : (int)b;
    return (ka > kb) - (ka < kb);
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
