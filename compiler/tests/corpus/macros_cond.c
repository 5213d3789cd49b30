#include <stdio.h>
#define A 2
#define B (A * 3)
#if B == 6 && defined(A) && !defined C
#define OK1 1
#endif
#if (1 ? 2 : 3) == 2 && (-1 < 0) && (0x10 >> 2) == 4 && 'a' == 97
#define OK2 1
#endif
#if 0
#error not reached
#elif A > 5
#define OK3 0
#elif defined A
#define OK3 1
#else
#define OK3 0
#endif
#ifndef OK1
#define OK1 0
#endif
#if -1 > 0u
#define UNS 1
#else
#define UNS 0
#endif
#if __STDC_VERSION__ >= 199901L && __STDC__
#define C99 1
#endif
int main(void) {
    printf("%d %d %d %d %d\n", OK1, OK2, OK3, UNS, C99);
#if defined(__GNUC__) || 1
    puts("gnu-ish");
#endif
    return 0;
}
