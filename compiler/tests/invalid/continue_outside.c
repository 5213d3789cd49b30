// expect: 2:18: error: continue statement not within a loop
int main(void) { continue; return 0; }
