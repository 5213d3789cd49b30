/* signal, raise — lcc runtime (ST200), portable C99. A signal arises only
   from raise() (and abort()): the default action ends the program with
   status 128 + the signal's number, SIG_IGN ignores it, a handler is
   called and stays installed (BSD semantics, as the GNU C library's
   signal(); C99 7.14.1.1 leaves the choice to the implementation).
   abort() raises SIGABRT: the library's definitions are weak (README,
   "Weak definitions") but this file's abort stays strong, so that a
   program that installs handlers (and so links this file) gets the
   abort below instead of exit.c's, which ends the program with status
   134 at once, the default action of SIGABRT, all that can happen when
   no handler can have been installed. */
#include <signal.h>
#include <errno.h>
#include <stdlib.h>

void _exit(int status) __attribute__((noreturn));

static __sighandler_t handlers[NSIG];

__sighandler_t signal(int sig, __sighandler_t handler)
{
    __sighandler_t old;
    if (sig <= 0 || sig >= NSIG || sig == SIGKILL) {
        errno = EINVAL;
        return SIG_ERR;
    }
    old = handlers[sig];
    handlers[sig] = handler;
    return old;
}

int raise(int sig)
{
    __sighandler_t h;
    if (sig <= 0 || sig >= NSIG) {
        errno = EINVAL;
        return -1;
    }
    h = handlers[sig];
    if (h == SIG_IGN)
        return 0;
    if (h == SIG_DFL)
        _exit(128 + sig);
    h(sig);
    return 0;
}

/* strong: abort */
void abort(void)
{
    raise(SIGABRT);
    _exit(128 + SIGABRT);
}
