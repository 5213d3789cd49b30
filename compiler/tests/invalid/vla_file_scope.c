// expect: 3:7: error: variable length array at file scope or with static storage duration (C99 §6.7.5.2p2)
int n = 4;
int a[n];
