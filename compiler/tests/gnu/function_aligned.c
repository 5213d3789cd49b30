/* __attribute__((aligned(N))) on a function: __alignof__ of the function
   gives N (the largest of its declarations) and its code starts at a
   multiple of N. */
#include <stdio.h>

void f256(void) __attribute__((aligned(256)));
void f256(void) {}

__attribute__((aligned(64))) static int f64(int x) { return x + 1; }

int g(void) __attribute__((aligned(32)));
int g(void) __attribute__((aligned(128)));
int g(void) { return 7; }

int main(void) {
    int (*volatile p)(int) = f64;
    printf("%u %u %u\n", (unsigned)__alignof__(f256), (unsigned)__alignof__(f64),
           (unsigned)__alignof__(g));
    printf("%d %d %d\n", (int)((unsigned long)f256 % 256), (int)((unsigned long)p % 64),
           (int)((unsigned long)g % 128));
    f256();
    printf("%d %d\n", p(41), g());
    return 0;
}
