#include <stdio.h>
#define CAP 8
struct ring { unsigned char buf[CAP]; unsigned head, tail; };
static int put(struct ring *r, unsigned char c) { if (r->head - r->tail == CAP) return 0; r->buf[r->head++ % CAP] = c; return 1; }
static int get(struct ring *r, unsigned char *c) { if (r->head == r->tail) return 0; *c = r->buf[r->tail++ % CAP]; return 1; }
int main(void) {
    struct ring r = { { 0 }, 0, 0 };
    int i, ok = 0, sum = 0; unsigned char c;
    for (i = 0; i < 12; i++) ok += put(&r, (unsigned char)(i * 40));
    while (get(&r, &c)) sum += c;
    printf("%d %d %u %u\n", ok, sum, r.head, r.tail);
    return 0;
}
