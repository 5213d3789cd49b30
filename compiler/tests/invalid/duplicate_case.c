// expect: 3:41: error: duplicate case value
int main(int c, char **v) {
    switch (c) { case 1: return 1; case 1: return 2; }
    return 0;
}
