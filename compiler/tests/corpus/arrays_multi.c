#include <stdio.h>
int grid[3][4] = { { 1, 2, 3, 4 }, { 5, 6 }, [2] = { [3] = 12 } };
static int sum2(int (*g)[4], int rows) { int s = 0, i, j; for (i = 0; i < rows; i++) for (j = 0; j < 4; j++) s += g[i][j]; return s; }
int main(void) {
    int local[2][3][2];
    int i, j, k, n = 0;
    for (i = 0; i < 2; i++) for (j = 0; j < 3; j++) for (k = 0; k < 2; k++) local[i][j][k] = n++;
    printf("%d %d %d\n", local[1][2][1], local[0][1][0], (int)sizeof local[1]);
    printf("%d %d %d\n", sum2(grid, 3), grid[1][1], grid[2][3]);
    int *flat = &grid[0][0];
    printf("%d %d\n", flat[5], *(*(grid + 2) + 3));
    char names[3][6] = { "ab", "cdef", "g" };
    printf("%s %s %s %d\n", names[0], names[1], names[2], (int)sizeof names);
    printf("%d\n", (int)(&grid[2][0] - &grid[0][0]));
    return 0;
}
