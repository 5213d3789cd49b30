#include <stdio.h>
#include <string.h>
#include <stdlib.h>
int main(void) {
    char a[32] = "hello";
    strcat(a, ", world");
    printf("%s %d\n", a, (int)strlen(a));
    printf("%d %d %d\n", strcmp("abc", "abd") < 0, strcmp("b", "a") > 0, strncmp("abcx", "abcy", 3));
    char b[16]; strcpy(b, "copy"); strncpy(b + 4, "!!!!!!", 3); b[7] = 0;
    printf("%s\n", b);
    printf("%s %s\n", strchr(a, 'o'), strrchr(a, 'o'));
    printf("%s\n", strstr(a, "wor"));
    char m[10]; memset(m, 'x', 9); m[9] = 0; memcpy(m + 2, "AB", 2);
    printf("%s %d\n", m, memcmp("abc", "abd", 3) < 0);
    memmove(m + 1, m, 5);
    printf("%s\n", m);
    printf("%d %d %ld\n", atoi("  -123xyz"), abs(-9), strtol("0x1f", 0, 16));
    return 0;
}
