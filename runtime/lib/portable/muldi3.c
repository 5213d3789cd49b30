/* 64-bit multiply and shifts in portable C (libgcc names and semantics):
 *   long long __muldi3(long long a, long long b)
 *   long long __ashldi3(long long a, int n)
 *   long long __ashrdi3(long long a, int n)   (arithmetic)
 *   long long __lshrdi3(long long a, int n)   (logical)
 * Shift counts 0..63 (others are undefined in C; here modulo 64).
 *
 * Used instead of lib/muldi3.s on a described machine that lacks the
 * registers or the bundle width that assembly needs (see `runtime_files`
 * in compiler/src/driver/toolchain.rs). The 64-bit values are taken apart
 * into 32-bit words through a union (ISA-ST200 §1.1: little-endian, the
 * low word first) and only 32-bit operations are used, so the compiler
 * calls no helper here (a 32x32 multiply is inline on every core; the
 * high half of the product is built from 16-bit pieces).
 */

typedef union {
    long long s;
    unsigned long long u;
    unsigned w[2]; /* w[0] low word, w[1] high word */
} __lcc_dw;

/* The 64-bit product of two 32-bit words: low word, high word through *hi. */
static unsigned __lcc_mul32x32(unsigned x, unsigned y, unsigned *hi)
{
    unsigned xl = x & 0xffffu, xh = x >> 16;
    unsigned yl = y & 0xffffu, yh = y >> 16;
    unsigned ll = xl * yl, lh = xl * yh, hl = xh * yl, hh = xh * yh;
    /* ll + (lh + hl) << 16 + hh << 32, with the carries */
    unsigned mid = (ll >> 16) + (lh & 0xffffu) + (hl & 0xffffu);
    *hi = hh + (lh >> 16) + (hl >> 16) + (mid >> 16);
    return (mid << 16) | (ll & 0xffffu);
}

long long __muldi3(long long a, long long b)
{
    __lcc_dw x, y, p;
    unsigned hi;
    x.s = a;
    y.s = b;
    p.w[0] = __lcc_mul32x32(x.w[0], y.w[0], &hi);
    p.w[1] = hi + x.w[1] * y.w[0] + x.w[0] * y.w[1];
    return p.s;
}

/* The shifts are branch-free: m = n mod 32 and a mask `big` of all ones
 * when n >= 32; the bits that cross into the other word are shifted in
 * two steps (by 1, then by 31 - m) so that m = 0 shifts by at most 31. */

long long __ashldi3(long long a, int n)
{
    __lcc_dw x, r;
    unsigned m = (unsigned)n & 31u, big = 0u - (((unsigned)n >> 5) & 1u);
    unsigned lo, hi;
    x.s = a;
    lo = x.w[0] << m;
    hi = (x.w[1] << m) | ((x.w[0] >> 1) >> (31u - m));
    r.w[0] = lo & ~big;
    r.w[1] = (hi & ~big) | (lo & big);
    return r.s;
}

long long __lshrdi3(long long a, int n)
{
    __lcc_dw x, r;
    unsigned m = (unsigned)n & 31u, big = 0u - (((unsigned)n >> 5) & 1u);
    unsigned lo, hi;
    x.s = a;
    hi = x.w[1] >> m;
    lo = (x.w[0] >> m) | ((x.w[1] << 1) << (31u - m));
    r.w[0] = (lo & ~big) | (hi & big);
    r.w[1] = hi & ~big;
    return r.s;
}

long long __ashrdi3(long long a, int n)
{
    __lcc_dw x, r;
    unsigned m = (unsigned)n & 31u, big = 0u - (((unsigned)n >> 5) & 1u);
    unsigned lo, hi, sign;
    x.s = a;
    /* all ones when a is negative (no signed shift needed) */
    sign = 0u - (x.w[1] >> 31);
    hi = (x.w[1] >> m) | ((sign << 1) << (31u - m));
    lo = (x.w[0] >> m) | ((x.w[1] << 1) << (31u - m));
    r.w[0] = (lo & ~big) | (hi & big);
    r.w[1] = (hi & ~big) | (sign & big);
    return r.s;
}
