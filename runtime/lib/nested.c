/* Trampoline slots of GNU C nested functions — lcc runtime (ST200).
   A nested function whose address escapes has a pool of `n` static thunks
   (lcc's front end makes them, compiler/src/frontend/parse/nested.rs);
   thunk k calls the nested function with the static chain kept in
   chains[k]. Taking the address asks here for the slot of `chain` (the
   address of the enclosing function's frame block, on the stack). */
#include <stdio.h>
#include <stdlib.h>

/* The slot holding `chain`, or a free one set to it: never used, or
   holding the frame block of an activation that has returned (an address
   below this function's own frame: the stack grows down, so nothing live
   is there). A message and abort() when all `n` are live. */
int __lcc_nested_slot(void **chains, int n, void *chain)
{
    char here;
    int free_slot = -1;
    for (int i = 0; i < n; i++) {
        if (chains[i] == chain)
            return i;
        if (free_slot < 0 && (chains[i] == 0 || (char *)chains[i] < &here))
            free_slot = i;
    }
    if (free_slot < 0) {
        fputs("lcc: too many live addresses of one nested function (trampoline pool full)\n",
              stderr);
        abort();
    }
    chains[free_slot] = chain;
    return free_slot;
}
