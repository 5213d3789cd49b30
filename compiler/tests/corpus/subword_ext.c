/* Sub-word values: loads of signed/unsigned char and short, their
   compares, shifts, divisions and conversions (lcc skips extensions the
   loads already did). */
#include <stdio.h>
static signed char sc[] = {0, 1, -1, 127, -128, 0x55, -0x56, 7, -7, 100};
static unsigned char uc[] = {0, 1, 255, 127, 128, 0x55, 0xaa, 7, 249, 200};
static short ss[] = {0, 1, -1, 32767, -32768, 0x1234, -0x1234, 255, -256, 1000};
static unsigned short us[] = {0, 1, 65535, 32767, 32768, 0x1234, 0xedcc, 255,
                              65280, 60000};
static char pc[] = "Hello, \xe9t\xe9!";
#define N 10
static unsigned h = 2166136261u;
static void mix(int v) { h = (h ^ (unsigned)v) * 16777619u; }
static int dot(const short *x, const short *y, int n) {
    int a = 0;
    for (int i = 0; i < n; i++) a += x[i] * y[i];
    return a;
}
static unsigned udot(const unsigned char *x, const unsigned short *y, int n) {
    unsigned a = 0;
    for (int i = 0; i < n; i++) a += x[i] * y[i];
    return a;
}
static short smax(const short *x, int n) {
    short m = x[0];
    for (int i = 1; i < n; i++)
        if (x[i] > m) m = x[i];
    return m;
}
static unsigned char ucmin(const unsigned char *x, int n) {
    unsigned char m = x[0];
    for (int i = 1; i < n; i++)
        if (x[i] < m) m = x[i];
    return m;
}
int main(void) {
    printf("%d %u %d %d\n", dot(ss, ss, N), udot(uc, us, N), smax(ss, N),
           ucmin(uc + 1, N - 1));
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
            signed char a = sc[i], b = sc[j];
            unsigned char c = uc[i], d = uc[j];
            short e = ss[i], f = ss[j];
            unsigned short g = us[i], k = us[j];
            mix(a < b); mix(a == b); mix(c < d); mix(c == d); mix(a < c);
            mix(e < f); mix(e == f); mix(g < k); mix(g >= k); mix(e < g);
            mix((unsigned char)a < (unsigned char)b);
            mix((unsigned short)e > (unsigned short)f);
            mix((signed char)c == (signed char)d);
            mix((short)g <= (short)k);
            mix(a == -1); mix(c == 255); mix(e == -32768); mix(g == 0xffff);
            mix((unsigned char)a == 0xff); mix((short)g < 0);
            mix(a ^ b); mix((signed char)(a ^ b) < 0); mix((unsigned char)(c & d) > 100);
            mix((signed char)(a + b) < 0); mix((unsigned char)(c + d) < 10);
            mix((short)(e * f) < 0); mix((unsigned short)(g - k) > 30000);
            if (b != 0) { mix(a / b); mix(a % b); }
            if (d != 0) { mix(c / d); mix(c % d); }
            if (f != 0) { mix(e / f); mix(e % f); }
            if (k != 0) { mix(g / k); mix(g % k); }
            mix(a >> (j & 7)); mix(c >> (j & 7)); mix(e >> j); mix(g >> j);
        }
        signed char a = sc[i];
        unsigned char c = uc[i];
        short e = ss[i];
        unsigned short g = us[i];
        printf("%d %d %d %d | %d %d %d %d | %d %d %d %d\n", a, c, e, g, a >> 3,
               c >> 3, e >> 9, g >> 9, (signed char)(a >> 1), (unsigned char)(c << 1),
               (short)(e << 3), (unsigned short)(g >> 1));
        printf("%d %d %d %d %d %d %d %d\n", a / 4, c / 4, e / 16, g / 16, a % 4, c % 4,
               e % 16, g % 16);
        printf("%d %d %d %d %d %d\n", (signed char)c, (unsigned char)a, (short)g,
               (unsigned short)e, (signed char)e, (unsigned char)g);
        printf("%d %d %d %d\n", ~a, ~c, (signed char)~c, (unsigned char)~a);
        printf("%lld %llu %lld %llu\n", (long long)a, (unsigned long long)c,
               (long long)e, (unsigned long long)g);
        short t = (short)(e + 1);
        unsigned char t8 = (unsigned char)(c + 1);
        printf("%d %d %d %d\n", t, t8, t > e, t8 > c);
        mix((c & 0x7f) == (a & 0x7f)); mix((e & 0xff) < (g & 0xff));
        mix((e >> 8) == (signed char)(e >> 8)); mix((g >> 8) < (c >> 1));
    }
    int up = 0, neg = 0;
    for (char *p = pc; *p; p++) {
        if (*p < 0) neg++;
        if ((unsigned char)*p > 0x7f) up++;
        mix(*p);
    }
    printf("%d %d %08x\n", neg, up, h);
    return (int)(h & 0x7f);
}
