/* The C half of the portable program entry (lib/portable/crt0.s):
 * clears [__bss_start, __bss_end), then exit(main(argc, argv)) with argc
 * and argv from the initial stack (argc at 0[sp], argv at sp + 4, as
 * runtime/crt0.s reads them). Only with the portable crt0. */

extern char __bss_start[], __bss_end[];
extern int main(int, char **);
extern void exit(int);

void __lcc_start(int *sp)
{
    char *p = __bss_start, *end = __bss_end;
    /* bytes up to a word boundary, then words, then the last bytes */
    while (p < end && ((unsigned)p & 3u) != 0)
        *p++ = 0;
    while (end - p >= 4) {
        *(unsigned *)p = 0;
        p += 4;
    }
    while (p < end)
        *p++ = 0;
    exit(main(sp[0], (char **)(sp + 1)));
}
