/* libFuzzer: Snappy blocks.  The first two bytes pick the output room
 * (0..65535) and the compressor's table bits; the rest is the block.
 * Properties:
 *   - decompression of arbitrary bytes into an exact-size buffer never
 *     reads or writes outside (ASan), and returns OK, CORRUPT or NOSPACE;
 *   - OK means exactly the declared length; NOSPACE exactly when the
 *     declared length exceeds the room;
 *   - the same block with more room gives the same result and bytes;
 *   - the rest of the input, compressed (into exactly the bound) and
 *     decompressed, comes back unchanged, and compressing it again gives
 *     the same bytes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ppq_snappy.h"

static uint16_t work[1u << 16];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t cap, len, got = 0, got2 = 0, declared = 0, clen, clen2, back;
    unsigned bits;
    uint8_t *src, *dst, *dst2, *c, *c2, *d;
    ppq_status_t st, st2, pre;
    if (size < 2) {
        return 0;
    }
    cap = (size_t)data[0] << 8 | data[1];
    bits = 8u + data[1] % 9u;
    len = size - 2;
    src = (uint8_t *)malloc(len ? len : 1);
    memcpy(src, data + 2, len);
    dst = (uint8_t *)malloc(cap ? cap : 1);
    dst2 = (uint8_t *)malloc(cap + 100);
    st = ppq_snappy_decompress(src, len, dst, cap, &got);
    if (st != PPQ_OK && st != PPQ_ERR_CORRUPT && st != PPQ_ERR_NOSPACE) {
        __builtin_trap();
    }
    pre = ppq_snappy_uncompressed_length(src, len, &declared);
    if ((st == PPQ_OK && (pre != PPQ_OK || got != declared || got > cap)) || (st != PPQ_OK && got != 0) ||
        (st == PPQ_ERR_NOSPACE) != (pre == PPQ_OK && declared > cap)) {
        __builtin_trap();
    }
    st2 = ppq_snappy_decompress(src, len, dst2, cap + 100, &got2);
    if (st == PPQ_OK && (st2 != PPQ_OK || got2 != got || memcmp(dst, dst2, got) != 0)) {
        __builtin_trap();
    }
    if (st == PPQ_ERR_CORRUPT && st2 != PPQ_ERR_CORRUPT) {
        __builtin_trap();
    }

    /* round trip of the raw bytes */
    clen = ppq_snappy_compress_bound(len);
    c = (uint8_t *)malloc(clen);
    c2 = (uint8_t *)malloc(clen);
    d = (uint8_t *)malloc(len ? len : 1);
    if (ppq_snappy_compress(src, len, c, clen, &clen, bits, work, sizeof work) != PPQ_OK ||
        ppq_snappy_decompress(c, clen, d, len, &back) != PPQ_OK || back != len || memcmp(d, src, len) != 0 ||
        ppq_snappy_compress(src, len, c2, clen, &clen2, bits, work, sizeof work) != PPQ_OK || clen2 != clen ||
        memcmp(c, c2, clen) != 0) {
        __builtin_trap();
    }
    free(src);
    free(dst);
    free(dst2);
    free(c);
    free(c2);
    free(d);
    return 0;
}
