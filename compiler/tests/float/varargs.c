/* varargs: variadic functions taking doubles (floats are promoted to
 * double by the default argument promotions) mixed with ints, long longs,
 * pointers and strings: a sum over a count-prefixed list, a type-string
 * driven reader, va_copy, forwarding a va_list to vsnprintf, many
 * arguments (beyond the registers, onto the stack), and doubles at odd and
 * even positions after an int (alignment). Values are exact, so printing
 * them with %a / %.17g is reproducible. */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>

static int fails;

static double sum_doubles(int n, ...)
{
    va_list ap;
    double s = 0.0;
    int i;
    va_start(ap, n);
    for (i = 0; i < n; i++) s += va_arg(ap, double);
    va_end(ap);
    return s;
}

/* fmt: 'i' int, 'd' double, 'l' long long, 's' string, 'p' pointer to double */
static double typed(const char *fmt, ...)
{
    va_list ap, ap2;
    double s = 0.0, again = 0.0;
    const char *f;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    for (f = fmt; *f; f++) {
        switch (*f) {
        case 'i': s += va_arg(ap, int); break;
        case 'd': s += va_arg(ap, double); break;
        case 'l': s += (double)va_arg(ap, long long); break;
        case 's': s += (double)strlen(va_arg(ap, const char *)); break;
        case 'p': s += *va_arg(ap, double *); break;
        }
    }
    /* walk again with the copy, doubles only counted */
    for (f = fmt; *f; f++) {
        switch (*f) {
        case 'i': (void)va_arg(ap2, int); break;
        case 'd': again += va_arg(ap2, double); break;
        case 'l': (void)va_arg(ap2, long long); break;
        case 's': (void)va_arg(ap2, const char *); break;
        case 'p': (void)va_arg(ap2, double *); break;
        }
    }
    va_end(ap2);
    va_end(ap);
    printf("typed(\"%s\") = %.17g, doubles alone %.17g\n", fmt, s, again);
    return s;
}

static int fmt_to(char *buf, int size, const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(buf, (size_t)size, fmt, ap);
    va_end(ap);
    return n;
}

static double weighted(int n, ...)
{
    /* pairs (int weight, double value) */
    va_list ap;
    double s = 0.0;
    int i;
    va_start(ap, n);
    for (i = 0; i < n; i++) {
        int w = va_arg(ap, int);
        double v = va_arg(ap, double);
        s += w * v;
    }
    va_end(ap);
    return s;
}

static void want(const char *what, double got, double expect)
{
    printf("%-20s %a%s\n", what, got, got == expect ? "" : " FAIL");
    if (got != expect) fails++;
}

int main(void)
{
    char buf[160];
    float f = 0.375f;
    double pd = -0.0625;
    int n;

    want("sum 0", sum_doubles(0), 0.0);
    want("sum 1", sum_doubles(1, 2.5), 2.5);
    want("sum 3 (float arg)", sum_doubles(3, 1.0, (double)f, f), 1.75);
    want("sum 12", sum_doubles(12, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 0.5), 66.5);
    want("sum 20", sum_doubles(20, 0.5, 0.25, 0.125, 0.0625, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 1e-3, -1e-3, 1e10,
                               -1e10, 3.0, -3.0, 0.1, -0.1, 7.0, -7.0), 63.9375);
    want("typed idid", typed("idid", 1, 0.5, 2, 0.25), 3.75);
    want("typed didi", typed("didi", 0.5, 1, 0.25, 2), 3.75);
    want("typed ldl", typed("ldl", 10000000000LL, 1.5, -9999999999LL), 2.5);
    want("typed sdp", typed("sdp", "hello", -1.0, &pd), 3.9375);
    want("typed many", typed("iiiiiiiidddddddddd", 1, 2, 3, 4, 5, 6, 7, 8, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5,
                             0.5, 0.5), 41.0);
    want("typed idiidd", typed("idiidd", 1, 1e100, 2, 3, -1e100, (double)f), 0.375); /* 1e100 absorbs 1, 2, 3 */
    want("weighted", weighted(4, 1, 0.5, 2, 0.25, 3, 0.125, -4, 1.0), -2.625);

    n = fmt_to(buf, sizeof buf, "%d|%.3f|%s|%e|%g|%lld|%a|%c", 42, 3.14159, "str", 6.02e23, (double)f, -5LL, 1.5, 'x');
    printf("vsnprintf %d: %s\n", n, buf);
    if (strcmp(buf, "42|3.142|str|6.020000e+23|0.375|-5|0x1.8p+0|x") != 0) fails++;
    n = fmt_to(buf, 10, "%.10f", 1.0 / 3.0);
    printf("truncated %d: %s\n", n, buf);
    if (n != 12 || strcmp(buf, "0.3333333") != 0) fails++;
    n = snprintf(buf, sizeof buf, "%5.2f %-8.3e| %+g %08.3f", -1.0 / 3.0, 12345.678, 0.0001, -2.5);
    printf("snprintf %d: %s\n", n, buf);
    n = sprintf(buf, "%.0f %.1f %.2f %.3f", 0.5, 0.25, 0.125, 0.0625);
    printf("sprintf %d: %s\n", n, buf);
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
