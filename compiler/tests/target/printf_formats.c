/* printf conversions, flags, widths and precisions: the runtime's printf
 * (through stsim) must print what the host printf prints. */
#include <stdio.h>
#include <stdint.h>
#include <stddef.h>
#include <limits.h>

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
    return 0;
}
