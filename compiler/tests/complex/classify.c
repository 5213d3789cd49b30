/* __builtin_classify_type of complex values: gcc's complex type class. */
#include <stdio.h>
int main(void){ _Complex double z = 0; __complex__ int k = 0; printf("%d %d\n", __builtin_classify_type(z), __builtin_classify_type(k)); return 0; }
