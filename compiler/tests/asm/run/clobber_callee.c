/* A clobbered callee-saved register ($r3, ISA-ST200 §7.1) is saved by the
   prologue of the function whose statement clobbers it: main puts 1234 in
   $r3, calls f (whose text writes 99 there), and reads 1234 back. */
__attribute__((noinline)) int f(int x) {
    asm volatile("mov $r3 = 99" : : : "r3");
    return x + 1;
}
int main(void) {
    int r;
    asm volatile("mov $r3 = 1234" : : : "r3");
    int y = f(41);
    asm volatile("mov %0 = $r3" : "=r"(r));
    if (y != 42) return 1;
    if (r != 1234) return 2;
    return 0;
}
