// expect: 2:10: error: nonexistent_header.h: No such file or directory
#include "nonexistent_header.h"
int main(void) { return 0; }
