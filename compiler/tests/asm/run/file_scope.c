/* File-scope basic asm defines a function: triple(x) = x + x + x.
   triple(14) = 42. */
asm("\t.text\n"
    "\t.global triple\n"
    "triple:\n"
    "\tadd $r17 = $r16, $r16\n"
    "\t;;\n"
    "\tadd $r16 = $r17, $r16\n"
    "\t;;\n"
    "\treturn $r63\n"
    "\t;;");
int triple(int);
int main(void) {
    return triple(14) == 42 ? 0 : 1;
}
