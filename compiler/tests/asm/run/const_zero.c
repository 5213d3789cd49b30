/* Constant inputs (0 is $r0 elsewhere) get a register of their own; the
   tied input 0 starts the output at zero: 0 + 5 + 5 = 10. */
int main(void) {
    int r;
    asm("add %0 = %0, %1\n;;\nadd %0 = %0, %1" : "=r"(r) : "r"(5), "0"(0));
    return r == 10 ? 0 : 1;
}
