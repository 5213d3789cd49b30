/* binsearch: binary search (exact match and lower bound) of 5000 keys in a sorted
   table of 4096 distinct integers. */
#include <stdio.h>
#include <stdint.h>

#define TABLE 4096
#define QUERIES 5000

static int table[TABLE];
static uint32_t lcg_state = 42u;

static uint32_t lcg(void)
{
    lcg_state = lcg_state * 22695477u + 1u;
    return lcg_state >> 10;
}

/* index of key, or -1 */
static int find(const int *a, int n, int key)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = lo + ((hi - lo) >> 1);
        if (a[mid] == key)
            return mid;
        if (a[mid] < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

/* first index with a[i] >= key (n if none), branch-light form */
static int lower_bound(const int *a, int n, int key)
{
    const int *base = a;
    while (n > 1) {
        int half = n >> 1;
        if (base[half - 1] < key)
            base += half;
        n -= half;
    }
    return (int)(base - a) + (n == 1 && *base < key);
}

int main(void)
{
    int i, v = -50000, hits = 0, misses = 0;
    uint32_t idx_sum = 0, lb_sum = 0;

    for (i = 0; i < TABLE; i++) {
        v += 1 + (int)(lcg() % 50u);
        table[i] = v;
    }
    for (i = 0; i < QUERIES; i++) {
        int key, r, lb;
        if (i & 1)
            key = table[lcg() % TABLE]; /* guaranteed hit */
        else
            key = -50100 + (int)(lcg() % (unsigned)(v + 50200)); /* random, may miss */
        r = find(table, TABLE, key);
        lb = lower_bound(table, TABLE, key);
        if (r >= 0) {
            hits++;
            idx_sum += (uint32_t)r;
            if (lb != r)
                printf("mismatch at query %d\n", i);
        } else {
            misses++;
        }
        lb_sum = lb_sum * 3u + (uint32_t)lb;
    }
    printf("binsearch: table %d (range %d..%d), %d queries\n", TABLE, table[0], table[TABLE - 1], QUERIES);
    printf("hits %d misses %d\n", hits, misses);
    printf("index sum %u lower-bound hash %08x\n", idx_sum, lb_sum);
    return 0;
}
