// expect: 2:25: error: invalid suffix "xyz" on integer constant
int main(void) { return 12xyz; }
