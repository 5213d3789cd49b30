/* The alias attribute: another name of an object or function of the same
   translation unit; a store through one name is seen through the other,
   also by the optimiser. The host gcc -m32 build gives the expected
   output. */
#include <stdio.h>

int table[4] = {1, 2, 3, 4};
extern int other[4] __attribute__((alias("table")));
static int counter = 0;
extern int count_alias __attribute__((alias("counter")));
int twice(int x) { return 2 * x; }
int doubled(int x) __attribute__((alias("twice")));
/* a static function used only through its alias is still emitted */
static int seven(void) { return 7; }
int lucky(void) __attribute__((alias("seven")));

static __attribute__((noinline)) void bump(void) { count_alias++; }

int main(void) {
    int k = 2;
    other[k] = 30;
    table[0] = 10;
    printf("%d %d %d\n", table[2], other[0], &table[1] == &other[1]);
    bump();
    bump();
    printf("%d %d %d\n", counter, doubled(21), lucky());
    return 0;
}
