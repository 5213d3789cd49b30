/* <wchar.h> basics (strings spelled as arrays: lcc has no wide string
   literals yet). */
#include <stdio.h>
#include <wchar.h>

int main(void)
{
    static const wchar_t wide[] = {'w', 'i', 'd', 'e', 0}, r[] = {'r', 0};
    static const wchar_t wider[] = {'w', 'i', 'd', 'e', 'r', 0};
    static const wchar_t sa[] = {'a', 0}, sb[] = {'b', 0};
    static const wchar_t abx[] = {'a', 'b', 'X', 0}, aby[] = {'a', 'b', 'Y', 0};
    static const wchar_t abab[] = {'a', 'b', 'a', 'b', 0}, xy[] = {'x', 'y', 0};
    wchar_t a[16], b[16];
    wcscpy(a, wide);
    printf("wcslen %d\n", (int)wcslen(a));
    wcscat(a, r);
    printf("wcscat %d %d\n", (int)wcslen(a), (int)a[4]);
    printf("wcscmp %d %d %d\n", wcscmp(a, wider) == 0, wcscmp(sa, sb) < 0,
           wcsncmp(abx, aby, 2));
    printf("wcschr %d %d\n", (int)(wcschr(a, 'd') - a), wcschr(a, 'z') == NULL);
    printf("wcsrchr %d\n", (int)(wcsrchr(abab, 'b') - abab));
    wmemset(b, 'q', 3);
    b[3] = 0;
    printf("wmemset %d %d\n", (int)wcslen(b), (int)b[2]);
    wmemcpy(b, a, 6);
    printf("wmemcpy %d\n", wmemcmp(a, b, 6));
    wmemmove(b + 1, b, 4);
    printf("wmemmove %d %d %d\n", (int)b[0], (int)b[1], (int)b[4]);
    wcsncpy(b, xy, 4);
    printf("wcsncpy %d %d\n", (int)b[1], (int)b[3]);
    printf("wmemchr %d\n", (int)(wmemchr(a, 'e', 5) - a));
    printf("btowc %d wctob %d sizeof %d\n", (int)btowc('A'), wctob('B'), (int)sizeof(wchar_t));
    return 0;
}
