/* cordic: CORDIC in double. The arctangent table atan(2^-i) is built from
 * its Taylor series (pure arithmetic), then rotation mode gives cos/sin of
 * 25 angles and vectoring mode gives atan2 and the magnitude of 12 vectors.
 * The CORDIC results are printed exactly (only + - * and ldexp); they are
 * compared with libm sin/cos/atan2/hypot only through a tolerance (pass or
 * fail), so libm's last bits never reach the output. A float CORDIC is
 * compared with the double one. */
#include <stdio.h>
#include <math.h>

#define ITERS 40

static double atan_tab[ITERS];
static float atan_tabf[24];
static double gain; /* prod 1/sqrt(1 + 2^-2i) */

static double atan_series(double x)
{
    /* x - x^3/3 + x^5/5 - ..., |x| <= 1/2 */
    double x2 = x * x, term = x, s = 0.0;
    int k;
    for (k = 1; k < 80; k += 2) {
        s += term / k;
        term = -term * x2;
    }
    return s;
}

static void setup(void)
{
    int i;
    double k = 1.0;
    atan_tab[0] = 0.78539816339744830962; /* pi/4 */
    for (i = 1; i < ITERS; i++) atan_tab[i] = atan_series(ldexp(1.0, -i));
    for (i = 0; i < 24; i++) atan_tabf[i] = (float)atan_tab[i];
    for (i = 0; i < ITERS; i++) k *= 1.0 + ldexp(1.0, -2 * i);
    gain = 1.0 / sqrt(k);
}

/* rotation mode: |theta| <= pi/2 */
static void cordic_rot(double theta, double *c, double *s)
{
    double x = gain, y = 0.0, z = theta;
    int i;
    for (i = 0; i < ITERS; i++) {
        double xs = ldexp(x, -i), ys = ldexp(y, -i);
        if (z >= 0.0) { x -= ys; y += xs; z -= atan_tab[i]; }
        else { x += ys; y -= xs; z += atan_tab[i]; }
    }
    *c = x; *s = y;
}

static void cordic_rotf(float theta, float *c, float *s)
{
    float x = (float)gain, y = 0.0f, z = theta, p = 1.0f;
    int i;
    for (i = 0; i < 24; i++) {
        float xs = x * p, ys = y * p;
        if (z >= 0.0f) { x -= ys; y += xs; z -= atan_tabf[i]; }
        else { x += ys; y -= xs; z += atan_tabf[i]; }
        p *= 0.5f;
    }
    *c = x; *s = y;
}

/* vectoring mode: x > 0 */
static double cordic_vec(double x, double y, double *mag)
{
    double z = 0.0;
    int i;
    for (i = 0; i < ITERS; i++) {
        double xs = ldexp(x, -i), ys = ldexp(y, -i);
        if (y < 0.0) { x -= ys; y += xs; z -= atan_tab[i]; }
        else { x += ys; y -= xs; z += atan_tab[i]; }
    }
    *mag = x * gain;
    return z;
}

int main(void)
{
    int i, fails = 0;
    double maxe = 0.0, maxf = 0.0;

    setup();
    printf("atan(1/2) %.17g atan(1/4) %.17g gain %.17g\n", atan_tab[1], atan_tab[2], gain);
    if (fabs(atan_tab[1] - atan(0.5)) > 1e-15 || fabs(gain - 0.60725293500888125617) > 1e-15) fails++;
    for (i = -12; i <= 12; i++) {
        double th = i * 0.125, c, s;
        float cf, sf;
        cordic_rot(th, &c, &s);
        cordic_rotf((float)th, &cf, &sf);
        if (fabs(c - cos(th)) > maxe) maxe = fabs(c - cos(th));
        if (fabs(s - sin(th)) > maxe) maxe = fabs(s - sin(th));
        if (fabs(cf - c) > maxf) maxf = fabs(cf - c);
        if (fabs(sf - s) > maxf) maxf = fabs(sf - s);
        if (i % 3 == 0) printf("theta %6.3f cos %.17g sin %.17g float %.9g %.9g\n", th, c, s, (double)cf, (double)sf);
    }
    printf("rotation vs libm: %s, float vs double: %s\n", maxe < 1e-11 ? "within 1e-11" : "FAIL",
           maxf < 1e-6 ? "within 1e-6" : "FAIL");
    if (maxe >= 1e-11 || maxf >= 1e-6) fails++;
    maxe = 0.0;
    for (i = 0; i < 12; i++) {
        double x = 1.0 + i * 0.75, y = (i - 6) * 1.3, mag, a = cordic_vec(x, y, &mag);
        double ea = fabs(a - atan2(y, x)), em = fabs(mag - hypot(x, y)) / mag;
        if (ea > maxe) maxe = ea;
        if (em > maxe) maxe = em;
        printf("vec (%.2f, %.2f): angle %.17g magnitude %.17g\n", x, y, a, mag);
    }
    printf("vectoring vs libm: %s\n", maxe < 1e-11 ? "within 1e-11" : "FAIL");
    if (maxe >= 1e-11) fails++;
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
