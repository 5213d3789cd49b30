// expect: 2:16: error: width of 'b' exceeds its type
struct s { int b : 40; };
int main(void) { return 0; }
