/* __has_include and __has_include_next in #if: quoted names relative to
 * this file, angled names in the system directories, missing headers,
 * names from macros, and the operator itself tested with defined. */
#ifdef __has_include
int has_include_is_defined = 1;
#endif
#if defined(__has_include) && defined __has_include_next
int both_defined = 1;
#endif
#if __has_include("include_dir/inc.h")
int quoted_found = 1;
#else
int quoted_found = 0;
#endif
#if __has_include("include_dir/missing.h")
int quoted_missing = 1;
#else
int quoted_missing = 0;
#endif
#if __has_include(<stddef.h>) && __has_include(<limits.h>)
int angled_found = 1;
#endif
#if !__has_include(<no_such_header_anywhere_42.h>)
int angled_missing = 0;
#endif
#define HDR "include_dir/inc2.h"
#if __has_include(HDR)
int macro_name = 1;
#endif
#if __has_include_next(<stddef.h>) || 0
int next_found = 1;
#endif
#if __has_include ( "has_include.c" ) + 1 == 2
int spaced = 2;
#endif
