#include "shared.h"
static int helper(int x) { return x * 2; }
static int count;
const char *greeting = "hi from util";
int twice(int x) { return helper(x); }
int counter_next(void) { return ++count; }
int total_get(void) { return total + 1; }
