/* "+r" barriers hide constants from the optimiser: the arithmetic is done
   at run time and must match the host's. */
#include <stdio.h>
int main(void) {
    int x = 7, y = -3;
    unsigned u = 0xFFFFFFF0u;
    asm("" : "+r"(x));
    asm("" : "+r"(y));
    asm volatile("" : "+r"(u));
    printf("%d %d %d %u %u\n", x * y, x / y, x % y, u >> 3, u + 17);
    return (x + y) & 0xff;
}
