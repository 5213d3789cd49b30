// expect: 4:9: error: unsupported operand modifier '%Z' in asm template (lcc knows '%H' and '%L'
long long f(long long a) {
    long long r;
    asm("mov %Z0 = %Z1" : "=r"(r) : "r"(a));
    return r;
}
