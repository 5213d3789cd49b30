// expect: 2:25: error: implicit declaration of function 'undeclared_fn'
int main(void) { return undeclared_fn(3); }
