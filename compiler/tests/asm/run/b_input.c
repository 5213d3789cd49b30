/* "b": the operand in a branch register (its value non-zero or zero):
   slct d = b ? x : y. c = 5 -> 11, c = 0 -> 22. */
static int pick(int c, int x, int y) {
    int r;
    asm("slct %0 = %1, %2, %3" : "=r"(r) : "b"(c), "r"(x), "r"(y));
    return r;
}
int main(void) {
    if (pick(5, 11, 22) != 11) return 1;
    if (pick(0, 11, 22) != 22) return 2;
    return 0;
}
