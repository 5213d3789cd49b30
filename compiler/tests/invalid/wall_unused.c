// expect: 3:9: warning: unused variable 'unused'
int main(void) {
    int unused;
    return 0;
}
