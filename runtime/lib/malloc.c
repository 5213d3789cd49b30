/* malloc, calloc, realloc, free — lcc runtime (ST200), portable C99.

   The heap is the linker's [__heap_start, __heap_end) (README, lld-st
   default layout). Every block starts with an 8-byte header {size, tag}:
   size counts the header and is a multiple of 8, so payloads are 8-byte
   aligned; tag marks the block allocated (TAG_USED) or free (TAG_FREE),
   which catches double frees and wild pointers (message + abort).
   Free blocks form one singly linked list sorted by address (the link is
   the first payload word); free() inserts in order and merges the block
   with its free neighbours on both sides, so the list never holds two
   adjacent blocks. malloc() is first fit and splits when the remainder can
   hold a minimal block (16 bytes). realloc() shrinks in place, grows in
   place into a following free block when it is large enough, else moves.
   The whole heap is one free block at the first call. */
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <stdio.h>

extern char __heap_start[];
extern char __heap_end[];

#define TAG_USED 0xA110C8EDu
#define TAG_FREE 0xF4EEB10Cu
#define HDR 8u
#define MIN_BLOCK 16u

struct block {
    size_t size;          /* bytes, header included, multiple of 8 */
    unsigned tag;         /* TAG_USED or TAG_FREE */
    struct block *next;   /* free blocks only: next free block by address */
};

static struct block *free_list;
static int heap_ready;

static void heap_init(void)
{
    uintptr_t lo = ((uintptr_t)__heap_start + 7u) & ~(uintptr_t)7u;
    uintptr_t hi = (uintptr_t)__heap_end & ~(uintptr_t)7u;
    heap_ready = 1;
    if (hi <= lo || hi - lo < MIN_BLOCK)
        return;
    free_list = (struct block *)lo;
    free_list->size = hi - lo;
    free_list->tag = TAG_FREE;
    free_list->next = NULL;
}

static void heap_corrupt(const char *what, void *p)
{
    fprintf(stderr, "%s(): invalid pointer %p\n", what, p);
    abort();
}

/* Bytes of block needed for n payload bytes, or 0 on overflow. */
static size_t block_size(size_t n)
{
    if (n > (size_t)-1 - HDR - 7u)
        return 0;
    n = (n + HDR + 7u) & ~(size_t)7u;
    return n < MIN_BLOCK ? MIN_BLOCK : n;
}

void *malloc(size_t n)
{
    struct block **pp, *b;
    size_t need = block_size(n);
    if (!heap_ready)
        heap_init();
    if (need == 0)
        return NULL;
    for (pp = &free_list; (b = *pp) != NULL; pp = &b->next) {
        if (b->size < need)
            continue;
        if (b->size - need >= MIN_BLOCK) {
            /* split: the tail stays free, in b's place in the list */
            struct block *rest = (struct block *)((char *)b + need);
            rest->size = b->size - need;
            rest->tag = TAG_FREE;
            rest->next = b->next;
            *pp = rest;
            b->size = need;
        } else {
            *pp = b->next;
        }
        b->tag = TAG_USED;
        return (char *)b + HDR;
    }
    return NULL;
}

void free(void *p)
{
    struct block *b, *prev, *cur;
    if (!p)
        return;
    b = (struct block *)((char *)p - HDR);
    if (((uintptr_t)p & 7u) != 0 || (char *)b < __heap_start || (char *)p >= __heap_end ||
        b->tag != TAG_USED)
        heap_corrupt("free", p);
    b->tag = TAG_FREE;
    /* find the free neighbours: prev < b < cur */
    prev = NULL;
    for (cur = free_list; cur && cur < b; cur = cur->next)
        prev = cur;
    if (cur && (char *)b + b->size == (char *)cur) {
        b->size += cur->size;
        b->next = cur->next;
        cur->tag = 0;
    } else {
        b->next = cur;
    }
    if (prev && (char *)prev + prev->size == (char *)b) {
        prev->size += b->size;
        prev->next = b->next;
        b->tag = 0;
    } else if (prev) {
        prev->next = b;
    } else {
        free_list = b;
    }
}

void *calloc(size_t n, size_t size)
{
    void *p;
    if (size != 0 && n > (size_t)-1 / size)
        return NULL;
    p = malloc(n * size);
    if (p)
        memset(p, 0, n * size);
    return p;
}

void *realloc(void *p, size_t n)
{
    struct block *b;
    size_t need;
    void *q;
    if (!p)
        return malloc(n);
    if (n == 0) {
        free(p);
        return NULL;
    }
    b = (struct block *)((char *)p - HDR);
    if (((uintptr_t)p & 7u) != 0 || (char *)b < __heap_start || (char *)p >= __heap_end ||
        b->tag != TAG_USED)
        heap_corrupt("realloc", p);
    need = block_size(n);
    if (need == 0)
        return NULL;
    if (need > b->size) {
        /* grow in place into the following free block when possible */
        struct block **pp, *nb = (struct block *)((char *)b + b->size);
        for (pp = &free_list; *pp && *pp < nb; pp = &(*pp)->next)
            ;
        if (*pp == nb && b->size + nb->size >= need) {
            *pp = nb->next;
            nb->tag = 0;
            b->size += nb->size;
        } else {
            q = malloc(n);
            if (!q)
                return NULL;
            memcpy(q, p, b->size - HDR);
            free(p);
            return q;
        }
    }
    if (b->size - need >= MIN_BLOCK) {
        /* give the tail back */
        struct block *rest = (struct block *)((char *)b + need);
        rest->size = b->size - need;
        rest->tag = TAG_USED;
        b->size = need;
        free((char *)rest + HDR);
    }
    return p;
}
