#include <stdio.h>
#include <stdint.h>
static uint32_t crc32(const uint8_t *p, int n) {
    uint32_t c = 0xFFFFFFFFu; int i, k;
    for (i = 0; i < n; i++) { c ^= p[i]; for (k = 0; k < 8; k++) c = (c >> 1) ^ (0xEDB88320u & -(c & 1)); }
    return ~c;
}
static uint16_t fletcher16(const uint8_t *d, int n) { uint16_t a = 0, b = 0; int i; for (i = 0; i < n; i++) { a = (a + d[i]) % 255; b = (b + a) % 255; } return (uint16_t)(b << 8 | a); }
int main(void) {
    const char *msg = "The quick brown fox jumps over the lazy dog";
    int n = 0; while (msg[n]) n++;
    printf("%08x %04x\n", crc32((const uint8_t *)msg, n), fletcher16((const uint8_t *)msg, n));
    int8_t s8 = -100; uint64_t big = UINT64_MAX; int64_t neg = INT64_MIN;
    printf("%d %llu %lld %d\n", s8, (unsigned long long)big, (long long)neg, (int)sizeof(int_least16_t));
    return 0;
}
