/* "=r" (x) : "0" (y) and "=r" (a) : "0" (0) as the torture suite writes
   them: opaque copies. */
#include <stdio.h>
int main(void) {
    int a, x, y = 40;
    asm("" : "=r"(a) : "0"(0));
    asm volatile("" : "=r"(x) : "0"(y));
    long long big = 0x123456789LL, big2;
    asm("" : "=r"(big2) : "0"(big));
    printf("%d %d %lld\n", a, x + 2, big2 + 1);
    return a + x;
}
