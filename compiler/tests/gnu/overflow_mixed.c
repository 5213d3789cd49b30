/* __builtin_*_overflow with operands of at most 32 bits and a 64-bit
   result of either signedness: the exact value, wrapped, and whether it
   fits. */
#include <stdio.h>

static void show(const char *what, int ov, unsigned long long bits) {
    printf("%s: %d %08x%08x\n", what, ov, (unsigned)(bits >> 32), (unsigned)bits);
}

int main(void) {
    unsigned long long u;
    long long s;
    volatile unsigned char h = 4;
    volatile int m = -16, big = 0x7fffffff;
    volatile unsigned ub = 0xffffffffu;
    int ov;
    ov = __builtin_mul_overflow((unsigned char)h, m, &u);
    show("uc*int->ull", ov, u);
    ov = __builtin_mul_overflow(h, 16, &u);
    show("pos->ull", ov, u);
    ov = __builtin_mul_overflow(ub, ub, &s);
    show("u*u->ll", ov, (unsigned long long)s);
    ov = __builtin_mul_overflow(ub, 2u, &s);
    show("u*2->ll", ov, (unsigned long long)s);
    ov = __builtin_mul_overflow(big, big, &s);
    show("i*i->ll", ov, (unsigned long long)s);
    ov = __builtin_sub_overflow(0u, ub, &u);
    show("0-u->ull", ov, u);
    ov = __builtin_sub_overflow(0u, ub, &s);
    show("0-u->ll", ov, (unsigned long long)s);
    ov = __builtin_add_overflow(m, big, &u);
    show("i+i->ull", ov, u);
    ov = __builtin_add_overflow(m, -1, &u);
    show("neg->ull", ov, u);
    ov = __builtin_mul_overflow_p(ub, ub, (long long)0);
    printf("p: %d\n", ov);
    return 0;
}
