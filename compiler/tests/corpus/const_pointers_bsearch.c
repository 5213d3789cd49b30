/* Pointers to const may be reassigned (C99 6.7.3): only `T *const p` is a
 * read-only variable. Also bsearch from <stdlib.h>. Checked against gcc -m32. */
#include <stdio.h>
#include <stdlib.h>

static const int table[6] = {2, 3, 5, 7, 11, 13};
const int *cursor;

static int cmp(const void *a, const void *b) {
    return *(const int *)a - *(const int *)b;
}

int main(void) {
    const int *p = table;
    int sum = 0;
    for (p = table; p < table + 6; p++)
        sum += *p;
    p -= 2;
    cursor = p;
    cursor += 1;
    int key = 7;
    const int *hit = bsearch(&key, table, 6, sizeof table[0], cmp);
    key = 8;
    const int *miss = bsearch(&key, table, 6, sizeof table[0], cmp);
    printf("%d %d %d %d %d\n", sum, *p, *cursor, (int)(hit - table), miss == NULL);
    return 0;
}
