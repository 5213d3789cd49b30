// expect: 3:15: error: storage size of 'v' isn't known
struct opaque;
struct opaque v;
int main(void) { return 0; }
