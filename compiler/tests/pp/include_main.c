#include "include_dir/inc.h"
#include "include_dir/inc.h"
#define HDR "include_dir/inc2.h"
#include HDR
int main_body = INC_VALUE + INC2_VALUE;
