#include <stdio.h>
typedef unsigned char u8;
typedef u8 *u8p;
typedef int arr5[5];
typedef int (*cmpfn)(const void *, const void *);
typedef struct node node_t;
struct node { int v; node_t *next; };
static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
int main(void) {
    u8 x = 250; u8p px = &x;
    arr5 a = { 5, 4, 3, 2, 1 };
    cmpfn f = cmp;
    node_t n2 = { 2, 0 }, n1 = { 1, &n2 };
    *px += 10;
    printf("%d %d %d %d\n", x, (int)sizeof(arr5), f(&a[0], &a[1]), n1.next->v);
    {
        typedef long T;
        T t = 3;
        int T2 = (int)t;
        printf("%d\n", T2);
    }
    typedef int T;
    T T3 = 4;
    printf("%d\n", T3);
    return 0;
}
