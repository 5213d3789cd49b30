/* "=r" output, two "r" inputs: add $rD = $rA, $rB (ISA-ST200 §4.1).
   40 + 2 = 42; -5 + 3 = -2. */
static int add(int a, int b) {
    int r;
    __asm__("add %0 = %1, %2" : "=r"(r) : "r"(a), "r"(b));
    return r;
}
int main(void) {
    if (add(40, 2) != 42) return 1;
    if (add(-5, 3) != -2) return 2;
    return 0;
}
