/* Integer promotion of bit-fields (C99 6.3.1.1p2): a bit-field whose values
   all fit in int promotes to int, an unsigned int bit-field of 32 bits to
   unsigned int. gcc applies the same rule to bit-fields of other integer
   types of width <= 32 (long long, char, short, _Bool). Each CHECK's expected
   value is derived by hand from that rule; the program prints every result
   and exits with the number of failed checks. */
#include <stdarg.h>
#include <stdio.h>

struct S {
    unsigned x : 7;
    unsigned long long y : 40;
    int z : 3;
    unsigned w : 32;
    unsigned long long a : 31;
    unsigned long long c : 32;
    long long f : 32;
    unsigned char j : 3;
    unsigned short k : 16;
    _Bool b : 1;
};

static int fails;
static void check(int line, long long got, long long want) {
    printf("%d: %lld%s\n", line, got, got == want ? "" : " FAIL");
    if (got != want)
        fails++;
}
#define CHECK(e, want) check(__LINE__, (long long)(e), (long long)(want))

/* reads one variadic int argument: an int-promoted bit-field arrives as int */
static int first_vararg(int n, ...) {
    va_list ap;
    va_start(ap, n);
    int v = va_arg(ap, int);
    va_end(ap);
    return v;
}

int main(void) {
    struct S s = {5, 3, 1, 5, 5, 5, 5, 5, 5, 1};
    volatile int one = 1;

    /* arithmetic and comparison: 5 - 10 is the int -5 */
    CHECK(s.x - 10 < 0, 1);
    CHECK((s.x - 10) >> 28, -1);          /* arithmetic shift of an int */
    CHECK((int)sizeof(s.x + 0), 4);
    CHECK(s.x * -1 / 5, -1);              /* unsigned would give 858993458 */
    CHECK(s.x < -1, 0);                   /* int compare, not unsigned */
    CHECK(s.j - 6 < 0, 1);
    CHECK(s.k - 6 < 0, 1);
    CHECK(s.b - 2 < 0, 1);
    /* long long bit-fields of width < 32 promote to int, 32 wide: see below */
    CHECK(s.a - 6 < 0, 1);
    CHECK((int)sizeof(s.a + 0), 4);
    CHECK(s.f - 6 < 0, 1);                /* long long:32 -> int */
    CHECK((int)sizeof(s.f + 0), 4);
    /* 32-bit unsigned bit-fields promote to unsigned int */
    CHECK(s.w - 6 < 0, 0);
    CHECK(s.c - 6 < 0, 0);                /* unsigned long long:32 -> unsigned */
    CHECK((int)sizeof(s.c + 0), 4);
    CHECK(s.c - 6, 0xFFFFFFFFu);
    /* wide bit-fields stay 64-bit */
    CHECK((int)sizeof(s.y + 0), 8);
    CHECK(s.y - 4 < 0, 0);

    /* unary minus and complement */
    CHECK(-s.x, -5);
    CHECK(~s.x, -6);
    CHECK(-s.x < 0, 1);
    CHECK((int)sizeof(-s.x), 4);

    /* shifts: promoted left operand */
    CHECK((s.x << 1) - 20 < 0, 1);        /* int shift result: 10 - 20 */
    CHECK(-(s.x << 1), -10);

    /* conditional operator: int vs int -> int */
    CHECK((one ? s.x : -1) < 0, 0);
    CHECK((one ? s.x : s.x) - 10 < 0, 1);
    CHECK((one ? -1 : s.x) < 0, 1);

    /* comma, assignment, ++/-- results have the bit-field's type */
    CHECK((0, s.x) - 10 < 0, 1);
    CHECK((s.x = 5) - 10 < 0, 1);
    CHECK(s.x++ - 10 < 0, 1);
    CHECK(++s.x - 10 < 0, 1);
    CHECK((s.x += 1) - 10 < 0, 1);
    CHECK(s.x, 8);
    CHECK(s.x-- - 10 < 0, 1);

    /* compound assignment: computed in int, stored truncated to 7 bits */
    s.x = 5; s.x -= 10; CHECK(s.x, 123); /* -5 mod 128 */
    s.x = 5; s.x /= -1; CHECK(s.x, 123); /* 5 / -1 = -5 */
    s.x = 5; s.x %= -3; CHECK(s.x, 2);   /* 5 % -3 = 2 */
    s.x = 100; s.x = s.x / -3; CHECK(s.x, 95); /* -33 mod 128 */
    s.j = 7; s.j /= -2; CHECK(s.j, 5);   /* -3 mod 8 */
    s.a = 3; s.a /= -1; CHECK(s.a, 0x7FFFFFFD); /* -3 mod 2^31 */
    s.z = 1; s.z -= 3; CHECK(s.z, -2);
    s.z = 3; s.z++; CHECK(s.z, -4);      /* 4 does not fit int:3: wraps (gcc) */
    s.x = 0; s.x--; CHECK(s.x, 127);
    s.w = 5; s.w /= -1; CHECK(s.w, 0);   /* unsigned: 5 / 0xFFFFFFFF */

    /* variadic arguments: promoted to int */
    s.x = 5;
    CHECK(first_vararg(1, s.x), 5);
    CHECK(first_vararg(1, -s.x), -5);
    printf("%d %d %u\n", s.x - 10, s.z, s.w);

    /* typeof of a promoted expression */
    __typeof__(s.x + 0) q = -1;
    CHECK(q < 0, 1);
    __typeof__(s.c + 0) u = -1;
    CHECK(u < 0, 0);

    printf("fails %d\n", fails);
    return fails;
}
