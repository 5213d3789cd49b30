// expect: 4:9: error: asm operand number 2 out of range (the statement has 2 operands)
int f(int a) {
    int r;
    asm("mov %0 = %2" : "=r"(r) : "r"(a));
    return r;
}
