/* Structures returned by value across translation units: div, ldiv and
 * lldiv come from the runtime's libc.a (compiled on its own), the caller
 * only sees their prototypes (ISA-ST200 §7.2: results up to 32 bytes in
 * $r16...). Expected: the host build. */
#include <stdio.h>
#include <stdlib.h>

static div_t twice(div_t d) {
    d.quot *= 2;
    d.rem *= 2;
    return d;
}

int main(void) {
    static const int a[] = {7, -7, 100, -100, 2147483647, -2147483647, 0, 13};
    static const int b[] = {2, 2, -7, -7, 10, 3, 5, 13};
    long long h = 0;
    for (int i = 0; i < 8; i++) {
        div_t d = div(a[i], b[i]);
        ldiv_t l = ldiv(a[i], b[i]);
        lldiv_t q = lldiv((long long)a[i] * 1000003LL, b[i]);
        div_t t = twice(div(a[i], b[i]));
        printf("%d %d | %ld %ld | %lld %lld | %d %d\n", d.quot, d.rem, l.quot, l.rem, q.quot, q.rem,
               t.quot, t.rem);
        h = h * 31 + d.quot + l.rem + q.quot + t.rem;
    }
    lldiv_t big = lldiv(-9000000000000000000LL, 7);
    printf("%lld %lld %lld\n", big.quot, big.rem, h);
    return (int)(h & 0x7f);
}
