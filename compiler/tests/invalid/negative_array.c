// expect: 2:7: error: size of array is negative
int a[-1];
int main(void) { return 0; }
