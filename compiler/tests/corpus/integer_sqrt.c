#include <stdio.h>
static unsigned isqrt(unsigned n) { unsigned r = 0, b = 1u << 30; while (b > n) b >>= 2; while (b) { if (n >= r + b) { n -= r + b; r = (r >> 1) + b; } else r >>= 1; b >>= 2; } return r; }
static unsigned long long gcd(unsigned long long a, unsigned long long b) { while (b) { unsigned long long t = a % b; a = b; b = t; } return a; }
static int is_prime(int n) { int d; if (n < 2) return 0; for (d = 2; d * d <= n; d++) if (n % d == 0) return 0; return 1; }
int main(void) {
    int i, primes = 0;
    for (i = 0; i < 200; i++) primes += is_prime(i);
    printf("%u %u %u %llu %d\n", isqrt(0), isqrt(99), isqrt(4000000000u), gcd(1071ULL * 1000000007ULL, 462ULL * 1000000007ULL), primes);
    return primes;
}
