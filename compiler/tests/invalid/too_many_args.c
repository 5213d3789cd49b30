// expect: 3:25: error: too many arguments to function 'f'
int f(int a) { return a; }
int main(void) { return f(1, 2); }
