/* sort_quick: recursive quicksort (median-of-three, Hoare partition, insertion sort below 12 elements) of pseudo-random integers. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

#define N 6000

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

static void swap_int(int *a, int *b)
{
    int t = *a;
    *a = *b;
    *b = t;
    n_move += 2;
}

static void small_sort(int *a, int lo, int hi)
{
    int i, j;
    for (i = lo + 1; i <= hi; i++) {
        int v = a[i];
        for (j = i - 1; j >= lo; j--) {
            n_cmp++;
            if (a[j] <= v)
                break;
            a[j + 1] = a[j];
            n_move++;
        }
        a[j + 1] = v;
    }
}

static void quick_sort_range(int *a, int lo, int hi)
{
    while (hi - lo >= 12) {
        int mid = lo + (hi - lo) / 2, pivot, i, j;
        n_cmp += 3;
        if (a[mid] < a[lo])
            swap_int(&a[mid], &a[lo]);
        if (a[hi] < a[lo])
            swap_int(&a[hi], &a[lo]);
        if (a[hi] < a[mid])
            swap_int(&a[hi], &a[mid]);
        pivot = a[mid];
        i = lo - 1;
        j = hi + 1;
        for (;;) {
            do {
                i++;
                n_cmp++;
            } while (a[i] < pivot);
            do {
                j--;
                n_cmp++;
            } while (a[j] > pivot);
            if (i >= j)
                break;
            swap_int(&a[i], &a[j]);
        }
        /* recurse into the smaller half, loop on the larger */
        if (j - lo < hi - j) {
            quick_sort_range(a, lo, j);
            lo = j + 1;
        } else {
            quick_sort_range(a, j + 1, hi);
            hi = j;
        }
    }
    small_sort(a, lo, hi);
}

static void quick_sort(int *a, int n)
{
    quick_sort_range(a, 0, n - 1);
}
#define SORT quick_sort

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
    printf("sort_quick: %d elements\n", N);
    printf("sorted: %s, sum preserved: %s\n", check_sorted(data, N) ? "yes" : "no",
           sum_before == sum_after ? "yes" : "no");
    printf("min %d median %d max %d\n", data[0], data[N / 2], data[N - 1]);
    printf("comparisons %u moves %u\n", n_cmp, n_move);
    printf("checksum %08x\n", ck);
    return 0;
}
