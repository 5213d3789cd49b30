/* Arrays of 4 bytes or more are 4-aligned, of 8 bytes or more 8-aligned
 * (global, static and local objects), so a program may carve words and
 * long longs out of a char array: the ST231 traps on a misaligned access. */
#include <stdio.h>
#include <string.h>

char pad0 = 1;
static char bpad;
static char heap[4096];
char dpad = 5;
char dbuf[24] = {1, 2, 3};
char pad1 = 2;
char gbuf[16];
static char pad2 = 3;
char small4[4];
static char pad3 = 4;
char small5[5];

static unsigned next;
static long long *as_ll(char *p) { return (long long *)p; }

static void *carve(unsigned size) {
    void *p = &heap[next];
    next += (size + 7u) & ~7u;
    return p;
}

static long long sum_local(int n) {
    char c = 9;
    char buf[64];
    char d = 7;
    long long *q = (long long *)buf;
    long long s = c + d;
    for (int i = 0; i < 8; i++) q[i] = (long long)(i + n) << 33;
    for (int i = 0; i < 8; i++) s += q[i] >> 30;
    int *w = (int *)buf;
    w[3] = n;
    return s + w[3];
}

static int small_local(void) {
    char a = 1;
    char four[4];
    char b = 2;
    char eight[12];
    *(int *)four = 0x01020304;
    *(long long *)eight = 0x1122334455667788LL;
    return a + b + four[0] + eight[0] + eight[7];
}

int main(void) {
    int *iv = carve(10 * sizeof(int));
    long long *lv = carve(6 * sizeof(long long));
    short *sv = carve(3 * sizeof(short));
    long long *lw = carve(sizeof(long long));
    for (int i = 0; i < 10; i++) iv[i] = i * 1000 - 3;
    for (int i = 0; i < 6; i++) lv[i] = ((long long)i << 40) | (unsigned)i;
    for (int i = 0; i < 3; i++) sv[i] = (short)(i - 5);
    *lw = -1234567890123LL;
    long long s = 0;
    for (int i = 0; i < 10; i++) s += iv[i];
    for (int i = 0; i < 6; i++) s += lv[i] >> 20;
    for (int i = 0; i < 3; i++) s += sv[i];
    s += *lw;
    long long *d = as_ll(dbuf);
    d[1] = d[0] + 5;
    *as_ll(dbuf + 16) = bpad + dpad;
    printf("%lld %lld\n", d[1], d[2]);
    *(long long *)gbuf = 77;
    *(int *)(gbuf + 8) = 5;
    *(int *)small4 = 6;
    printf("%lld %lld %d %d\n", s, *(long long *)gbuf, *(int *)(gbuf + 8), *(int *)small4);
    printf("%lld %d\n", sum_local(3), small_local());
    /* the host gcc aligns arrays of 32 bytes or more to 32 */
    printf("%d %u\n", ((unsigned long)heap & 7u) != 0,
           (unsigned)(sizeof heap + sizeof small5 + _Alignof(char[16])));
    return pad0 + pad1 + pad2 + pad3;
}
