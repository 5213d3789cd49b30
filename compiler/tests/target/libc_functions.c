/* The runtime's string, memory, conversion, sorting, allocation, setjmp
 * and time functions against the host's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <setjmp.h>
#include <errno.h>
#include <time.h>
#include <inttypes.h>

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static jmp_buf env;
static int depth(int n) {
    if (n == 0) longjmp(env, 42);
    return depth(n - 1) + 1;
}

int main(void) {
    char a[64] = "hello", b[64];
    strcpy(b, a);
    strcat(b, ", world");
    printf("%s %u %d %d %d\n", b, (unsigned)strlen(b), strcmp(a, b) < 0, strncmp(a, b, 5), memcmp("abc", "abd", 3) < 0);
    printf("%s %s %s\n", strchr(b, 'w'), strrchr(b, 'l'), strstr(b, "lo, "));
    memset(a, 'x', 3);
    memmove(a + 1, a, 4);
    printf("%s %u %u\n", a, (unsigned)strspn("aabbc", "ab"), (unsigned)strcspn("hello", "l"));
    char tok[] = "a,b;;c,d";
    for (char *t = strtok(tok, ",;"); t; t = strtok(NULL, ",;")) printf("[%s]", t);
    printf("\n%ld %lu %ld %d %d\n", strtol("-123abc", NULL, 10), strtoul("ff", NULL, 16), strtol("0x1F", NULL, 0), atoi("  77"), abs(-5));
    char *end;
    long v = strtol("  +0777z", &end, 8);
    printf("%ld %s %lld\n", v, end, strtoll("-9223372036854775807", NULL, 10));
    int arr[50];
    unsigned s = 12345;
    for (int i = 0; i < 50; i++) { s = s * 1103515245u + 12345u; arr[i] = (int)(s >> 16) % 1000 - 500; }
    qsort(arr, 50, sizeof arr[0], cmp_int);
    int key = arr[17];
    int *hit = bsearch(&key, arr, 50, sizeof arr[0], cmp_int);
    printf("%d %d %d %d\n", arr[0], arr[49], hit != NULL && *hit == key, (int)(hit - arr) <= 17);
    /* malloc: interleaved allocations and frees, contents checked. */
    char *blocks[64];
    unsigned long sum = 0;
    for (int round = 0; round < 20; round++) {
        for (int i = 0; i < 64; i++) {
            blocks[i] = malloc((size_t)(i * 13 % 200 + 1));
            memset(blocks[i], i, (size_t)(i * 13 % 200 + 1));
        }
        for (int i = 0; i < 64; i += 2) { sum += (unsigned char)blocks[i][0]; free(blocks[i]); }
        for (int i = 1; i < 64; i += 2) { blocks[i] = realloc(blocks[i], 300); sum += (unsigned char)blocks[i][0]; }
        for (int i = 1; i < 64; i += 2) free(blocks[i]);
    }
    int *z = calloc(100, sizeof *z);
    for (int i = 0; i < 100; i++) sum += (unsigned long)z[i];
    free(z);
    printf("%lu\n", sum);
    int r = setjmp(env);
    if (r == 0) depth(10);
    printf("longjmp %d\n", r);
    int c = 0;
    for (int ch = 0; ch < 128; ch++) c += !!isalpha(ch) + 2 * !!isdigit(ch) + 4 * !!isspace(ch) + 8 * !!isupper(ch) + 16 * !!ispunct(ch) + toupper(ch);
    printf("ctype %d\n", c);
    /* C99 extras: strerror, strcoll, strxfrm, imaxabs, imaxdiv */
    printf("%s|%s|%s|%s\n", strerror(ERANGE), strerror(EDOM), strerror(EINVAL), strerror(0));
    char xf[16];
    size_t xn = strxfrm(xf, "collate", sizeof xf);
    imaxdiv_t qd = imaxdiv(-7000000001LL, 10);
    printf("%d %d %u %s %lld %lld %lld\n", strcoll("abc", "abd") < 0, strcoll("b", "a") > 0, (unsigned)xn, xf,
           (long long)imaxabs(-12345678901LL), (long long)qd.quot, (long long)qd.rem);
    /* time.h: calendar in UTC (gmtime, asctime, strftime); clock() and
       time() only by properties (simulated time differs from the host's) */
    time_t when[] = {0, 951782400L /* 2000-02-29 */, 1700000000L, 2147483647L, -86400L * 365};
    for (unsigned i = 0; i < sizeof when / sizeof when[0]; i++) {
        struct tm *tm = gmtime(&when[i]);
        char tb[128];
        size_t tn = strftime(tb, sizeof tb, "%Y-%m-%d %H:%M:%S %a %A %b %B %j %U %W %V %G %u %w %p %I %D %T %e %C %y", tm);
        printf("%u [%s] %s", (unsigned)tn, tb, asctime(tm));
    }
    clock_t c0 = clock();
    volatile unsigned spin = 0;
    for (int i = 0; i < 2000; i++) spin += (unsigned)i;
    clock_t c1 = clock();
    time_t t0 = time(NULL), t1;
    printf("clock %d %d %d\n", c1 >= c0 && c0 >= 0, (long)CLOCKS_PER_SEC == 1000000L, time(&t1) >= t0 && t1 >= t0);
    fputs("to stdout\n", stdout);
    return 3;
}
