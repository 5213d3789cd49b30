// expect: 2:1: error: unterminated comment
/* never closed
int main(void) { return 0; }
