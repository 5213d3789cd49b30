// expect: 4:25: error: asm output constraint "r" must start with '=' or '+'
int f(int a) {
    int r;
    asm("mov %0 = %1" : "r"(r) : "r"(a));
    return r;
}
