/* A float in a general register (no FPU registers on the ST231): its bits
   move unchanged; 1.5f is 0x3FC00000 (IEEE 754). */
int main(void) {
    float f = 1.5f, g;
    asm("mov %0 = %1" : "=r"(g) : "r"(f));
    if (g != 1.5f) return 1;
    unsigned bits;
    asm("mov %0 = %1" : "=r"(bits) : "r"(f));
    return bits == 0x3FC00000u ? 0 : 2;
}
