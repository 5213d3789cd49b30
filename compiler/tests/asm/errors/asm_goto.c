// expect: 3:34: error: 'asm goto' needs its labels after a fourth ':'
int f(int a) {
    asm goto("goto 1f" : : "r"(a));
    return 0;
}
