/* __builtin_expect evaluates its second operand (gcc PR 85156), and
   __builtin_constant_p knows string literals and floating constants. The
   expected output is the host gcc -m32's. */
#include <stdio.h>

int x = 1, y = 1;

static __attribute__((noinline)) int foo(int z) {
    if (__builtin_expect(x ? y != 0 : 0, z++))
        return z + 100;
    return z;
}

int main(void) {
    printf("%d\n", foo(10));
    printf("%d %d %d\n", __builtin_constant_p("hi"),
           __builtin_constant_p(1.5), __builtin_constant_p(x));
    return 0;
}
