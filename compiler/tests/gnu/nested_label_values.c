/* The address of a nested function's own label (&&label) and a computed
   goto inside the nested function. */
#include <stdio.h>

static int depth_reached;

int x(int a) {
    __label__ xlab;
    void y(int a) {
        void *p = &&llab;
        if (a == -1)
            goto *p;
        if (a == 0)
            goto xlab;
    llab:
        depth_reached++;
        y(a - 1);
    }
    y(a);
xlab:;
    return a;
}

int pick(int k) {
    int r = 0;
    int step(int i) {
        static void *const table[] = { &&zero, &&one, &&two };
        goto *table[i % 3];
    zero:
        return 100;
    one:
        return 200 + r;
    two:
        r++;
        return 300;
    }
    int s = 0;
    for (int i = 0; i < k; i++)
        s += step(i);
    return s + r;
}

int main(void) {
    void *label = &&out;
    int i = 0;
    void test(void) {
        label = &&out2;
        goto *label;
    out2:;
        i++;
    }
    goto *label;
out:
    i += 2;
    test();
    int r = x(100);
    printf("%d %d %d\n", r, depth_reached, i);
    int p5 = pick(5);
    int p7 = pick(7);
    printf("%d %d\n", p5, p7);
    return 0;
}
