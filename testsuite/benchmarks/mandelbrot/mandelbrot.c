/* mandelbrot: escape-time iteration counts of the Mandelbrot set in double
 * on a 48x20 grid (printed as ASCII art) and of a Julia set in float on a
 * 32x16 grid, with histograms and checksums of the counts. Only + - * and
 * comparisons, so every count is reproducible. */
#include <stdio.h>
#include <stdint.h>

#define MAXIT 32

static int mandel(double cr, double ci)
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

static int julia(float zr, float zi, float cr, float ci)
{
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
    static const char shade[] = " .,:;-=+*#%";
    int x, y, inside = 0;
    unsigned hist[6] = { 0, 0, 0, 0, 0, 0 };
    uint32_t ck = 0;
    double sum = 0.0;

    for (y = 0; y < 20; y++) {
        char line[49];
        double ci = -1.14 + y * 0.12;
        for (x = 0; x < 48; x++) {
            double cr = -2.2 + x * 0.06;
            int n = mandel(cr, ci);
            ck = ck * 31u + (uint32_t)n;
            sum += n;
            if (n == MAXIT) inside++;
            line[x] = n == MAXIT ? '@' : shade[n % 11];
        }
        line[48] = '\0';
        printf("%s\n", line);
    }
    printf("mandelbrot: inside %d mean %.6f checksum %08x\n", inside, sum / (48 * 20), (unsigned)ck);

    ck = 0;
    for (y = 0; y < 16; y++)
        for (x = 0; x < 32; x++) {
            float zr = -1.6f + (float)x * 0.1f, zi = -1.0f + (float)y * 0.125f;
            int n = julia(zr, zi, -0.8f, 0.156f);
            ck = ck * 33u + (uint32_t)n;
            hist[n >= MAXIT ? 5 : n / 7]++;
        }
    printf("julia: hist %u %u %u %u %u %u checksum %08x\n", hist[0], hist[1], hist[2], hist[3], hist[4], hist[5],
           (unsigned)ck);
    return 0;
}
