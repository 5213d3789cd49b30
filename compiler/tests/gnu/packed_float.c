/* Misaligned float and double members of packed structures, read and
   written through pointers (the ST200 traps on a misaligned load, so
   they go byte by byte). The expected output is the host gcc -m32's. */
#include <stdio.h>

struct __attribute__((packed)) pf {
    char c;
    float f;
    double d;
    short s __attribute__((aligned(2), packed));
    double e __attribute__((aligned(2), packed));
};

static __attribute__((noinline)) double sum(struct pf *p) {
    return p->f + p->d + p->e;
}

static __attribute__((noinline)) void set(struct pf *p, float f, double d) {
    p->f = f;
    p->d = d * 2;
    p->e = -d;
}

int main(void) {
    struct pf a[3];
    for (int i = 0; i < 3; i++) {
        a[i].c = (char)i;
        a[i].s = (short)(i * 7);
        set(&a[i], 1.5f * i, 0.25 + i);
    }
    for (int i = 0; i < 3; i++)
        printf("%d %g %g %g %d %g\n", a[i].c, a[i].f, a[i].d, a[i].e, a[i].s, sum(&a[i]));
    printf("%d\n", (int)sizeof(struct pf));
    return 0;
}
