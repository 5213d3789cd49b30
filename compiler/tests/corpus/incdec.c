#include <stdio.h>
int main(void) {
    int i = 5, j;
    j = i++ + ++i;
    printf("%d %d\n", i, j);
    char c = 127; c++; printf("%d\n", c);
    unsigned char uc = 0; uc--; printf("%d\n", uc);
    int a[4] = { 10, 20, 30, 40 }; int *p = a;
    printf("%d ", *p++); printf("%d ", *++p); printf("%d ", (*p)++); printf("%d\n", a[2]);
    long long ll = -1; ll++; printf("%lld\n", ll);
    struct { int n; } s = { 1 }; s.n++; ++s.n; printf("%d\n", s.n);
    return i--;
}
