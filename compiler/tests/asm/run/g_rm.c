/* "g", "rm" and "mr" operands are taken in registers: 20 + 22 = 42,
   then 42 - 2 = 40. */
int main(void) {
    int a = 20, b = 22, c = 2, r, s;
    asm("add %0 = %1, %2" : "=g"(r) : "g"(a), "rm"(b));
    if (r != 42) return 1;
    asm("sub %0 = %1, %2" : "=rm"(s) : "mr"(r), "g"(c));
    if (s != 40) return 2;
    return 0;
}
