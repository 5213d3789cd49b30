#define INC2_VALUE 2
int from_inc2 = __LINE__;
