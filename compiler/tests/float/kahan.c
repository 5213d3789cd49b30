/* kahan: summation accuracy. Sums 2000 pseudo-random terms of mixed
 * magnitude in float and double with naive, Kahan (compensated), Neumaier
 * and pairwise summation, and the harmonic series in float. The reference is
 * an exact sum in 64-bit integers (all terms are multiples of 2^-30 below
 * 2^20). Checks that compensated float sums are far closer to the exact
 * value than the naive float sum, and that compensated double sums are
 * exact after rounding. Pure + -. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#define N 2000

static uint32_t rng = 0x2545F491u;
static uint32_t xorshift32(void)
{
    uint32_t x = rng;
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    return rng = x;
}

static int64_t ival[N];
static double dval[N];
static float fval[N];

static float pairwise_f(const float *a, int n)
{
    if (n <= 8) {
        float s = 0.0f;
        int i;
        for (i = 0; i < n; i++) s += a[i];
        return s;
    }
    return pairwise_f(a, n / 2) + pairwise_f(a + n / 2, n - n / 2);
}

static double absd(double x) { return x < 0 ? -x : x; }

int main(void)
{
    int i, fails = 0;
    int64_t exact = 0;
    double dn = 0.0, dk = 0.0, dc = 0.0, dnm = 0.0, dnc = 0.0, ex;
    float fn = 0.0f, fk = 0.0f, fc = 0.0f, fnm = 0.0f, fnc = 0.0f, fp, hf = 0.0f, hk = 0.0f, hc = 0.0f;

    for (i = 0; i < N; i++) {
        /* magnitude 2^-10 .. 2^10 with 20 significant bits -> exact in float and double */
        uint32_t r = xorshift32();
        int sh = (int)(r % 21);                   /* 0..20 */
        int64_t m = (int64_t)(xorshift32() >> 12); /* 20 bits */
        if (r & 0x80000000u) m = -m;
        ival[i] = m * ((int64_t)1 << sh);                       /* units of 2^-30: value = m * 2^(sh-30) */
        dval[i] = (double)ival[i] / 1073741824.0;
        fval[i] = (float)dval[i];
        exact += ival[i];
    }
    ex = (double)exact / 1073741824.0;
    for (i = 0; i < N; i++) {
        double y, t;
        float yf, tf;
        dn += dval[i];
        y = dval[i] - dc; t = dk + y; dc = (t - dk) - y; dk = t;
        t = dnm + dval[i];
        if (absd(dnm) >= absd(dval[i])) dnc += (dnm - t) + dval[i]; else dnc += (dval[i] - t) + dnm;
        dnm = t;
        fn += fval[i];
        yf = fval[i] - fc; tf = fk + yf; fc = (tf - fk) - yf; fk = tf;
        tf = fnm + fval[i];
        if (absd(fnm) >= absd(fval[i])) fnc += (fnm - tf) + fval[i]; else fnc += (fval[i] - tf) + fnm;
        fnm = tf;
    }
    fp = pairwise_f(fval, N);
    printf("exact     %.17g (%lld * 2^-30)\n", ex, (long long)exact);
    printf("double    naive %.17g kahan %.17g neumaier %.17g\n", dn, dk, dnm + dnc);
    printf("float     naive %.9g kahan %.9g neumaier %.9g pairwise %.9g\n", (double)fn, (double)fk,
           (double)(fnm + fnc), (double)fp);
    printf("float err naive %.3e kahan %.3e neumaier %.3e pairwise %.3e\n", absd(fn - ex), absd(fk - ex),
           absd((double)(fnm + fnc) - ex), absd(fp - ex));
    if (dk != ex || dnm + dnc != ex) fails++;
    if (!(absd(fk - ex) <= absd(fn - ex)) || !(absd((double)(fnm + fnc) - ex) <= absd(fn - ex))) fails++;
    if (absd((double)(fnm + fnc) - ex) > 1e-3 * 1024.0) fails++;

    /* harmonic series in float: naive stalls, Kahan keeps going */
    for (i = 1; i <= 5000; i++) {
        float term = 1.0f / (float)i, y = term - hc, t = hk + y;
        hf += term;
        hc = (t - hk) - y; hk = t;
    }
    printf("harmonic(5000) float naive %.9g kahan %.9g (%a %a)\n", (double)hf, (double)hk, (double)hf, (double)hk);
    if (absd(hk - 9.0945088530) > 1e-5 || !(absd(hf - 9.0945088530) > absd(hk - 9.0945088530))) fails++;

    /* the classic: 1e-16 added 3000 times to 1 */
    {
        double s = 1.0, k = 1.0, c = 0.0;
        for (i = 0; i < 3000; i++) {
            double y = 1e-16 - c, t = k + y;
            s += 1e-16;
            c = (t - k) - y; k = t;
        }
        printf("1 + 3000 x 1e-16: naive %.17g kahan %.17g\n", s, k);
        if (s != 1.0 || absd(k - 1.0000000000003) > 1e-15) fails++;
    }
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
