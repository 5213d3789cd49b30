#include <stdio.h>
static int g;
static void setg(int v) { if (v < 0) return; g = v; }
static int sign(int v) { if (v > 0) return 1; else if (v < 0) return -1; return 0; }
static void nothing(void) { }
int main(void) {
    setg(-5); printf("%d\n", g);
    setg(8); printf("%d\n", g);
    printf("%d %d %d\n", sign(5), sign(-3), sign(0));
    nothing();
    (void)sign(1);
    return g;
}
