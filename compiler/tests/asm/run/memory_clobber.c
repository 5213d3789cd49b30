/* "memory": the statement may write any memory, so g is loaded again
   after it. g = 1 before; the text stores 5 through &g; b must be 5. */
int g = 1;
int main(void) {
    int a = g;
    asm volatile("stw 0[%0] = %1" : : "r"(&g), "r"(5) : "memory");
    int b = g;
    if (a != 1) return 1;
    if (b != 5) return 2;
    return 0;
}
