#include <stdio.h>
int main(void) {
    char buf[4] = { (char)0x80, (char)0xff, 0x7f, 0 };
    int i, neg = 0;
    for (i = 0; i < 3; i++) if (buf[i] < 0) neg++;
    printf("%d %d %d %d\n", neg, buf[0], buf[1], buf[0] >> 1);
    unsigned char u = buf[1];
    printf("%d %d\n", u, buf[1] == -1);
    printf("%d\n", (buf[0] & 0xff) + buf[1]);
    return 0;
}
