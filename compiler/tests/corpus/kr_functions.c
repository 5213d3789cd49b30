/* K&R-style function definitions: identifier lists, declarations before
 * the body (any order, some omitted: int), default argument promotions for
 * char and short parameters, pointers and arrays, calls before and after
 * the definition, a prototype in scope. */
#include <stdio.h>

int add3();
static long mix();

int add3(a, b, c)
    int a, b;
    int c;
{
    return a + b * 2 + c * 3;
}

static long mix(s, t, u, p, arr)
    short t;
    char s;
    unsigned char u;
    const char *p;
    int arr[];
{
    return s * 1000L + t + u + p[1] + arr[2];
}

unsigned char lowbyte(x) unsigned x; { return (unsigned char)x; }

int defaulted(n, m) int m; { return n - m; }

long long wide(v, sh) long long v; int sh; { return v << sh; }

int proto(int, char);
int proto(x, c) int x; char c; { return x + c; }

int counts(fmt, n) char *fmt; { int k = 0; while (*fmt) k += *fmt++ == '%'; return k + n; }

int main() {
    int arr[4] = {10, 20, 30, 40};
    printf("%d\n", add3(1, 2, 3));
    printf("%ld\n", mix(-3, 300, 250, "xyz", arr));
    printf("%ld\n", mix(300, 70000, 511, "ab", arr));
    printf("%d\n", lowbyte(0x12345));
    printf("%d\n", defaulted(10, 3));
    printf("%lld\n", wide(3LL, 33));
    printf("%d\n", proto(5, 'a'));
    printf("%d\n", counts("%d %s %%", 1));
    return add3(0, 0, 1);
}
