#include <stdio.h>
static void bubble(int *a, int n) { int i, j; for (i = 0; i < n; i++) for (j = 0; j + 1 < n - i; j++) if (a[j] > a[j + 1]) { int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; } }
static void quick(int *a, int lo, int hi) {
    if (lo >= hi) return;
    int p = a[(lo + hi) / 2], i = lo, j = hi;
    while (i <= j) { while (a[i] < p) i++; while (a[j] > p) j--; if (i <= j) { int t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; } }
    quick(a, lo, j); quick(a, i, hi);
}
int main(void) {
    int a[20], b[20], i; unsigned seed = 12345;
    for (i = 0; i < 20; i++) { seed = seed * 1103515245u + 12345u; a[i] = b[i] = (int)(seed >> 16) % 1000; }
    bubble(a, 20); quick(b, 0, 19);
    int same = 1;
    for (i = 0; i < 20; i++) { printf("%d ", a[i]); if (a[i] != b[i]) same = 0; }
    printf("\n%d\n", same);
    return !same;
}
