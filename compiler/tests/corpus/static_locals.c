#include <stdio.h>
static int next_id(void) { static int id = 100; return id++; }
static int *cache(void) { static int buf[4] = { 1, 2, 3, 4 }; return buf; }
int counter(void) { static int n; n += 2; return n; }
int main(void) {
    int a = next_id(), b = next_id(), c = next_id();
    cache()[2] = 30;
    counter(); counter();
    printf("%d %d %d %d %d\n", a, b, c, cache()[2], counter());
    { static const char *msg = "scoped"; printf("%s\n", msg); }
    return 0;
}
