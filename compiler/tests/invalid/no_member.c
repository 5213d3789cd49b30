// expect: 3:52: error: 'struct s' has no member named 'y'
struct s { int x; };
int main(void) { struct s v = { 1 }; return v.x + v.y; }
