#ifndef _LCC_STDDEF_H
#define _LCC_STDDEF_H
/* stddef.h — lcc runtime (ST200, ILP32). */
typedef unsigned int size_t;
typedef int ptrdiff_t;
typedef int wchar_t;
#ifndef NULL
#define NULL ((void *)0)
#endif
#define offsetof(type, member) __builtin_offsetof(type, member)
#endif
