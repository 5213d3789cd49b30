/* GNU C nested functions: access to the enclosing function's locals and
   parameters by reference, recursion, nesting two deep, calls through
   pointers (trampolines) including from qsort and from a recursive
   parent, struct arguments and results, and a VLA of the parent. */
#include <stdio.h>
#include <stdlib.h>

struct P { int x, y; };

static int apply(int (*f)(int), int v) { return f(v); }

static int counter(int n) {
    int total = 0;
    void add(int k) { total += k; }          /* writes the parent's local */
    for (int i = 1; i <= n; i++)
        add(i);
    return total;
}

static int fact_via_nested(int n) {
    int calls = 0;
    int fact(int k) {                        /* recursion inside a nested function */
        calls++;
        return k <= 1 ? 1 : k * fact(k - 1);
    }
    int r = fact(n);
    return r * 100 + calls;
}

static int two_levels(int base) {
    int a = base;
    int mid(int m) {
        int b = m * 2;
        int inner(int k) { a += k; return a + b + base; }  /* two levels up */
        return inner(m) + inner(1);
    }
    int r = mid(3);
    return r * 1000 + a;
}

static int sort_desc(int *v, int n) {
    int compares = 0;
    int desc(const void *p, const void *q) {
        compares++;
        return *(const int *)q - *(const int *)p;
    }
    qsort(v, n, sizeof *v, desc);            /* the address escapes: a trampoline */
    return compares > 0;
}

static int scaled(int factor) {
    int times(int v) { return v * factor; }
    int (*fp)(int) = times;
    int (*fq)(int) = times;
    return apply(fp, 7) + (fp == fq) * 1000;
}

/* a recursive parent whose nested function's address is passed down:
   every level's pointer sees its own activation's `depth` */
static int rec(int depth, int (*up)(void)) {
    int mine(void) { return depth; }
    if (depth == 0)
        return up();
    int below = rec(depth - 1, mine);
    return below * 10 + (up ? up() : 9);
}

static struct P swap_plus(struct P p, int d) {
    struct P sw(struct P q) { struct P r = { q.y + d, q.x + d }; return r; }
    struct P (*f)(struct P) = sw;
    return f(sw(p));
}

/* a one-dimensional VLA of the parent, indexed in the nested function */
static int vla_sum(int n) {
    int a[n];
    for (int i = 0; i < n; i++)
        a[i] = i * i;
    int sum(void) {
        int s = 0;
        for (int i = 0; i < n; i++)
            s += a[i];
        return s;
    }
    return sum();
}

int main(void) {
    int v[6] = { 4, 9, 1, 7, 3, 8 };
    printf("%d\n", counter(10));
    printf("%d\n", fact_via_nested(5));
    printf("%d\n", two_levels(5));
    printf("%d", sort_desc(v, 6));
    for (int i = 0; i < 6; i++)
        printf(" %d", v[i]);
    printf("\n%d\n", scaled(6));
    printf("%d\n", rec(3, 0));
    struct P p = swap_plus((struct P){ 1, 2 }, 10);
    printf("%d %d\n", p.x, p.y);
    printf("%d\n", vla_sum(5));
    return 0;
}
