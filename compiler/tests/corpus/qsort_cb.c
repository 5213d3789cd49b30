#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct rec { char name[8]; int score; };
static int by_score(const void *a, const void *b) { const struct rec *x = a, *y = b; return x->score - y->score; }
static int by_int_desc(const void *a, const void *b) { return *(const int *)b - *(const int *)a; }
int main(void) {
    int v[] = { 5, 3, 9, 1, 7, 2 };
    qsort(v, 6, sizeof v[0], by_int_desc);
    int i;
    for (i = 0; i < 6; i++) printf("%d ", v[i]);
    struct rec r[3] = { { "bob", 30 }, { "amy", 10 }, { "cat", 20 } };
    qsort(r, 3, sizeof r[0], by_score);
    for (i = 0; i < 3; i++) printf("%s:%d ", r[i].name, r[i].score);
    printf("\n");
    return 0;
}
