/* A template of several bundles and operations in one bundle:
   t = a + b, u = a - b in one bundle; then r = t + u = 2a. a = 21 -> 42. */
int main(void) {
    int a = 21, b = 5, r;
    asm("add $r20 = %1, %2\n\tsub $r21 = %1, %2\n\t;;\n\tadd %0 = $r20, $r21\n\t;;"
        : "=r"(r) : "r"(a), "r"(b) : "r20", "r21");
    return r == 42 ? 0 : 1;
}
