// expect: 3:6: error: conflicting types for 'f'
int f(int);
char f(int);
int main(void) { return 0; }
