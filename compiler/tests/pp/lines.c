int l1 = __LINE__;
#line 100
int l100 = __LINE__;
int multi = 1 +
  2 +
  3;
#define LONG_MACRO(a) a + \
    a
int lm = LONG_MACRO(7);
int cnt = __COUNTER__ + __COUNTER__;
int stdc = __STDC__ + __STDC_VERSION__;
