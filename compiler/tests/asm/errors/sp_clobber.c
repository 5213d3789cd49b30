// expect: 3:27: error: asm cannot clobber '$r12' ($r0 is zero, $r12 the stack pointer, ISA-ST200 §1.2, §7.1)
void f(void) {
    asm volatile("" : : : "$r12");
}
