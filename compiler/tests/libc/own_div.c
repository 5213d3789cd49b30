/* A program may define a C library name itself: its `div` and `ldiv` win
   over the library's, even though atoi() links the library's member that
   also defines them. */
#include <stdio.h>
#include <stdlib.h>

div_t div(int a, int b)
{
    div_t r;
    r.quot = a + b;
    r.rem = a - b;
    return r;
}

ldiv_t ldiv(long a, long b)
{
    ldiv_t r;
    r.quot = a * b;
    r.rem = -1;
    return r;
}

int main(void)
{
    div_t d = div(7, 2);
    ldiv_t l = ldiv(6, 7);
    printf("%d %d %ld %ld %d\n", d.quot, d.rem, l.quot, l.rem, atoi("42"));
    return 0;
}
