/* "=m" output: stw writes the object; g becomes 77, s.b becomes 5. */
int g;
struct s { int a, b; } s;
int main(void) {
    int v = 77;
    asm("stw %0 = %1" : "=m"(g) : "r"(v));
    if (g != 77) return 1;
    asm("stw %0 = %1" : "=m"(s.b) : "r"(5));
    if (s.b != 5 || s.a != 0) return 2;
    return 0;
}
