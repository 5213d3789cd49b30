// expect: 2:26: error: expected expression before ')' token
int main(void) { return (); }
