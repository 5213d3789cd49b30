// expect: 4:29: error: asm register operand of type 'struct big' (needs a scalar of at most 8 bytes)
struct big { int a, b, c; };
void f(struct big s) {
    asm volatile("" : : "r"(s));
}
