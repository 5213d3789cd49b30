// expect: 4:43: error: asm with more than one register output is supported for two outputs
int f(int a) {
    int r, s, t;
    asm("mov %0 = %3" : "=r"(r), "=r"(s), "=r"(t) : "r"(a));
    return r + s + t;
}
