#ifndef _LCC_MEMORY_H
#define _LCC_MEMORY_H
/* memory.h — lcc runtime (ST200): the historical name of <string.h>. */
#include <string.h>
#endif
