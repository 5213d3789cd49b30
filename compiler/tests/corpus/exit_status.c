#include <stdio.h>
#include <stdlib.h>
static void finish(int code) { printf("finishing with %d\n", code); exit(code); }
int main(void) {
    int i;
    for (i = 0; i < 3; i++) printf("step %d\n", i);
    finish(37);
    puts("not reached");
    return 0;
}
