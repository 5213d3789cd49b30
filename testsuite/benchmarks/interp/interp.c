/* interp: a switch-dispatched stack-machine bytecode interpreter with a tiny in-program
   assembler; runs a prime sieve, recursive Fibonacci and a Collatz statistics program. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

enum op {
    OP_HALT, OP_PUSH, OP_LOAD, OP_STORE, OP_LOADM, OP_STOREM, OP_ADD, OP_SUB, OP_MUL,
    OP_DIV, OP_MOD, OP_LT, OP_EQ, OP_JMP, OP_JZ, OP_JNZ, OP_DUP, OP_DROP, OP_SWAP,
    OP_CALL, OP_RET, OP_PRINT, OP_NOT, OP_AND
};

#define CODE_MAX 512
#define MEM_MAX 4096
#define STACK_MAX 512
#define MAX_LABELS 32

/* --- assembler --- */
static int code[CODE_MAX];
static int code_len;
static int label_addr[MAX_LABELS];
static int fixup_at[128], fixup_label[128], nfixups;

static void emit(int op)
{
    code[code_len++] = op;
}

static void emit1(int op, int arg)
{
    code[code_len++] = op;
    code[code_len++] = arg;
}

static void emit_jump(int op, int label)
{
    code[code_len++] = op;
    fixup_at[nfixups] = code_len;
    fixup_label[nfixups++] = label;
    code[code_len++] = -1;
}

static void place(int label)
{
    label_addr[label] = code_len;
}

static void link_code(void)
{
    int i;
    for (i = 0; i < nfixups; i++)
        code[fixup_at[i]] = label_addr[fixup_label[i]];
    nfixups = 0;
}

/* --- virtual machine --- */
static int mem[MEM_MAX];
static int stack[STACK_MAX];
static int rstack[STACK_MAX];
static int vars[16];
static unsigned long long executed;
static uint32_t out_hash;

static void vm_print(int v)
{
    printf("  out: %d\n", v);
    out_hash = out_hash * 31u + (uint32_t)v;
}

static int run(int pc)
{
    int sp = 0, rsp = 0;
    for (;;) {
        int op = code[pc++];
        int a, b;
        executed++;
        switch (op) {
        case OP_HALT:
            return sp;
        case OP_PUSH:
            stack[sp++] = code[pc++];
            break;
        case OP_LOAD:
            stack[sp++] = vars[code[pc++]];
            break;
        case OP_STORE:
            vars[code[pc++]] = stack[--sp];
            break;
        case OP_LOADM:
            a = stack[sp - 1];
            stack[sp - 1] = mem[a];
            break;
        case OP_STOREM: /* value addr -- */
            a = stack[--sp];
            mem[a] = stack[--sp];
            break;
        case OP_ADD:
            b = stack[--sp];
            stack[sp - 1] += b;
            break;
        case OP_SUB:
            b = stack[--sp];
            stack[sp - 1] -= b;
            break;
        case OP_MUL:
            b = stack[--sp];
            stack[sp - 1] *= b;
            break;
        case OP_DIV:
            b = stack[--sp];
            stack[sp - 1] /= b;
            break;
        case OP_MOD:
            b = stack[--sp];
            stack[sp - 1] %= b;
            break;
        case OP_LT:
            b = stack[--sp];
            stack[sp - 1] = stack[sp - 1] < b;
            break;
        case OP_EQ:
            b = stack[--sp];
            stack[sp - 1] = stack[sp - 1] == b;
            break;
        case OP_NOT:
            stack[sp - 1] = !stack[sp - 1];
            break;
        case OP_AND:
            b = stack[--sp];
            stack[sp - 1] &= b;
            break;
        case OP_JMP:
            pc = code[pc];
            break;
        case OP_JZ:
            if (stack[--sp] == 0)
                pc = code[pc];
            else
                pc++;
            break;
        case OP_JNZ:
            if (stack[--sp] != 0)
                pc = code[pc];
            else
                pc++;
            break;
        case OP_DUP:
            stack[sp] = stack[sp - 1];
            sp++;
            break;
        case OP_DROP:
            sp--;
            break;
        case OP_SWAP:
            a = stack[sp - 1];
            stack[sp - 1] = stack[sp - 2];
            stack[sp - 2] = a;
            break;
        case OP_CALL:
            rstack[rsp++] = pc + 1;
            pc = code[pc];
            break;
        case OP_RET:
            pc = rstack[--rsp];
            break;
        case OP_PRINT:
            vm_print(stack[--sp]);
            break;
        default:
            printf("bad opcode %d at %d\n", op, pc - 1);
            exit(2);
        }
    }
}

