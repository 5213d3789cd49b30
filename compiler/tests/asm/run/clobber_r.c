/* Clobbered caller-saved registers: the text uses $r20 and r21 as scratch;
   values live across the statement survive. (a+b)*2 via $r20: (3+4)*2 = 14. */
int main(void) {
    int a = 3, b = 4, keep1 = 1000, keep2 = 2000, r;
    asm volatile("" : "+r"(keep1));
    asm volatile("" : "+r"(keep2));
    asm("add $r20 = %1, %2\n;;\nadd $r21 = $r20, $r20\n;;\nmov %0 = $r21"
        : "=r"(r) : "r"(a), "r"(b) : "$r20", "r21");
    if (r != 14) return 1;
    if (keep1 + keep2 != 3000) return 2;
    return 0;
}
