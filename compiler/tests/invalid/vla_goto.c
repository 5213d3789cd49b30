// expect: 4:5: error: jump into scope of identifier with variably modified type
int f(int n) {
    if (n > 3)
    goto inside;
    {
        int a[n];
    inside:
        a[0] = 1;
        return a[0];
    }
}
