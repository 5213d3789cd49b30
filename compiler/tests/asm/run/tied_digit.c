/* A matching constraint "0": the input is in the output's register.
   shl by 3: 5 << 3 = 40. */
int main(void) {
    int a = 5, r;
    asm("shl %0 = %0, 3" : "=r"(r) : "0"(a));
    if (r != 40) return 1;
    if (a != 5) return 2;
    return 0;
}
