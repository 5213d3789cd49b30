#include <stdio.h>
int main(void) {
    int i, j, s = 0;
    for (i = 0; i < 10; i++) { if (i == 3) continue; if (i == 8) break; s += i; }
    printf("%d\n", s);
    i = 0; while (1) { if (++i > 5) break; }
    printf("%d\n", i);
    i = 10; do { i -= 3; } while (i > 0);
    printf("%d\n", i);
    s = 0;
    for (i = 0; i < 5; i++) for (j = 0; j < 5; j++) { if (j > i) break; if ((i + j) & 1) continue; s += i * j; }
    printf("%d\n", s);
    for (int k = 0, m = 10; k < m; k += 2, m--) s += k;
    printf("%d\n", s);
    int n = 0; for (;;) { if (n++ == 7) break; }
    printf("%d\n", n);
    do ; while (0);
    return 0;
}
