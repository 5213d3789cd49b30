// expect: 2:41: error: variable length arrays are not supported
int main(int argc, char **argv) { int a[argc]; return 0; }
