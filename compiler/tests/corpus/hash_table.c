#include <stdio.h>
#include <string.h>
#define SIZE 16
struct entry { const char *key; int value; int used; };
static struct entry tab[SIZE];
static unsigned hash(const char *s) { unsigned h = 5381; while (*s) h = h * 33 ^ (unsigned char)*s++; return h; }
static void put(const char *k, int v) { unsigned i = hash(k) % SIZE; while (tab[i].used && strcmp(tab[i].key, k)) i = (i + 1) % SIZE; tab[i].key = k; tab[i].value = v; tab[i].used = 1; }
static int get(const char *k, int *v) { unsigned i = hash(k) % SIZE; while (tab[i].used) { if (!strcmp(tab[i].key, k)) { *v = tab[i].value; return 1; } i = (i + 1) % SIZE; } return 0; }
int main(void) {
    const char *words[] = { "alpha", "beta", "gamma", "delta", "alpha", "beta", "alpha" };
    int i, v;
    for (i = 0; i < 7; i++) { int c = 0; get(words[i], &c); put(words[i], c + 1); }
    for (i = 0; i < 4; i++) if (get(words[i], &v)) printf("%s=%d ", words[i], v);
    printf("%d %u\n", get("omega", &v), hash("abc"));
    return 0;
}
