// expect: 2:23: error: label 'nowhere' used but not defined
int main(void) { goto nowhere; }
