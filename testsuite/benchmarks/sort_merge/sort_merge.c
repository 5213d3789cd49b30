/* sort_merge: top-down merge sort with a malloc'd scratch buffer, of pseudo-random integers. */
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

static void merge_rec(int *a, int *tmp, int lo, int hi)
{
    int mid, i, j, k;
    if (hi - lo < 2)
        return;
    mid = lo + (hi - lo) / 2;
    merge_rec(a, tmp, lo, mid);
    merge_rec(a, tmp, mid, hi);
    n_cmp++;
    if (a[mid - 1] <= a[mid])
        return; /* already in order */
    i = lo;
    j = mid;
    k = lo;
    while (i < mid && j < hi) {
        n_cmp++;
        if (a[j] < a[i])
            tmp[k++] = a[j++];
        else
            tmp[k++] = a[i++];
    }
    while (i < mid)
        tmp[k++] = a[i++];
    while (j < hi)
        tmp[k++] = a[j++];
    for (k = lo; k < hi; k++)
        a[k] = tmp[k];
    n_move += (unsigned)(2 * (hi - lo));
}

static void merge_sort(int *a, int n)
{
    int *tmp = (int *)malloc((size_t)n * sizeof(int));
    if (tmp == NULL) {
        printf("out of memory\n");
        exit(1);
    }
    merge_rec(a, tmp, 0, n);
    free(tmp);
}
#define SORT merge_sort

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
    printf("sort_merge: %d elements\n", N);
    printf("sorted: %s, sum preserved: %s\n", check_sorted(data, N) ? "yes" : "no",
           sum_before == sum_after ? "yes" : "no");
    printf("min %d median %d max %d\n", data[0], data[N / 2], data[N - 1]);
    printf("comparisons %u moves %u\n", n_cmp, n_move);
    printf("checksum %08x\n", ck);
    return 0;
}
