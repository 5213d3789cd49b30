// expect: 2:35: error: 'asm goto' is not supported
int main(void) { __asm__ volatile goto ("goto %l0" : : : : out); out: return 0; }
