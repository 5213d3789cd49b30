// expect: 2:30: error: called object is not a function or function pointer
int main(void) { int x = 0; x(); return 0; }
