#include <stdio.h>
int table[4] = { 10, 20, 30, 40 };
int *p2 = &table[2];
int *pe = table + 3;
struct node { int v; struct node *next; };
struct node n3 = { 3, 0 }, n2 = { 2, &n3 }, n1 = { 1, &n2 };
const char *names[] = { "zero", "one", "two" };
char *second = (char *)&names[1];
struct { const char *s; int *p; } pairs[] = { { "a", &table[0] }, { "b", &table[1] } };
static int counter;
int *pc = &counter;
int main(void) {
    struct node *n;
    for (n = &n1; n; n = n->next) printf("%d ", n->v);
    printf("\n%d %d %s %s\n", *p2, *pe, names[2], *(const char **)second);
    printf("%s%d %s%d\n", pairs[0].s, *pairs[0].p, pairs[1].s, *pairs[1].p);
    *pc = 5;
    printf("%d\n", counter);
    return 0;
}
