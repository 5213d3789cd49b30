// expect: 3:13: error: switch quantity not an integer
int f(double d) {
    switch (d) {
    case 1: return 1;
    }
    return 0;
}
