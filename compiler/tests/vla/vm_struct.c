/* Structures with variably modified members (a GNU extension): sizes and
 * member offsets computed when the declaration is evaluated, each member
 * at the end of the previous one rounded up to its alignment; objects,
 * arrays and pointers of such types, assignment, offsetof with run-time
 * indices, packed records, unions. No 8-byte member (gcc -m32 aligns
 * those to 4 in structures, the ST200 to 8). */
#include <stdio.h>
#include <string.h>
#include <stddef.h>

static unsigned off(const void *base, const void *member)
{
    return (unsigned)((const char *)member - (const char *)base);
}

static void layout(int n)
{
    struct S {
        char c;
        short a[n];
        char d;
        int b;
        char e[n];
    } s;
    /* n = 3: c 0, a 2..7, d 8, b 12..15, e 16..18, size 20 */
    printf("n=%d size %u a %u d %u b %u e %u\n", n, (unsigned)sizeof(struct S),
           off(&s, s.a), off(&s, &s.d), off(&s, &s.b), off(&s, s.e));
    printf("offsetof b %u e[2] %u\n", (unsigned)offsetof(struct S, b),
           (unsigned)offsetof(struct S, e[n - 1]));
    s.c = 'c';
    s.d = 'd';
    s.b = 1000 + n;
    for (int i = 0; i < n; i++) {
        s.a[i] = (short)(i * 11);
        s.e[i] = (char)('A' + i);
    }
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += s.a[i] + s.e[i];
    printf("%c %c %d %d\n", s.c, s.d, s.b, sum);
}

static void packed(int n)
{
    struct P {
        int i[n];
        unsigned int b : 1;
        int i2;
        char tail;
    } __attribute__((packed)) p;
    /* n = 2: i 0..7, b in byte 8, i2 9..12, tail 13, size 14 */
    p.b = 1;
    p.i2 = 0x12345678;
    p.tail = 7;
    for (int k = 0; k < n; k++)
        p.i[k] = k;
    printf("packed size %u i2 %u tail %u: %u %x %d\n", (unsigned)sizeof p,
           off(&p, &p.i2), off(&p, &p.tail), p.b, p.i2, p.tail);
}

static void arrays_and_pointers(int n)
{
    struct R { int k; char w[n]; } r[3], *q = r;
    /* n = 5: k 0..3, w 4..8, size 12 */
    printf("R size %u array %u\n", (unsigned)sizeof(struct R), (unsigned)sizeof r);
    for (int i = 0; i < 3; i++) {
        r[i].k = i;
        memset(r[i].w, 'a' + i, n);
    }
    q[2] = q[0];
    struct R t;
    t = *(q + 1);
    printf("%d %c %d %c %u\n", q[2].k, q[2].w[n - 1], t.k, t.w[0],
           off(&r[0], &r[2]));
    typedef struct { int c[n + 2]; } T;
    n++;
    printf("T size %u\n", (unsigned)sizeof(T));
}

static void unions(int n)
{
    union U { char c[n]; int i; short s[3]; } u;
    /* n = 9: 9 rounded up to 4 -> 12; n = 2: the short[3] -> 6 -> 8 */
    u.i = 0;
    printf("union %u\n", (unsigned)sizeof u);
}

static void aligned_member(int size)
{
    struct A {
        __attribute__((aligned(16))) struct B { short c; } a[size];
        int b[size];
    } s;
    /* size = 3: a 0..5, b 8..19, size 32 (aligned 16) */
    printf("A size %u b %u aligned %d\n", (unsigned)sizeof s, off(&s, s.b),
           (int)(((unsigned)(size_t)&s) % 16));
    for (int i = 0; i < size; i++) {
        s.a[i].c = 0x1234;
        s.b[i] = i;
    }
    int ok = 1;
    for (int i = 0; i < size; i++)
        ok &= s.a[i].c == 0x1234 && s.b[i] == i;
    printf("ok %d\n", ok);
}

int main(void)
{
    layout(3);
    layout(1);
    packed(2);
    arrays_and_pointers(5);
    unions(9);
    unions(2);
    aligned_member(3);
    return 0;
}
