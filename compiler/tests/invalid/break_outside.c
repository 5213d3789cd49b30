// expect: 2:18: error: break statement not within loop or switch
int main(void) { break; return 0; }
