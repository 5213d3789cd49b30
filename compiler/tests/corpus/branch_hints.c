/* Branch hints: __builtin_expect, __builtin_expect_with_probability,
   __builtin_unreachable and cold functions only guide the layout; the
   results must be the same as without them (gcc -m32 is the oracle). */
#include <stdio.h>

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

static int failures;

__attribute__((cold, noinline)) static void report(const char *what, int v)
{
    failures++;
    printf("rare %s %d\n", what, v);
}

void log_error(int code) __attribute__((cold));
void log_error(int code)
{
    printf("error %d\n", code);
}

static int classify(int x)
{
    if (x < 0)
        return -1;
    if (x > 100)
        return 1;
    return 0;
}

static unsigned hash(const unsigned char *p, int n)
{
    unsigned h = 2166136261u;
    for (int i = 0; i < n; i++) {
        if (__builtin_expect(p[i] == 0, 0))
            break;
        h = (h ^ p[i]) * 16777619u;
    }
    return h;
}

static int sum_checked(const int *a, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
        /* the rare path written first */
        if (unlikely(a[i] < 0)) {
            report("negative", a[i]);
            s -= a[i];
        } else {
            s += a[i] * 3 + (a[i] >> 2);
        }
        if (__builtin_expect_with_probability(a[i] > 50, 1, 0.25))
            s ^= a[i];
        if (likely(a[i] != 7) && likely(a[i] != 9))
            s += 1;
        if (unlikely(a[i] == 13 || a[i] == 17))
            s += 100;
    }
    return s;
}

static int pick(int k)
{
    switch (k & 3) {
    case 0:
        return 10;
    case 1:
        return 20;
    case 2:
        return 30;
    case 3:
        return 40;
    default:
        __builtin_unreachable();
    }
}

static int divide(int a, int b)
{
    if (b == 0) {
        log_error(a);
        return 0;
    }
    return a / b;
}

int main(void)
{
    int a[64];
    for (int i = 0; i < 64; i++)
        a[i] = (i * 37) % 71 - (i == 5 ? 80 : 0);
    int s = sum_checked(a, 64);
    printf("sum %d failures %d\n", s, failures);
    unsigned char text[] = "branch hints never change results";
    printf("hash %u\n", hash(text, (int)sizeof text));
    int c = 0;
    for (int i = -5; i < 200; i += 7)
        c += classify(i) * i;
    printf("classify %d\n", c);
    int p = 0;
    for (int k = 0; k < 10; k++)
        p += pick(k);
    printf("pick %d\n", p);
    printf("divide %d %d\n", divide(100, 7), divide(5, 0));
    long e = __builtin_expect(s, 3);
    long v = __builtin_expect(c > 0 ? 4 : 5, 5);
    printf("values %ld %ld\n", e, v);
    if (__builtin_expect(failures != 1, 0))
        return 1;
    return 0;
}
