/* A barrier in a loop keeps the loop a loop (no closed form): sums and a
   running product agree with the host's. */
#include <stdio.h>
int main(void) {
    unsigned sum = 0, prod = 1;
    for (unsigned i = 1; i <= 20; i++) {
        asm("" : "+r"(i));
        sum += i * i;
        prod = prod * (i | 1);
    }
    printf("%u %u\n", sum, prod);
    return sum & 0x7f;
}
