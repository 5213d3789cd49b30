/* A 64-bit operand takes two registers; %N names the low word
   (ISA-ST200 §7.2 little-endian pairs). 0x100000005 -> low word 5. */
int main(void) {
    long long v = 0x100000005LL;
    int lo;
    asm("mov %0 = %1" : "=r"(lo) : "r"(v));
    if (lo != 5) return 1;
    long long w = 0x700000000LL;
    asm volatile("" : "+r"(w));
    if (w != 0x700000000LL) return 2;
    return 0;
}
