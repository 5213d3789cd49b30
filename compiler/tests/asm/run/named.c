/* Named operands %[name]: sub $rD = $rA, $rB is A - B: 100 - 58 = 42. */
int main(void) {
    int big = 100, small = 58, diff;
    asm("sub %[d] = %[a], %[b]" : [d] "=r"(diff) : [a] "r"(big), [b] "r"(small));
    return diff == 42 ? 0 : 1;
}
