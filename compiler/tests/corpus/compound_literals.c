#include <stdio.h>
struct pt { int x, y; };
static int dist2(struct pt p) { return p.x * p.x + p.y * p.y; }
static int sum(const int *a, int n) { int s = 0; while (n--) s += *a++; return s; }
int main(void) {
    struct pt *p = &(struct pt){ 3, 4 };
    printf("%d\n", dist2(*p));
    printf("%d\n", dist2((struct pt){ .y = 2 }));
    printf("%d\n", sum((int[]){ 1, 2, 3, 4, 5 }, 5));
    int i, t = 0;
    for (i = 0; i < 3; i++) { int *q = (int[2]){ i, i * 10 }; t += q[1]; }
    printf("%d\n", t);
    p->x = 6;
    printf("%d\n", p->x + ((struct pt){ 1, 1 }).y);
    return 0;
}
