#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct item { int key; struct item *next; };
int main(void) {
    struct item *head = 0;
    int i;
    for (i = 0; i < 10; i++) {
        struct item *it = malloc(sizeof *it);
        it->key = i * i;
        it->next = head;
        head = it;
    }
    int s = 0;
    while (head) { struct item *n = head->next; s += head->key; free(head); head = n; }
    printf("%d\n", s);
    int *v = calloc(5, sizeof(int));
    printf("%d %d\n", v[0], v[4]);
    v = realloc(v, 10 * sizeof(int));
    for (i = 0; i < 10; i++) v[i] = i;
    printf("%d\n", v[9] + v[0]);
    char *str = malloc(20);
    strcpy(str, "dynamic");
    printf("%s\n", str);
    free(str); free(v);
    return 0;
}
