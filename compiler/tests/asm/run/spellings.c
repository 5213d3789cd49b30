/* The keyword spellings asm, __asm__, __asm with volatile and
   __volatile__: each adds 1 to x: 0 -> 4. */
int main(void) {
    int x = 0;
    asm("add %0 = %0, 1" : "+r"(x));
    __asm__ __volatile__("add %0 = %0, 1" : "+r"(x));
    __asm volatile("add %0 = %0, 1" : "+r"(x));
    asm __volatile__("add %0 = %0, 1" : "+r"(x));
    return x == 4 ? 0 : 1;
}
