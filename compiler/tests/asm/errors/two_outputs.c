// expect: 4:34: error: asm with more than one register output is not supported
int f(int a) {
    int r, s;
    asm("mov %0 = %2" : "=r"(r), "=r"(s) : "r"(a));
    return r + s;
}
