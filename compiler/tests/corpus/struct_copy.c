#include <stdio.h>
struct V { int x, y, z; };
struct Big { char name[16]; struct V v; long long id; };
struct V add(struct V a, struct V b) { struct V r = { a.x + b.x, a.y + b.y, a.z + b.z }; return r; }
struct Big make(const char *n, int k) { struct Big b = { {0}, {k, k * 2, k * 3}, 1000000000000LL + k }; int i; for (i = 0; n[i]; i++) b.name[i] = n[i]; return b; }
int main(void) {
    struct V a = {1, 2, 3}, b = {10, 20, 30};
    struct V c = add(a, b);
    struct V d = c; d.x = 99;
    printf("%d %d %d / %d %d\n", c.x, c.y, c.z, d.x, c.x);
    struct Big g = make("widget", 7), h;
    h = g; h.v.y = -1;
    printf("%s %d %d %lld %d\n", h.name, h.v.x, h.v.y, h.id, g.v.y);
    struct V arr[3] = { a, b, c };
    arr[1] = add(arr[0], arr[2]);
    printf("%d %d %d\n", arr[1].x, arr[1].y, arr[1].z);
    return sizeof(struct Big) == 40 ? 0 : 3;
}
