#include <stdio.h>
int x;
int x;
int y = 7;
int x;
extern int z;
int z = 9;
static int s;
static int s;
int arr[];
int arr[3];
int main(void) {
    x += 4; s = 2; arr[2] = 5;
    printf("%d %d %d %d %d %d\n", x, y, z, s, arr[2], (int)sizeof arr);
    return 0;
}
