/* char and short operands: the output is stored in the object's width.
   mov 0x1234 into a char -> 0x34 (52); into a short 0x12345 -> 0x2345. */
int main(void) {
    unsigned char c;
    unsigned short s;
    asm("mov %0 = %1" : "=r"(c) : "r"(0x1234));
    if (c != 0x34) return 1;
    asm("mov %0 = %1" : "=r"(s) : "r"(0x12345));
    if (s != 0x2345) return 2;
    signed char d = -3;
    int r;
    asm("add %0 = %1, 3" : "=r"(r) : "r"(d));
    if (r != 0) return 3;
    return 0;
}
