/* asm volatile("" ::: "memory") between stores and loads of globals and of
   an escaped local. */
#include <stdio.h>
int g[4];
static void fill(int *p, int n) {
    for (int i = 0; i < n; i++) {
        p[i] = i * i;
        asm volatile("" ::: "memory");
    }
}
int main(void) {
    int local[4];
    fill(g, 4);
    fill(local, 4);
    __asm__ volatile("" : : : "memory");
    int s = 0;
    for (int i = 0; i < 4; i++)
        s += g[i] + local[i];
    printf("%d\n", s);
    return s;
}
