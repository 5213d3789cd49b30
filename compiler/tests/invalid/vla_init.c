// expect: 3:9: error: variable-sized object may not be initialized
int f(int n) {
    int a[n] = {1, 2};
    return a[0];
}
