/* #pragma pack(N), pack(push, N), pack(pop), pack() and
 * __attribute__((packed)): layout (sizeof, offsetof, alignof) and member
 * access through pointers at any address: loads, stores, compound
 * assignment, ++/--, 64-bit members, arrays of packed structures. */
#include <stdio.h>
#include <stddef.h>

struct natural { char c; int i; short s; long long w; };

#pragma pack(push, 1)
struct p1 { char c; int i; short s; long long w; };
#pragma pack(push, 2)
struct p2 { char c; int i; char d; long long w; };
#pragma pack(pop)
struct p1b { char c; unsigned u; };
#pragma pack(pop)

#pragma pack(4)
struct p4 { char c; long long w; short s; };
#pragma pack()
struct after { char c; long long w; };

struct __attribute__((packed)) ap { char c; int i; unsigned short h; long long w; };
struct outer { char pad; struct ap inner; int tail; };

#pragma pack(push)
#pragma pack(1)
struct nested { char a; struct natural n; char z; };
#pragma pack(pop)

struct __attribute__((packed)) pbits { char c; int x : 20; int y : 12; unsigned z : 7; long long w : 40; };

static void bits_through(struct pbits *b, int k) {
    b->x = -5000 + k;
    b->y = 700 - k;
    b->z = 100;
    b->w = -123456789012LL * k;
    b->x += 3;
    b->y++;
    --b->z;
    b->w -= 7;
}

static void fill(struct p1 *p, int k) {
    p->c = (char)k;
    p->i = k * 100003;
    p->s = (short)(k * 7 - 20000);
    p->w = (long long)k << 36 | 0x12345678;
}

static long long sum(const struct p1 *p, int n) {
    long long t = 0;
    for (int k = 0; k < n; k++) t += p[k].c + p[k].i + p[k].s + (p[k].w >> 4);
    return t;
}

static void bump(struct ap *a) {
    a->i += 5;
    a->h++;
    ++a->h;
    a->w -= 3;
    a->w *= 2;
    a->i <<= 1;
}

int main(void) {
    printf("sizes %d %d %d %d %d %d %d %d %d\n", (int)sizeof(struct natural), (int)sizeof(struct p1),
           (int)sizeof(struct p2), (int)sizeof(struct p1b), (int)sizeof(struct p4),
           (int)sizeof(struct after), (int)sizeof(struct ap), (int)sizeof(struct outer),
           (int)sizeof(struct nested));
    printf("offsets %d %d %d | %d %d %d | %d %d | %d %d | %d %d\n", (int)offsetof(struct p1, i),
           (int)offsetof(struct p1, s), (int)offsetof(struct p1, w), (int)offsetof(struct p2, i),
           (int)offsetof(struct p2, d), (int)offsetof(struct p2, w), (int)offsetof(struct p4, w),
           (int)offsetof(struct p4, s), (int)offsetof(struct outer, inner),
           (int)offsetof(struct outer, tail), (int)offsetof(struct nested, n),
           (int)offsetof(struct nested, z));
    printf("aligns %d %d %d %d %d\n", (int)_Alignof(struct p1), (int)_Alignof(struct p2),
           (int)_Alignof(struct p4), (int)_Alignof(struct after), (int)_Alignof(struct ap));

    struct p1 arr[5];
    for (int k = 0; k < 5; k++) fill(&arr[k], k + 1);
    printf("sum %lld\n", sum(arr, 5));
    printf("%d %d %d %lld\n", arr[3].c, arr[3].i, arr[3].s, arr[3].w);

    static struct outer o;
    o.pad = 1;
    o.inner.c = 2;
    o.inner.i = 1000;
    o.inner.h = 65534;
    o.inner.w = -77;
    o.tail = 9;
    struct ap *ip = &o.inner;
    bump(ip);
    printf("%d %d %u %lld %d\n", ip->c, ip->i, ip->h, ip->w, o.tail);

    unsigned char raw[40];
    for (int k = 0; k < 40; k++) raw[k] = (unsigned char)(k * 37 + 1);
    struct p2 *q = (struct p2 *)(raw + 3);
    printf("%d %d %d %lld\n", q->c, q->i, q->d, q->w);
    q->i = -123456789;
    q->w = 0x0102030405060708LL;
    struct p1b *b = (struct p1b *)(raw + 1);
    b->u = 0xdeadbeefu;
    b->u += 1;
    unsigned h = 0;
    for (int k = 0; k < 40; k++) h = h * 33 + raw[k];
    printf("%d %lld %u %u\n", q->i, q->w, b->u, h);

    struct nested ns = {1, {2, 3, 4, 5}, 6};
    struct nested *np = &ns;
    np->n.i += 40;
    np->n.w = np->n.w * 3 + np->n.i;
    printf("%d %d %d %d %lld %d\n", np->a, np->n.c, np->n.i, np->n.s, np->n.w, np->z);
    static struct pbits pb[3];
    for (int k = 0; k < 3; k++) bits_through(&pb[k], k + 1);
    printf("%d %d %u %lld | %d %d %u %lld | %d\n", pb[0].x, pb[0].y, pb[0].z, (long long)pb[0].w,
           pb[2].x, pb[2].y, pb[2].z, (long long)pb[2].w, (int)sizeof(struct pbits));
    return (int)sizeof(struct p1) + q->d;
}
