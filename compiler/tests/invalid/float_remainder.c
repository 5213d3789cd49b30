// expect: 2:28: error: invalid operands to binary % (have 'double' and 'int')
int f(double d) { return d % 2; }
