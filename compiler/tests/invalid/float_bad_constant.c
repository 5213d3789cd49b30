// expect: 3:12: error: hexadecimal floating constants require an exponent
double x = 1e+;
double y = 0x1.8;
