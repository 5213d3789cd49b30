// expect: 3:18: error: variable length array at file scope or with static storage duration (C99 §6.7.5.2p2)
int f(int n) {
    static int s[n];
    return s[0];
}
