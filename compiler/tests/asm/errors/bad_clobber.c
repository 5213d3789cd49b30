// expect: 3:39: error: unknown register name 'r99' in asm clobbers
void f(void) {
    asm volatile("mov $r20 = 1" : : : "r99");
}
