// expect: 3:9: error: probability '1.5' is outside the range [0.0, 1.0]
int f(int x, double p) {
    if (__builtin_expect_with_probability(x, 1, 1.5))
        return 1;
    return __builtin_expect_with_probability(x, 0, p);
}