enum { I = 0, J = 1, S = 2, C = 3, X = 4, STEPS = 5, MAXS = 6, ARG = 7 };

static int assemble_sieve(int n)
{
    int start = code_len;
    enum { OUTER = 0, INNER, NEXT, COUNT, CLOOP, SKIP, END };
    emit1(OP_PUSH, 2);
    emit1(OP_STORE, I);
    place(OUTER);
    emit1(OP_LOAD, I);
    emit1(OP_LOAD, I);
    emit(OP_MUL);
    emit1(OP_PUSH, n);
    emit(OP_LT);
    emit_jump(OP_JZ, COUNT);
    emit1(OP_LOAD, I);
    emit(OP_LOADM);
    emit_jump(OP_JNZ, NEXT);
    emit1(OP_LOAD, I);
    emit1(OP_LOAD, I);
    emit(OP_MUL);
    emit1(OP_STORE, J);
    place(INNER);
    emit1(OP_LOAD, J);
    emit1(OP_PUSH, n);
    emit(OP_LT);
    emit_jump(OP_JZ, NEXT);
    emit1(OP_PUSH, 1);
    emit1(OP_LOAD, J);
    emit(OP_STOREM);
    emit1(OP_LOAD, J);
    emit1(OP_LOAD, I);
    emit(OP_ADD);
    emit1(OP_STORE, J);
    emit_jump(OP_JMP, INNER);
    place(NEXT);
    emit1(OP_LOAD, I);
    emit1(OP_PUSH, 1);
    emit(OP_ADD);
    emit1(OP_STORE, I);
    emit_jump(OP_JMP, OUTER);
    place(COUNT);
    emit1(OP_PUSH, 2);
    emit1(OP_STORE, I);
    emit1(OP_PUSH, 0);
    emit1(OP_STORE, S);
    emit1(OP_PUSH, 0);
    emit1(OP_STORE, C);
    place(CLOOP);
    emit1(OP_LOAD, I);
    emit1(OP_PUSH, n);
    emit(OP_LT);
    emit_jump(OP_JZ, END);
    emit1(OP_LOAD, I);
    emit(OP_LOADM);
    emit_jump(OP_JNZ, SKIP);
    emit1(OP_LOAD, S);
    emit1(OP_LOAD, I);
    emit(OP_ADD);
    emit1(OP_STORE, S);
    emit1(OP_LOAD, C);
    emit1(OP_PUSH, 1);
    emit(OP_ADD);
    emit1(OP_STORE, C);
    place(SKIP);
    emit1(OP_LOAD, I);
    emit1(OP_PUSH, 1);
    emit(OP_ADD);
    emit1(OP_STORE, I);
    emit_jump(OP_JMP, CLOOP);
    place(END);
    emit1(OP_LOAD, C);
    emit(OP_PRINT);
    emit1(OP_LOAD, S);
    emit(OP_PRINT);
    emit(OP_HALT);
    link_code();
    return start;
}

static int assemble_fib(int n)
{
    int start;
    enum { FIB = 0, BASE };
    /* fib(n): n -- fib(n), recursive, entirely on the data stack */
    place(FIB);
    emit(OP_DUP);
    emit1(OP_PUSH, 2);
    emit(OP_LT);
    emit_jump(OP_JNZ, BASE);
    emit(OP_DUP);
    emit1(OP_PUSH, 1);
    emit(OP_SUB);
    emit_jump(OP_CALL, FIB);
    emit(OP_SWAP);
    emit1(OP_PUSH, 2);
    emit(OP_SUB);
    emit_jump(OP_CALL, FIB);
    emit(OP_ADD);
    place(BASE);
    emit(OP_RET);
    start = code_len;
    emit1(OP_PUSH, n);
    emit_jump(OP_CALL, FIB);
    emit(OP_PRINT);
    emit(OP_HALT);
    link_code();
    return start;
}

