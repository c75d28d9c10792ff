/* libFuzzer: the ZSTD compressor's round trip.  The first byte picks the
 * level (0..3) and the checksum flag; the rest is the input.  Properties:
 *   - compression into ppq_zstd_compress_bound() bytes succeeds, with a
 *     work buffer of exactly ppq_zstd_enc_work_size() bytes (an exact-size
 *     heap copy: ASan sees any access past it), and never writes past the
 *     frame it reports (a guard zone after the output room);
 *   - ppq_zstd_decompress gives the input back;
 *   - the same frame from a work buffer full of other bytes;
 *   - one byte less room than the frame is PPQ_ERR_NOSPACE. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ppq_zstd.h"

#define GUARD 64u

static uint64_t dec_work[PPQ_ZSTD_DEC_WORK_SIZE / 8u];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t n, bound, wl, len = 0, len2 = 0, got = 0, i;
    uint8_t *src, *out, *out2, *back;
    uint64_t *work;
    int level;
    if (size < 1) {
        return 0;
    }
    level = (data[0] & 3) | (data[0] & 4 ? PPQ_ZSTD_CHECKSUM : 0);
    n = size - 1;
    src = (uint8_t *)malloc(n > 0 ? n : 1);
    memcpy(src, data + 1, n);
    bound = ppq_zstd_compress_bound(n);
    wl = ppq_zstd_enc_work_size(level, n);
    work = (uint64_t *)malloc(wl);
    out = (uint8_t *)malloc(bound + GUARD);
    out2 = (uint8_t *)malloc(bound);
    back = (uint8_t *)malloc(n > 0 ? n : 1);
    memset(work, 0, wl);
    memset(out, 0xC5, bound + GUARD);
    if (ppq_zstd_compress(src, n, out, bound, &len, level, work, wl) != PPQ_OK || len == 0 || len > bound) {
        __builtin_trap();
    }
    for (i = len; i < bound + GUARD; i++) {
        if (i >= bound && out[i] != 0xC5) {
            __builtin_trap();
        }
    }
    if (ppq_zstd_decompress(out, len, back, n, &got, dec_work, sizeof dec_work) != PPQ_OK || got != n ||
        (n > 0 && memcmp(back, src, n) != 0)) {
        __builtin_trap();
    }
    memset(work, 0xA7, wl);
    if (ppq_zstd_compress(src, n, out2, bound, &len2, level, work, wl) != PPQ_OK || len2 != len ||
        memcmp(out, out2, len) != 0) {
        __builtin_trap();
    }
    if (ppq_zstd_compress(src, n, out2, len - 1, &len2, level, work, wl) != PPQ_ERR_NOSPACE || len2 != 0) {
        __builtin_trap();
    }
    free(src);
    free(work);
    free(out);
    free(out2);
    free(back);
    return 0;
}
