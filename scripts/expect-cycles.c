/* Branch hints in stsim: an error-check-heavy loop whose rare paths are
   written first (the layout without hints keeps them on the fall-through
   path, so each iteration jumps over both). Built with and without
   __builtin_expect; the output is the same, the cycles are not.
     lcc -O2 scripts/expect-cycles.c -o plain.elf && stsim --stats plain.elf
     lcc -O2 -DHINT scripts/expect-cycles.c -o hint.elf && stsim --stats hint.elf
   -DCOLD instead declares rare() __attribute__((cold)), which predicts the
   paths that call it as unlikely without any __builtin_expect.  */
#include <stdio.h>

static int errors, last;

#ifdef COLD
__attribute__((cold, noinline))
#else
__attribute__((noinline))
#endif
static void rare(int i, int x)
{
    errors++;
    last = i ^ x;
}

#ifdef HINT
#define UNLIKELY(c) __builtin_expect((c), 0)
#else
#define UNLIKELY(c) (c)
#endif

int a[256];

__attribute__((noinline)) int work(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
        int x = a[i & 255];
        if (UNLIKELY(x < 0)) {
            rare(i, x);
            s -= x;
        } else {
            s += x * 3 + (x >> 2);
        }
        int y = a[(i + 7) & 255];
        if (UNLIKELY(y > 1000000)) {
            rare(i, y);
            s ^= y;
        } else {
            s += y ^ i;
        }
    }
    return s;
}

int main(void)
{
    for (int i = 0; i < 256; i++)
        a[i] = (i * 37) % 101;
    a[100] = -5;
    int s = work(20000);
    printf("%d %d %d\n", s, errors, last);
    return 0;
}
