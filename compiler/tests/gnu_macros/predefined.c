/* gcc's predefined macros with the ST200's values (ILP32, little-endian,
   long double = double), checked against the C types they describe and
   against values derived by hand. Prints "ok" and exits 0 when all hold,
   else prints the line of each failure. */
#include <limits.h>
#include <float.h>
#include <stdio.h>

static int bad;
#define CHECK(c) do { if (!(c)) { printf("line %d\n", __LINE__); bad = 1; } } while (0)

int main(void) {
    CHECK(__CHAR_BIT__ == 8 && __CHAR_BIT__ == CHAR_BIT);
    CHECK(__SIZEOF_SHORT__ == sizeof(short) && __SIZEOF_INT__ == sizeof(int));
    CHECK(__SIZEOF_LONG__ == sizeof(long) && __SIZEOF_LONG__ == 4);
    CHECK(__SIZEOF_LONG_LONG__ == sizeof(long long) && __SIZEOF_POINTER__ == sizeof(void *));
    CHECK(__SIZEOF_FLOAT__ == sizeof(float) && __SIZEOF_DOUBLE__ == sizeof(double));
    CHECK(__SIZEOF_LONG_DOUBLE__ == sizeof(long double) && __SIZEOF_LONG_DOUBLE__ == 8);
    CHECK(__SIZEOF_SIZE_T__ == sizeof(sizeof 0) && __SIZEOF_PTRDIFF_T__ == sizeof((char *)0 - (char *)0));
    CHECK(__SIZEOF_WCHAR_T__ == 4 && __SIZEOF_WINT_T__ == 4);
    CHECK(sizeof(__INT8_TYPE__) == 1 && sizeof(__UINT8_TYPE__) == 1);
    CHECK(sizeof(__INT16_TYPE__) == 2 && sizeof(__UINT16_TYPE__) == 2);
    CHECK(sizeof(__INT32_TYPE__) == 4 && sizeof(__UINT32_TYPE__) == 4);
    CHECK(sizeof(__INT64_TYPE__) == 8 && sizeof(__UINT64_TYPE__) == 8);
    CHECK(sizeof(__INTMAX_TYPE__) == 8 && sizeof(__INTPTR_TYPE__) == sizeof(void *));
    CHECK((__UINT32_TYPE__)-1 > 0 && (__INT32_TYPE__)-1 < 0 && (__UINT8_TYPE__)-1 == 255);
    CHECK(__builtin_types_compatible_p(__SIZE_TYPE__, __typeof__(sizeof 0)));
    CHECK(__builtin_types_compatible_p(__PTRDIFF_TYPE__, __typeof__((char *)0 - (char *)0)));
    CHECK(__SCHAR_MAX__ == SCHAR_MAX && __SHRT_MAX__ == SHRT_MAX && __INT_MAX__ == INT_MAX);
    CHECK(__LONG_MAX__ == LONG_MAX && __LONG_LONG_MAX__ == LLONG_MAX);
    CHECK(__INT_MAX__ == 2147483647 && __LONG_LONG_MAX__ == 9223372036854775807LL);
    CHECK(__SIZE_MAX__ == 4294967295U && __UINTMAX_MAX__ == 18446744073709551615ULL);
    CHECK(__INT8_MAX__ == 127 && __INT16_MAX__ == 32767 && __UINT16_MAX__ == 65535);
    CHECK(__UINT32_MAX__ == 4294967295U && __INT64_MAX__ == 9223372036854775807LL);
    CHECK(__WCHAR_MIN__ == -2147483647 - 1 && __SIG_ATOMIC_MIN__ == -2147483647 - 1);
    CHECK(__INT_WIDTH__ == 32 && __LONG_WIDTH__ == 32 && __LONG_LONG_WIDTH__ == 64);
    CHECK(__SCHAR_WIDTH__ == 8 && __SHRT_WIDTH__ == 16 && __PTRDIFF_WIDTH__ == 32);
    CHECK(__INTMAX_WIDTH__ == 64 && __SIZE_WIDTH__ == 32 && __INTPTR_WIDTH__ == 32);
    CHECK(__UINT32_C(5) == 5U && sizeof(__UINT64_C(1)) == 8 && sizeof(__INT64_C(1)) == 8);
    CHECK(__INTMAX_C(-1) < 0 && __UINTMAX_C(1) << 63 != 0);
    CHECK(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && __ORDER_LITTLE_ENDIAN__ == 1234);
    CHECK(__ORDER_BIG_ENDIAN__ == 4321 && __FLOAT_WORD_ORDER__ == __ORDER_LITTLE_ENDIAN__);
    {
        unsigned int one = 1;
        CHECK(*(unsigned char *)&one == 1);
    }
    CHECK(__FLT_MANT_DIG__ == FLT_MANT_DIG && __DBL_MANT_DIG__ == DBL_MANT_DIG);
    CHECK(__LDBL_MANT_DIG__ == 53 && __LDBL_MANT_DIG__ == LDBL_MANT_DIG);
    CHECK(__FLT_DIG__ == 6 && __DBL_DIG__ == 15 && __LDBL_DIG__ == 15);
    CHECK(__FLT_MAX_EXP__ == 128 && __DBL_MAX_EXP__ == 1024 && __DBL_MIN_EXP__ == -1021);
    CHECK(__FLT_MAX__ == FLT_MAX && __FLT_MIN__ == FLT_MIN && __FLT_EPSILON__ == FLT_EPSILON);
    CHECK(__DBL_MAX__ == DBL_MAX && __DBL_MIN__ == DBL_MIN && __DBL_EPSILON__ == DBL_EPSILON);
    CHECK(__LDBL_MAX__ == DBL_MAX && __LDBL_EPSILON__ == DBL_EPSILON);
    CHECK(__FLT_EPSILON__ == 1.0f / 8388608 && __DBL_EPSILON__ == 1.0 / 4503599627370496.0);
    CHECK(__FLT_DENORM_MIN__ > 0 && __FLT_DENORM_MIN__ / 2 == 0);
    CHECK(__FLT_EVAL_METHOD__ == FLT_EVAL_METHOD && __FLT_RADIX__ == 2);
    CHECK(__GNUC__ >= 4 && __STDC_VERSION__ == 199901L && __STDC_HOSTED__ == 1);
    CHECK(sizeof(__VERSION__) > 1 && __ILP32__ == 1);
    if (!bad)
        printf("ok\n");
    return bad;
}
