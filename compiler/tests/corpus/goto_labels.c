#include <stdio.h>
int find(int *a, int n, int key) {
    int i;
    for (i = 0; i < n; i++)
        if (a[i] == key) goto found;
    return -1;
found:
    return i;
}
int main(void) {
    int a[] = { 4, 8, 15, 16, 23, 42 };
    int i = 0, s = 0;
loop:
    s += a[i];
    if (++i < 6) goto loop;
    printf("%d %d %d\n", s, find(a, 6, 23), find(a, 6, 5));
    { int j = 0; goto inner; back: j += 100; goto out; inner: j += 1; goto back; out: printf("%d\n", j); }
    return 0;
}
