#include <stdio.h>
#include <stddef.h>
struct s { int a; char b; int arr[4]; };
static inline __attribute__((always_inline)) int twice(int x) { return x * 2; }
static __inline__ int __attribute__((noinline, used)) thrice(int x) { return x * 3; }
__extension__ typedef long long i64;
static void __attribute__((noreturn)) die(void);
static int unused_static(void) { return 1; }
int weakfn(void) __attribute__((weak));
int weakfn(void) { return 4; }
int main(void) {
    __typeof__(twice(1)) t = twice(5);
    typeof(t) u = thrice(2);
    i64 big = 1;
    int x __attribute__((unused)) = 0;
    __signed__ char sc = -1; __const__ int ci = 3; int *__restrict__ rp = &t; __volatile__ int vi = 2;
    printf("%d %d %d %d %d %d\n", t, u, (int)sizeof(big), sc, ci + *rp, vi);
    printf("%d %d\n", (int)__builtin_offsetof(struct s, arr[2]), (int)offsetof(struct s, b));
    if (__builtin_expect(t == 10, 1)) puts("likely");
    printf("%d %d\n", __builtin_constant_p(3 + 4), __builtin_constant_p(t));
    printf("%d\n", weakfn());
    int z[0];
    printf("%d\n", (int)sizeof z);
    if (t == 11) die();
    return 0;
}
static void die(void) { for (;;) ; }
