#include <stdio.h>
int foo_v = 5;
#define foo_v foo_v + 1
#define f(x) x * g
#define g f
#define AA BB
#define BB AA
#define EMPTY
#define LPAREN (
#define CALL(fn) fn LPAREN 3 )
#define ID(x) x
#define TWICE(x) ID(x) ID(x)
static int three(int v) { return v; }
int main(void) {
    int AA = 1, BB = 2;
    printf("%d\n", foo_v);
    printf("%d %d\n", AA, BB EMPTY);
    printf("%d\n", CALL(three));
    printf("%d\n", ID(ID(4)) TWICE(+1));
    return 0;
}
