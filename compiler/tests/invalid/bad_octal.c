// expect: 2:25: error: invalid digit "9" in octal constant
int main(void) { return 019; }
