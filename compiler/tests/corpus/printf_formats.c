#include <stdio.h>
int main(void) {
    printf("[%d] [%5d] [%-5d] [%05d] [%+d] [% d]\n", 42, 42, 42, 42, 42, 42);
    printf("[%x] [%X] [%#x] [%o] [%#o] [%08x]\n", 255, 255, 255, 8, 8, 0xabc);
    printf("[%u] [%lu] [%llu] [%lld] [%hd] [%hhd] [%hhu]\n", 3000000000u, 7ul, 1ULL << 63, -5LL, 70000, 300, 300);
    printf("[%s] [%10s] [%-10s] [%.2s] [%c] [%%]\n", "str", "right", "left", "trunc", 'Z');
    printf("[%.5d] [%8.3d] [%*d] [%-*d] [%.*s]\n", 42, 7, 6, 1, 4, 2, 3, "abcdef");
    int n = printf("count me\n");
    printf("%d\n", n);
    char buf[8];
    int k = snprintf(buf, sizeof buf, "%d-%d-%d", 100, 200, 300);
    printf("%s %d\n", buf, k);
    putchar('!'); putchar('\n');
    puts("done");
    return 0;
}
