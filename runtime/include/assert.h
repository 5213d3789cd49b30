/* assert.h — lcc runtime (ST200). May be included several times (C99 7.2). */
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
/* Prints "file:line: Assertion `expr' failed." on stderr and aborts
   (exit status 134, like a host process killed by SIGABRT). */
void __assert_fail(const char *expr, const char *file, int line) __attribute__((noreturn));
#define assert(e) ((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__))
#endif
