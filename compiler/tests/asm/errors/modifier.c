// expect: 4:9: error: unsupported operand modifier '%H' in asm template
long long f(long long a) {
    long long r;
    asm("mov %H0 = %H1" : "=r"(r) : "r"(a));
    return r;
}
