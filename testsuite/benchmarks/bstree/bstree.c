/* bstree: unbalanced binary search tree with malloc/free: 1200 inserts, 2000 lookups,
   600 deletions (two-child case by in-order successor), height, in-order checksum. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

struct tree {
    int key;
    int count;
    struct tree *left, *right;
};

static uint32_t seed = 8675309u;
static int allocated;

static uint32_t rnd(void)
{
    seed = seed * 1664525u + 1013904223u;
    return seed >> 9;
}

static struct tree *insert(struct tree *t, int key)
{
    if (t == NULL) {
        t = (struct tree *)malloc(sizeof *t);
        if (t == NULL) {
            printf("out of memory\n");
            exit(1);
        }
        t->key = key;
        t->count = 1;
        t->left = t->right = NULL;
        allocated++;
        return t;
    }
    if (key < t->key)
        t->left = insert(t->left, key);
    else if (key > t->key)
        t->right = insert(t->right, key);
    else
        t->count++;
    return t;
}

static const struct tree *find(const struct tree *t, int key)
{
    while (t != NULL && t->key != key)
        t = key < t->key ? t->left : t->right;
    return t;
}

static struct tree *delete_key(struct tree *t, int key, int *deleted)
{
    if (t == NULL)
        return NULL;
    if (key < t->key) {
        t->left = delete_key(t->left, key, deleted);
    } else if (key > t->key) {
        t->right = delete_key(t->right, key, deleted);
    } else if (t->left == NULL || t->right == NULL) {
        struct tree *child = t->left != NULL ? t->left : t->right;
        free(t);
        allocated--;
        (*deleted)++;
        return child;
    } else {
        struct tree *succ = t->right;
        while (succ->left != NULL)
            succ = succ->left;
        t->key = succ->key;
        t->count = succ->count;
        t->right = delete_key(t->right, succ->key, deleted);
    }
    return t;
}

static int height(const struct tree *t)
{
    int l, r;
    if (t == NULL)
        return 0;
    l = height(t->left);
    r = height(t->right);
    return 1 + (l > r ? l : r);
}

static void walk(const struct tree *t, uint32_t *h, int *n, int *prev, int *ordered)
{
    if (t == NULL)
        return;
    walk(t->left, h, n, prev, ordered);
    if (*n > 0 && t->key <= *prev)
        *ordered = 0;
    *prev = t->key;
    *h = *h * 33u + (uint32_t)t->key * (uint32_t)t->count;
    (*n)++;
    walk(t->right, h, n, prev, ordered);
}

static void destroy(struct tree *t)
{
    if (t == NULL)
        return;
    destroy(t->left);
    destroy(t->right);
    free(t);
    allocated--;
}

static void report(const char *what, const struct tree *t)
{
    uint32_t h = 0;
    int n = 0, prev = 0, ordered = 1;
    walk(t, &h, &n, &prev, &ordered);
    printf("%-14s nodes %4d height %2d ordered %s hash %08x\n", what, n, height(t), ordered ? "yes" : "no", h);
}

int main(void)
{
    struct tree *root = NULL;
    int i, hits = 0, deleted = 0;
    long long hit_counts = 0;

    for (i = 0; i < 1200; i++)
        root = insert(root, (int)(rnd() % 5000u));
    report("after insert", root);
    for (i = 0; i < 2000; i++) {
        const struct tree *t = find(root, (int)(rnd() % 5000u));
        if (t != NULL) {
            hits++;
            hit_counts += t->count;
        }
    }
    printf("lookups: %d hits, count sum %lld\n", hits, hit_counts);
    for (i = 0; i < 600; i++)
        root = delete_key(root, (int)(rnd() % 5000u), &deleted);
    printf("deleted %d keys\n", deleted);
    report("after delete", root);
    destroy(root);
    printf("nodes still allocated: %d\n", allocated);
    return 0;
}
