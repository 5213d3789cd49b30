/* alloca with no <alloca.h>: gcc's builtin, storage in the caller's frame
   and freed when it returns (10 000 calls of 1 000 bytes each would not fit
   a leaking allocator's 1 MiB). */
#include <stdio.h>
#include <string.h>

static int sum_of_copy(const char *s)
{
    int n = (int)strlen(s) + 1;
    char *p = alloca(1000);
    memcpy(p, s, n);
    int t = 0;
    for (int i = 0; i < n; i++)
        t += p[i];
    return t;
}

int main(void)
{
    long total = 0;
    for (int i = 0; i < 10000; i++)
        total += sum_of_copy("alloca");
    printf("%ld\n", total);
    return 0;
}
