/* strsearch_bmh: Boyer-Moore-Horspool search counting all (overlapping) occurrences of 10 patterns in a 8000-character DNA-like text. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#define TEXTLEN 8000
#define NPAT 10
#define MAXPAT 24

static char text[TEXTLEN + 1];
static char patterns[NPAT][MAXPAT + 1];
static uint32_t rng = 0xBADC0DEu;

static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static void make_input(void)
{
    static const char alphabet[] = "acgtacgaaccgt";
    int i, p;
    for (i = 0; i < TEXTLEN; i++) {
        if (i >= 64 && rnd() % 16u == 0) {
            /* copy an earlier stretch: creates repeats and near-repeats */
            int from = (int)(rnd() % (unsigned)(i - 40)), len = 8 + (int)(rnd() % 24u), k;
            for (k = 0; k < len && i < TEXTLEN; k++, i++)
                text[i] = text[from + k];
            i--;
        } else {
            text[i] = alphabet[rnd() % 13u];
        }
    }
    text[TEXTLEN] = '\0';
    for (p = 0; p < NPAT; p++) {
        int len = 3 + p * 2, k;
        if (p % 3 != 2) {
            int at = (int)(rnd() % (unsigned)(TEXTLEN - len));
            memcpy(patterns[p], text + at, (size_t)len);
        } else {
            for (k = 0; k < len; k++)
                patterns[p][k] = alphabet[rnd() % 13u];
        }
        patterns[p][len] = '\0';
    }
}

static int search_bmh(const char *t, int n, const char *pat, int m, int *first)
{
    int shift[256];
    int i, count = 0;
    for (i = 0; i < 256; i++)
        shift[i] = m;
    for (i = 0; i < m - 1; i++)
        shift[(unsigned char)pat[i]] = m - 1 - i;
    i = 0;
    while (i + m <= n) {
        unsigned char last = (unsigned char)t[i + m - 1];
        if (last == (unsigned char)pat[m - 1]) {
            int j = m - 2;
            while (j >= 0 && t[i + j] == pat[j])
                j--;
            if (j < 0) {
                if (count == 0)
                    *first = i;
                count++;
            }
        }
        i += shift[last];
    }
    return count;
}
#define SEARCH search_bmh

int main(void)
{
    int p, total = 0;
    uint32_t ck = 0;
    make_input();
    printf("strsearch_bmh: text %d chars, %d patterns\n", TEXTLEN, NPAT);
    for (p = 0; p < NPAT; p++) {
        int first = -1;
        int n = SEARCH(text, TEXTLEN, patterns[p], (int)strlen(patterns[p]), &first);
        total += n;
        ck = ck * 1000003u + (uint32_t)n * 7u + (uint32_t)(first + 1);
        printf("%-24s %4d matches, first at %d\n", patterns[p], n, first);
    }
    printf("total %d, checksum %08x\n", total, ck);
    return 0;
}
