/* GNU cast to a union type: the union whose member of the operand's type
   holds the value. The host gcc -m32 build gives the expected output. */
#include <stdio.h>

union num { int i; double d; char *s; struct { short a, b; } pair; };
typedef struct { short a, b; } pair_t;

static int kind(union num n, int which) {
    switch (which) {
    case 0: return n.i;
    case 1: return (int)(n.d * 10);
    default: return n.s[1];
    }
}

int main(void) {
    int i = 41;
    double d = 2.5;
    char *s = "xyz";
    union num u = (union num)i;
    printf("%d\n", u.i + 1);
    printf("%d %d %d\n", kind((union num)7, 0), kind((union num)d, 1), kind((union num)s, 2));
    const int ci = 5;
    printf("%d\n", ((union num)ci).i);
    printf("%d\n", ((union num)(i * 2)).i);
    return 0;
}
