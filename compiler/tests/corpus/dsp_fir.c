#include <stdio.h>
#define TAPS 8
static const short coef[TAPS] = { 3, -5, 12, 40, 40, 12, -5, 3 };
static int fir(const short *x, int n, int *y) {
    int i, k, acc_max = 0;
    for (i = 0; i + TAPS <= n; i++) {
        int acc = 0;
        for (k = 0; k < TAPS; k++) acc += x[i + k] * coef[k];
        y[i] = acc >> 4;
        if (acc > acc_max) acc_max = acc;
    }
    return acc_max;
}
int main(void) {
    short x[32]; int y[32], i, s = 0;
    for (i = 0; i < 32; i++) x[i] = (short)((i * 37) % 64 - 32);
    int m = fir(x, 32, y);
    for (i = 0; i < 25; i++) s += y[i] * (i + 1);
    printf("%d %d %d\n", m, s, y[10]);
    return 0;
}
