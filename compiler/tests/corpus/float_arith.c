/* float and double arithmetic, conversions, comparisons with NaN,
   rounding of float versus double; values printed as bit patterns */
#include <stdio.h>

union du { double d; unsigned long long u; };
union fu { float f; unsigned u; };
static unsigned long long db(double d) { union du x; x.d = d; return x.u; }
static unsigned fb(float f) { union fu x; x.f = f; return x.u; }
static double mkd(unsigned long long u) { union du x; x.u = u; return x.d; }
static float mkf(unsigned u) { union fu x; x.u = u; return x.f; }
static int isnan_d(double d) { return d != d; }

static double dv[] = { 0.0, -0.0, 1.0, -1.5, 0.1, 3.0e10, 1e-310, 1.7976931348623157e308,
                       2147483648.0, 4294967295.0, 9.2233720368547758e18, -2147483648.0 };
static float fv[] = { 0.0f, -0.0f, 1.0f, -1.5f, 0.1f, 3.0e10f, 1e-40f, 3.4028235e38f,
                      16777217.0f, 0.333333343f };

int main(void) {
    int i, j;
    double inf = 1e308 * 10.0, nan = inf - inf;
    /* double arithmetic on every pair */
    for (i = 0; i < 12; i++)
        for (j = 0; j < 12; j += 3) {
            double a = dv[i], b = dv[j];
            printf("%llx %llx %llx", db(a + b), db(a - b), db(a * b));
            if (b != 0)
                printf(" %llx", db(a / b));
            printf(" %d%d%d%d%d%d\n", a < b, a <= b, a > b, a >= b, a == b, a != b);
        }
    /* float arithmetic: computed in float (FLT_EVAL_METHOD 0) */
    for (i = 0; i < 10; i++)
        for (j = 0; j < 10; j += 2) {
            float a = fv[i], b = fv[j];
            printf("%x %x %x", fb(a + b), fb(a - b), fb(a * b));
            if (b != 0)
                printf(" %x", fb(a / b));
            printf(" %d%d%d\n", a < b, a == b, a != b);
        }
    /* (float)(a*b) in double then rounded versus a float multiply */
    {
        float a = 1.00000012f, b = 1.00000024f;
        printf("%x %x\n", fb((float)((double)a * b)), fb(a * b));
        printf("%x\n", fb(a * b + 1.0f));
    }
    /* NaN and infinities */
    printf("%d %d %d %d %d %d\n", nan < 1, nan <= 1, nan > 1, nan >= 1, nan == nan, nan != nan);
    printf("%d %d %d\n", isnan_d(nan), isnan_d(inf), inf > 1e308);
    printf("%llx %llx %llx\n", db(-inf), db(1 / inf), db(-1 / inf));
    printf("%d %d\n", !nan, nan ? 1 : 0);
    {
        float fn = mkf(0x7fc00000), fz = -0.0f;
        printf("%d %d %d %d\n", fn == fn, fn < 0, fz == 0, !fz);
        printf("%x %x\n", fb(-fz), fb(-(-fz)));
    }
    /* negation flips the sign bit; 0 - x does not */
    {
        volatile double z = 0.0;
        printf("%llx %llx %llx\n", db(-z), db(0 - z), db(-(-z)));
    }
    /* subnormals */
    {
        double tiny = mkd(1), s = mkd(0x000fffffffffffffULL);
        printf("%llx %llx %llx\n", db(tiny * 0.5), db(tiny * 1.5), db(s + tiny));
        printf("%llx %llx\n", db(s / 3), db(2.2250738585072014e-308 / 2));
        printf("%x %x\n", fb(mkf(1) * 0.5f), fb((float)1e-40));
    }
    return 0;
}
