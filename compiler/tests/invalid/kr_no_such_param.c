// expect: 4:10: error: declaration for parameter 'c' but no such parameter
int f(a, b)
    int a;
    char c;
{
    return a + b;
}
