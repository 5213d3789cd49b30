// expect: 4:35: error: unsupported asm constraint 'x' in "x"
int f(int a) {
    int r;
    asm("mov %0 = %1" : "=r"(r) : "x"(a));
    return r;
}
