/* sort_shell: Shell sort (gap sequence 1, 4, 10, 23, 57, 132, 301, 701, 1750, then x2.25) of pseudo-random integers. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

#define N 4000

static uint32_t rng = 0x9E3779B9u;

static uint32_t xorshift(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static int data[N];

static unsigned n_cmp, n_move;

static void shell_sort(int *a, int n)
{
    int gaps[24];
    int ng = 0, g, i, j;
    static const int base[] = {1, 4, 10, 23, 57, 132, 301, 701, 1750};
    for (i = 0; i < 9 && base[i] < n; i++)
        gaps[ng++] = base[i];
    while (ng > 0 && ng < 24 && gaps[ng - 1] * 9 / 4 < n) {
        gaps[ng] = gaps[ng - 1] * 9 / 4;
        ng++;
    }
    for (g = ng - 1; g >= 0; g--) {
        int gap = gaps[g];
        for (i = gap; i < n; i++) {
            int v = a[i];
            for (j = i; j >= gap; j -= gap) {
                n_cmp++;
                if (a[j - gap] <= v)
                    break;
                a[j] = a[j - gap];
                n_move++;
            }
            a[j] = v;
        }
    }
}
#define SORT shell_sort

static int check_sorted(const int *a, int n)
{
    int i;
    for (i = 1; i < n; i++)
        if (a[i - 1] > a[i])
            return 0;
    return 1;
}

int main(void)
{
    int i;
    uint32_t ck = 0, sum_before = 0, sum_after = 0;
    for (i = 0; i < N; i++) {
        data[i] = (int)(xorshift() % 200001u) - 100000;
        sum_before += (uint32_t)data[i];
    }
    SORT(data, N);
    for (i = 0; i < N; i++) {
        sum_after += (uint32_t)data[i];
        ck = ck * 31u + (uint32_t)data[i];
    }
    printf("sort_shell: %d elements\n", N);
    printf("sorted: %s, sum preserved: %s\n", check_sorted(data, N) ? "yes" : "no",
           sum_before == sum_after ? "yes" : "no");
    printf("min %d median %d max %d\n", data[0], data[N / 2], data[N - 1]);
    printf("comparisons %u moves %u\n", n_cmp, n_move);
    printf("checksum %08x\n", ck);
    return 0;
}
