#include <stdio.h>
#include <stdarg.h>
static long long sumll(int n, ...) {
    va_list ap; long long s = 0; int i;
    va_start(ap, n);
    for (i = 0; i < n; i++) s += va_arg(ap, long long);
    va_end(ap);
    return s;
}
static int mixed(const char *fmt, ...) {
    va_list ap, aq; int total = 0;
    va_start(ap, fmt);
    va_copy(aq, ap);
    for (; *fmt; fmt++) {
        if (*fmt == 'i') total += va_arg(ap, int);
        else if (*fmt == 'l') total += (int)va_arg(ap, long long);
        else if (*fmt == 's') total += (int)__builtin_strlen(va_arg(ap, char *));
        else if (*fmt == 'c') total += va_arg(ap, int);
    }
    printf("first again: %d\n", va_arg(aq, int));
    va_end(aq);
    va_end(ap);
    return total;
}
static void logf2(const char *fmt, ...) { va_list ap; va_start(ap, fmt); vprintf(fmt, ap); va_end(ap); }
int main(void) {
    printf("%lld\n", sumll(3, 1LL, 2LL, 30000000000LL));
    printf("%d\n", mixed("ilsc", 5, 10LL, "hello", 'A'));
    logf2("%s-%d-%lld-%c\n", "x", 42, -5LL, 'q');
    char buf[64];
    sprintf(buf, "[%5d|%-3x|%03d]", 12, 10, 7);
    puts(buf);
    return 0;
}
