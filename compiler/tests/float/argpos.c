/* argpos: float and double arguments in odd register positions mixed with
 * ints, long longs, chars, shorts and pointers, e.g. f(int, double, int,
 * float, double), f(float, int, float, int, ...), more arguments than fit
 * in registers (the rest go on the stack, where doubles may need 8-byte
 * alignment), float and double return values, calls through function
 * pointers, recursion with float arguments, and K&R-free prototypes where
 * a float parameter receives an int or double argument (converted at the
 * call). Each callee folds its arguments into an exact value and checks it. */
#include <stdio.h>
#include <string.h>
#include <stdint.h>

static int fails;
static void want(const char *what, double got, double expect)
{
    printf("%-22s %.17g%s\n", what, got, got == expect ? "" : " FAIL");
    if (got != expect) fails++;
}

static double f_idifd(int a, double b, int c, float d, double e) { return a + b * 2 + c * 4 + d * 8 + e * 16; }
static float f_fifi(float a, int b, float c, int d) { return a - (float)b + c * (float)d; }
static double f_cfsd(char a, float b, short c, double d) { return a + b + c + d; }
static double f_ldlf(long long a, double b, long long c, float d) { return (double)a + b + (double)c + d; }
static float f_many_f(float a, float b, float c, float d, float e, float f, float g, float h, float i, float j,
                      float k, float l)
{
    return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h + 9 * i + 10 * j + 11 * k + 12 * l;
}
static double f_many_mixed(int a, double b, float c, int d, double e, float f, long long g, double h, char i, float j,
                           double k, int l, float m, double n)
{
    return a + b + c + d + e + f + (double)g + h + i + j + k + l + m + n;
}
static double f_stack_align(int a, int b, int c, int d, int e, int f, int g, int h, int i, double x, int j, double y,
                            float z, double w)
{
    return (a + b + c + d + e + f + g + h + i + j) + x * 1000 + y * 100 + z * 10 + w;
}
static int f_ptr_f(const double *p, float f, int *out)
{
    *out = (int)(*p * f);
    return *out + 1;
}
static float rec(float x, int n) { return n == 0 ? x : rec(x * 0.5f + (float)n, n - 1) + 0.25f; }
static double dfirst(double a, int b) { return a * b; }
static float takes_float(float x) { return x; }
static double takes_double(double x) { return x; }
static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

typedef double (*op5)(int, double, int, float, double);
typedef float (*op4)(float, int, float, int);

int main(void)
{
    op5 p5 = f_idifd;
    op4 p4 = f_fifi;
    volatile op5 vp5 = f_idifd;
    int out = 0, big = 16777217;
    double pd = 2.5;

    want("f(i,d,i,f,d)", f_idifd(1, 0.5, 3, 0.25f, -1.0), 1 + 1 + 12 + 2 - 16);
    want("via pointer", p5(-7, 1e3, 2, 1.5f, 0.0625), -7 + 2000 + 8 + 12 + 1);
    want("via volatile pointer", vp5(0, -0.25, -1, -0.125f, 0.5), 0 - 0.5 - 4 - 1 + 8);
    want("f(f,i,f,i)", f_fifi(2.5f, 3, 0.75f, -4), 2.5 - 3 - 3);
    want("via pointer f", p4(1e8f, 1, 1.0f, 1), 1e8);
    want("f(c,f,s,d)", f_cfsd('a', -0.5f, -1000, 1e-1), 97 - 0.5 - 1000 + 0.1);
    want("f(ll,d,ll,f)", f_ldlf(1LL << 40, 0.5, -(1LL << 40), 0.25f), 0.75);
    want("12 floats", f_many_f(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.5f), 66 + 6);
    want("14 mixed", f_many_mixed(1, 2.0, 3.0f, 4, 5.0, 6.0f, 7LL, 8.0, 9, 10.0f, 11.0, 12, 13.0f, 14.5), 105.5);
    want("stack alignment", f_stack_align(1, 2, 3, 4, 5, 6, 7, 8, 9, 1.0, 10, 2.0, 3.0f, 4.0), 55 + 1000 + 200 + 30 + 4);
    want("ptr + float", f_ptr_f(&pd, 4.0f, &out), 11);
    want("out param", out, 10);
    want("recursion float", rec(1.0f, 5), 4.84375);
    printf("rec bits %08x\n", (unsigned)fbits(rec(1.0f, 5)));
    want("double first", dfirst(0.1, 3), 0.30000000000000004);
    /* argument conversion to the parameter type at the call */
    want("int -> float param", takes_float(big), 16777216.0);
    want("double -> float param", takes_float(0.1), (double)0.1f);
    want("float -> double param", takes_double(0.1f), (double)0.1f);
    want("int -> double param", takes_double(big), 16777217.0);
    want("ll -> float param", takes_float((long long)0x7fffffffffffffffLL), 9223372036854775808.0);
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
