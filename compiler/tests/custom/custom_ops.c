/* Custom operations of machines/custom.toml (ISA-ST200 §4.10) in a
   DSP-like kernel. With -DCUSTOM_AS_C (the host build, and lcc's
   plain-C build for the cycle comparison) "custom_as_c.h", generated
   by the test from the machine file's expressions, defines each
   __builtin_st200_NAME as a C function computing its expression. */
#include <stdio.h>
#ifdef CUSTOM_AS_C
#include "custom_as_c.h"
#endif

#define N 64

static int xs[N], ys[N];

static unsigned seed = 12345;
static int next(void) {
    seed = seed * 1103515245u + 12345u;
    return (int)(seed >> 1) - 0x40000000;
}

int main(void) {
    int i;
    unsigned sum = 0;
    for (i = 0; i < N; i++) {
        xs[i] = next() >> (i % 17);
        ys[i] = next() >> (i % 13);
    }
    /* edge values */
    xs[0] = 32767; ys[0] = 1;
    xs[1] = -32768; ys[1] = -1;
    xs[2] = 0x7fffffff; ys[2] = 0x7fffffff;
    xs[3] = -0x7fffffff - 1; ys[3] = -1;
    for (i = 0; i < N; i++) {
        int s = __builtin_st200_addsat16(xs[i], ys[i]);
        int d = __builtin_st200_dot2h(xs[i], ys[i]);
        int r = __builtin_st200_rotl(xs[i], ys[i]);
        int c = __builtin_st200_clip8(xs[i] >> 20);
        int e = __builtin_st200_extb(xs[i], 8);
        if (i < 8)
            printf("%d: %d %d %d %d %d\n", i, s, d, r, c, e);
        sum = sum * 31u + (unsigned)s;
        sum = sum * 31u + (unsigned)d;
        sum = sum * 31u + (unsigned)r;
        sum = sum * 31u + (unsigned)c;
        sum = sum * 31u + (unsigned)e;
    }
    /* the hot loop the cycle comparison measures: saturating
       accumulation and dot products */
    {
        int acc = 0, dot = 0, k;
        for (k = 0; k < 200; k++)
            for (i = 0; i < N; i++) {
                acc = __builtin_st200_addsat16(acc, xs[i] >> 16);
                dot += __builtin_st200_dot2h(xs[i], ys[i]);
            }
        printf("acc %d dot %d\n", acc, dot);
        sum = sum * 31u + (unsigned)acc + (unsigned)dot;
    }
    /* constant operands: folded by the compiler */
    printf("const %d %d %d\n", __builtin_st200_addsat16(30000, 30000),
           __builtin_st200_clip8(-5), __builtin_st200_rotl(1, 33));
    printf("sum %u\n", sum);
    return (int)(sum & 0x7f);
}
