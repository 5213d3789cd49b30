#include <stdio.h>
#define DO_PRAGMA(x) _Pragma(#x)
#define LOOP_HINT DO_PRAGMA(unroll 4)
#pragma lcc_unknown_pragma
_Pragma("GCC diagnostic push") int counter = 3;
struct s { int a; _Pragma("pack(1)") int b; };
static int f(int x) {
    int y _Pragma("lcc something") = 2;
    LOOP_HINT for (int i = 0; i < 4; i++) x += i * y;
    return x;
}
_Pragma("GCC diagnostic pop")
int main(void) {
    #pragma GCC diagnostic ignored "-Wunused"
    struct s v = { 1, 2 };
    int y = f(counter) + v.a + v.b;
    printf("%d %d\n", y, (int)sizeof(struct s));
    return 0;
}
