// expect: 3:8: error: redefinition of 'struct s'
struct s { int a; };
struct s { int b; };
int main(void) { return 0; }
