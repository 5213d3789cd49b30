/* Two identical volatile statements run twice (never merged), and one in a
   loop of 5 runs 5 times: the counter, incremented in memory by the text,
   goes 0 -> 2 -> 7. */
int count;
#define INC() asm volatile("ldw $r20 = 0[%0]\n;;\nadd $r20 = $r20, 1\n;;\nstw 0[%0] = $r20" : : "r"(&count) : "r20", "memory")
int main(void) {
    INC();
    INC();
    if (count != 2) return 1;
    for (int i = 0; i < 5; i++)
        INC();
    if (count != 7) return 2;
    return 0;
}
