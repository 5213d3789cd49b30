#include <stdio.h>
#include <stdint.h>
int main(void) {
    uint32_t w = 0x11223344;
    uint8_t *b = (uint8_t *)&w;
    printf("%x %x\n", b[0], b[3]);
    int i = -1;
    printf("%u %d %d\n", (unsigned)i, (short)65537, (signed char)0x1ff);
    uintptr_t p = (uintptr_t)&w;
    printf("%d\n", *(uint32_t *)p == w);
    long long ll = (long long)(unsigned)i;
    printf("%lld %lld\n", ll, (long long)i);
    char c = (char)(unsigned char)200;
    printf("%d %d\n", c, (unsigned char)c);
    int v = (int)(char)(i & 0x1ff);
    printf("%d\n", v);
    void *vp = &i; int *ip = vp;
    printf("%d\n", *ip);
    return (int)(uint8_t)258;
}
