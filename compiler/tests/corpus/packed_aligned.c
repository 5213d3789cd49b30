#include <stdio.h>
struct __attribute__((packed)) p1 { char c; int i; short s; };
struct p2 { char c; int i __attribute__((aligned(8))); };
struct p3 { char c; } __attribute__((aligned(16)));
typedef struct { char a; long long b; } __attribute__((packed)) p4;
int main(void) {
    struct p1 v = { 'x', 0x12345678, -2 };
    printf("%d %d %d %d\n", (int)sizeof(struct p1), (int)sizeof(struct p2), (int)sizeof(struct p3), (int)sizeof(p4));
    printf("%c %x %d\n", v.c, v.i, v.s);
    v.i += 1;
    printf("%x\n", v.i);
    p4 q = { 1, 1LL << 50 };
    printf("%lld\n", q.b >> 48);
    return 0;
}
