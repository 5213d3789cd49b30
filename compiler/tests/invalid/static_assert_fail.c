// expect: 2:15: error: static assertion failed: "too small"
_Static_assert(sizeof(int) == 8, "too small");
int main(void) { return 0; }
