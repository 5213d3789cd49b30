// expect: 3:5: error: 'a' undeclared (first use in this function)
int main(void) {
    a = 1;
    b = 2;
    return c;
}
