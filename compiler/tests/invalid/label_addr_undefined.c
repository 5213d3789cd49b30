// expect: 3:14: error: label 'nowhere' used but not defined
void *f(void) {
    return &&nowhere;
}
