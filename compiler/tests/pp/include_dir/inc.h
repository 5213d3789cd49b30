#ifndef INC_H
#define INC_H
#define INC_VALUE 40
int from_inc;
#endif
