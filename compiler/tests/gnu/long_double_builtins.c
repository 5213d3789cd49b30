/* The long double forms of gcc's math builtins (long double is double on
   the ST200) and <sys/types.h>. The expected output is the host gcc -m32's
   (printed as double, which the host's long double values here equal). */
#include <stdio.h>
#include <sys/types.h>

int main(void) {
    volatile double x = 3.0, y = -0.0;
    ssize_t n = -1;
    off_t o = 7;
    printf("%g %g\n", (double)__builtin_copysignl(x, y), (double)__builtin_fabsl(-x));
    printf("%d %ld\n", (int)n, (long)o);
    return 0;
}
