#include <stdio.h>
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static int ack(int m, int n) { if (m == 0) return n + 1; if (n == 0) return ack(m - 1, 1); return ack(m - 1, ack(m, n - 1)); }
static int is_even(int n);
static int is_odd(int n) { return n == 0 ? 0 : is_even(n - 1); }
static int is_even(int n) { return n == 0 ? 1 : is_odd(n - 1); }
static int depth(int n) { volatile char pad[64]; pad[0] = (char)n; return n == 0 ? 0 : 1 + depth(n - 1) + pad[0] * 0; }
int main(void) {
    printf("%d %d %d %d %d\n", fib(20), ack(2, 3), is_even(10), is_odd(7), depth(5000));
    return fib(10) % 256;
}
