#include <stdio.h>
int x = 1;
static int get(void) { return x; }
int main(void) {
    int x = 2;
    printf("%d %d\n", x, get());
    {
        int x = 3;
        printf("%d\n", x);
        { extern int x; printf("%d\n", x); }
    }
    for (int x = 10; x < 11; x++) printf("%d\n", x);
    struct x { int x; } sx = { 4 };
    printf("%d %d\n", sx.x, x);
    enum { x_enum = 7 };
    { int y = x_enum; printf("%d\n", y); }
    return 0;
}
