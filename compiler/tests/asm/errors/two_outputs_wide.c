// expect: 4:34: error: asm with more than one register output is supported for two outputs
long long f(int a) {
    long long r; int s;
    asm("mov %0 = %2" : "=r"(s), "=r"(r) : "r"(a));
    return r + s;
}
