// expect: 2:1: error: unterminated conditional directive
#ifdef FOO
int main(void) { return 0; }
