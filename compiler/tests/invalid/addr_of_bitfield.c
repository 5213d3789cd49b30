// expect: 3:34: error: cannot take address of bit-field
struct s { int b : 4; } v;
int main(void) { int *p = (int *)&v.b; return 0; }
