// expect: 4:24: error: asm input constraint "3" does not name a register output
int f(int a) {
    int r;
    asm("" : "=r"(r) : "3"(a));
    return r;
}
