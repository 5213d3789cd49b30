// expect: 2:2: error: invalid preprocessing directive #frobnicate
#frobnicate
int main(void) { return 0; }
