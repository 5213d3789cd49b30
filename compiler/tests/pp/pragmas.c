#define DO(x) _Pragma(#x)
int before;
#pragma weak before
DO(GCC diagnostic ignored "-Wformat")
int after _Pragma("lcc test") ;
_Pragma("once_more") int last;
