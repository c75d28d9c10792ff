/* The skewed input whose GZIP compression test_gzip.c pins by size and
 * CRC-32 on every target (our output must be the same bytes everywhere),
 * and which the host-only differential test (test/gzip/gzip_enc_diff.c)
 * checks zlib inflates to the input, with the same pins.  Seven in eight
 * bytes are 'a', the rest one of "bcdefgh": deterministic. */
#ifndef GZIP_PIN_H
#define GZIP_PIN_H

#include <stddef.h>
#include <stdint.h>

#define GZIP_PIN_LEN 1024u

static void gzip_pin_input(uint8_t *out, size_t n)
{
    uint32_t x = 2026u;
    size_t i;
    for (i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        out[i] = ((x >> 16) & 7u) != 0u ? (uint8_t)'a' : (uint8_t)"bcdefgh"[(x >> 20) % 7u];
    }
}

/* Our compressed size and CRC-32 (ppq_crc32) of gzip_pin_input(GZIP_PIN_LEN)
 * at levels 1 and 6 (level 6's work buffer only on hosts). */
#define GZIP_PIN_L1_LEN 308u
#define GZIP_PIN_L1_CRC 0xFE191F2Du
#define GZIP_PIN_L6_LEN 231u
#define GZIP_PIN_L6_CRC 0x4B6BB7E7u

/* zlib's gzip member sizes for the same input at levels 1, 6 and 9 (zlib
 * 1.2.13 through Python's zlib module, windowBits 31, memLevel 8): ours
 * must stay close to them. */
#define GZIP_PIN_ZLIB1_LEN 280u
#define GZIP_PIN_ZLIB6_LEN 232u
#define GZIP_PIN_ZLIB9_LEN 216u

#endif
