/* sha256: SHA-256 (FIPS 180-4) of "abc", of the empty string, of an 8 KiB pseudo-random
   buffer, and a 64-fold iterated hash. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

struct sha256 {
    uint32_t h[8];
    uint8_t block[64];
    uint32_t fill;
    uint64_t bytes;
};

static const uint32_t K[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
    0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
    0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
    0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
    0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u,
};

#define ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void compress(uint32_t *h, const uint8_t *p)
{
    uint32_t w[64], a, b, c, d, e, f, g, hh;
    int i;
    for (i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 |
               (uint32_t)p[4 * i + 3];
    for (i = 16; i < 64; i++) {
        uint32_t s0 = ROTR(w[i - 15], 7) ^ ROTR(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ROTR(w[i - 2], 17) ^ ROTR(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    a = h[0];
    b = h[1];
    c = h[2];
    d = h[3];
    e = h[4];
    f = h[5];
    g = h[6];
    hh = h[7];
    for (i = 0; i < 64; i++) {
        uint32_t S1 = ROTR(e, 6) ^ ROTR(e, 11) ^ ROTR(e, 25);
        uint32_t ch = (e & f) ^ (~e & g);
        uint32_t t1 = hh + S1 + ch + K[i] + w[i];
        uint32_t S0 = ROTR(a, 2) ^ ROTR(a, 13) ^ ROTR(a, 22);
        uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
        uint32_t t2 = S0 + maj;
        hh = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
}

static void sha_init(struct sha256 *s)
{
    static const uint32_t iv[8] = {0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
                                   0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u};
    memcpy(s->h, iv, sizeof iv);
    s->fill = 0;
    s->bytes = 0;
}

static void sha_update(struct sha256 *s, const uint8_t *p, size_t n)
{
    s->bytes += n;
    while (n > 0) {
        size_t take = 64 - s->fill;
        if (take > n)
            take = n;
        memcpy(s->block + s->fill, p, take);
        s->fill += (uint32_t)take;
        p += take;
        n -= take;
        if (s->fill == 64) {
            compress(s->h, s->block);
            s->fill = 0;
        }
    }
}

static void sha_final(struct sha256 *s, uint8_t out[32])
{
    uint64_t bits = s->bytes * 8u;
    uint8_t pad[72];
    size_t padlen = (s->fill < 56) ? 56 - s->fill : 120 - s->fill;
    int i;
    memset(pad, 0, sizeof pad);
    pad[0] = 0x80;
    for (i = 0; i < 8; i++)
        pad[padlen + (size_t)i] = (uint8_t)(bits >> (56 - 8 * i));
    sha_update(s, pad, padlen + 8);
    for (i = 0; i < 32; i++)
        out[i] = (uint8_t)(s->h[i / 4] >> (24 - 8 * (i % 4)));
}

static void hash(const uint8_t *p, size_t n, uint8_t out[32])
{
    struct sha256 s;
    sha_init(&s);
    sha_update(&s, p, n);
    sha_final(&s, out);
}

static void print_digest(const char *label, const uint8_t d[32])
{
    int i;
    printf("%s ", label);
    for (i = 0; i < 32; i++)
        printf("%02x", d[i]);
    putchar('\n');
}

static uint8_t data[8 * 1024];

int main(void)
{
    uint8_t d[32];
    uint32_t x = 0xDEADBEEFu;
    size_t i;
    struct sha256 s;

    hash((const uint8_t *)"abc", 3, d);
    print_digest("abc     ", d);
    hash((const uint8_t *)"", 0, d);
    print_digest("empty   ", d);
    for (i = 0; i < sizeof data; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        data[i] = (uint8_t)x;
    }
    hash(data, sizeof data, d);
    print_digest("buffer  ", d);
    /* same buffer fed in uneven pieces must give the same digest */
    sha_init(&s);
    for (i = 0; i < sizeof data; i += 1000)
        sha_update(&s, data + i, sizeof data - i < 1000 ? sizeof data - i : 1000);
    sha_final(&s, d);
    print_digest("pieces  ", d);
    for (i = 0; i < 64; i++)
        hash(d, 32, d);
    print_digest("iterated", d);
    return 0;
}
