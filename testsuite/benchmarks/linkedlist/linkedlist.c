/* linkedlist: singly linked lists with malloc/free: sorted insertion of 750 keys, reversal,
   filtering with free, list merge sort, and a final free of every node. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

#define NKEYS 750

struct node {
    int key;
    int payload;
    struct node *next;
};

static uint32_t seed = 4242u;
static int live_nodes;

static uint32_t rnd(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 17;
    seed ^= seed << 5;
    return seed;
}

static struct node *new_node(int key)
{
    struct node *n = (struct node *)malloc(sizeof *n);
    if (n == NULL) {
        printf("out of memory\n");
        exit(1);
    }
    n->key = key;
    n->payload = key * 3 + 1;
    n->next = NULL;
    live_nodes++;
    return n;
}

static struct node *insert_sorted(struct node *head, struct node *n)
{
    struct node **link = &head;
    while (*link != NULL && (*link)->key < n->key)
        link = &(*link)->next;
    n->next = *link;
    *link = n;
    return head;
}

static struct node *reverse(struct node *head)
{
    struct node *prev = NULL;
    while (head != NULL) {
        struct node *next = head->next;
        head->next = prev;
        prev = head;
        head = next;
    }
    return prev;
}

/* remove (and free) every node whose key is divisible by d */
static struct node *remove_multiples(struct node *head, int d, int *removed)
{
    struct node **link = &head;
    while (*link != NULL) {
        struct node *n = *link;
        if (n->key % d == 0) {
            *link = n->next;
            free(n);
            live_nodes--;
            (*removed)++;
        } else {
            link = &n->next;
        }
    }
    return head;
}

static struct node *merge(struct node *a, struct node *b)
{
    struct node head, *tail = &head;
    while (a != NULL && b != NULL) {
        if (b->payload < a->payload) {
            tail->next = b;
            b = b->next;
        } else {
            tail->next = a;
            a = a->next;
        }
        tail = tail->next;
    }
    tail->next = a != NULL ? a : b;
    return head.next;
}

static struct node *merge_sort(struct node *head)
{
    struct node *slow, *fast, *second;
    if (head == NULL || head->next == NULL)
        return head;
    slow = head;
    fast = head->next;
    while (fast != NULL && fast->next != NULL) {
        slow = slow->next;
        fast = fast->next->next;
    }
    second = slow->next;
    slow->next = NULL;
    return merge(merge_sort(head), merge_sort(second));
}

static uint32_t list_hash(const struct node *n, int *len)
{
    uint32_t h = 0;
    *len = 0;
    for (; n != NULL; n = n->next) {
        h = h * 31u + (uint32_t)n->key;
        (*len)++;
    }
    return h;
}

int main(void)
{
    struct node *list = NULL, *n;
    int i, len, removed = 0;
    uint32_t h;

    for (i = 0; i < NKEYS; i++)
        list = insert_sorted(list, new_node((int)(rnd() % 10000u)));
    h = list_hash(list, &len);
    printf("linkedlist: %d sorted inserts, length %d, first %d, hash %08x\n", NKEYS, len, list->key, h);
    list = reverse(list);
    h = list_hash(list, &len);
    printf("reversed: first %d, hash %08x\n", list->key, h);
    list = remove_multiples(list, 3, &removed);
    h = list_hash(list, &len);
    printf("removed %d multiples of 3: length %d, hash %08x\n", removed, len, h);
    for (n = list, i = 0; n != NULL; n = n->next, i++)
        n->payload = (int)((uint32_t)n->key * 2654435761u >> 20) ^ i;
    list = merge_sort(list);
    h = list_hash(list, &len);
    printf("merge-sorted by payload: length %d, first payload %d, hash %08x\n", len, list->payload, h);
    while (list != NULL) {
        n = list->next;
        free(list);
        live_nodes--;
        list = n;
    }
    printf("live nodes after free: %d\n", live_nodes);
    return 0;
}
