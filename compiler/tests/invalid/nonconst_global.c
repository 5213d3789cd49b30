// expect: 3:9: error: initializer element is not constant
int f(void);
int g = f();
int main(void) { return 0; }
