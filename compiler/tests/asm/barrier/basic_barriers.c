/* Basic asm("") in functions and at file scope, with the other spellings. */
#include <stdio.h>
asm("");
static int twice(int v) {
    asm("");
    __asm__("");
    __asm volatile("");
    return 2 * v;
}
int main(void) {
    int t = twice(21);
    asm volatile("");
    printf("%d\n", t);
    return t;
}
