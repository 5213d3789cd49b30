/* qsort_lib: the C library's qsort and bsearch with function-pointer comparators on an
   array of 1000 records (multi-key order with a unique tie-breaker), then 2000 lookups. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NREC 1000
#define NLOOK 2000

struct record {
    int group;
    int score;
    int id;
    char tag[6];
};

static struct record recs[NREC];
static int ids_sorted[NREC];
static uint32_t seed = 1001u;
static unsigned ncmp;

static uint32_t rnd(void)
{
    seed = seed * 1103515245u + 12345u;
    return (seed >> 16) & 0x7FFFu;
}

static int cmp_record(const void *pa, const void *pb)
{
    const struct record *a = (const struct record *)pa, *b = (const struct record *)pb;
    int c;
    ncmp++;
    if (a->group != b->group)
        return a->group < b->group ? -1 : 1;
    if (a->score != b->score)
        return a->score > b->score ? -1 : 1; /* descending score */
    c = strcmp(a->tag, b->tag);
    if (c != 0)
        return c < 0 ? -1 : 1;
    return (a->id > b->id) - (a->id < b->id);
}

static int cmp_int(const void *pa, const void *pb)
{
    int a = *(const int *)pa, b = *(const int *)pb;
    ncmp++;
    return (a > b) - (a < b);
}

int main(void)
{
    int i, found = 0, prev_group = -1, groups = 0;
    uint32_t ck = 0;
    unsigned sort_cmps;

    for (i = 0; i < NREC; i++) {
        int k;
        recs[i].group = (int)(rnd() % 12u);
        recs[i].score = (int)(rnd() % 100u);
        recs[i].id = i * 7 + 3;
        for (k = 0; k < 5; k++)
            recs[i].tag[k] = (char)('a' + rnd() % 4u);
        recs[i].tag[5] = '\0';
        ids_sorted[i] = (int)((rnd() << 4) ^ (uint32_t)i);
    }
    qsort(recs, NREC, sizeof recs[0], cmp_record);
    sort_cmps = ncmp;
    for (i = 0; i < NREC; i++) {
        if (i > 0 && cmp_record(&recs[i - 1], &recs[i]) >= 0)
            printf("order error at %d\n", i);
        if (recs[i].group != prev_group) {
            printf("group %2d starts at %4d: best score %2d tag %s id %d\n", recs[i].group, i, recs[i].score,
                   recs[i].tag, recs[i].id);
            prev_group = recs[i].group;
            groups++;
        }
        ck = ck * 31u + (uint32_t)recs[i].id;
    }
    ncmp = 0;
    qsort(ids_sorted, NREC, sizeof ids_sorted[0], cmp_int);
    for (i = 0; i < NLOOK; i++) {
        int key = (i & 1) ? ids_sorted[rnd() % NREC] : (int)((rnd() << 4) ^ rnd());
        const int *p = (const int *)bsearch(&key, ids_sorted, NREC, sizeof ids_sorted[0], cmp_int);
        if (p != NULL) {
            found++;
            ck = ck * 7u + (uint32_t)(p - ids_sorted);
        }
    }
    printf("qsort_lib: %d records in %d groups, %d of %d lookups found\n", NREC, groups, found, NLOOK);
    printf("record comparisons >= n log2 n: %s\n", sort_cmps >= 8u * NREC ? "yes" : "no");
    printf("checksum %08x\n", ck);
    return 0;
}
