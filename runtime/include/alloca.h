/* alloca — lcc runtime (ST200): storage freed when the calling function
   returns, taken from the runtime's VLA stack (runtime/lib/vla.c). */
#ifndef _ALLOCA_H
#define _ALLOCA_H
#include <stddef.h>
#define alloca(n) __builtin_alloca(n)
#endif
