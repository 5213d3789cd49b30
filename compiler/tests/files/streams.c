/* Files through <stdio.h>: write, read back, seek, tell, mix reading and
   writing on one "r+" stream, append, ungetc, tmpfile, remove. Run in an
   empty directory; prints what it reads. */
#include <stdio.h>
#include <string.h>
#include <errno.h>

int main(void)
{
    char line[64];
    int a = 0, b = 0, c;
    long pos;
    size_t n;
    FILE *f = fopen("data.txt", "w");
    if (!f)
        return 10;
    fprintf(f, "%d %d\n", 12, 34);
    fputs("second line\n", f);
    n = fwrite("0123456789", 1, 10, f);
    printf("fwrite %u tell %ld\n", (unsigned)n, ftell(f));
    if (fclose(f) != 0)
        return 11;

    f = fopen("data.txt", "r");
    if (!f)
        return 12;
    if (fscanf(f, "%d %d", &a, &b) != 2)
        return 13;
    printf("scanned %d %d tell %ld\n", a, b, ftell(f));
    fgetc(f); /* the newline */
    fgets(line, sizeof line, f);
    printf("line [%s] tell %ld\n", strtok(line, "\n"), ftell(f));
    c = fgetc(f);
    ungetc(c, f);
    printf("peek %c tell %ld\n", c, ftell(f));
    fseek(f, -3, SEEK_END);
    n = fread(line, 1, sizeof line, f);
    line[n] = 0;
    printf("tail %u [%s] eof %d\n", (unsigned)n, line, feof(f));
    fseek(f, 3, SEEK_SET);
    fseek(f, 2, SEEK_CUR);
    pos = ftell(f);
    c = fgetc(f);
    printf("at %ld: %c\n", pos, c);
    rewind(f);
    c = fgetc(f);
    printf("rewound %c eof %d\n", c, feof(f));
    fclose(f);

    /* "r+": overwrite the middle, read on */
    f = fopen("data.txt", "r+");
    fseek(f, 6, SEEK_SET);
    fputs("SECOND", f);
    fseek(f, 0, SEEK_CUR);
    fgets(line, sizeof line, f);
    printf("after overwrite [%s]\n", strtok(line, "\n"));
    fclose(f);

    f = fopen("data.txt", "a");
    fputs("!appended", f);
    fclose(f);
    f = fopen("data.txt", "rb");
    n = fread(line, 1, sizeof line - 1, f);
    line[n] = 0;
    printf("%u bytes:\n%s\n", (unsigned)n, line);
    fclose(f);

    /* a large write and read, beyond one buffer */
    f = fopen("big.bin", "w+");
    for (a = 0; a < 5000; a++)
        fputc(a * 7 & 0xFF, f);
    printf("big tell %ld\n", ftell(f));
    fseek(f, 4000, SEEK_SET);
    b = 0;
    for (a = 4000; a < 5000; a++)
        b += fgetc(f) == (a * 7 & 0xFF);
    printf("big matches %d, then %d\n", b, fgetc(f));
    fclose(f);

    f = tmpfile();
    if (!f)
        return 14;
    fputs("temporary", f);
    rewind(f);
    fgets(line, sizeof line, f);
    printf("tmpfile [%s]\n", line);
    fclose(f);

    a = remove("data.txt");
    b = remove("big.bin");
    printf("remove %d %d\n", a, b);
    errno = 0;
    f = fopen("data.txt", "r");
    b = errno;
    printf("gone %d errno %d\n", f == NULL, b);
    errno = 0;
    a = remove("data.txt");
    printf("remove again %d errno %d\n", a, errno);
    return 0;
}
