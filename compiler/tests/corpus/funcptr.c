#include <stdio.h>
typedef int (*binop)(int, int);
static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
struct op { const char *name; binop f; };
static struct op ops[] = { {"add", add}, {"sub", sub}, {"mul", &mul} };
int apply(int (*f)(int, int), int x, int y) { return f(x, y); }
binop pick(int i) { return ops[i].f; }
int main(void) {
    int i, acc = 0;
    for (i = 0; i < 3; i++) {
        int r = ops[i].f(7, 3);
        printf("%s %d %d\n", ops[i].name, r, (*ops[i].f)(2, 5));
        acc += r;
    }
    printf("%d %d\n", apply(sub, 10, 4), pick(2)(6, 7));
    int (*fp[2])(int, int) = { add, mul };
    printf("%d\n", fp[1](fp[0](1, 2), 4));
    printf("%d\n", add == ops[0].f);
    return acc;
}
