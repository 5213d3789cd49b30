#ifndef _LCC_CTYPE_H
#define _LCC_CTYPE_H
/* ctype.h — lcc runtime (ST200), "C" locale only: characters 128..255 and
   EOF belong to no class.
   The functions are defined inline here (so that lcc --run-ir, whose library
   does not provide them, can use them) and also out of line in libc.a
   (runtime/lib/ctype.c defines __LCC_CTYPE_EXTERN), for function pointers. */
#ifdef __LCC_CTYPE_EXTERN
int isdigit(int c);
int isxdigit(int c);
int islower(int c);
int isupper(int c);
int isalpha(int c);
int isalnum(int c);
int isspace(int c);
int isprint(int c);
int isgraph(int c);
int ispunct(int c);
int iscntrl(int c);
int isblank(int c);
int toupper(int c);
int tolower(int c);
#else
static inline int isdigit(int c) { return c >= '0' && c <= '9'; }
static inline int isxdigit(int c) { return isdigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
static inline int islower(int c) { return c >= 'a' && c <= 'z'; }
static inline int isupper(int c) { return c >= 'A' && c <= 'Z'; }
static inline int isalpha(int c) { return islower(c) || isupper(c); }
static inline int isalnum(int c) { return isalpha(c) || isdigit(c); }
static inline int isspace(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static inline int isprint(int c) { return c >= 0x20 && c < 0x7f; }
static inline int isgraph(int c) { return c > 0x20 && c < 0x7f; }
static inline int ispunct(int c) { return isgraph(c) && !isalnum(c); }
static inline int iscntrl(int c) { return (c >= 0 && c < 0x20) || c == 0x7f; }
static inline int isblank(int c) { return c == ' ' || c == '\t'; }
static inline int toupper(int c) { return islower(c) ? c - 'a' + 'A' : c; }
static inline int tolower(int c) { return isupper(c) ? c - 'A' + 'a' : c; }
#endif
#endif
