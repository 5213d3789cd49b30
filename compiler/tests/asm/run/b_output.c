/* "=b": a branch-register output read back as 0 or 1: cmplt (A < B).
   2 < 3 -> 1; 3 < 2 -> 0; -1 < 0 (signed) -> 1. */
static int less(int a, int b) {
    int r;
    asm("cmplt %0 = %1, %2" : "=b"(r) : "r"(a), "r"(b));
    return r;
}
int main(void) {
    if (less(2, 3) != 1) return 1;
    if (less(3, 2) != 0) return 2;
    if (less(-1, 0) != 1) return 3;
    return 0;
}
