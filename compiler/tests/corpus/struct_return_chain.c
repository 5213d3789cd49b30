#include <stdio.h>
typedef struct { short a; char b; } S;
typedef struct { S s[3]; int n; } T;
static S mks(int i) { S s; s.a = i * 100; s.b = 'a' + i; return s; }
static T mkt(void) { T t; int i; for (i = 0; i < 3; i++) t.s[i] = mks(i); t.n = 3; return t; }
int main(void) {
    T t = mkt();
    int i;
    for (i = 0; i < t.n; i++) printf("%d%c ", t.s[i].a, t.s[i].b);
    printf("\n%d %c\n", mkt().s[2].a, mks(5).b);
    printf("%d %d\n", (int)sizeof(S), (int)sizeof(T));
    return 0;
}
