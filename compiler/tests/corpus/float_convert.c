/* every conversion between integers, float and double, at their edges */
#include <stdio.h>

union du { double d; unsigned long long u; };
union fu { float f; unsigned u; };
static unsigned long long db(double d) { union du x; x.d = d; return x.u; }
static unsigned fb(float f) { union fu x; x.f = f; return x.u; }

static int iv[] = { 0, 1, -1, 2147483647, -2147483647 - 1, 16777217, -16777217, 123456789 };
static unsigned uv[] = { 0u, 1u, 2147483648u, 4294967295u, 16777217u, 4294967040u };
static long long lv[] = { 0, -1, 9007199254740993LL, -9007199254740993LL,
                          9223372036854775807LL, -9223372036854775807LL - 1, 1LL << 53 };
static unsigned long long ulv[] = { 0, 18446744073709551615ULL, 9223372036854775808ULL,
                                    9223372036854777856ULL, 18446744073709549568ULL,
                                    (1ULL << 63) + 1 };
static double dv[] = { 0.0, -0.0, 0.5, -0.5, 0.9999999, -1.9999, 2147483647.0, 2147483647.9,
                       -2147483648.0, -2147483648.9, 4294967295.0, 4294967295.5,
                       9223372036854774784.0, -9223372036854775808.0,
                       18446744073709549568.0, 1e-300, 3.5, -3.5 };
static float fv[] = { 0.0f, -0.5f, 0.5f, 2147483520.0f, -2147483648.0f, 4294967040.0f,
                      9223371487098961920.0f, 1.5e-45f, 16777216.0f, -7.75f };

int main(void) {
    int i;
    for (i = 0; i < 8; i++)
        printf("i %llx %x\n", db(iv[i]), fb(iv[i]));
    for (i = 0; i < 6; i++)
        printf("u %llx %x\n", db(uv[i]), fb(uv[i]));
    for (i = 0; i < 7; i++)
        printf("ll %llx %x\n", db(lv[i]), fb(lv[i]));
    for (i = 0; i < 6; i++)
        printf("ull %llx %x\n", db(ulv[i]), fb(ulv[i]));
    for (i = 0; i < 18; i++) {
        double d = dv[i];
        printf("d %x", fb(d));
        if (d > -2147483649.0 && d < 2147483648.0)
            printf(" %d", (int)d);
        if (d > -1.0 && d < 4294967296.0)
            printf(" %u", (unsigned)d);
        if (d >= -9223372036854775808.0 && d < 9223372036854775808.0)
            printf(" %lld", (long long)d);
        if (d > -1.0 && d < 18446744073709551616.0)
            printf(" %llu", (unsigned long long)d);
        if (d > -129.0 && d < 128.0)
            printf(" %d %d", (signed char)d, (short)d);
        printf(" %d\n", (_Bool)d);
    }
    for (i = 0; i < 10; i++) {
        float f = fv[i];
        printf("f %llx", db(f));
        if (f > -2147483649.0f && f < 2147483648.0f)
            printf(" %d", (int)f);
        if (f > -1.0f && f < 4294967296.0f)
            printf(" %u", (unsigned)f);
        if (f >= -9223372036854775808.0f && f < 9223372036854775808.0f)
            printf(" %lld", (long long)f);
        if (f > -1.0f && f < 18446744073709551616.0f)
            printf(" %llu", (unsigned long long)f);
        printf("\n");
    }
    /* narrow integers and char to float */
    {
        signed char c = -100;
        unsigned char uc = 200;
        short s = -30000;
        unsigned short us = 60000;
        _Bool b = 1;
        printf("%x %x %x %x %x\n", fb(c), fb(uc), fb(s), fb(us), fb(b));
        printf("%llx %llx\n", db(c), db(us));
    }
    /* double rounding avoided: 2^24+1 and 2^53+1 rounded once */
    {
        volatile long long big = (1LL << 53) + 1;
        volatile int odd = (1 << 24) + 1;
        printf("%x %llx %x\n", fb(big), db(big), fb(odd));
        printf("%x\n", fb((float)0.1));
    }
    return 0;
}
