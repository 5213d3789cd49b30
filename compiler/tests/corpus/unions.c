#include <stdio.h>
union word { unsigned int w; unsigned short h[2]; unsigned char b[4]; };
struct tagged { int kind; union { int i; const char *s; struct { short lo, hi; } pair; }; };
static void show(struct tagged t) {
    if (t.kind == 0) printf("int %d\n", t.i);
    else if (t.kind == 1) printf("str %s\n", t.s);
    else printf("pair %d %d\n", t.pair.lo, t.pair.hi);
}
int main(void) {
    union word w; w.w = 0xA1B2C3D4;
    printf("%x %x %x %x\n", w.h[0], w.h[1], w.b[0], w.b[3]);
    struct tagged a = { 0, { 42 } }, b, c;
    b.kind = 1; b.s = "hello";
    c.kind = 2; c.pair.lo = -1; c.pair.hi = 7;
    show(a); show(b); show(c);
    printf("%d\n", (int)sizeof(struct tagged));
    return 0;
}
