// expect: 4:9: error: asm template names no operand 'nope'
int f(int a) {
    int r;
    asm("mov %[out] = %[nope]" : [out] "=r"(r) : [in] "r"(a));
    return r;
}
