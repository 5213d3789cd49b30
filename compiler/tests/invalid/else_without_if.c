// expect: 2:2: error: #else without #if
#else
int main(void) { return 0; }
