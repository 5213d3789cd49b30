#include <stdio.h>
struct flags { unsigned a : 1, b : 3; int c : 4; unsigned : 0; unsigned d : 16; signed char e : 2; };
struct packed_bf { unsigned char x : 4, y : 4; unsigned short z : 9; };
int main(void) {
    struct flags f = { 1, 5, -3, 40000, -1 };
    printf("%u %u %d %u %d\n", f.a, f.b, f.c, f.d, f.e);
    f.b += 4; f.c = 7; f.c++; f.a = 3;
    printf("%u %d %u\n", f.b, f.c, f.a);
    printf("%d %d\n", (int)sizeof(struct flags), (int)sizeof(struct packed_bf));
    struct packed_bf p = { 0xF, 0x3, 511 };
    p.z++;
    printf("%u %u %u\n", p.x, p.y, p.z);
    int v = (f.d = 70000);
    printf("%d %u\n", v, f.d);
    return 0;
}
