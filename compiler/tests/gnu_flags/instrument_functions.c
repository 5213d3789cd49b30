/* -finstrument-functions: foo calls the enter hook with its own address
   at entry and the exit hook before it returns; main and the hooks are
   excluded by no_instrument_function, and the C library is not
   instrumented (printf adds no calls). */
#include <stdio.h>
int entry_calls, exit_calls;
void *last_entered, *last_exited;
__attribute__((noinline)) int foo(int x) {
    printf("in foo %d %d %d\n", entry_calls, exit_calls, last_entered == (void *)foo);
    if (x)
        return 1;
    return 2;
}
int main(void) __attribute__((no_instrument_function));
int main(void) {
    foo(0);
    foo(1);
    printf("%d %d %d\n", entry_calls, exit_calls, last_exited == (void *)foo);
    return 0;
}
void __cyg_profile_func_enter(void *, void *) __attribute__((no_instrument_function));
void __cyg_profile_func_exit(void *, void *) __attribute__((no_instrument_function));
void __cyg_profile_func_enter(void *fn, void *call_site) {
    entry_calls++;
    last_entered = fn;
}
void __cyg_profile_func_exit(void *fn, void *call_site) {
    exit_calls++;
    last_exited = fn;
}
