// expect: 3:14: error: expected ';' before 'return' token
int main(void) {
    int x = 1
    return x;
}
