/* A clobbered branch register: cmplt into $b1, then slct on it
   (ISA-ST200 §4.3): max(a, b) = a < b ? b : a. max(3, 9) = 9, max(9, 3) = 9. */
static int max(int a, int b) {
    int r;
    asm("cmplt $b1 = %1, %2\n;;\nslct %0 = $b1, %2, %1" : "=r"(r) : "r"(a), "r"(b) : "b1", "cc");
    return r;
}
int main(void) {
    if (max(3, 9) != 9) return 1;
    if (max(9, 3) != 9) return 2;
    if (max(-4, -8) != -4) return 3;
    return 0;
}
