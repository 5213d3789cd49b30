// expect: 2:30: error: request for member 'x' in something not a structure or union
int main(void) { int a = 0; a.x = 1; return 0; }
