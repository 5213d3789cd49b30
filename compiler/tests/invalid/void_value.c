// expect: 3:27: error: void value not ignored as it ought to be
void f(void) { }
int main(void) { int x; x = f(); return x; }
