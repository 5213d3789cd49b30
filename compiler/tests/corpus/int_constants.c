#include <stdio.h>
int main(void) {
    printf("%d %d %d\n", 0x7fffffff, 017, 0b101);
    printf("%u %lu %llu\n", 0xffffffff, 4294967295UL, 0x1ffffffffULL);
    printf("%d %d %d\n", (int)sizeof(2147483647), (int)sizeof(2147483648), (int)sizeof(0x80000000));
    printf("%d %d %d\n", (int)sizeof(1L), (int)sizeof(1LL), (int)sizeof(1u));
    printf("%lld\n", 2147483648 - 1);
    printf("%d\n", 0x80000000 > 0);
    printf("%d\n", -2147483648 < 0);
    printf("%lld %llx\n", 9223372036854775807LL, 0xFEDCBA9876543210ULL);
    return 0;
}
