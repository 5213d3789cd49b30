#include <stdio.h>
int main(void) {
    char c = -1; unsigned char uc = 255; signed char sc = -128;
    int r = 0;
    if (c == -1) r += 1;
    if (uc == 255) r += 2;
    if ((char)uc == -1) r += 4;
    if (c < uc) r += 8;
    if (sc - 1 == -129) r += 16;
    printf("%d %d %d %d\n", c, uc, sc, r);
    printf("%d %d\n", (char)200, (unsigned char)-3);
    return r == 31 ? 0 : 1;
}
