// expect: 3:26: error: wrong type argument to bit-complement
int f(float a, int b) { return a & b; }
int g(double d) { return ~d; }
int h(double d) { return d << 1; }
