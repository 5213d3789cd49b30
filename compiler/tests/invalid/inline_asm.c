// expect: 2:41: error: '%l' names no label of this 'asm goto' (labels are numbered after the operands)
int main(void) { __asm__ volatile goto ("goto %l1" : : : : out); out: return 0; }
