/* The input whose Snappy and LZ4 compression test_lz.c pins by size and
 * CRC-32 on every target (our output must be the same bytes everywhere),
 * and which the host-only differential test (test/lz/lz_diff.c) checks
 * the reference libraries decompress to the input, with the same pins.
 * Text-like bytes: words from a small table with numbers, deterministic. */
#ifndef LZ_PIN_H
#define LZ_PIN_H

#include <stddef.h>
#include <stdint.h>

#define LZ_PIN_LEN 1024u

static void lz_pin_input(uint8_t *out, size_t n)
{
    static const char *const words[] = {"temp=", "hum=", "door ", "OK ", "battery ", "\n", "pressure=", "21.0"};
    uint32_t x = 12345u;
    size_t pos = 0;
    while (pos < n) {
        const char *w;
        x = x * 1103515245u + 12345u;
        w = words[(x >> 16) & 7u];
        while (*w != '\0' && pos < n) {
            out[pos++] = (uint8_t)*w++;
        }
        if (pos < n && ((x >> 20) & 1u)) {
            out[pos++] = (uint8_t)('0' + ((x >> 24) % 10u));
        }
    }
}

/* Compressed size and CRC-32 (ppq_crc32) of lz_pin_input(LZ_PIN_LEN):
 * Snappy with table bits 8 and 10, LZ4 with 8 and 9. */
#define LZ_PIN_SNAPPY8_LEN 499u
#define LZ_PIN_SNAPPY8_CRC 0x72087367u
#define LZ_PIN_SNAPPY10_LEN 486u
#define LZ_PIN_SNAPPY10_CRC 0xE999633Du
#define LZ_PIN_LZ48_LEN 611u
#define LZ_PIN_LZ48_CRC 0xA8CDD600u
#define LZ_PIN_LZ49_LEN 605u
#define LZ_PIN_LZ49_CRC 0xDFF631AFu

#endif
