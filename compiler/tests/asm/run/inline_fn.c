/* A statement in a static inline function copied at each call site:
   rotl by 8 via shl/shru/or: rotl(0x11223344, 8) = 0x22334411. */
static inline unsigned rotl8(unsigned x) {
    unsigned r;
    asm("shl $r20 = %1, 8\n\tshru $r21 = %1, 24\n;;\nor %0 = $r20, $r21" : "=r"(r) : "r"(x) : "r20", "r21");
    return r;
}
int main(void) {
    if (rotl8(0x11223344u) != 0x22334411u) return 1;
    if (rotl8(rotl8(0x11223344u)) != 0x33441122u) return 2;
    return 0;
}
