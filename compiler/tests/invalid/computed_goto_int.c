// expect: 4:11: error: computed goto needs a pointer ('void *' from '&&label'), not 'int'
int f(int x) {
    int i = x;
    goto *i;
}
