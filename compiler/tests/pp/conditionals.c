#define LEVEL 3
#if LEVEL > 2 && defined LEVEL
int level_high;
#elif LEVEL > 1
int level_mid;
#else
int level_low;
#endif
#if (LEVEL * 2 == 6) ? 1 : 0
int ternary_ok;
#endif
#ifdef UNDEFINED_THING
int wrong;
#else
int right;
#endif
#ifndef LEVEL
int wrong2;
#endif
#if 0
#if 1
int deep_wrong;
#endif
#else
int else_taken;
#endif
#if -1 < 0u
int unsigned_compare_true;
#endif
#if 0x10 == 16 && 010 == 8 && 'A' == 65 && (1 << 4) == 16
int numbers_ok;
#endif
#undef LEVEL
#if !defined(LEVEL)
int undefined_now;
#endif
