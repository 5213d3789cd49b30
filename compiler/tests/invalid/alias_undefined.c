// expect: 2:29: error: 'b' aliased to undefined symbol 'a'
extern int b __attribute__((alias("a")));
int main(void) { return b; }
