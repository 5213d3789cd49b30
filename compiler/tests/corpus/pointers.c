#include <stdio.h>
static void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
int main(void) {
    int arr[6] = { 1, 2, 3, 4, 5, 6 };
    int *p = arr, *q = arr + 5;
    while (p < q) swap(p++, q--);
    int i;
    for (i = 0; i < 6; i++) printf("%d ", arr[i]);
    printf("\n%d %d\n", (int)(q - p), (int)(&arr[5] - &arr[1]));
    int **pp = &p; **pp = 100;
    printf("%d %d\n", arr[3], *(arr + 2));
    char buf[8]; char *c = buf;
    *c++ = 'o'; *c++ = 'k'; *c = 0;
    printf("%s %d\n", buf, (int)(c - buf));
    void *v = arr; int *back = v;
    printf("%d %d\n", back[0], 3[arr]);
    long long ll[3] = { 1, 2, 3 }; long long *lp = ll;
    lp += 2;
    printf("%lld %d\n", *lp, (int)((char *)lp - (char *)ll));
    return p == q;
}
