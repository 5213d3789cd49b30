/* asm goto with an output (as gcc 11 allows): r = x * 2 on every path,
   and a branch to `seven` when x == 7. f(7) = 14 + 100 = 114,
   f(3) = 6. */
static int f(int x) {
    int r;
    asm goto("add %0 = %1, %1\n\tcmpeq $b0 = %1, 7\n;;\n\tbr $b0, %l2\n;;"
             : "=r"(r) : "r"(x) : "b0" : seven);
    return r;
seven:
    return r + 100;
}
int main(void) {
    if (f(7) != 114) return 1;
    if (f(3) != 6) return 2;
    return 0;
}
