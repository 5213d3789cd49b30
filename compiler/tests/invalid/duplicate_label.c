// expect: 2:23: error: duplicate label 'a'
int main(void) { a: ; a: ; return 0; }