static int assemble_collatz(int limit)
{
    int start = code_len;
    enum { LOOP = 0, INNER, EVEN, STEPPED, DONE_ONE, NOT_MAX, END };
    emit1(OP_PUSH, 1);
    emit1(OP_STORE, ARG);
    emit1(OP_PUSH, 0);
    emit1(OP_STORE, S);
    emit1(OP_PUSH, 0);
    emit1(OP_STORE, MAXS);
    place(LOOP);
    emit1(OP_LOAD, ARG);
    emit1(OP_PUSH, limit + 1);
    emit(OP_LT);
    emit_jump(OP_JZ, END);
    emit1(OP_LOAD, ARG);
    emit1(OP_STORE, X);
    emit1(OP_PUSH, 0);
    emit1(OP_STORE, STEPS);
    place(INNER);
    emit1(OP_LOAD, X);
    emit1(OP_PUSH, 1);
    emit(OP_EQ);
    emit_jump(OP_JNZ, DONE_ONE);
    emit1(OP_LOAD, X);
    emit1(OP_PUSH, 1);
    emit(OP_AND);
    emit_jump(OP_JZ, EVEN);
    emit1(OP_LOAD, X);
    emit1(OP_PUSH, 3);
    emit(OP_MUL);
    emit1(OP_PUSH, 1);
    emit(OP_ADD);
    emit1(OP_STORE, X);
    emit_jump(OP_JMP, STEPPED);
    place(EVEN);
    emit1(OP_LOAD, X);
    emit1(OP_PUSH, 2);
    emit(OP_DIV);
    emit1(OP_STORE, X);
    place(STEPPED);
    emit1(OP_LOAD, STEPS);
    emit1(OP_PUSH, 1);
    emit(OP_ADD);
    emit1(OP_STORE, STEPS);
    emit_jump(OP_JMP, INNER);
    place(DONE_ONE);
    emit1(OP_LOAD, S);
    emit1(OP_LOAD, STEPS);
    emit(OP_ADD);
    emit1(OP_STORE, S);
    emit1(OP_LOAD, MAXS);
    emit1(OP_LOAD, STEPS);
    emit(OP_LT);
    emit_jump(OP_JZ, NOT_MAX);
    emit1(OP_LOAD, STEPS);
    emit1(OP_STORE, MAXS);
    emit1(OP_LOAD, ARG);
    emit1(OP_STORE, C);
    place(NOT_MAX);
    emit1(OP_LOAD, ARG);
    emit1(OP_PUSH, 1);
    emit(OP_ADD);
    emit1(OP_STORE, ARG);
    emit_jump(OP_JMP, LOOP);
    place(END);
    emit1(OP_LOAD, S);
    emit(OP_PRINT);
    emit1(OP_LOAD, C);
    emit(OP_PRINT);
    emit1(OP_LOAD, MAXS);
    emit(OP_PRINT);
    emit(OP_HALT);
    link_code();
    return start;
}

int main(void)
{
    int entry, depth;
    unsigned long long before;

    printf("interp: bytecode programs\n");
    entry = assemble_sieve(1500);
    before = executed;
    printf("sieve(1500): count, sum\n");
    depth = run(entry);
    printf("  %llu instructions, final stack depth %d\n", executed - before, depth);

    entry = assemble_fib(14);
    before = executed;
    printf("fib(14):\n");
    depth = run(entry);
    printf("  %llu instructions, final stack depth %d\n", executed - before, depth);

    entry = assemble_collatz(60);
    before = executed;
    printf("collatz(1..60): total steps, longest start, its steps\n");
    depth = run(entry);
    printf("  %llu instructions, final stack depth %d\n", executed - before, depth);

    printf("code size %d words, total %llu instructions, output hash %08x\n", code_len, executed, out_hash);
    return 0;
}
