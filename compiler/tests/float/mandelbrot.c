/* mandelbrot: escape-time iteration counts of the Mandelbrot set on a 48x20
 * grid in double (ASCII art) and a 24x12 grid in float, with checksums of
 * the counts. Uses only + - * and comparisons. Checks known points: inside
 * (0, -1, -0.1+0.1i) and outside (1, 0.5+0.5i). */
#include <stdio.h>
#include <stdint.h>

#define MAXIT 32

static int iter_d(double cr, double ci)
{
    double zr = 0.0, zi = 0.0;
    int n;
    for (n = 0; n < MAXIT; n++) {
        double zr2 = zr * zr, zi2 = zi * zi;
        if (zr2 + zi2 > 4.0) break;
        zi = 2.0 * zr * zi + ci;
        zr = zr2 - zi2 + cr;
    }
    return n;
}

static int iter_f(float cr, float ci)
{
    float zr = 0.0f, zi = 0.0f;
    int n;
    for (n = 0; n < MAXIT; n++) {
        float zr2 = zr * zr, zi2 = zi * zi;
        if (zr2 + zi2 > 4.0f) break;
        zi = 2.0f * zr * zi + ci;
        zr = zr2 - zi2 + cr;
    }
    return n;
}

int main(void)
{
    static const char shades[] = " .:-=+*#%@";
    int x, y, fails = 0;
    uint32_t sum = 0, hist[4] = {0, 0, 0, 0};
    double total = 0.0;

    for (y = 0; y < 20; y++) {
        char line[49];
        double ci = 1.2 - y * (2.4 / 19.0);
        for (x = 0; x < 48; x++) {
            double cr = -2.1 + x * (2.8 / 47.0);
            int n = iter_d(cr, ci);
            sum = sum * 31u + (uint32_t)n;
            total += n;
            line[x] = n >= MAXIT ? '@' : shades[n % 9];
        }
        line[48] = '\0';
        printf("|%s|\n", line);
    }
    printf("double grid checksum %08x mean %.6f\n", (unsigned)sum, total / (48 * 20));

    sum = 0;
    for (y = 0; y < 12; y++)
        for (x = 0; x < 24; x++) {
            float cr = -2.0f + (float)x * 0.109375f;
            float ci = -1.125f + (float)y * 0.1875f;
            int n = iter_f(cr, ci);
            sum = sum * 33u + (uint32_t)n;
            hist[n >= MAXIT ? 3 : n >= 16 ? 2 : n >= 4 ? 1 : 0]++;
        }
    printf("float grid checksum %08x hist %u %u %u %u\n", (unsigned)sum,
           (unsigned)hist[0], (unsigned)hist[1], (unsigned)hist[2], (unsigned)hist[3]);

    if (iter_d(0.0, 0.0) != MAXIT || iter_d(-1.0, 0.0) != MAXIT || iter_d(-0.1, 0.1) != MAXIT) fails++;
    if (iter_d(1.0, 0.0) != 3 || iter_f(0.5f, 0.5f) >= MAXIT) fails++;
    printf("iter(1,0)=%d iter(0.5,0.5)=%d iter(-0.75,0.1)=%d float %d\n", iter_d(1.0, 0.0),
           iter_d(0.5, 0.5), iter_d(-0.75, 0.1), iter_f(-0.75f, 0.1f));
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
