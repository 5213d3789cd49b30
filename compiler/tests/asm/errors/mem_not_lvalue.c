// expect: 3:29: error: asm memory input ('m') is not an lvalue
void f(int a) {
    asm volatile("" : : "m"(a + 1));
}
