/* crc32: CRC-32 (IEEE 802.3, reflected, poly 0xEDB88320): table-driven over a 48 KiB buffer,
   bit-serial over a 2 KiB slice, and the standard check value. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#define BUFSZ (48 * 1024)

static uint32_t crc_table[256];
static uint8_t buffer[BUFSZ];

static void make_table(void)
{
    uint32_t i;
    int k;
    for (i = 0; i < 256; i++) {
        uint32_t c = i;
        for (k = 0; k < 8; k++)
            c = (c & 1u) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
        crc_table[i] = c;
    }
}

static uint32_t crc32_table(uint32_t crc, const uint8_t *p, size_t n)
{
    crc = ~crc;
    while (n--)
        crc = crc_table[(crc ^ *p++) & 0xFFu] ^ (crc >> 8);
    return ~crc;
}

static uint32_t crc32_bitwise(uint32_t crc, const uint8_t *p, size_t n)
{
    int k;
    crc = ~crc;
    while (n--) {
        crc ^= *p++;
        for (k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

int main(void)
{
    static const char check[] = "123456789";
    uint32_t x = 1u, c_all, c_parts, c_bit, c_tab;
    size_t i;

    make_table();
    for (i = 0; i < BUFSZ; i++) {
        x = x * 1103515245u + 12345u;
        buffer[i] = (uint8_t)(x >> 23);
    }
    printf("crc32: %d byte buffer\n", BUFSZ);
    printf("check \"%s\" = %08x (table) %08x (bitwise)\n", check,
           crc32_table(0, (const uint8_t *)check, strlen(check)),
           crc32_bitwise(0, (const uint8_t *)check, strlen(check)));
    c_all = crc32_table(0, buffer, BUFSZ);
    c_parts = crc32_table(0, buffer, 1000);
    c_parts = crc32_table(c_parts, buffer + 1000, BUFSZ - 1000);
    printf("buffer crc %08x, in two parts %08x\n", c_all, c_parts);
    c_bit = crc32_bitwise(0, buffer, 2048);
    c_tab = crc32_table(0, buffer, 2048);
    printf("first 2048 bytes: bitwise %08x table %08x %s\n", c_bit, c_tab, c_bit == c_tab ? "ok" : "MISMATCH");
    return 0;
}
