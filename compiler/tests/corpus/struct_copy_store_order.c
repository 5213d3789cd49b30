/* A struct copied from a local that the `ssa` pass splits into fields
   (all its uses are whole-struct copies, so its fields are 4-byte filler
   pieces) to memory through a pointer, then one member written with a
   narrower or other type: the piece copied over `h` and its padding is
   an `int`-sized store, the member store a `short` (or `float`, `char`)
   one, and the second must stay after the first. The struct copy is a
   copy of bytes (C99 6.5p7 allows it to touch any member), so type-based
   aliasing may not separate them: lcc once scheduled the member store
   first (found by csmith seed 20701882 with floating point). Printed
   through the volatile pointer, so the values are read from memory. */
#include <stdio.h>

struct S { int a; unsigned short h; float f; long long q; signed char c; };

static struct S src = {1, 2, 3.0f, 4, 5};
static struct S dst;
static struct S *volatile p = &dst;

static struct S get(int k) {
    struct S t = src;
    t.a += k;
    return t;
}

int main(void) {
    int bad = 0;
    struct S t = src;
    *p = t;
    dst.h = 7;
    printf("%d %d\n", p->a, p->h);
    bad |= p->h != 7;

    struct S u = src;
    *p = u;
    dst.f = 0.5f;
    dst.c = -3;
    printf("%d %d %g %lld %d\n", p->a, p->h, (double)p->f, p->q, p->c);
    bad |= (p->f != 0.5f || p->c != -3) << 1;

    *p = get(10);
    dst.h = 9;
    dst.q = -1;
    printf("%d %d %g %lld %d\n", p->a, p->h, (double)p->f, p->q, p->c);
    bad |= (p->a != 11 || p->h != 9 || p->q != -1) << 2;
    return bad;
}
