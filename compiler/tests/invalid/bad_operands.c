// expect: 3:23: error: invalid operands to binary * (have 'int *' and 'int *')
int main(void) {
    int *p = 0; p = p * p;
    return 0;
}
