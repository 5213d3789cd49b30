/* printf conversions, flags, widths and precisions: the runtime's printf
 * (through stsim) must print what the host printf prints. */
#include <stdio.h>
#include <stdint.h>
#include <stddef.h>
#include <limits.h>
#include <string.h>

/* Floating conversions. lcc cannot declare a double yet, so each value is
   passed as the unsigned long long holding its IEEE-754 bits: the ST200
   ABI passes a double exactly like an unsigned long long (8 bytes,
   even-word aligned, ISA-ST200 §7.2), and so does the i386 ABI of the
   host build (8 bytes on the stack), so both printfs read the double. */
static void floats(void) {
    static const unsigned long long v[] = {
        0x0000000000000000ULL, 0x8000000000000000ULL, 0x3ff0000000000000ULL,
        0x3fc0000000000000ULL /* 0.125 */, 0x4004000000000000ULL /* 2.5 */,
        0x3ff8000000000000ULL /* 1.5 */, 0xc058e00000000000ULL /* -99.5 */,
        0x3fb999999999999aULL /* 0.1 */, 0x400921fb54442d18ULL /* pi */,
        0x44b52d02c7e14af6ULL /* 1e23 */, 0x7fefffffffffffffULL /* DBL_MAX */,
        0x0010000000000000ULL /* DBL_MIN */, 0x0000000000000001ULL /* subnormal */,
        0x3eb0c6f7a0b5ed8dULL /* 1e-6 */, 0x412e848000000000ULL /* 1e6 */,
        0x7ff0000000000000ULL, 0xfff0000000000000ULL, 0x7ff8000000000000ULL,
        0x41dfffffffc00000ULL /* 2^31 - 1 */, 0xbfd5555555555555ULL /* -1/3 */,
    };
    const char *fmts[] = {"%f", "%.0f", "%.2f", "%#.0f", "%12.4f", "%-12.3f|", "%+f", "% .1f", "%012.3f",
                          "%e", "%.0e", "%.3E", "%#.0e", "%+15.6e", "%g", "%G", "%.3g", "%#g", "%.10g",
                          "%-10g|", "%010g", "%a", "%A", "%.1a", "%.0a", "%#a", "%20.3a", "%F", "%.17g",
                          "%.30f", "%.40e", "%Lf", "%Lg"};
    for (unsigned f = 0; f < sizeof fmts / sizeof fmts[0]; f++) {
        printf("%s:", fmts[f]);
        for (unsigned k = 0; k < sizeof v / sizeof v[0]; k++) {
            putchar(' ');
            if (fmts[f][1] == 'L') {
#ifdef __lcc__
                printf(fmts[f], v[k]); /* long double is binary64 on the ST200 */
#else
                /* 80-bit on i386: the host prints the double without L */
                char hf[8] = "%";
                strcat(hf, fmts[f] + 2);
                printf(hf, v[k]);
#endif
                continue;
            }
            printf(fmts[f], v[k]);
        }
        putchar('\n');
    }
    /* a double among other arguments, and * width and precision */
    printf("[%d|%8.3f|%s|%lld|%*.*e|%c]\n", 7, 0x4004000000000000ULL, "x", -5LL, 12, 2,
           0x3fc0000000000000ULL, 'z');
    char buf[64];
    int n = snprintf(buf, 8, "%.5f", 0x400921fb54442d18ULL);
    printf("%d %s\n", n, buf);
}

int main(void) {
    int iv[] = {0, 1, -1, 42, -42, 1000000, INT_MAX, INT_MIN};
    unsigned uv[] = {0u, 1u, 255u, 65535u, 4000000000u, UINT_MAX};
    long long lv[] = {0LL, -1LL, 1234567890123LL, LLONG_MAX, LLONG_MIN};
    unsigned long long ulv[] = {0ULL, 18446744073709551615ULL, 1ULL << 40};
    const char *fmts_i[] = {"%d", "%5d", "%-5d|", "%05d", "%+d", "% d", "%.3d", "%8.4d", "%-+8d|", "%i", "%0*d"};
    for (unsigned f = 0; f < sizeof fmts_i / sizeof fmts_i[0]; f++) {
        for (unsigned k = 0; k < sizeof iv / sizeof iv[0]; k++) {
            if (f == 10) printf(fmts_i[f], 7, iv[k]); else printf(fmts_i[f], iv[k]);
            putchar(' ');
        }
        putchar('\n');
    }
    const char *fmts_u[] = {"%u", "%x", "%X", "%o", "%#x", "%#o", "%08x", "%-10u|", "%.0u", "%#.3X"};
    for (unsigned f = 0; f < sizeof fmts_u / sizeof fmts_u[0]; f++) {
        for (unsigned k = 0; k < sizeof uv / sizeof uv[0]; k++) {
            printf(fmts_u[f], uv[k]);
            putchar(' ');
        }
        putchar('\n');
    }
    for (unsigned k = 0; k < sizeof lv / sizeof lv[0]; k++) printf("%lld %20lld %-22lld| %llx\n", lv[k], lv[k], lv[k], (unsigned long long)lv[k]);
    for (unsigned k = 0; k < sizeof ulv / sizeof ulv[0]; k++) printf("%llu %llX %#llo\n", ulv[k], ulv[k], ulv[k]);
    printf("[%c][%3c][%-3c]\n", 'a', 'b', 'c');
    printf("[%s][%10s][%-10s][%.3s][%10.2s]\n", "hello", "hi", "left", "truncate", "xy");
    printf("[%hd][%hu][%hhd][%hhu]\n", (short)-2, (unsigned short)65535, (signed char)-3, (unsigned char)250);
    printf("[%ld][%lu][%zu][%td][%jd]\n", -5L, 7UL, sizeof(long long), (ptrdiff_t)-9, (intmax_t)-11);
    printf("[%%][%5%]\n");
    char buf[32];
    int n = snprintf(buf, sizeof buf, "%d-%s-%x", 12, "ab", 255);
    printf("%d %s\n", n, buf);
    n = snprintf(buf, 5, "%s", "truncated");
    printf("%d %s\n", n, buf);
    n = sprintf(buf, "%08.3d|%-6x|", 5, 0xabu);
    printf("%d %s\n", n, buf);
    floats();
    return 0;
}
