// expect: 3:21: error: only 'asm goto' has a list of labels
int f(int a) {
    asm("nop" : : : : out);
    return 0;
out:
    return 1;
}
