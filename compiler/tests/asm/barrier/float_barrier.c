/* Float and double values through "+r" / "+g" barriers (soft-float). */
#include <stdio.h>
int main(void) {
    float f = 1.25f;
    double d = 2.5;
    asm("" : "+r"(f));
    asm("" : "+g"(d));
    double r = f * d + 0.125;
    printf("%.4f\n", r);
    return (int)(r * 8);
}
