// expect: 3:14: error: '%l' names no label of this 'asm goto' (labels are numbered after the operands)
int f(int a) {
    asm goto("goto %l0" : : "r"(a) : : out);
    return 0;
out:
    return 1;
}
