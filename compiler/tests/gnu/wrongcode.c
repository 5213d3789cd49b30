/* Constructs lcc once compiled to a wrong answer; the host gcc -m32
   build of this file gives the expected output. */
#include <stdio.h>

/* an enumeration without negative constants reads back unsigned from a
   bit-field (gcc's enum is then unsigned int) */
enum colour { RED, GREEN, BLUE, WHITE };
struct pixel { enum colour c : 2; int x : 3; };

/* the size of a parameter's array declarator is evaluated at entry,
   though the parameter is a pointer (C99 6.9.1p10) */
static int after(int i, int array[i++]) { (void)array; return i; }
static int after2(int i, int array[i += 2][3]) { (void)array; return i; }

/* a case range of unsigned long long across 2^63 */
static int digits(unsigned long long x) {
    switch (x) {
    case 1000000000000000000ULL ... 9999999999999999999ULL: return 19;
    case 100ULL ... 999ULL: return 3;
    default: return 0;
    }
}

/* push_macro / pop_macro */
#define LEVEL 1
#pragma push_macro("LEVEL")
#undef LEVEL
#define LEVEL 2
static int inner_level = LEVEL;
#pragma pop_macro("LEVEL")
static int outer_level = LEVEL;
#pragma push_macro("UNDEFINED_HERE")
#define UNDEFINED_HERE 5
#pragma pop_macro("UNDEFINED_HERE")
#ifdef UNDEFINED_HERE
#error pop_macro must restore the undefined state
#endif

/* operands that are not evaluated in #if */
#if 0 && (1 / 0)
#error not reached
#endif
#if 1 || (1 % 0)
static int short_circuit = 1;
#endif
#if 1 ? 2 : (1 / 0)
static int conditional = 2;
#endif

/* the mode attribute picks the integer type of a size */
typedef int qi __attribute__((mode(QI)));
typedef unsigned int uhi __attribute__((mode(HI)));
typedef int di __attribute__((mode(DI)));
typedef int word __attribute__((mode(word)));

int main(void) {
    struct pixel p;
    p.c = WHITE;
    p.x = 3;
    printf("%d %d %d\n", p.c == WHITE, (int)p.c, p.x);

    int a[10], b[4][3];
    printf("%d %d\n", after(10, a), after2(5, b));

    printf("%d %d %d %d\n", digits(18446744073709551615ULL), digits(9223372036854775808ULL),
           digits(500), digits(5));

    printf("%d %d %d %d\n", inner_level, outer_level, short_circuit, conditional);

    printf("%d %d %d\n", __builtin_types_compatible_p(char *, const char *),
           __builtin_types_compatible_p(const int, int),
           __builtin_types_compatible_p(char *const, char *));
    printf("%d %d\n", __builtin_types_compatible_p(const char **, char **),
           __builtin_types_compatible_p(int *const *, int **));

    /* a raw byte 0xFF (not UTF-8) in a string literal is one byte */
    const char *raw = "a\xff" "b";
    const char *byte = "a\377b";
    printf("%d %d %d\n", (int)sizeof "aÃ¿b", raw[1] == byte[1], (int)sizeof "aÿb");

    qi q = 127;
    q++;
    uhi h = 65535;
    h++;
    di d = 1;
    d <<= 40;
    printf("%d %d %d %d %d %d\n", (int)sizeof(qi), q, (int)sizeof(uhi), h, (int)sizeof(di),
           (int)(d >> 38) + (int)sizeof(word));
    return 0;
}
