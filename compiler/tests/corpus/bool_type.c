#include <stdio.h>
#include <stdbool.h>
int main(void) {
    bool a = 5, b = 0, c = 3 > 2;
    _Bool d = (void *)0 == 0;
    bool e = 256;
    int n = a + a + e;
    printf("%d %d %d %d %d %d\n", a, b, c, d, e, n);
    a++; b--;
    printf("%d %d %d\n", a, b, (int)sizeof(bool));
    return 0;
}
