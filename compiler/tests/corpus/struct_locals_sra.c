/* Local structs, unions and small arrays accessed field by field (the
   `ssa` pass splits the ones whose address never escapes): padding,
   initialisers, struct assignment, return by value, nested arrays with
   constant indices, loop-carried fields, unions, packed and bit-field
   structs, 64-bit fields, and structs whose address does escape. */
#include <stdio.h>

struct P { int x; short y; char c; };
struct Q { int a[3]; struct P p; };
struct S64 { long long v; int n; };
union U { int i; unsigned char b[4]; short h[2]; };
struct __attribute__((packed)) K { char c; int x; short s; };
struct BF { unsigned lo : 4, mid : 12, hi : 16; int tail; };
struct V4 { short v[4]; };

static struct P make_p(int a) {
    struct P p = {0};
    p.x = a;
    if (a & 1)
        p.c = (char)(a * 3);
    return p;
}

static int sum_p(struct P p) { p.y += 5; return p.x + p.y + p.c; }

static int peek(const struct P *p) { return p->x - p->y; }

static struct S64 acc64(int n) {
    struct S64 s = {1, 0};
    int i;
    for (i = 0; i < n; i++) {
        s.v = s.v * 3 + i;
        s.n += (int)(s.v & 7);
    }
    return s;
}

static int nested(int k) {
    struct Q q;
    q.a[0] = k;
    q.a[1] = k * 2;
    q.a[2] = q.a[0] + q.a[1];
    q.p.x = q.a[2] - 1;
    q.p.y = (short)(k << 4);
    q.p.c = 'a';
    if (k > 3) {
        q.p.x += q.a[1];
        q.a[0] = -q.a[0];
    }
    return q.a[0] + q.p.x + q.p.y + q.p.c;
}

static int loop_fields(int n) {
    struct { int lo, hi; unsigned char cnt; } r = { 1000, -1000, 0 };
    int i;
    for (i = 0; i < n; i++) {
        int v = (i * 37) % 101 - 50;
        if (v < r.lo) r.lo = v;
        if (v > r.hi) r.hi = v;
        r.cnt++;
    }
    return r.hi - r.lo + r.cnt;
}

static int punning(int v) {
    union U u;
    u.i = v;
    return u.b[0] + u.b[3] * 2 + u.h[1];
}

static int packed(int v) {
    struct K k, j;
    k.c = 7;
    k.x = v;
    k.s = -3;
    j = k;
    j.x += 1;
    return j.c + j.x + j.s + k.x;
}

static int bits(int v) {
    struct BF b = { 0 };
    b.lo = v;
    b.mid = v * 5;
    b.hi = b.lo + b.mid;
    b.tail = b.hi - 1;
    return (int)(b.lo + b.mid + b.hi) + b.tail;
}

static int vec4(int a) {
    struct V4 w = { { 1, 2, 3, 4 } }, z;
    w.v[2] = (short)a;
    z = w;
    z.v[0] = (short)(z.v[1] + z.v[3]);
    return z.v[0] * 1000 + z.v[2] * 10 + w.v[0];
}

static int escapes(int a) {
    struct P p = { a, 2, 3 }, q;
    int r = 0;
    q = p;
    q.x += 1;
    if (a > 10)
        r = peek(&p);
    return r + q.x + q.y;
}

int main(void) {
    struct P p1 = make_p(6), p2 = make_p(7), p3;
    p3 = p2;
    p3.y = 9;
    printf("make_p %d %d %d / %d %d %d / %d\n", p1.x, p1.y, p1.c, p2.x, p2.y, p2.c, sum_p(p3));
    struct S64 s = acc64(20);
    printf("acc64 %lld %d\n", s.v, s.n);
    printf("nested %d %d\n", nested(2), nested(5));
    printf("loop %d %d\n", loop_fields(0), loop_fields(57));
    printf("pun %d %d\n", punning(0x01020304), punning(-2));
    printf("packed %d\n", packed(100000));
    printf("bits %d %d\n", bits(3), bits(1000));
    printf("vec4 %d\n", vec4(-8));
    printf("escapes %d %d\n", escapes(4), escapes(40));
    return (nested(1) + loop_fields(10)) & 0x7f;
}
