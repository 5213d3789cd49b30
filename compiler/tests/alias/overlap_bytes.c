/* d[i] = s[i] on bytes through two char pointers, with the buffers apart
   and overlapping by every distance from -5 to 5 (a forward copy over an
   overlap smears the first bytes along), and a short and a counted
   pointer loop: a loop versioned on a run-time overlap test must keep
   the original order whenever the ranges meet. */
#include <stdio.h>

#define N 48

static char buf[4 * N];

__attribute__((noinline)) void bytecopy(int n, char *d, const char *s)
{
    for (int i = 0; i < n; i++)
        d[i] = s[i];
}

__attribute__((noinline)) void ptrcopy(short *d, const short *s, const short *end)
{
    while (s < end)
        *d++ = *s++;
}

static unsigned checksum(void)
{
    unsigned c = 0;
    for (int i = 0; i < 4 * N; i++)
        c = c * 31u + (unsigned char)buf[i];
    return c;
}

static void fill(void)
{
    for (int i = 0; i < 4 * N; i++)
        buf[i] = (char)(i * 13 + 5);
}

int main(void)
{
    for (int shift = -5; shift <= 5; shift++) {
        for (int n = 1; n <= N; n += 5) {
            fill();
            char *s = buf + N;
            bytecopy(n, s + shift, s);
            printf("bytes %d %d: %08x\n", shift, n, checksum());
        }
    }
    for (int shift = -3; shift <= 3; shift++) {
        fill();
        short *s = (short *)(buf + 2 * N);
        ptrcopy(s + shift, s, s + 20);
        printf("shorts %d: %08x\n", shift, checksum());
    }
    return 0;
}
