#include <stdio.h>
#include <stdlib.h>
typedef struct node { int val; struct node *next; } node;
static node *push(node *h, int v) { node *n = malloc(sizeof(node)); n->val = v; n->next = h; return n; }
static node *reverse(node *h) { node *p = 0; while (h) { node *n = h->next; h->next = p; p = h; h = n; } return p; }
static int length(const node *h) { return h ? 1 + length(h->next) : 0; }
static node *removeval(node *h, int v) { node **pp = &h; while (*pp) { if ((*pp)->val == v) { node *d = *pp; *pp = d->next; free(d); } else pp = &(*pp)->next; } return h; }
int main(void) {
    node *h = 0; int i;
    for (i = 0; i < 8; i++) h = push(h, i % 3);
    h = reverse(h);
    h = removeval(h, 1);
    node *p;
    for (p = h; p; p = p->next) printf("%d", p->val);
    printf(" %d\n", length(h));
    return length(h);
}
