/* Pointers laundered through "+r" and "r" (&x): the object is still read
   and written through them. */
#include <stdio.h>
int main(void) {
    int arr[5] = {1, 2, 3, 4, 5};
    int *p = arr;
    asm("" : "+r"(p));
    p[2] = 30;
    asm volatile("" : : "r"(&arr) : "memory");
    int s = 0;
    for (int i = 0; i < 5; i++)
        s += arr[i];
    printf("%d %d\n", s, *p);
    return s;
}
