/* va_arg of every kind of type: structs and unions of many sizes and
   alignments (1, 2, 3, 5, 8, 12, 40 bytes; a double member makes the
   struct 8-byte aligned, so it starts on an even argument word), mixed
   with int, long long and double, in registers and on the stack; a
   va_list passed to a helper; va_copy. The host gcc -m32 build of this
   file gives the expected output. */
#include <stdarg.h>
#include <stdio.h>

struct c1 { char a; };
struct c2 { short a; };
struct c3 { char a[3]; };
struct c5 { char a[5]; };
struct i2 { int a, b; };
struct d1 { double d; };
struct mix { char c; double d; int i; };
struct big { int a[10]; };
union u { int i; char c[6]; double d; };
struct empty_ish { char pad[1]; };

static void kinds(int n, ...) {
    va_list ap;
    va_start(ap, n);
    for (int k = 0; k < n; k++) {
        int tag = va_arg(ap, int);
        switch (tag) {
        case 0: { int v = va_arg(ap, int); printf("int %d\n", v); break; }
        case 1: { long long v = va_arg(ap, long long); printf("ll %lld\n", v); break; }
        case 2: { double v = va_arg(ap, double); printf("dbl %.3f\n", v); break; }
        case 3: { struct c1 v = va_arg(ap, struct c1); printf("c1 %d\n", v.a); break; }
        case 4: { struct c2 v = va_arg(ap, struct c2); printf("c2 %d\n", v.a); break; }
        case 5: { struct c3 v = va_arg(ap, struct c3); printf("c3 %d %d %d\n", v.a[0], v.a[1], v.a[2]); break; }
        case 6: { struct c5 v = va_arg(ap, struct c5); printf("c5 %d %d\n", v.a[0], v.a[4]); break; }
        case 7: { struct i2 v = va_arg(ap, struct i2); printf("i2 %d %d\n", v.a, v.b); break; }
        case 8: { struct d1 v = va_arg(ap, struct d1); printf("d1 %.3f\n", v.d); break; }
        case 9: { struct mix v = va_arg(ap, struct mix); printf("mix %d %.3f %d\n", v.c, v.d, v.i); break; }
        case 10: {
            struct big v = va_arg(ap, struct big);
            int s = 0;
            for (int i = 0; i < 10; i++) s = s * 3 + v.a[i];
            printf("big %d\n", s);
            break;
        }
        case 11: { union u v = va_arg(ap, union u); printf("u %d\n", v.i); break; }
        /* a member of the va_arg value without a named copy */
        case 12: printf("i2.b %d\n", va_arg(ap, struct i2).b); break;
        }
    }
    va_end(ap);
}

static int sum_i2(va_list ap, int n) {
    int s = 0;
    while (n--) {
        struct i2 v = va_arg(ap, struct i2);
        s += v.a * 10 + v.b;
    }
    return s;
}

static int through(int n, ...) {
    va_list ap, aq;
    va_start(ap, n);
    va_copy(aq, ap);
    int a = sum_i2(ap, n);
    struct i2 first = va_arg(aq, struct i2);
    va_end(aq);
    va_end(ap);
    return a * 100 + first.a;
}

int main(void) {
    struct c1 c1 = {-5};
    struct c2 c2 = {-300};
    struct c3 c3 = {{1, 2, 3}};
    struct c5 c5 = {{9, 8, 7, 6, 5}};
    struct i2 i2 = {11, 22};
    struct d1 d1 = {2.5};
    struct mix mix = {7, -1.25, 99};
    struct big big = {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}};
    union u u;
    u.i = 0x12345;
    /* everything in the registers first, then on the stack */
    kinds(3, 3, c1, 7, i2, 0, 42);
    kinds(4, 0, 1, 9, mix, 1, 1234567890123LL, 8, d1);
    kinds(6, 4, c2, 5, c3, 6, c5, 11, u, 2, 0.125, 10, big);
    kinds(8, 0, 5, 9, mix, 0, 6, 9, mix, 7, i2, 8, d1, 12, i2, 3, c1);
    printf("through %d\n", through(3, i2, (struct i2){1, 2}, (struct i2){3, 4}));
    return 0;
}
