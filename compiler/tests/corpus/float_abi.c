/* float and double through calls: arguments in odd register positions
   (a double takes an even-aligned register pair, ISA-ST200 §7.2), on the
   stack, returned, variadic (promoted to double), in structs and globals */
#include <stdio.h>
#include <stdarg.h>
#include <float.h>

union du { double d; unsigned long long u; };
union fu { float f; unsigned u; };
static unsigned long long db(double d) { union du x; x.d = d; return x.u; }
static unsigned fb(float f) { union fu x; x.f = f; return x.u; }

struct pt { char tag; double x; float y; };
struct pf { float a, b; };

double gd = 1.0 / 3.0;
float gf = 2.0f / 3.0f;

double garr[] = { 1, 2.5, -3, 0x1.8p1, 1e-5, (float)0.1 };
float gfarr[3] = { 1.5f, 0.1 };
struct pt gp = { 'p', 6.25, -1.5f };
int gi = (int)3.99;
double gsum = 1.0 + 2.0 * 3.0 - 0.5;
float gmix = 1 + 0.1f;
unsigned long long gcast = (unsigned long long)1e19;
int gcmp = 0.1 + 0.2 == 0.3;
char gchar = 65.7;
double gneg = -0.0;

static double mix(int a, double b, int c, double d, float e, int f, double g, double h) {
    return a + b * 2 + c * 3 + d * 4 + e * 5 + f * 6 + g * 7 + h * 8;
}
static float fmix(float a, float b, float c, float d, float e, float f, float g, float h,
                  float i, float j) {
    return a - b + c - d + e - f + g - h + i - j;
}
static double sum(int n, ...) {
    va_list ap;
    double s = 0;
    int i;
    va_start(ap, n);
    for (i = 0; i < n; i++)
        s = s * 10 + va_arg(ap, double);
    va_end(ap);
    return s;
}
static long long mixva(int n, ...) {
    va_list ap;
    long long r;
    double d;
    int k;
    va_start(ap, n);
    k = va_arg(ap, int);
    d = va_arg(ap, double);
    r = va_arg(ap, long long);
    va_end(ap);
    return (long long)(d * 1000) + r + k + n;
}
static struct pt make(double x, float y) {
    struct pt p;
    p.tag = 'm';
    p.x = x;
    p.y = y;
    return p;
}
static double take(struct pt p, struct pf q) { return p.x + p.y + q.a * q.b; }
static float half(float x) { return x / 2; }
static double (*fp)(int, double, int, double, float, int, double, double) = mix;

int main(void) {
    float f = 0.1f;
    struct pt p = make(2.5, 0.75f);
    struct pf q = { 1.5f, -2.0f };
    double arr[4];
    int i;
    printf("%llx\n", db(mix(1, 0.1, 2, 0.2, 0.3f, 3, 0.4, 0.5)));
    printf("%llx\n", db(fp(1, 0.1, 2, 0.2, 0.3f, 3, 0.4, 0.5)));
    printf("%x\n", fb(fmix(1, 2, 3, 4, 5.5f, 6, 7, 8, 9.25f, 10)));
    printf("%llx\n", db(sum(4, 1.0, 2.0, f, 4.5)));
    printf("%lld\n", mixva(1, 7, 2.5, 1LL << 40));
    printf("%c %llx %x\n", p.tag, db(p.x), fb(p.y));
    printf("%llx\n", db(take(p, q)));
    printf("%x %x\n", fb(half(3.0f)), fb(half(f)));
    printf("%llx %x\n", db(gd), fb(gf));
    for (i = 0; i < 6; i++)
        printf("%llx ", db(garr[i]));
    printf("\n%x %x %x\n", fb(gfarr[0]), fb(gfarr[1]), fb(gfarr[2]));
    printf("%c %llx %x\n", gp.tag, db(gp.x), fb(gp.y));
    printf("%d %llx %x %llu %d %d %llx\n", gi, db(gsum), fb(gmix), gcast, gcmp, gchar, db(gneg));
    for (i = 0; i < 4; i++)
        arr[i] = i * 0.5;
    arr[1] += 1;
    arr[2] *= arr[3];
    arr[3] /= 3;
    arr[0]--;
    ++arr[0];
    printf("%llx %llx %llx %llx\n", db(arr[0]), db(arr[1]), db(arr[2]), db(arr[3]));
    {
        int n = 7;
        unsigned u = 3;
        n += 2.6;
        u *= 1.5;
        f += 1;
        f *= 3;
        printf("%d %u %x\n", n, u, fb(f));
    }
    printf("%d %d %d %d\n", (int)sizeof(float), (int)sizeof(double), (int)sizeof(struct pt),
           (int)__alignof__(double));
    printf("%d %d %d %d %d\n", FLT_MANT_DIG, DBL_MANT_DIG, FLT_MAX_EXP, DBL_MIN_EXP, FLT_DIG);
    printf("%x %llx %llx %x\n", fb(FLT_MAX), db(DBL_MAX), db(DBL_EPSILON), fb(FLT_MIN));
    printf("%llx %x\n", db(DBL_MIN), fb(FLT_EPSILON));
    return f > 3 && 1.5 ? 3 : 4;
}
