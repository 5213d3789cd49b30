/* Arithmetic on long long bit-fields wider than int: gcc computes it in
   the field's own width (unsigned long long:40 wraps modulo 2^40), keeps
   that width across operators, and leaves it at a cast or against a plain
   64-bit operand. The expected output is the host gcc -m32's. */
#include <stdio.h>

struct s {
    unsigned long long u33 : 33;
    unsigned long long u40 : 40;
    long long s40 : 40;
    unsigned long long u22 : 22;
};

static void show(const char *what, unsigned long long v) {
    printf("%s %llx\n", what, v);
}

int main(void) {
    struct s x = {0x1FFFFFFFFULL, 0xFFFFFFFFFFULL, -5, 3};
    volatile int one = 1;
    show("u33+1", x.u33 + one);
    show("u40+1", x.u40 + one);
    show("u40+1ull", x.u40 + 1ULL);
    show("u40<<8", x.u40 << 8);
    show("(u40<<8)+(u40>>32)", (x.u40 << 8) + (x.u40 >> 32));
    show("u33*u40", x.u33 * x.u40);
    show("u33+u33", x.u33 + x.u33);
    show("-u40", -x.u40);
    show("~u33", ~x.u33);
    show("cast", (unsigned long long)(x.u40 + one) + 8);
    show("s40-1", x.s40 - one);
    show("s40*3", x.s40 * 3);
    show("-s40", -x.s40);
    show("~s40", ~x.s40);
    show("s40>>1", x.s40 >> 1);
    show("s40+u33", x.s40 + x.u33);
    show("u22-8", x.u22 - 8);
    printf("cmp %d %d\n", x.u40 + one == 0, x.u33 + x.u33 < x.u33);
    printf("pre %d\n", ++x.u33 == 0);
    printf("post %d\n", x.u40-- != 0);
    show("after", x.u40);
    return 0;
}
