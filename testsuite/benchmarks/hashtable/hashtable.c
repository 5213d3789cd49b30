/* hashtable: word-frequency count with a chained hash table (FNV-1a, 1024 buckets,
   node pool) over 4000 pseudo-random words, then lookups and deletions. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#define NWORDS 4000
#define NBUCKETS 1024
#define MAXNODES 4096
#define MAXLEN 8

struct node {
    char key[MAXLEN + 1];
    int count;
    int next; /* index into pool, -1 ends the chain */
};

static struct node pool[MAXNODES];
static int buckets[NBUCKETS];
static int free_list = -1;
static int pool_used;
static uint32_t rng = 2024u;

static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static uint32_t fnv1a(const char *s)
{
    uint32_t h = 2166136261u;
    while (*s) {
        h ^= (uint32_t)(unsigned char)*s++;
        h *= 16777619u;
    }
    return h;
}

static void random_word(char *w)
{
    /* a skewed vocabulary: short words from a small alphabet repeat often */
    int len = 2 + (int)(rnd() % 4u), i;
    unsigned alpha = (rnd() & 7u) == 0 ? 26u : 6u;
    for (i = 0; i < len; i++)
        w[i] = (char)('a' + rnd() % alpha);
    w[len] = '\0';
}

static int lookup(const char *w)
{
    int n = buckets[fnv1a(w) & (NBUCKETS - 1)];
    while (n >= 0) {
        if (strcmp(pool[n].key, w) == 0)
            return n;
        n = pool[n].next;
    }
    return -1;
}

static int insert(const char *w)
{
    uint32_t b = fnv1a(w) & (NBUCKETS - 1);
    int n = lookup(w);
    if (n >= 0) {
        pool[n].count++;
        return 0;
    }
    if (free_list >= 0) {
        n = free_list;
        free_list = pool[n].next;
    } else if (pool_used < MAXNODES) {
        n = pool_used++;
    } else {
        return -1;
    }
    strcpy(pool[n].key, w);
    pool[n].count = 1;
    pool[n].next = buckets[b];
    buckets[b] = n;
    return 1;
}

static int remove_word(const char *w)
{
    int *link = &buckets[fnv1a(w) & (NBUCKETS - 1)];
    while (*link >= 0) {
        int n = *link;
        if (strcmp(pool[n].key, w) == 0) {
            *link = pool[n].next;
            pool[n].next = free_list;
            free_list = n;
            return 1;
        }
        link = &pool[n].next;
    }
    return 0;
}

int main(void)
{
    char w[MAXLEN + 1];
    int i, uniq = 0, full = 0, found = 0, removed = 0, longest = 0, best = -1;
    uint32_t ck = 0;

    for (i = 0; i < NBUCKETS; i++)
        buckets[i] = -1;
    for (i = 0; i < NWORDS; i++) {
        int r;
        random_word(w);
        r = insert(w);
        if (r > 0)
            uniq++;
        else if (r < 0)
            full++;
    }
    for (i = 0; i < NBUCKETS; i++) {
        int len = 0, n;
        for (n = buckets[i]; n >= 0; n = pool[n].next) {
            len++;
            if (best < 0 || pool[n].count > pool[best].count ||
                (pool[n].count == pool[best].count && strcmp(pool[n].key, pool[best].key) < 0))
                best = n;
            ck = ck * 31u + fnv1a(pool[n].key) + (uint32_t)pool[n].count;
        }
        if (len > longest)
            longest = len;
    }
    printf("hashtable: %d words, %d unique, %d rejected\n", NWORDS, uniq, full);
    printf("longest chain %d, most frequent \"%s\" x%d\n", longest, pool[best].key, pool[best].count);
    /* delete every word of length 2, then probe */
    for (i = 0; i < 2000; i++) {
        random_word(w);
        if (strlen(w) == 2)
            removed += remove_word(w);
        else if (lookup(w) >= 0)
            found++;
    }
    printf("probes: found %d, removed %d\n", found, removed);
    printf("checksum %08x\n", ck);
    return 0;
}
