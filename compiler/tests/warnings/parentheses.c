int g(int a, int b, int c)
{
    int r = 0;
    if (a = b)
        r++;
    while (a = b - 1)
        break;
    do
        r++;
    while (c = 0);
    for (; a = c;)
        break;
    if ((a = b))
        r++;
    if (a && b || c)
        r++;
    if (a || b && c)
        r++;
    if ((a && b) || c)
        r++;
    r += a & b == c;
    r += a | b < c;
    r += a ^ b != c;
    r += a + b << c;
    r += a << b + c;
    r += a & b + c;
    r += a | b + c;
    r += a ^ b - c;
    r += a | b & c;
    r += a ^ b & c;
    r += a | b ^ c;
    r += a == b == c;
    r += a != b < c;
    r += a < b == c;
    r += a < b < c;
    r += a - b >> c;
    r += a == b & c;
    r += a && b || c && a;
    r += a || (b && c) || a && b;
    r += (a < b) < c;
    r += a > b >= c;
    r += a * b << c;
    r += (a + b) << c;
    return r;
}
