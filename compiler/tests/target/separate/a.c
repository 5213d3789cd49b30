/* Struct arguments and results across separately compiled objects and
 * through a function pointer (ISA-ST200 §7.2): the caller only knows the
 * callee's prototype. */
#include <stdio.h>
struct small { int a; short b; };
struct big { int v[10]; long long w; };
struct small mk_small(int a, struct small s, int c);
struct big mk_big(struct big b, int k);
long long sum_big(struct big b);
typedef struct small (*small_fn)(int, struct small, int);
small_fn pick(void);

int main(void) {
    struct small s = {5, -3};
    struct small r = mk_small(10, s, 7);
    struct big b;
    for (int i = 0; i < 10; i++) b.v[i] = i * i;
    b.w = 1LL << 35;
    struct big c = mk_big(b, 3);
    small_fn f = pick();
    struct small q = f(1, r, 2);
    printf("%d %d | %d %d %lld | %lld | %d %d\n", r.a, r.b, c.v[0], c.v[9], c.w, sum_big(c), q.a, q.b);
    return r.a + q.b;
}
