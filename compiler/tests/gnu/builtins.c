/* gcc's builtins built from C expressions: the quiet floating
   comparisons, checked arithmetic, clrsb, choose_expr, classify_type,
   the long double constants and prefetch. */
#include <stdio.h>
#include <limits.h>

static int calls;
static int next(int v) { calls++; return v; }

struct S { int a; };
union U { int a; };

int main(void) {
    volatile double nan = __builtin_nan(""), one = 1.0, two = 2.0;
    printf("%d %d %d %d %d %d\n", __builtin_isgreater(two, one), __builtin_isgreaterequal(one, one),
           __builtin_isless(one, two), __builtin_islessequal(two, one),
           __builtin_islessgreater(one, two), __builtin_isunordered(one, two));
    printf("%d %d %d %d %d %d\n", __builtin_isgreater(nan, one), __builtin_isgreaterequal(nan, one),
           __builtin_isless(one, nan), __builtin_islessequal(nan, nan),
           __builtin_islessgreater(nan, two), __builtin_isunordered(one, nan));
    int r;
    unsigned u;
    long long ll;
    unsigned long long ull;
    signed char sc;
    { int o_ = __builtin_add_overflow(INT_MAX, 1, &r); printf("%d %d\n", o_, r); }
    { int o_ = __builtin_add_overflow(INT_MAX, -1, &r); printf("%d %d\n", o_, r); }
    { int o_ = __builtin_sub_overflow(0u, 1u, &u); printf("%d %u\n", o_, u); }
    { int o_ = __builtin_sub_overflow(INT_MIN, 1, &r); printf("%d %d\n", o_, r); }
    { int o_ = __builtin_mul_overflow(65536, 65536, &r); printf("%d %d\n", o_, r); }
    { int o_ = __builtin_mul_overflow(-46341, 46341, &r); printf("%d %d\n", o_, r); }
    { int o_ = __builtin_mul_overflow(4294967295u, 4294967295u, &u); printf("%d %u\n", o_, u); }
    { int o_ = __builtin_add_overflow(100, 27, &sc); printf("%d %d\n", o_, sc); }
    { int o_ = __builtin_add_overflow(100, 28, &sc); printf("%d %d\n", o_, sc); }
    { int o_ = __builtin_add_overflow(-1, 0, &u); printf("%d %u\n", o_, u); }
    { int o_ = __builtin_add_overflow(LLONG_MAX, 1LL, &ll); printf("%d %lld\n", o_, ll); }
    { int o_ = __builtin_sub_overflow(LLONG_MIN, 1LL, &ll); printf("%d %lld\n", o_, ll); }
    { int o_ = __builtin_sub_overflow(-5LL, 7LL, &ll); printf("%d %lld\n", o_, ll); }
    { int o_ = __builtin_mul_overflow(LLONG_MIN, -1LL, &ll); printf("%d %lld\n", o_, ll); }
    { int o_ = __builtin_mul_overflow(-1LL, LLONG_MIN, &ll); printf("%d %lld\n", o_, ll); }
    { int o_ = __builtin_mul_overflow(-1LL, LLONG_MAX, &ll); printf("%d %lld\n", o_, ll); }
    { int o_ = __builtin_mul_overflow(3037000500LL, 3037000500LL, &ll); printf("%d %lld\n", o_, ll); }
    { int o_ = __builtin_mul_overflow(-3037000499LL, 3037000499LL, &ll); printf("%d %lld\n", o_, ll); }
    { int o_ = __builtin_add_overflow(~0ULL, 1ULL, &ull); printf("%d %llu\n", o_, ull); }
    { int o_ = __builtin_sub_overflow(1ULL, 2ULL, &ull); printf("%d %llu\n", o_, ull); }
    { int o_ = __builtin_mul_overflow(1ULL << 32, 1ULL << 32, &ull); printf("%d %llu\n", o_, ull); }
    { int o_ = __builtin_mul_overflow(1ULL << 31, 1ULL << 32, &ull); printf("%d %llu\n", o_, ull); }
    { int o_ = __builtin_sadd_overflow(INT_MAX, 1, &r); printf("%d %d\n", o_, r); }
    { int o_ = __builtin_umul_overflow(65536u, 65535u, &u); printf("%d %u\n", o_, u); }
    printf("%d %d\n", __builtin_add_overflow_p(INT_MAX, 1, (int)0), __builtin_mul_overflow_p(10, 10, (signed char)0));
    calls = 0;
    { int o_ = __builtin_add_overflow(next(2), next(3), &r); printf("%d %d %d\n", o_, r, calls); }
    printf("%d %d %d %d\n", __builtin_clrsb(0), __builtin_clrsb(-1), __builtin_clrsb(1), __builtin_clrsb(INT_MIN));
    printf("%d %d %d\n", __builtin_clrsbl(255L), __builtin_clrsbll(0LL), __builtin_clrsbll(-256LL));
    printf("%d %d\n", (int)sizeof(__builtin_choose_expr(1, (char)1, 1.0)), (int)sizeof(__builtin_choose_expr(0, (char)1, 1.0)));
    struct S s = {0};
    union U un = {0};
    int a[2] = {0};
    char c = 0;
    void *p = 0;
    float f = 0;
    printf("%d %d %d %d %d %d %d %d\n", __builtin_classify_type(c), __builtin_classify_type(1), __builtin_classify_type(a),
           __builtin_classify_type(s), __builtin_classify_type(un), __builtin_classify_type(f), __builtin_classify_type(p),
           __builtin_classify_type(main));
    long double inf = __builtin_infl(), hv = __builtin_huge_vall(), nl = __builtin_nanl("");
    printf("%d %d %d\n", inf > 1e308, hv == inf, nl != nl);
    __builtin_prefetch(a, 0, 3);
    __builtin_prefetch(&a[next(1)]);
    printf("%d\n", calls);
    return 0;
}
