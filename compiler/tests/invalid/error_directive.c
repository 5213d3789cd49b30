// expect: 3:2: error: #error stop here
#if 1
#error stop here
#endif
int main(void) { return 0; }
