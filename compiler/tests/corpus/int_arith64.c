#include <stdio.h>
long long fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
int main(void) {
    long long a = 1234567890123LL, b = -98765;
    unsigned long long u = 18446744073709551615ULL;
    printf("%lld %lld %lld %lld\n", a + b, a - b, a * b, a / b);
    printf("%lld %llu %llu\n", a % b, u / 7, u % 1000);
    printf("%lld\n", fact(20));
    printf("%d\n", (int)(a >> 20));
    printf("%d %d\n", a > b, (unsigned long long)b > u / 2);
    long long m = 0x7fffffffffffffffLL;
    printf("%llx %llx\n", m, ~m);
    return (int)(fact(5) - 100);
}
