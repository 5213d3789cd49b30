/* exit, atexit, abort, _Exit, __assert_fail — lcc runtime (ST200). */
#include <stdlib.h>
#include <stdio.h>

void _exit(int status) __attribute__((noreturn));
void __stdio_flush_all(void);

#define ATEXIT_MAX 32
static void (*atexit_fns[ATEXIT_MAX])(void);
static int atexit_count;

int atexit(void (*fn)(void))
{
    if (atexit_count >= ATEXIT_MAX)
        return -1;
    atexit_fns[atexit_count++] = fn;
    return 0;
}

/* Runs the atexit handlers (last registered first; a handler may register
   more), flushes every stdio stream, then ends the program (syscall 1). */
void exit(int status)
{
    while (atexit_count > 0) {
        void (*fn)(void) = atexit_fns[--atexit_count];
        fn();
    }
    __stdio_flush_all();
    _exit(status);
}

void _Exit(int status) { _exit(status); }

/* Like a host process killed by SIGABRT: status 134 (128 + 6), buffered
   output is not flushed (as with glibc when stdout is a pipe or a file). */
void abort(void) { _exit(134); }

/* The message of lcc's IR interpreter (glibc's without program and
   function names), then abort. */
void __assert_fail(const char *expr, const char *file, int line)
{
    fprintf(stderr, "%s:%d: Assertion `%s' failed.\n", file, line, expr);
    abort();
}
