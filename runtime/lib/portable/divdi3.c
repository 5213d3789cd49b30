/* 64-bit division helpers in portable C (libgcc names and semantics):
 * __udivdi3, __umoddi3, __divdi3, __moddi3. Signed division truncates
 * toward zero, the remainder has the sign of the dividend, LLONG_MIN / -1
 * wraps; division by zero does not trap (the results are unspecified).
 *
 * Used instead of lib/divdi3.s on a described machine that lacks the
 * registers or the bundle width that assembly needs (see `runtime_files`
 * in compiler/src/driver/toolchain.rs). The values are taken apart into
 * 32-bit words through a union (ISA-ST200 §1.1: little-endian, the low
 * word first) and only 32-bit additions, shifts and compares are used, so
 * the compiler calls no helper here.
 */

typedef union {
    long long s;
    unsigned long long u;
    unsigned w[2]; /* w[0] low word, w[1] high word */
} __lcc_dw;

/* Restoring shift-subtract division of the words (ah:al) by (bh:bl):
 * quotient in q, remainder in r. */
static void __lcc_udivmod64(const __lcc_dw *a, const __lcc_dw *b, __lcc_dw *q, __lcc_dw *r)
{
    unsigned qh = 0, ql = 0, rh = 0, rl = 0;
    unsigned bh = b->w[1], bl = b->w[0];
    int i;
    for (i = 63; i >= 0; i--) {
        unsigned bit = i >= 32 ? (a->w[1] >> (i - 32)) & 1u : (a->w[0] >> i) & 1u;
        /* r = r << 1 | bit; the bit shifted out says r >= b */
        unsigned carry = rh >> 31;
        unsigned ge;
        rh = (rh << 1) | (rl >> 31);
        rl = (rl << 1) | bit;
        ge = carry || rh > bh || (rh == bh && rl >= bl);
        if (ge) {
            unsigned borrow = rl < bl;
            rl -= bl;
            rh = rh - bh - borrow;
            if (i >= 32)
                qh |= 1u << (i - 32);
            else
                ql |= 1u << i;
        }
    }
    q->w[0] = ql;
    q->w[1] = qh;
    r->w[0] = rl;
    r->w[1] = rh;
}

/* -x of the words of x, in place */
static void __lcc_neg64(__lcc_dw *x)
{
    unsigned lo = 0u - x->w[0];
    x->w[1] = 0u - x->w[1] - (x->w[0] != 0);
    x->w[0] = lo;
}

unsigned long long __udivdi3(unsigned long long a, unsigned long long b)
{
    __lcc_dw x, y, q, r;
    x.u = a;
    y.u = b;
    __lcc_udivmod64(&x, &y, &q, &r);
    return q.u;
}

unsigned long long __umoddi3(unsigned long long a, unsigned long long b)
{
    __lcc_dw x, y, q, r;
    x.u = a;
    y.u = b;
    __lcc_udivmod64(&x, &y, &q, &r);
    return r.u;
}

long long __divdi3(long long a, long long b)
{
    __lcc_dw x, y, q, r;
    unsigned na, nb;
    x.s = a;
    y.s = b;
    na = x.w[1] >> 31;
    nb = y.w[1] >> 31;
    if (na)
        __lcc_neg64(&x);
    if (nb)
        __lcc_neg64(&y);
    __lcc_udivmod64(&x, &y, &q, &r);
    if (na != nb)
        __lcc_neg64(&q);
    return q.s;
}

long long __moddi3(long long a, long long b)
{
    __lcc_dw x, y, q, r;
    unsigned na;
    x.s = a;
    y.s = b;
    na = x.w[1] >> 31;
    if (na)
        __lcc_neg64(&x);
    if (y.w[1] >> 31)
        __lcc_neg64(&y);
    __lcc_udivmod64(&x, &y, &q, &r);
    if (na)
        __lcc_neg64(&r);
    return r.s;
}
