/* abs, labs and llabs are builtins, as in gcc: a call computes the
   absolute value inline even where the program defines its own function
   under that name (C99 7.1.3 reserves it); -fno-builtin keeps the call. */
#include <stdio.h>
long long llabs(long long);
int abs(int);
volatile long long a = -5;
volatile int b = -7;
int main(void) {
    printf("%lld %d\n", llabs(a), abs(b));
    return 0;
}
long long llabs(long long x) { return x + 100; }
int abs(int x) { return x + 1000; }
