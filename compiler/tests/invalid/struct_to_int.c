// expect: 3:23: error: incompatible types when initializing type 'int' using type 'struct s'
struct s { int a; } g;
int x(void) { int v = g; return v; }
int main(void) { return 0; }
