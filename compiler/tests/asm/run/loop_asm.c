/* A statement in a counted loop (the loop is not pipelined or unrolled
   across it): sum of i<<1 for i = 0..9 = 2 * 45 = 90. */
int main(void) {
    int sum = 0;
    for (int i = 0; i < 10; i++) {
        int t;
        asm("shl %0 = %1, 1" : "=r"(t) : "r"(i));
        sum += t;
    }
    return sum == 90 ? 0 : 1;
}
