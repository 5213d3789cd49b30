/* Two register outputs that are also read: "+r" on both, x = 5 -> 6,
   y = 9 -> 11; "+r" on the second only, y = 40 -> 42 and z = 1 + 40 = 41;
   a matching input "1" gives the second output its first value, 100 ->
   p = 100 + 3 = 103, q = 100 * 2 = 200. */
int main(void) {
    int x = 5, y = 9;
    asm("add %0 = %0, 1\n\tadd %1 = %1, 2" : "+r"(x), "+r"(y));
    if (x != 6) return 1;
    if (y != 11) return 2;
    int z;
    y = 40;
    asm("add %0 = %1, 1\n;;\n\tadd %1 = %1, 2\n;;" : "=&r"(z), "+r"(y));
    if (y != 42) return 3;
    if (z != 41) return 4;
    int p, q;
    asm("add %0 = %2, 3\n\tadd %1 = %2, %2" : "=r"(p), "=r"(q) : "1"(100));
    if (p != 103) return 5;
    if (q != 200) return 6;
    return 0;
}
