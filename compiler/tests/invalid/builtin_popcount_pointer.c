// expect: 3:31: error: argument of '__builtin_popcount' must have an integer type
int f(int *p) {
    return __builtin_popcount(p);
}
