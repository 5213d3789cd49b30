/* Static initialiser data for a flexible array member (gcc extension):
   the object grows to hold it, sizeof of the type does not change; and
   the object after it in memory is not overwritten. The host gcc -m32
   build of this file gives the expected output. */
#include <stdio.h>

struct s { int n; int a[]; };
struct c { short n; char name[]; };
struct d { char tag; double v[]; };

struct s one = {3, {10, 20, 30}};
struct s guard = {-1};
static struct c named = {5, "hello"};
struct d dbl = {'x', {1.5, -2.25}};
union holder { struct c c; char raw[12]; };
union holder hu = {{2, "union"}};

static int sum(const struct s *p) {
    int t = 0;
    for (int i = 0; i < p->n; i++)
        t += p->a[i];
    return t;
}

int main(void) {
    static struct s local = {2, {5, 6}};
    printf("%u %u %u\n", (unsigned)sizeof one, (unsigned)sizeof(struct c), (unsigned)sizeof dbl);
    printf("%d %d %d\n", sum(&one), guard.n, sum(&local));
    printf("%d %s\n", named.n, named.name);
    printf("%c %.2f %.2f\n", dbl.tag, dbl.v[0], dbl.v[1]);
    printf("%u %d %s %d\n", (unsigned)sizeof hu, hu.c.n, hu.c.name, hu.raw[2]);
    return 0;
}
