// expect: 4:9: error: redefinition of 'a'
int main(void) {
    int a = 1;
    int a = 2;
    return a;
}
