// expect: 3:35: error: non-static initialization of a flexible array member
struct s { int n; int a[]; };
int main(void) { struct s x = {1, {2, 3}}; return x.n; }
