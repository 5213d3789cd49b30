/* "i" and "n" operands are written as numbers: 7 + 35 = 42, and a long
   immediate (§2.4) 7 + 100000 = 100007. */
#define K 100000
int main(void) {
    int a = 7, r, s;
    asm("add %0 = %1, %2" : "=r"(r) : "r"(a), "i"(35));
    if (r != 42) return 1;
    asm("add %0 = %1, %2" : "=r"(s) : "r"(a), "n"(K));
    if (s != 100007) return 2;
    return 0;
}
