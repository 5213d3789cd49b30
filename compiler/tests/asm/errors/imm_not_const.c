// expect: 4:43: error: asm input constraint 'i' needs an integer constant
int f(int a) {
    int r;
    asm("add %0 = %0, %1" : "=r"(r) : "i"(a));
    return r;
}
