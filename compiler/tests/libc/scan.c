/* sscanf conversions, widths, modifiers, scan sets, suppression, %n, the
   return value at a mismatch and at the end of the input; scanf on an
   empty standard input returns EOF. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    int a = 0, b = 0, c = 0, n = 0, r;
    unsigned u = 0;
    short h = 0;
    signed char hh = 0;
    long long ll = 0;
    float f = 0;
    double d = 0;
    char s1[32] = "", s2[32] = "", ch[4] = "";
    void *p = 0;
    r = sscanf("  12 -34 0x1f", "%d %d %i", &a, &b, &c);
    printf("1: %d %d %d %d\n", r, a, b, c);
    r = sscanf("017 ff 4294967295", "%i %x %u", &a, &b, &u);
    printf("2: %d %d %d %u\n", r, a, b, u);
    r = sscanf("12345678", "%3d%2d%d", &a, &b, &c);
    printf("3: %d %d %d %d\n", r, a, b, c);
    r = sscanf("-70000 300 -9000000000", "%hd %hhd %lld", &h, &hh, &ll);
    printf("4: %d %d %d %lld\n", r, h, hh, ll);
    r = sscanf("3.25 -1e3 .5", "%f %lf %lf", &f, &d, &d);
    printf("5: %d %.3f %.3f\n", r, f, d);
    r = sscanf("hello world", "%s %5s", s1, s2);
    printf("6: %d %s %s\n", r, s1, s2);
    r = sscanf("abc123xyz", "%[a-c]%[0-9]%n", s1, s2, &n);
    printf("7: %d %s %s %d\n", r, s1, s2, n);
    r = sscanf("key=value;", "%[^=]=%[^;]", s1, s2);
    printf("8: %d %s %s\n", r, s1, s2);
    r = sscanf("a b", "%c%c%c", &ch[0], &ch[1], &ch[2]);
    printf("9: %d %c%c%c\n", r, ch[0], ch[1], ch[2]);
    r = sscanf("1 2 3", "%*d %d %*d%n", &a, &n);
    printf("10: %d %d %d\n", r, a, n);
    r = sscanf("7 x", "%d %d", &a, &b);
    printf("11: %d %d\n", r, a);
    r = sscanf("", "%d", &a);
    printf("12: %d\n", r);
    r = sscanf("   ", "%d", &a);
    printf("13: %d\n", r);
    r = sscanf("50%", "%d%%", &a);
    printf("14: %d %d\n", r, a);
    r = sscanf("12abc", "%d%s", &a, s1);
    printf("15: %d %d %s\n", r, a, s1);
    r = sscanf("0x10", "%p", &p);
    printf("16: %d %d\n", r, (int)(unsigned long)p);
    r = sscanf("-5 +6", "%u %d", &u, &a);
    printf("17: %d %u %d\n", r, u, a);
    r = scanf("%d", &a);
    printf("18: %d\n", r);
    return 0;
}
