#include <stdio.h>
#define SQ(x) ((x) * (x))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define STR(x) #x
#define XSTR(x) STR(x)
#define CAT(a, b) a##b
#define VERSION 3
#define LOG(fmt, ...) printf("[log] " fmt "\n", ##__VA_ARGS__)
#define COUNT(...) count_args(0, ##__VA_ARGS__, -1)
static int count_args(int z, ...) { (void)z; return 0; }
int CAT(my, var) = 11;
int main(void) {
    printf("%d %d %s %s\n", SQ(3 + 1), MAX(4, 9), STR(a + b), XSTR(VERSION));
    printf("%d %d\n", myvar, CAT(1, 2) + 1);
    LOG("plain");
    LOG("%d-%d", 1, 2);
    printf("%s %d\n", __FILE__ + 0 == 0 ? "?" : "file", __LINE__);
#undef VERSION
#ifdef VERSION
    puts("defined");
#else
    puts("undefined");
#endif
    (void)COUNT();
    return 0;
}
