/* GNU computed goto: &&label is a void *, goto *p; label address tables in
 * static initialisers (a threaded interpreter), label differences. */
#include <stdio.h>

enum { OP_SETA, OP_SETN, OP_MUL, OP_ADD, OP_DEC, OP_JNZ, OP_PRINT, OP_HALT };

/* A threaded interpreter: acc and n registers. */
static int run(const int *code) {
    static void *const dispatch[] = {&&seta, &&setn, &&mul, &&add, &&dec, &&jnz, &&print, &&halt};
    int acc = 0, n = 0, pc = 0, steps = 0;
#define NEXT goto *dispatch[code[pc++]]
    NEXT;
seta:
    acc = code[pc++];
    steps++;
    NEXT;
setn:
    n = code[pc++];
    steps++;
    NEXT;
mul:
    acc *= n;
    steps++;
    NEXT;
add:
    acc += n;
    steps++;
    NEXT;
dec:
    n--;
    steps++;
    NEXT;
jnz: {
    int target = code[pc++];
    if (n) pc = target;
    steps++;
    NEXT;
}
print:
    printf("acc %d n %d\n", acc, n);
    steps++;
    NEXT;
halt:
    return acc + steps;
}

static int classify(int x) {
    void *where = x < 0 ? &&neg : x == 0 ? &&zero : &&pos;
    goto *where;
neg:
    return -1;
zero:
    return 0;
pos:
    return 1;
}

static int relative(int i) {
    static const int offsets[] = {&&a - &&a, &&b - &&a, &&c - &&a};
    goto *(&&a + offsets[i]);
a:
    return 100;
b:
    return 200;
c:
    return 300;
}

int main(void) {
    /* acc = 1; n = 6; do { acc *= n; print; n--; } while (n); acc += n */
    static const int fact[] = {OP_SETA, 1, OP_SETN, 6, OP_MUL, OP_PRINT, OP_DEC, OP_JNZ, 4,
                               OP_ADD, OP_HALT};
    int r = run(fact);
    printf("run %d\n", r);
    static const int sum[] = {OP_SETA, 0, OP_SETN, 100, OP_ADD, OP_DEC, OP_JNZ, 4, OP_PRINT, OP_HALT};
    int r2 = run(sum);
    printf("run %d\n", r2);
    printf("%d %d %d\n", classify(-5), classify(0), classify(7));
    printf("%d %d %d\n", relative(0), relative(1), relative(2));
    return (r + r2) & 0x7f;
}
