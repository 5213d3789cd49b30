// expect: 4:9: error: in asm text:
int f(int a) {
    int r;
    asm("frobnicate %0 = %1" : "=r"(r) : "r"(a));
    return r;
}
