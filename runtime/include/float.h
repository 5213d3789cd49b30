#ifndef _LCC_FLOAT_H
#define _LCC_FLOAT_H
/* float.h — lcc runtime (ST200): the characteristics of float (IEEE 754
   binary32), double and long double (both binary64; ISA-ST200 §1.1), the
   full C99 §5.2.4.2.2 set. lcc computes with them through the soft-float
   helpers (runtime/lib/softfloat.c): round to nearest, ties to even
   (FLT_ROUNDS 1), every operation rounded to its own type
   (FLT_EVAL_METHOD 0). The decimal constants below are the exact values
   to enough digits to round to the intended binary value. */
#define FLT_RADIX 2
#define FLT_ROUNDS 1
#define FLT_EVAL_METHOD 0
#define DECIMAL_DIG 17
#define FLT_MANT_DIG 24
#define FLT_DIG 6
#define FLT_MIN_EXP (-125)
#define FLT_MIN_10_EXP (-37)
#define FLT_MAX_EXP 128
#define FLT_MAX_10_EXP 38
#define FLT_MAX 3.40282346638528859812e+38F
#define FLT_MIN 1.17549435082228750797e-38F
#define FLT_EPSILON 1.1920928955078125e-07F
#define DBL_MANT_DIG 53
#define DBL_DIG 15
#define DBL_MIN_EXP (-1021)
#define DBL_MIN_10_EXP (-307)
#define DBL_MAX_EXP 1024
#define DBL_MAX_10_EXP 308
#define DBL_MAX 1.79769313486231570815e+308
#define DBL_MIN 2.22507385850720138309e-308
#define DBL_EPSILON 2.22044604925031308085e-16
#define LDBL_MANT_DIG DBL_MANT_DIG
#define LDBL_DIG DBL_DIG
#define LDBL_MIN_EXP DBL_MIN_EXP
#define LDBL_MIN_10_EXP DBL_MIN_10_EXP
#define LDBL_MAX_EXP DBL_MAX_EXP
#define LDBL_MAX_10_EXP DBL_MAX_10_EXP
#define LDBL_MAX 1.79769313486231570815e+308L
#define LDBL_MIN 2.22507385850720138309e-308L
#define LDBL_EPSILON 2.22044604925031308085e-16L
#endif
