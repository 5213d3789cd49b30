// expect: 2:22: error: a wide string is invalid in this context
int main(void) { asm(L"nop"); return 0; }
