typedef struct FILE FILE;
extern FILE *stderr;
typedef unsigned int size_t;
int printf(const char *, ...);
int fprintf(FILE *, const char *, ...);
int sprintf(char *, const char *, ...);
int snprintf(char *, size_t, const char *, ...);
int scanf(const char *, ...);
int sscanf(const char *, const char *, ...);
void f(int a, int b, int c, long l, char *s, double d, unsigned u, short *sp, long long ll,
       unsigned char *us, float fl, signed char sc, int *ip, void *vp)
{
    printf("%d %s\n", l, a);
    printf("%ld %u %f %s %c %x %p %hd %lu\n", l, u, d, s, a, u, s, a, (unsigned long)u);
    printf("%d %d\n", a);
    printf("%d\n", a, b);
    printf("%s\n", d);
    printf("%lld %hhn %%\n", l, s);
    scanf("%d %s %f", &a, s, &d);
    scanf("%ld %hd", &a, sp);
    printf("%5.2f %-*d %.*s\n", d, a, b, c, s);
    fprintf(stderr, "%d\n", s);
    sprintf(s, "%d\n", s);
    snprintf(s, 4, "%d\n", s);
    printf("%zu %i %o %X %e %G %a\n", sizeof a, a, u, u, d, d, d);
    printf("%*d\n", l, a);
    printf("%-5.3s|%+d|%#x|%08.3f\n", a, s, l, a);
    printf("%s %s %s\n", us, s, sc);
    printf("%f %d %d %d\n", fl, ll, *sp, sc);
    printf("%llx %Lf\n", a, d);
    printf("%p %p %p\n", ip, a, vp);
    printf("%n %hn\n", ip, ip);
    printf("%y\n", a);
    printf("%", a);
    scanf("%d %u %x %i", ip, ip, &u, &d);
    scanf("%*d %c %[a-z] %lf %Lf %hhd", ip, s, s, &d, &d, s);
    sscanf(s, "%d", a);
    printf(s, a);
    printf("%1$d\n", a);
    printf("%s\n", 0);
    printf("\t%d\\%s\n", s, a);
    printf("%d"
           "%s\n", a, a);
}
