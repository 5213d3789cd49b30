/* Memory operands in empty templates: "m", "=m", "+m", "g". */
#include <stdio.h>
struct s { int a; short b; } st = {5, 6};
int main(void) {
    int x = 3, y = 4;
    asm volatile("" : : "m"(x));
    asm volatile("" : "=m"(x) : "m"(x));
    asm volatile("" : "+m"(y));
    asm volatile("" : "+m"(st));
    asm volatile("" : : "g"(&st), "g"(y) : "memory");
    printf("%d %d %d %d\n", x, y, st.a, st.b);
    return x + y + st.a + st.b;
}
