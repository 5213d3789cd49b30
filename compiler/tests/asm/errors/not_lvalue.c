// expect: 4:29: error: asm output operand is not an lvalue
int f(int a) {
    int r = 0;
    asm("mov %0 = 1" : "=r"(a + 1));
    return r;
}
