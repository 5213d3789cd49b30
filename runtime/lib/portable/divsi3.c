/* 32-bit division helpers in portable C (libgcc names and semantics):
 * __udivsi3, __umodsi3, __divsi3, __modsi3. Signed division truncates
 * toward zero, the remainder has the sign of the dividend, INT_MIN / -1
 * wraps to INT_MIN (remainder 0); division by zero does not trap (the
 * results are unspecified: here a quotient of all ones and the dividend
 * as remainder).
 *
 * Used instead of lib/divsi3.s on a described machine that lacks the
 * registers or the bundle width that assembly needs (see `runtime_files`
 * in compiler/src/driver/toolchain.rs). Only 32-bit additions, shifts and
 * compares: no division (that would call these very functions), no
 * multiply, no 64-bit arithmetic, so the compiler calls no helper here.
 */

/* Restoring shift-subtract division of a by b: quotient, and the
 * remainder through *rem. */
static unsigned __lcc_udivmod32(unsigned a, unsigned b, unsigned *rem)
{
    unsigned q = 0, r = 0;
    int i;
    for (i = 31; i >= 0; i--) {
        /* r < b before the shift, so r << 1 | bit fits when b < 2^31;
         * when b >= 2^31 the carry out of r says r >= b. */
        unsigned carry = r >> 31;
        r = (r << 1) | ((a >> i) & 1u);
        if (carry || r >= b) {
            r -= b;
            q |= 1u << i;
        }
    }
    *rem = r;
    return q;
}

unsigned __udivsi3(unsigned a, unsigned b)
{
    unsigned r;
    return __lcc_udivmod32(a, b, &r);
}

unsigned __umodsi3(unsigned a, unsigned b)
{
    unsigned r;
    __lcc_udivmod32(a, b, &r);
    return r;
}

int __divsi3(int a, int b)
{
    unsigned ua = a < 0 ? 0u - (unsigned)a : (unsigned)a;
    unsigned ub = b < 0 ? 0u - (unsigned)b : (unsigned)b;
    unsigned r;
    unsigned q = __lcc_udivmod32(ua, ub, &r);
    return (int)((a < 0) != (b < 0) ? 0u - q : q);
}

int __modsi3(int a, int b)
{
    unsigned ua = a < 0 ? 0u - (unsigned)a : (unsigned)a;
    unsigned ub = b < 0 ? 0u - (unsigned)b : (unsigned)b;
    unsigned r;
    __lcc_udivmod32(ua, ub, &r);
    return (int)(a < 0 ? 0u - r : r);
}
