/* Outputs to a struct member, an array element and through a pointer:
   each receives 7 * 6 = 42 computed as 7 << 1 + 7 << 2 (14 + 28). */
struct s { int pad; int v[3]; } s;
static int six_times(int x) {
    int r;
    asm("shl $r20 = %1, 1\n;;\nshl $r21 = %1, 2\n;;\nadd %0 = $r20, $r21" : "=r"(r) : "r"(x) : "r20", "r21");
    return r;
}
int main(void) {
    int arr[2] = {0, 0};
    int *p = &arr[1];
    asm("mov %0 = %1" : "=r"(s.v[2]) : "r"(six_times(7)));
    asm("mov %0 = %1" : "=r"(arr[0]) : "r"(s.v[2]));
    asm("mov %0 = %1" : "=r"(*p) : "r"(arr[0]));
    if (s.v[2] != 42 || arr[0] != 42 || arr[1] != 42) return 1;
    return 0;
}
