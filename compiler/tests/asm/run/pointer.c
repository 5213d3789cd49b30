/* Pointer operands: p + 4 bytes is the next int: a[1] = 22. */
int a[3] = {11, 22, 33};
int main(void) {
    int *p = a, *q;
    asm("add %0 = %1, 4" : "=r"(q) : "r"(p));
    if (q != &a[1] || *q != 22) return 1;
    return 0;
}
