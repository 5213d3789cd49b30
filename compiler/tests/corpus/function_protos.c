#include <stdio.h>
int add();
int add(int a, int b) { return a + b; }
static int apply(int (*f)(), int x) { return f(x, 1); }
void noargs(void);
void noargs(void) { puts("noargs"); }
char ret_char(int x) { return x; }
unsigned short ret_us(int x) { return x; }
long long widen(int x) { return x; }
int main(void) {
    printf("%d %d\n", add(2, 3), apply(add, 10));
    noargs();
    printf("%d %d %lld\n", ret_char(300), ret_us(-1), widen(-7));
    int r = old_style(4);
    printf("%d\n", r);
    return 0;
}
int old_style(int x) { return x * 11; }
