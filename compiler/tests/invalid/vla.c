// expect: 2:44: error: variable length arrays with a variable inner dimension are not supported
int main(int argc, char **argv) { int a[4][argc]; return 0; }
