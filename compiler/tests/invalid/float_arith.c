// expect: 2:29: error: floating point is not supported yet
int main(void) { double d = 1.5; return d * 2; }
