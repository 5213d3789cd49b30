#include <stdio.h>
enum color { RED, GREEN = 5, BLUE, ALPHA = GREEN * 10, LAST };
typedef enum { A = -3, B, C } small;
static const char *name(enum color c) { switch (c) { case RED: return "red"; case GREEN: return "green"; case BLUE: return "blue"; default: return "other"; } }
int main(void) {
    enum color c = BLUE;
    small s = C;
    int arr[LAST];
    printf("%d %d %d %d %d\n", RED, GREEN, BLUE, ALPHA, LAST);
    printf("%s %s %d %d\n", name(c), name(ALPHA), s, (int)sizeof arr);
    c++;
    printf("%d %d\n", c, (int)sizeof(enum color));
    return B + 4;
}
