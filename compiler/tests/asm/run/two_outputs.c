/* Two register outputs (the low and high words of one register pair):
   sum and difference in one bundle (operands read at the bundle's start,
   ISA-ST200 §3), a = 7, b = 3 -> s = 10, d = 4; with "=&r" over two
   bundles, a = 20, b = 6 -> 26, 14. */
int main(void) {
    int a = 7, b = 3, s, d;
    asm("add %0 = %2, %3\n\tsub %1 = %2, %3" : "=r"(s), "=r"(d) : "r"(a), "r"(b));
    if (s != 10) return 1;
    if (d != 4) return 2;
    a = 20, b = 6;
    asm("add %0 = %2, %3\n;;\n\tsub %1 = %2, %3\n;;" : "=&r"(s), "=&r"(d) : "r"(a), "r"(b));
    if (s != 26) return 3;
    if (d != 14) return 4;
    /* short and unsigned char outputs: 0x12345 truncated to 16 bits is
       0x2345, 0x1ff to 8 bits is 0xff */
    short h;
    unsigned char c;
    asm("mov %0 = %2\n\tmov %1 = %3" : "=r"(h), "=r"(c) : "r"(0x12345), "r"(0x1ff));
    if (h != 0x2345) return 5;
    if (c != 0xff) return 6;
    return 0;
}
