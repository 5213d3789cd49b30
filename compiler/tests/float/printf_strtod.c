/* printf_strtod: formatted output and input of floating point. Prints
 * assorted doubles and floats with %e %f %g %a (and precision, width, flags
 * + - space # 0), then checks round trips: %.17g -> strtod and %a -> strtod
 * give back the same bits for 300 pseudo-random doubles and special values,
 * %.9g -> strtod -> float gives the same float, and parses a list of decimal
 * strings (including subnormal, halfway and overflow cases) with strtod/atof.
 * (%a is printed only for normal numbers and zero: the C standard leaves the
 * leading digit of subnormals to the implementation, and %.Na only where
 * rounding does not carry into the leading digit.) */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

static uint32_t rng = 0xDEADBEEFu;
static uint32_t xorshift32(void)
{
    uint32_t x = rng;
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    return rng = x;
}

static uint64_t dbits(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static double from_bits(uint64_t u)
{
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static const double vals[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, 0.1, 1.0 / 3.0, 2.0 / 3.0, 123.456, -987654.321, 1e10, 1e-10,
    1e22, 1e23, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 3.141592653589793,
    2.718281828459045, 0.000123456789, 123456789012345678.0, 9007199254740993.0, 0.25, 1.5, 2.5,
    1e100, 6.02214076e23, 1.25e-5, 100.0, 999.9999, 0.95, 0.05, 1e-5, 99999.5,
};

int main(void)
{
    char buf[128];
    char *end;
    int i, fails = 0, n = (int)(sizeof vals / sizeof vals[0]);
    uint32_t ck = 0;

    for (i = 0; i < n; i++) {
        double v = vals[i];
        printf("%-3d %.17g | %e | %.3f | %g | %.10g | %016llx\n", i, v, v, v, v, v,
               (unsigned long long)dbits(v));
        if (v == 0.0 || fabs(v) >= 2.2250738585072014e-308)
            printf("    %a %A\n", v, v);
    }
    /* flags and widths */
    printf("[%10.3f] [%-10.3f] [%+.2e] [% .4g] [%010.2f] [%#.0f] [%#g] [%.0e] [%5.1g]\n", 3.14159,
           3.14159, 31415.9, 2.0, -3.5, 3.0, 1.0, 15000.0, 0.00001234);
    printf("[%f] [%F] [%e] [%g] [%G] [%.0f] [%.0f] [%.0f] [%.1f] [%.2f]\n", 1.0 / 3.0, 0.1, 1e-300,
           1e-300, 1e300, 0.5, 1.5, 2.5, 0.25, 1.005);
    printf("[%f] [%e] [%g] [%.30f]\n", 1e20, 123456789.0, 123456789.0, 0.1);
    printf("[%.20e] [%.15g] [%.16g] [%.17g]\n", 0.1, 0.1, 0.1, 0.1);
    printf("[%g] [%g] [%g] [%g] [%g] [%g]\n", 100000.0, 1000000.0, 0.0001, 0.00001, 1e-5 * 3.0, 123456.5);
    printf("float: [%f] [%.9g] [%a] [%e]\n", (double)1.1f, (double)1.1f, (double)1.1f, (double)(1.0f / 3.0f));
    printf("inf/nan: [%f] [%e] [%g] [%F] [%5.1f] [%-6f] [%+f]\n", HUGE_VAL, -HUGE_VAL, HUGE_VAL,
           -HUGE_VAL, HUGE_VAL, HUGE_VAL, HUGE_VAL);
    printf("nan: [%f] [%G]\n", fabs(NAN), fabs(NAN));
    printf("[%.3a] [%.3a] [%.3a] [%.1a] [%.0a] [%13.2a] [%-13.2a|] [%+a]\n", 0.1, 1.0 / 3.0, 123.456, 1.0, 1.0,
           1.5, -1.5, 2.0);

    /* round trips of random bit patterns (finite only) */
    for (i = 0; i < 300; i++) {
        uint64_t u = ((uint64_t)xorshift32() << 32) | xorshift32();
        double v, w;
        if (i % 10 == 0) u &= 0x800fffffffffffffull; /* some subnormals */
        v = from_bits(u);
        if (isnan(v) || isinf(v)) continue;
        snprintf(buf, sizeof buf, "%.17g", v);
        w = strtod(buf, &end);
        if (*end != '\0' || dbits(w) != dbits(v)) { printf("round trip %%.17g FAIL %s\n", buf); fails++; }
        if (v == 0.0 || fabs(v) >= 2.2250738585072014e-308) {
            snprintf(buf, sizeof buf, "%a", v);
            w = strtod(buf, &end);
            if (*end != '\0' || dbits(w) != dbits(v)) { printf("round trip %%a FAIL %s\n", buf); fails++; }
        }
        snprintf(buf, sizeof buf, "%.6e", v);
        ck = ck * 131u + (uint32_t)strlen(buf) + (uint32_t)(unsigned char)buf[2] * 7u;
        if (i < 8) printf("rt %016llx %.17g %.6e\n", (unsigned long long)u, v, v);
    }
    printf("random round trips done, %%.6e checksum %08x\n", (unsigned)ck);
    for (i = 0; i < 200; i++) {
        float f, g;
        uint32_t u = xorshift32();
        memcpy(&f, &u, sizeof f);
        if (isnan(f) || isinf(f)) continue;
        snprintf(buf, sizeof buf, "%.9g", (double)f);
        g = (float)strtod(buf, NULL); /* double rounding is harmless at 9 digits */
        if (fbits(f) != fbits(g)) { printf("float round trip FAIL %s\n", buf); fails++; }
    }

    {
        static const char *const inputs[] = {
            "0", "-0", "1", "  +1.5", "-2.5e-3", "1e308", "1e309", "-1e400", "4.9406564584124654e-324",
            "2.4703282292062328e-324", "2.4703282292062327e-324", "2.2250738585072011e-308",
            "9007199254740993", "9007199254740992.5", "9007199254740993.0000000001", "0.1", "1e-400",
            "0x1.8p3", "0X1P-1074", "0x.8", "inf", "-Infinity", "123abc", "1.e5", ".5", "1e+", "12e-2x",
            "3.4028235677973366e38", "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203126",
        };
        for (i = 0; i < (int)(sizeof inputs / sizeof inputs[0]); i++) {
            double v = strtod(inputs[i], &end);
            printf("strtod(\"%s\") = %.17g bits %016llx rest \"%s\"\n", inputs[i], v,
                   (unsigned long long)dbits(v), end);
        }
        printf("atof(\"2.75\") = %g, atof(\"-1e-2\") = %g\n", atof("2.75"), atof("-1e-2"));
        if (strtod("1e309", NULL) != HUGE_VAL || dbits(strtod("4.9406564584124654e-324", NULL)) != 1) fails++;
    }
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
