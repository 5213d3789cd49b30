/* GNU C local labels (`__label__`) and non-local goto from nested
   functions: out of one and two levels, through qsort, from a recursive
   parent; the parent's locals keep the values they had at the jump. */
#include <stdio.h>
#include <stdlib.h>

static int one_level(int n) {
    __label__ out;
    int seen = 0;
    void walk(int k) {
        seen = k;
        if (k == 3)
            goto out;
    }
    for (int i = 0; i < n; i++)
        walk(i);
    return -1;
out:
    return seen * 10;
}

static int two_levels(void) {
    __label__ done;
    int steps = 0;
    void outer(void) {
        void inner(int k) {
            steps += k;
            if (steps > 20)
                goto done;
        }
        for (int i = 0;; i++)
            inner(i);
    }
    outer();
    return -1;
done:
    return steps;
}

static int from_qsort(void) {
    __label__ bail;
    int calls = 0;
    int cmp(const void *a, const void *b) {
        if (++calls == 2)
            goto bail;
        return *(const char *)a - *(const char *)b;
    }
    char buf[8] = "hgfedcb";
    qsort(buf, 7, 1, cmp);
    return -1;
bail:
    return calls;
}

static int recursive(int n, void (*proc)(void)) {
    __label__ l1;
    int local = n * 2;
    void do_goto(void) { goto l1; }
    if (n == 3)
        return recursive(n - 1, do_goto);
    else if (n > 0)
        return recursive(n - 1, proc);
    proc();
    return -1;
l1:
    return n * 100 + local;
}

/* the same local label name in two statement expressions */
#define FIRST_NEG(a, n) ({ __label__ found; int i_; \
    for (i_ = 0; i_ < (n); i_++) if ((a)[i_] < 0) goto found; i_ = -1; found: ; i_; })

int main(void) {
    int a[5] = { 1, 2, -3, 4, -5 };
    int b[3] = { -1, 2, 3 };
    printf("%d\n", one_level(10));
    printf("%d\n", two_levels());
    printf("%d\n", from_qsort());
    printf("%d\n", recursive(10, 0));
    printf("%d %d\n", FIRST_NEG(a, 5), FIRST_NEG(b, 3));
    return 0;
}
