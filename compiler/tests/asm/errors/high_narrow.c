// expect: 4:9: error: '%H1' needs a 64-bit operand in general registers (a register pair)
int f(int a) {
    int r;
    asm("mov %0 = %H1" : "=r"(r) : "r"(a));
    return r;
}
