/* Dense switches that lcc lowers to jump tables (bounds check, table load,
   igoto), sparse ones it lowers to binary search trees of compares, and
   shapes around them: negative case values, the default in the middle,
   fallthrough, duplicate targets, GNU case ranges, switches inside loops,
   on char, unsigned char, unsigned and enums, at the edges of the value
   range. Expected output: the host gcc -m32 build of this file. */
#include <stdio.h>

/* negative values, the default in the middle, fallthrough */
static int neg(int x) {
    int r = 0;
    switch (x) {
    case -3: r += 1;
    case -2: r += 2; break;
    case -1: return 7;
    default: r = 100;
    case 0: r += 3; break;
    case 1: r += 4;
    case 2: r += 5; break;
    case 3: r = -9; break;
    }
    return r;
}

/* duplicate targets and holes (values 5, 6, 9 go to the default) */
static const char *kind(int x) {
    switch (x) {
    case 1: case 3: case 7: return "odd-prime-ish";
    case 2: case 4: case 8: return "power";
    case 0: return "zero";
    case 10: return "ten";
    default: return "other";
    }
}

/* a switch on a char, with a GNU case range */
static int token(char c) {
    switch (c) {
    case '+': return 1;
    case '-': return 2;
    case '*': return 3;
    case '/': return 4;
    case '(': return 5;
    case ')': return 6;
    case '0' ... '9': return 10 + (c - '0');
    default: return 0;
    }
}

/* unsigned, starting far from zero; values above 2^31 */
static unsigned big(unsigned x) {
    switch (x) {
    case 0x80000000u: return 1;
    case 0x80000001u: return 2;
    case 0x80000002u: return 3;
    case 0x80000004u: return 4;
    case 0x80000005u: return 5;
    case 0xffffffffu: return 6;
    default: return 0;
    }
}

/* unsigned char values 250..255 and the signed int extremes */
static int edges(unsigned char c, int x) {
    int r = 0;
    switch (c) {
    case 250: r = 1; break;
    case 251: r = 2; break;
    case 253: r = 3; break;
    case 254: r = 4; break;
    case 255: r = 5; break;
    }
    switch (x) {
    case -2147483647 - 1: r += 10; break;
    case -2147483647: r += 20; break;
    case -2147483646: r += 30; break;
    case -2147483645: r += 40; break;
    case 2147483647: r += 50; break;
    }
    return r;
}

enum op { ADD, SUB, MUL, NEG, DUP, SWAP, DROP, HALT };

/* a bytecode interpreter: the dispatch switch inside a loop */
static int run(const unsigned char *code) {
    int stack[16], sp = 0, pc = 0;
    for (;;) {
        switch ((enum op)code[pc++]) {
        case ADD: sp--; stack[sp - 1] += stack[sp]; break;
        case SUB: sp--; stack[sp - 1] -= stack[sp]; break;
        case MUL: sp--; stack[sp - 1] *= stack[sp]; break;
        case NEG: stack[sp - 1] = -stack[sp - 1]; break;
        case DUP: stack[sp] = stack[sp - 1]; sp++; break;
        case SWAP: { int t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; break; }
        case DROP: sp--; break;
        case HALT: return sp > 0 ? stack[sp - 1] : -1;
        default: stack[sp++] = code[pc - 1] - 16; break;
        }
    }
}

/* sparse: a binary search tree of compares */
static int sparse(int x) {
    switch (x) {
    case -1000: return 1;
    case -7: return 2;
    case 3: return 3;
    case 40: return 4;
    case 500: return 5;
    case 6000: return 6;
    case 70000: return 7;
    case 800000: return 8;
    case 9000000: return 9;
    default: return 0;
    }
}

/* a value carried around a loop through the cases (phis at the targets) */
static int machine(const char *s) {
    int state = 0, count = 0;
    for (; *s; s++) {
        switch (state) {
        case 0: if (*s == 'a') state = 1; break;
        case 1: state = *s == 'b' ? 2 : 0; count += 1; break;
        case 2: state = *s == 'c' ? 3 : 1; count += 2; break;
        case 3: state = 0; count += 100; break;
        case 4: state = 4; break;
        }
    }
    return count * 10 + state;
}

int main(void) {
    int i, sum = 0;
    for (i = -6; i <= 6; i++) printf("neg(%d)=%d ", i, neg(i));
    printf("\n");
    for (i = -2; i <= 12; i++) printf("%d:%s ", i, kind(i));
    printf("\n");
    const char *expr = "(12+3)*4-/x 9";
    for (i = 0; expr[i]; i++) sum += token(expr[i]) * (i + 1);
    printf("token sum %d\n", sum);
    unsigned u[] = {0, 1, 0x7fffffffu, 0x80000000u, 0x80000001u, 0x80000002u,
                    0x80000003u, 0x80000004u, 0x80000005u, 0x80000006u, 0xfffffffeu, 0xffffffffu};
    for (i = 0; i < (int)(sizeof u / sizeof u[0]); i++) printf("%u ", big(u[i]));
    printf("\n");
    int xs[] = {-2147483647 - 1, -2147483647, -2147483646, -2147483645, -2147483644, 0, 2147483646, 2147483647};
    for (i = 0; i < 8; i++) printf("%d ", edges((unsigned char)(248 + i), xs[i]));
    printf("\n");
    /* (3 + 4) * -(5 - 2), then dup, swap, drop */
    unsigned char prog[] = {16 + 3, 16 + 4, ADD, 16 + 5, 16 + 2, SUB, NEG, MUL, DUP, 16 + 1, SWAP, DROP, ADD, HALT};
    printf("run %d\n", run(prog));
    int sp[] = {-1001, -1000, -999, -7, 0, 3, 4, 40, 499, 500, 6000, 69999, 70000, 800000, 9000000, 9000001};
    for (i = 0; i < 16; i++) printf("%d", sparse(sp[i]));
    printf("\n");
    printf("machine %d %d\n", machine("xxabcabqabcaab"), machine("ababab"));
    int total = 0;
    for (i = -300; i < 300; i++) total = total * 31 + neg(i % 9) + token((char)i) + sparse(i * 37) + (int)big(0x80000000u + (unsigned)i);
    printf("total %d\n", total);
    return 0;
}
