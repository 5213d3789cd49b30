#include <stdio.h>
#include <string.h>
int main(void) {
    const char *s = "tab\there\n" "concat" "enated\x41\101\0hidden";
    char a[] = "\a\b\f\v\r\\\'\"\?";
    printf("%s|%d|%d\n", s, (int)strlen(s), (int)sizeof("abc" "de"));
    int i;
    for (i = 0; i < (int)sizeof a; i++) printf("%d,", a[i]);
    printf("\n%d %d %d %d\n", 'a', '\n', '\377', '\x7f');
    printf("%d %d\n", 'ab', (int)sizeof('x'));
    char small[3] = "abc";
    printf("%c%c%c %d\n", small[0], small[1], small[2], (int)sizeof small);
    printf("%s\n", &"offset"[3]);
    return 0;
}
