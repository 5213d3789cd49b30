/* GNU statement expressions ({ ... }): value of the last expression
 * statement, void when there is none; declarations, loops, control flow
 * and nested statement expressions inside; used in macros. */
#include <stdio.h>

#define MAX(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define SQUARE_ONCE(x) ({ int _v = (x); _v * _v; })

struct pt { int x, y; };
static int calls;
static int next(void) { return ++calls; }

int main(void) {
    int i = 5, j = 9;
    int m = MAX(i++, j--);
    printf("%d %d %d\n", m, i, j);
    int s = SQUARE_ONCE(next());
    printf("%d %d\n", s, calls);
    int sum = ({
        int t = 0;
        for (int k = 0; k < 10; k++) {
            if (k == 7) continue;
            t += k;
        }
        t;
    });
    printf("%d\n", sum);
    ({ printf("void one\n"); });
    long long big = ({ long long q = 1; q << 40; });
    printf("%lld\n", big);
    struct pt p = ({ struct pt tmp = {3, 4}; tmp; });
    printf("%d %d\n", p.x, p.y);
    int nested = ({ int a = ({ int b = 2; b * 10; }); a + 1; });
    printf("%d\n", nested);
    const char *str = ({ "abc"; });
    printf("%s\n", str);
    int c = 0;
    while (({ c++; c < 4; }))
        ;
    printf("%d\n", c);
    int r = i > 3 ? ({ int z = i * 2; z; }) : ({ -1; });
    printf("%d\n", r);
    for (int k = 0; k < 3; k++) {
        int v = ({ int w = k * k; if (w > 2) w = -w; w; });
        printf("%d ", v);
    }
    printf("\n");
    return ({ int e = 3; e + MAX(1, 2); });
}
