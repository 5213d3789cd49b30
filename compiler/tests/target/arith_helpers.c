/* Division, modulo, 64-bit multiply and shifts on boundary values: the
 * back end calls the runtime helpers (__divsi3 … __lshrdi3); the results
 * must equal the host's. volatile keeps the operations at run time. */
#include <stdio.h>
#include <limits.h>

int main(void) {
    volatile int si[] = {0, 1, -1, 2, -2, 7, -7, 16, 1000003, INT_MAX, INT_MIN, INT_MIN + 1};
    volatile unsigned su[] = {0u, 1u, 2u, 3u, 16u, 0x80000000u, 0xFFFFFFFFu, 0x7FFFFFFFu, 123456789u};
    unsigned n = sizeof si / sizeof si[0], m = sizeof su / sizeof su[0];
    unsigned long long h = 0;
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = 0; j < n; j++) {
            int a = si[i], b = si[j];
            if (b == 0 || (a == INT_MIN && b == -1)) continue;
            h = h * 31 + (unsigned)(a / b);
            h = h * 31 + (unsigned)(a % b);
        }
    printf("int %llu\n", h);
    h = 0;
    for (unsigned i = 0; i < m; i++)
        for (unsigned j = 0; j < m; j++) {
            unsigned a = su[i], b = su[j];
            if (b == 0) continue;
            h = h * 31 + a / b;
            h = h * 31 + a % b;
        }
    printf("unsigned %llu\n", h);
    volatile long long sl[] = {0, 1, -1, 3, -3, 1LL << 32, -(1LL << 32), 1000000007LL, 0x7FFFFFFFFFFFFFFFLL, -0x7FFFFFFFFFFFFFFFLL - 1, 123456789012345LL};
    unsigned k = sizeof sl / sizeof sl[0];
    h = 0;
    for (unsigned i = 0; i < k; i++)
        for (unsigned j = 0; j < k; j++) {
            long long a = sl[i], b = sl[j];
            h = h * 31 + (unsigned long long)(a * b);
            h = h * 31 + (unsigned long long)(a + b) + (unsigned long long)(a - b);
            if (b == 0 || (a == (-0x7FFFFFFFFFFFFFFFLL - 1) && b == -1)) continue;
            h = h * 31 + (unsigned long long)(a / b);
            h = h * 31 + (unsigned long long)(a % b);
            unsigned long long ua = (unsigned long long)a, ub = (unsigned long long)b;
            h = h * 31 + ua / ub + ua % ub;
        }
    printf("long long %llu\n", h);
    h = 0;
    for (unsigned i = 0; i < k; i++)
        for (volatile int s = 0; s < 64; s += 7) {
            long long a = sl[i];
            h = h * 31 + (unsigned long long)(a << s);
            h = h * 31 + (unsigned long long)(a >> s);
            h = h * 31 + ((unsigned long long)a >> s);
        }
    printf("shifts %llu\n", h);
    return 0;
}
