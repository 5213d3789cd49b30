// expect: 3:9: error: 'asm goto' is not supported
int f(int a) {
    asm goto("goto %l0" : : : : out);
    return 0;
out:
    return 1;
}
