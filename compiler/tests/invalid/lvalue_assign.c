// expect: 2:31: error: lvalue required as left operand of assignment
int main(void) { int a = 0; 1 = a; return a; }
