/* the same float expressions folded at compile time (constants) and
   computed at run time (volatile operands): the same bits */
#include <stdio.h>

union du { double d; unsigned long long u; };
union fu { float f; unsigned u; };
static unsigned long long db(double d) { union du x; x.d = d; return x.u; }
static unsigned fb(float f) { union fu x; x.f = f; return x.u; }

#define DEXPRS(a, b) db((a) + (b)), db((a) - (b)), db((a) * (b)), db((a) / (b))
#define FEXPRS(a, b) fb((a) + (b)), fb((a) - (b)), fb((a) * (b)), fb((a) / (b))

int main(void) {
    volatile double v1 = 0.1, v3 = 3.0, vt = 1e-308, vm = -0.0, vbig = 1e308;
    volatile float f1 = 0.1f, f3 = 3.0f, ft = 1e-38f;
    volatile int vi = -7;
    volatile unsigned vu = 4294967295u;
    volatile long long vl = 9007199254740993LL;
    double d1 = 0.1, d3 = 3.0;
    float g1 = 0.1f, g3 = 3.0f;
    printf("%llx %llx %llx %llx\n", DEXPRS(0.1, 3.0));
    printf("%llx %llx %llx %llx\n", DEXPRS(v1, v3));
    printf("%llx %llx %llx %llx\n", DEXPRS(d1, d3));
    printf("%x %x %x %x\n", FEXPRS(0.1f, 3.0f));
    printf("%x %x %x %x\n", FEXPRS(f1, f3));
    printf("%x %x %x %x\n", FEXPRS(g1, g3));
    printf("%llx %llx\n", db(1e-308 / 3.0), db(vt / v3));
    printf("%x %x\n", fb(1e-38f / 3.0f), fb(ft / f3));
    printf("%llx %llx\n", db(1e308 * 10.0), db(vbig * 10.0));
    printf("%llx %llx %llx\n", db(-0.0 + 0.0), db(vm + 0.0), db(vm + vm));
    printf("%llx %llx\n", db(-0.0 * 5.0), db(vm * 5.0));
    printf("%llx %llx %x %x\n", db((double)-7), db((double)vi), fb((float)-7), fb((float)vi));
    printf("%llx %llx\n", db((double)4294967295u), db((double)vu));
    printf("%x %x\n", fb((float)9007199254740993LL), fb((float)vl));
    printf("%llx %llx\n", db((double)9007199254740993LL), db((double)vl));
    printf("%d %d\n", (int)-2.75, (int)(vm - 2.75));
    printf("%d %d %d\n", 0.1 + 0.2 == 0.3, 0.1f + 0.2f == 0.3f, v1 + 0.2 == 0.3);
    printf("%x %x\n", fb((float)(0.1 * 3.0)), fb((float)(v1 * v3)));
    printf("%x %x\n", fb(0.1f * 3.0f), fb(f1 * f3));
    {
        double x = 1.0;
        int i;
        for (i = 0; i < 10; i++)
            x = x * 1.1 + 0.01;
        printf("%llx\n", db(x));
    }
    return 0;
}
