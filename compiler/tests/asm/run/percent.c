/* "%%" is a single '%' in the text (here inside an assembler comment) and
   basic asm leaves '%' alone. 40 + 2 = 42. */
int main(void) {
    int r, a = 40;
    asm("add %0 = %1, 2 # 100%% sure" : "=r"(r) : "r"(a));
    asm("# 50% in a basic asm comment");
    return r == 42 ? 0 : 1;
}
