/* "=&r": the output is written before the inputs are read, so it has a
   register of its own. r = 0; r += a; r += b: 30 + 12 = 42. Were r in a's
   or b's register, the first mov would destroy an input. */
static int sum(int a, int b) {
    int r;
    asm("mov %0 = 0\n;;\nadd %0 = %0, %1\n;;\nadd %0 = %0, %2" : "=&r"(r) : "r"(a), "r"(b));
    return r;
}
int main(void) {
    if (sum(30, 12) != 42) return 1;
    if (sum(-1, 1) != 0) return 2;
    return 0;
}
