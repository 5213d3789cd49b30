/* Storage of variable-length arrays and alloca — lcc runtime (ST200).
   lcc does not move $r12 at run time: a VLA or an alloca block lives on
   this second stack. Leaving the scope of a VLA (the end of its block,
   break, continue, goto) frees it and everything allocated after it
   (__lcc_vla_free); a function with VLAs or alloca restores its entry top
   before returning. */
#include <stdio.h>
#include <stdlib.h>

#define VLA_STACK_BYTES (1 << 20)

static long long vla_stack[VLA_STACK_BYTES / 8];
static unsigned vla_top; /* bytes in use */

/* `size` bytes, 8-byte aligned; a message and abort() when the 1 MiB
   stack is exhausted. */
void *__lcc_vla_alloc(unsigned size)
{
    unsigned n = (size + 7u) & ~7u;
    if (size > VLA_STACK_BYTES || n > VLA_STACK_BYTES - vla_top) {
        fputs("lcc: variable-length arrays and alloca need more than 1 MiB\n", stderr);
        abort();
    }
    void *p = (char *)vla_stack + vla_top;
    vla_top += n;
    return p;
}

/* The current top, for __lcc_vla_restore. */
unsigned __lcc_vla_save(void) { return vla_top; }

/* Frees everything allocated since `mark` was saved (never grows). */
void __lcc_vla_restore(unsigned mark)
{
    if (mark < vla_top)
        vla_top = mark;
}

/* Frees the block at `p` (from __lcc_vla_alloc) and everything allocated
   after it; nothing if it is already free. */
void __lcc_vla_free(void *p)
{
    unsigned mark = (unsigned)((char *)p - (char *)vla_stack);
    if (mark < vla_top)
        vla_top = mark;
}
