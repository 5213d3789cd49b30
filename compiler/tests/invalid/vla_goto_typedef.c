// expect: 3:5: error: jump into scope of identifier with variably modified type
int f(int n) {
    goto later;
    typedef int row[n];
    row *p = 0;
later:
    return p != 0;
}
