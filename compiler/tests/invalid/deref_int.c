// expect: 2:36: error: invalid type argument of unary '*' (have 'int')
int main(void) { int a = 0; return *a; }
