/* scalar_storage_order("big-endian") on structures whose accessed members
   are one byte wide: the members read back as stored, whole copies keep
   the bytes, and zero-initialised wider members stay zero (a
   "little-endian" order is the ST200's own). */
#include <stdio.h>
#include <string.h>

struct be {
    unsigned short pad[1];
    unsigned char a;
    unsigned char b;
    char name[4];
} __attribute__((scalar_storage_order("big-endian")));

struct le {
    unsigned short pad[3];
    unsigned char a;
    unsigned char b;
} __attribute__((scalar_storage_order("little-endian")));

struct outer {
    struct le inner;
    unsigned char tag;
} __attribute__((scalar_storage_order("big-endian")));

static int differ(struct be *x, struct le *y) {
    return (x->a != y->a) || (x->b != y->b);
}

int main(void) {
    struct be x = { .a = 1, .b = 2, .name = "abc" };
    struct le y = { .a = 1, .b = 2 };
    struct be z;
    struct outer o = { { { 0, 7, 0 }, 3, 4 }, 9 };
    z = x;
    z.b += 40;
    unsigned char raw[sizeof x];
    memcpy(raw, &x, sizeof x);
    printf("%d %d %d %s\n", differ(&x, &y), z.a, z.b, z.name);
    printf("%d %d %d %d\n", raw[0], raw[1], raw[2], raw[3]);
    printf("%d %d %d %d\n", o.inner.pad[1], o.inner.a, o.inner.b, o.tag);
    return 0;
}
