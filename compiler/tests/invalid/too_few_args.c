// expect: 3:25: error: too few arguments to function 'f'
int f(int a, int b) { return a + b; }
int main(void) { return f(1); }
