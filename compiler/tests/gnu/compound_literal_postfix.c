/* Postfix operators after a compound literal (C99 6.5.2: a compound
   literal is a postfix-expression). The expected output is the host
   gcc -m32's. */
#include <stdio.h>

struct s { int a, b; };

int main(void) {
    volatile int i = 1;
    int *p = &(int[]){10, 20, 30}[++i];
    printf("%d %d %d\n", (int[]){4, 5, 6}[i], *p, (struct s){7, 8}.b);
    printf("%d\n", (int)sizeof((char[]){1, 2, 3}[0]));
    return 0;
}
