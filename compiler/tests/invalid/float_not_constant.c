// expect: 3:12: error: initializer element is not constant
int n = 3;
double x = n * 2.0;
int *p;
double z = (double)p;
