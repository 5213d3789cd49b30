/* x > +inf, +inf < x, x < -inf and -inf > x are false for every x, a NaN
   included, and x is still evaluated for its side effects. */
#include <stdio.h>

static int calls;
static double next(double v) { calls++; return v; }

int main(void) {
    volatile double vals[] = { 1.0, -1.0, __builtin_inf(), -__builtin_inf(), __builtin_nan("") };
    volatile float fv = __builtin_inff();
    int n = 0;
    for (int i = 0; i < 5; i++) {
        double x = vals[i];
        n += x > __builtin_inf();
        n += __builtin_inf() < x;
        n += x < -__builtin_inf();
        n += -__builtin_inf() > x;
        n += next(x) > __builtin_huge_val();
        /* not always false: x <= inf, x >= -inf, x < inf */
        printf("%d %d %d %d\n", n, x <= __builtin_inf(), x >= -__builtin_inf(), x < __builtin_inf());
    }
    printf("%d %d %d\n", fv > __builtin_inff(), fv >= __builtin_inff(), calls);
    return 0;
}
