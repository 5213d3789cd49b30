#include <stdio.h>
#include "shared.h"
static int helper(int x) { return x + 1000; }
int total;
int main(void) {
    printf("%d %d %d\n", twice(21), helper(1), counter_next());
    counter_next();
    total += 5;
    printf("%d %d %s\n", counter_next(), total_get(), greeting);
    return 0;
}
