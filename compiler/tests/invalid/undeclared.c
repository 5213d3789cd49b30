// expect: 3:12: error: 'y' undeclared (first use in this function)
int main(void) {
    return y;
}
