#include <stdio.h>
int calls;
static int f(int x) { calls++; return x; }
int main(void) {
    int a = 3, b = 4;
    int m = a > b ? a : b;
    int z = (f(1), f(2), f(3));
    int r = f(0) && f(1);
    int s = f(1) || f(9);
    int t = 0 ? f(100) : f(5);
    const char *w = a ? "yes" : "no";
    unsigned u = 1 ? -1 : 0u;
    int elvis = a ?: 9;
    printf("%d %d %d %d %d %s %u %d calls=%d\n", m, z, r, s, t, w, u, elvis, calls);
    long long big = b > 2 ? 1LL << 40 : 0;
    printf("%lld\n", big);
    return 0;
}
