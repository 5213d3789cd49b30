// expect: 3:27: warning: initialization of 'int *' from incompatible pointer type 'char *'
char c;
int main(void) { int *p = &c; return p != 0; }
