#include <stdio.h>
struct vec { int x, y; };
struct shape { int kind; union { struct { int w, h; }; struct { int r; }; }; struct vec pos; struct { char tag[4]; } meta; };
int main(void) {
    struct shape s = { 1, { { 3, 4 } }, { 5, 6 }, { "ab" } };
    struct shape c; c.kind = 2; c.r = 9; c.pos = s.pos; c.pos.y = -1;
    printf("%d %d %d %d %d %s\n", s.kind, s.w, s.h, s.pos.x, s.pos.y, s.meta.tag);
    printf("%d %d %d %d\n", c.r, c.w, c.pos.x, c.pos.y);
    struct shape *p = &s; p->h *= 10; (*p).pos.x++;
    printf("%d %d %d\n", s.h, s.pos.x, (int)sizeof s);
    return 0;
}
