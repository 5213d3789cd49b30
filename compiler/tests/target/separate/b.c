struct small { int a; short b; };
struct big { int v[10]; long long w; };
struct small mk_small(int a, struct small s, int c) {
    struct small r = { a + s.a * c, (short)(s.b - c) };
    return r;
}
struct big mk_big(struct big b, int k) {
    for (int i = 0; i < 10; i++) b.v[i] = b.v[i] * k + 1;
    b.w += k;
    return b;
}
long long sum_big(struct big b) {
    long long s = b.w;
    for (int i = 0; i < 10; i++) s += b.v[i];
    return s;
}
typedef struct small (*small_fn)(int, struct small, int);
small_fn pick(void) { return mk_small; }
