/* asm goto: the text branches to C labels (%l1, %l[neg]: labels are
   numbered after the operands). classify(5) falls through: 1;
   classify(0) -> zero: 0; classify(-3) -> neg: -1. A label used in a
   loop: count the values below 10 among 3, 12, 7, 40 -> 2. */
static int classify(int x) {
    asm goto("cmpeq $b0 = %0, 0\n;;\n\tbr $b0, %l1\n;;\n"
             "\tcmplt $b0 = %0, 0\n;;\n\tbr $b0, %l[neg]\n;;"
             : : "r"(x) : "b0" : zero, neg);
    return 1;
zero:
    return 0;
neg:
    return -1;
}

static int below_ten(const int *v, int n) {
    int k = 0;
    for (int i = 0; i < n; i++) {
        asm goto("cmplt $b1 = %0, 10\n;;\n\tbr $b1, %l1\n;;" : : "r"(v[i]) : "b1" : small);
        continue;
    small:
        k++;
    }
    return k;
}

int main(void) {
    if (classify(5) != 1) return 1;
    if (classify(0) != 0) return 2;
    if (classify(-3) != -1) return 3;
    int v[4] = {3, 12, 7, 40};
    if (below_ten(v, 4) != 2) return 4;
    return 0;
}
