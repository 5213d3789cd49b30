#include <stdio.h>
int main(void) {
    int a = 10; unsigned u = 7; char c = 100; short s = 1000; long long l = 5;
    a += 5; a -= 3; a *= 4; a /= 5; a %= 7; a <<= 3; a >>= 1; a &= 0x1e; a |= 0x40; a ^= 0xff;
    u -= 10; c += 100; s *= 100; l <<= 40; l |= 3;
    printf("%d %u %d %d %lld\n", a, u, c, s, l);
    unsigned char uc = 200; uc += 100; printf("%d\n", uc);
    int arr[3] = { 1, 2, 3 }; int *p = arr; p += 2; *p *= 10; p -= 1; p[0] += 5;
    printf("%d %d %d\n", arr[0], arr[1], arr[2]);
    c = -7; c /= 2; printf("%d\n", c);
    u = 5; u *= -1; printf("%u\n", u);
    return 0;
}
