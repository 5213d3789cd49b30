// expect: 3:30: error: macro "ADD" requires 2 arguments, but only 1 given
#define ADD(a, b) ((a) + (b))
int main(void) { return ADD(1); }
