/* A constant condition selects its arm when the program is compiled (as
   gcc does at every level): the other arm is emitted only if a label
   reaches it, so the calls of link_error (never defined) below vanish. */
#include <stdio.h>

extern void link_error(void);

static int ok;
static void bar(void) { ok++; }

static void foo(int x) {
    switch (x) {
    case 0:
        if (0) {
            link_error();
    case 1:
            bar();
        }
    }
}

static int side;
static int touch(void) { return ++side; }

int main(void) {
    foo(1);
    foo(0);
    if (0)
        link_error();
    while (0)
        link_error();
    if ((touch(), 0))
        link_error();
    if (1) {
        ok += 10;
    } else {
        link_error();
    }
    for (; 0;)
        link_error();
    do {
        ok += 100;
    } while (0);
    printf("%d %d\n", ok, side);
    return 0;
}
