/* recursion: deep and bushy recursion: Ackermann A(2,n) and A(3,5), naive Fibonacci,
   Towers of Hanoi move counting, and a recursive integer partition count. */
#include <stdio.h>
#include <stdint.h>

#define PART_N 26

static unsigned calls;

static unsigned ackermann(unsigned m, unsigned n)
{
    calls++;
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ackermann(m - 1, 1);
    return ackermann(m - 1, ackermann(m, n - 1));
}

static int fib(int n)
{
    calls++;
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static uint32_t hanoi_hash;

static unsigned hanoi(int n, int from, int to, int via)
{
    unsigned moves;
    calls++;
    if (n == 0)
        return 0;
    moves = hanoi(n - 1, from, via, to);
    hanoi_hash = hanoi_hash * 7u + (uint32_t)(from * 3 + to);
    moves += 1 + hanoi(n - 1, via, to, from);
    return moves;
}

/* number of partitions of n into parts no larger than k */
static unsigned partitions(int n, int k)
{
    calls++;
    if (n == 0)
        return 1;
    if (n < 0 || k == 0)
        return 0;
    return partitions(n - k, k) + partitions(n, k - 1);
}

int main(void)
{
    unsigned n, r, moves;
    int f;
    printf("recursion:\n");
    for (n = 0; n <= 6; n += 3) {
        calls = 0;
        r = ackermann(2, n);
        printf("A(2,%u) = %u (%u calls)\n", n, r, calls);
    }
    calls = 0;
    r = ackermann(3, 5);
    printf("A(3,5) = %u (%u calls)\n", r, calls);
    calls = 0;
    f = fib(20);
    printf("fib(20) = %d (%u calls)\n", f, calls);
    calls = 0;
    moves = hanoi(12, 0, 2, 1);
    printf("hanoi(12) = %u moves (%u calls), hash %08x\n", moves, calls, hanoi_hash);
    calls = 0;
    r = partitions(PART_N, PART_N);
    printf("p(%d) = %u (%u calls)\n", PART_N, r, calls);
    return 0;
}
