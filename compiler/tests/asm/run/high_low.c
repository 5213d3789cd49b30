/* %H and %L: the high and low words of a 64-bit register operand (its
   register pair, ISA-ST200 §7.2: the low word in the first register).
   0x0000000300000005 -> high 3, low 5; a result built from two words,
   high 7 and low 9 -> 0x0000000700000009; "+r" on a 64-bit value whose
   high word gets 1 added: 0x100000002 -> 0x200000002. */
int main(void) {
    long long v = 0x0000000300000005LL;
    int hi, lo;
    asm("mov %0 = %H2\n\tmov %1 = %L2" : "=r"(hi), "=r"(lo) : "r"(v));
    if (hi != 3) return 1;
    if (lo != 5) return 2;
    long long r;
    asm("mov %L0 = %1\n\tmov %H0 = %2" : "=r"(r) : "r"(9), "r"(7));
    if (r != 0x0000000700000009LL) return 3;
    long long w = 0x100000002LL;
    asm("add %H0 = %H0, 1" : "+r"(w));
    if (w != 0x200000002LL) return 4;
    return 0;
}
