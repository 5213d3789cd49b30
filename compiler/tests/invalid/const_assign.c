// expect: 2:37: error: assignment of read-only variable 'a'
int main(void) { const int a = 0; a = 1; return a; }
