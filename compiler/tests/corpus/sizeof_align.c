#include <stdio.h>
#include <stddef.h>
struct a { char c; int i; };
struct b { char c; long long l; };
struct c { char c; short s; char d; };
struct d { int i; char c[]; };
union e { char c; long long l; int i; };
struct f { char c; struct b inner; char z; };
struct g { char c; int x[0]; };
int main(void) {
    printf("%d %d %d %d %d %d %d\n", (int)sizeof(struct a), (int)sizeof(struct b), (int)sizeof(struct c), (int)sizeof(struct d), (int)sizeof(union e), (int)sizeof(struct f), (int)sizeof(struct g));
    printf("%d %d %d %d\n", (int)__alignof__(struct a), (int)__alignof__(struct b), (int)__alignof__(long long), (int)__alignof__(short));
    printf("%d %d %d\n", (int)offsetof(struct b, l), (int)offsetof(struct f, z), (int)offsetof(struct c, d));
    printf("%d %d %d %d\n", (int)sizeof(char), (int)sizeof(short), (int)sizeof(long), (int)sizeof(void *));
    int arr[10];
    printf("%d %d\n", (int)(sizeof arr / sizeof *arr), (int)sizeof(int (*)[10]));
    return 0;
}
