/* Many values live across a statement that clobbers most caller-saved
   registers ($r16-$r23, $r24-$r30 minus those needed): they live in
   callee-saved registers or on the stack. Sum 1..12 = 78. */
int main(void) {
    volatile int src[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    int v0 = src[0], v1 = src[1], v2 = src[2], v3 = src[3], v4 = src[4], v5 = src[5];
    int v6 = src[6], v7 = src[7], v8 = src[8], v9 = src[9], v10 = src[10], v11 = src[11];
    asm volatile("mov $r16 = 0\n\tmov $r17 = 0\n\tmov $r18 = 0\n\tmov $r19 = 0\n;;\n"
                 "mov $r20 = 0\n\tmov $r21 = 0\n\tmov $r22 = 0\n\tmov $r23 = 0\n;;\n"
                 "mov $r24 = 0\n\tmov $r25 = 0\n\tmov $r26 = 0\n\tmov $r27 = 0\n;;"
                 : : : "r16", "r17", "r18", "r19", "r20", "r21", "r22", "r23",
                   "r24", "r25", "r26", "r27");
    int sum = v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9 + v10 + v11;
    return sum == 78 ? 0 : 1;
}
