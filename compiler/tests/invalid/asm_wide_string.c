// expect: 2:22: error: wide string literal in 'asm'
int main(void) { asm(L"nop"); return 0; }
