#include <stdio.h>
struct pt { int x, y; };
struct rect { struct pt a, b; const char *tag; };
union u { int i; char c[4]; };
int main(void) {
    struct rect r = { .b = { .y = 4, .x = 3 }, .tag = "r", .a.x = 1 };
    int arr[8] = { [2] = 5, 6, [6] = 9, [1 ... 1] = 7 };
    struct pt pts[] = { [2].y = 8, [0] = { 1, 1 } };
    union u v = { .c = { 1, 2, 3, 4 } };
    union u w = { 0x01020304 };
    int i;
    printf("%d %d %d %d %s\n", r.a.x, r.a.y, r.b.x, r.b.y, r.tag);
    for (i = 0; i < 8; i++) printf("%d ", arr[i]);
    printf("\n%d %d %d %d\n", (int)(sizeof pts / sizeof pts[0]), pts[2].y, pts[0].x, pts[1].y);
    printf("%x %d\n", v.i, w.c[0]);
    struct { int a[3]; int b; } nested = { 1, 2, 3, 4 };
    printf("%d %d\n", nested.a[2], nested.b);
    return 0;
}
