// expect: 2:18: error: inline assembly ('asm' statements) is not supported
int main(void) { __asm__ volatile ("nop"); return 0; }
