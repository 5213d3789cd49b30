/* Compound literals at file scope are objects of static storage
   duration (C99 6.5.2.5p6): their addresses are address constants in a
   static initialiser, and each literal is its own object. */
#include <stdio.h>

struct A { int i; int j; };
struct B { struct A *a; struct A *b; };
struct C { struct B *c; struct A *d; };
struct C e = { &(struct B) { &(struct A) { 1, 2 }, &(struct A) { 3, 4 } },
               &(struct A) { 5, 6 } };
int *p = (int[]){ 10, 20, 30 };
static const char *names[] = { (char[]){ "one" }, (const char[]){ 't', 'w', 'o', 0 } };
struct A byvalue = (struct A){ 7, 8 };
int *q = &((int[]){ 1, 2, 3 })[2];

int main(void) {
    printf("%d %d %d %d %d %d\n", e.c->a->i, e.c->a->j, e.c->b->i, e.c->b->j, e.d->i, e.d->j);
    printf("%d %d %d\n", p[0], p[1], p[2]);
    p[1] = 21;
    printf("%d %s %s\n", p[1], names[0], names[1]);
    printf("%d %d %d\n", byvalue.i, byvalue.j, *q);
    printf("%d\n", e.c->a != e.c->b && (void *)e.d != (void *)e.c->a);
    return 0;
}
