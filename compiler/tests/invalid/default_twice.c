// expect: 3:34: error: multiple default labels in one switch
int main(int c, char **v) {
    switch (c) { default: break; default: break; }
    return 0;
}
