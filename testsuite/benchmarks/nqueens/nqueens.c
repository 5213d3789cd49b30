/* nqueens: counts N-queens solutions by array backtracking (N = 4..8) and by bitmask
   backtracking (N = 4..9), and prints the first 8-queens solution. */
#include <stdio.h>
#include <stdlib.h>

#define MAXN 12

static int col_of[MAXN];
static int first[MAXN];
static int have_first;
static unsigned nodes;

static int safe(int row, int col)
{
    int r;
    for (r = 0; r < row; r++) {
        int c = col_of[r];
        if (c == col || abs(c - col) == row - r)
            return 0;
    }
    return 1;
}

static int place_queens(int row, int n)
{
    int col, count = 0;
    nodes++;
    if (row == n) {
        if (!have_first && n == 8) {
            int i;
            for (i = 0; i < n; i++)
                first[i] = col_of[i];
            have_first = 1;
        }
        return 1;
    }
    for (col = 0; col < n; col++)
        if (safe(row, col)) {
            col_of[row] = col;
            count += place_queens(row + 1, n);
        }
    return count;
}

static int place_bits(unsigned cols, unsigned diag1, unsigned diag2, unsigned all)
{
    unsigned free_cols;
    int count = 0;
    nodes++;
    if (cols == all)
        return 1;
    free_cols = all & ~(cols | diag1 | diag2);
    while (free_cols) {
        unsigned bit = free_cols & (0u - free_cols);
        free_cols ^= bit;
        count += place_bits(cols | bit, (diag1 | bit) << 1, (diag2 | bit) >> 1, all);
    }
    return count;
}

int main(void)
{
    int n, i, count;
    printf("nqueens:\n");
    for (n = 4; n <= 8; n++) {
        nodes = 0;
        count = place_queens(0, n);
        printf("array   N=%d: %3d solutions, %6u nodes\n", n, count, nodes);
    }
    for (n = 4; n <= 9; n++) {
        nodes = 0;
        count = place_bits(0, 0, 0, (1u << n) - 1u);
        printf("bitmask N=%d: %3d solutions, %6u nodes\n", n, count, nodes);
    }
    printf("first 8-queens solution:");
    for (i = 0; i < 8; i++)
        printf(" %d", first[i]);
    putchar('\n');
    return 0;
}
