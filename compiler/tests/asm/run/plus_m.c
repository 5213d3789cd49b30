/* "+m": load, add 10, store back, twice: 1 -> 11 -> 21. */
int counter = 1;
static void bump(void) {
    int t;
    asm volatile("ldw %1 = %0\n;;\nadd %1 = %1, 10\n;;\nstw %0 = %1" : "+m"(counter), "=&r"(t));
}
int main(void) {
    bump();
    if (counter != 11) return 1;
    bump();
    return counter == 21 ? 0 : 2;
}
