/* "+r": read and written. x = 41, add 1 -> 42; in a loop 10 times from 0 -> 10. */
int main(void) {
    int x = 41;
    asm volatile("add %0 = %0, 1" : "+r"(x));
    if (x != 42) return 1;
    int n = 0;
    for (int i = 0; i < 10; i++)
        asm volatile("add %0 = %0, 1" : "+r"(n));
    if (n != 10) return 2;
    return 0;
}
