/* <signal.h>: a handler runs on raise() with the signal's number and is
   kept (BSD semantics, as glibc's signal()); SIG_IGN ignores; signal() returns the
   previous handler; abort() raises SIGABRT. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

static volatile sig_atomic_t got;

static void on_signal(int sig) { got = sig; }

static void on_abort(int sig)
{
    printf("abort raised %d\n", sig == SIGABRT);
    exit(0);
}

int main(void)
{
    void (*old)(int);
    int i;
    old = signal(SIGUSR1, on_signal);
    printf("first %d\n", old == SIG_DFL);
    i = raise(SIGUSR1);
    printf("raise %d got %d\n", i, got == SIGUSR1);
    got = 0;
    printf("kept %d\n", signal(SIGUSR1, SIG_IGN) == on_signal);
    got = 0;
    signal(SIGUSR2, SIG_IGN);
    i = raise(SIGUSR2);
    printf("ignored %d %d\n", i, got);
    old = signal(SIGUSR2, on_signal);
    printf("previous %d\n", old == SIG_IGN);
    printf("error %d\n", signal(SIGKILL, on_signal) == SIG_ERR);
    signal(SIGABRT, on_abort);
    abort();
    return 1;
}
