// expect: 5:5: error: switch jumps into scope of identifier with variably modified type
int f(int n, int k) {
    switch (k) {
        int a[n];
    case 1:
    case 2:
        a[0] = k;
        return a[0];
    }
    return 0;
}
