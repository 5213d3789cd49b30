/* sort_heap: heap sort (binary max-heap, sift-down) of pseudo-random integers. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

#define N 3500

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

static void sift_down(int *a, int root, int end)
{
    int v = a[root];
    for (;;) {
        int child = 2 * root + 1;
        if (child > end)
            break;
        if (child + 1 <= end) {
            n_cmp++;
            if (a[child + 1] > a[child])
                child++;
        }
        n_cmp++;
        if (a[child] <= v)
            break;
        a[root] = a[child];
        n_move++;
        root = child;
    }
    a[root] = v;
}

static void heap_sort(int *a, int n)
{
    int i;
    for (i = n / 2 - 1; i >= 0; i--)
        sift_down(a, i, n - 1);
    for (i = n - 1; i > 0; i--) {
        int t = a[0];
        a[0] = a[i];
        a[i] = t;
        n_move += 2;
        sift_down(a, 0, i - 1);
    }
}
#define SORT heap_sort

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
    printf("sort_heap: %d elements\n", N);
    printf("sorted: %s, sum preserved: %s\n", check_sorted(data, N) ? "yes" : "no",
           sum_before == sum_after ? "yes" : "no");
    printf("min %d median %d max %d\n", data[0], data[N / 2], data[N - 1]);
    printf("comparisons %u moves %u\n", n_cmp, n_move);
    printf("checksum %08x\n", ck);
    return 0;
}
