#ifndef _LCC_SIGNAL_H
#define _LCC_SIGNAL_H
/* signal.h — lcc runtime (ST200), in runtime/lib/signal.c. One simulated
   core and no operating system: a signal arises only from raise() (and
   abort(), which raises SIGABRT). The default action of every signal ends
   the program with status 128 + its number, as a shell reports a process
   killed by it; SIG_IGN ignores it. Numbers as on Linux. */
typedef int sig_atomic_t;
typedef void (*__sighandler_t)(int);
#define SIG_DFL ((__sighandler_t)0)
#define SIG_IGN ((__sighandler_t)1)
#define SIG_ERR ((__sighandler_t)-1)
#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGILL 4
#define SIGTRAP 5
#define SIGABRT 6
#define SIGBUS 7
#define SIGFPE 8
#define SIGKILL 9
#define SIGUSR1 10
#define SIGSEGV 11
#define SIGUSR2 12
#define SIGPIPE 13
#define SIGALRM 14
#define SIGTERM 15
#define NSIG 32
__sighandler_t signal(int sig, __sighandler_t handler);
int raise(int sig);
#endif
