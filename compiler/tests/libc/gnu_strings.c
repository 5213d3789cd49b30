/* <strings.h>, <memory.h> and the GNU additions to <string.h>. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <memory.h>

static int sign(int x) { return x < 0 ? -1 : x > 0; }

int main(void)
{
    char buf[32], *p;
    memset(buf, 'x', sizeof buf);
    p = mempcpy(buf, "abc", 3);
    printf("mempcpy %d %.5s\n", (int)(p - buf), buf);
    p = stpcpy(buf, "hello");
    printf("stpcpy %d %s\n", (int)(p - buf), buf);
    memset(buf, 'x', sizeof buf);
    p = stpncpy(buf, "ab", 5);
    printf("stpncpy %d %d %d %d\n", (int)(p - buf), buf[1], buf[2], buf[4]);
    p = stpncpy(buf, "abcdefgh", 4);
    printf("stpncpy %d %c\n", (int)(p - buf), buf[5]);
    bzero(buf, 4);
    printf("bzero %d %d %d\n", buf[0], buf[3], buf[4]);
    strcpy(buf, "0123456789");
    bcopy(buf, buf + 2, 5);
    printf("bcopy %s\n", buf);
    printf("bcmp %d %d\n", bcmp("abc", "abd", 3) != 0, bcmp("abc", "abd", 2));
    printf("index %s %d\n", index("banana", 'n'), index("banana", 'z') == NULL);
    printf("rindex %s\n", rindex("banana", 'n'));
    printf("strcasecmp %d %d %d\n", sign(strcasecmp("HeLLo", "hello")),
           sign(strcasecmp("abc", "ABD")), sign(strcasecmp("b", "A")));
    printf("strncasecmp %d %d\n", sign(strncasecmp("ABCx", "abcy", 3)),
           sign(strncasecmp("ABCx", "abcy", 4)));
    printf("ffs %d %d %d %d\n", ffs(0), ffs(1), ffs(0x80), ffs((int)0x80000000u));
    p = strndup("truncate", 5);
    printf("strndup %s\n", p);
    free(p);
    printf("memrchr %s\n", (char *)memrchr("a/b/c", '/', 5));
    printf("strchrnul %d %d\n", (int)(strchrnul("abc", 'b') - "abc"),
           *strchrnul("abc", 'z'));
    return 0;
}
