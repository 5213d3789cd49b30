/* freopen of stdout onto a file, as the GCC torture tests printf-2 and
   user-printf do, then fscanf of what was printed. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char buf[16] = "";
    char *name = tmpnam(0);
    FILE *f = freopen(name, "w", stdout);
    if (!f)
        return 1;
    printf("1");
    printf("%c%c", '2', '3');
    printf("%s\n", "45");
    fclose(f);
    f = fopen(name, "r");
    if (!f || fscanf(f, "%s", buf) != 1)
        return 2;
    fclose(f);
    remove(name);
    fprintf(stderr, "read back [%s]\n", buf);
    return strcmp(buf, "12345") != 0;
}
