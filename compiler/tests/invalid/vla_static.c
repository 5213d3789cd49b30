// expect: 3:18: error: variable length arrays are supported only for block-scope objects
int f(int n) {
    static int s[n];
    return s[0];
}
