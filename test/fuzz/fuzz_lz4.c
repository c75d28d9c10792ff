/* libFuzzer: LZ4 blocks and the Hadoop framing.  The first two bytes pick
 * the output room (0..65535) and the compressor's table bits; the rest is
 * the block.  Properties:
 *   - raw and Hadoop decompression of arbitrary bytes into an exact-size
 *     buffer never read or write outside (ASan), and return OK, CORRUPT or
 *     NOSPACE, *dst_len within the room;
 *   - a raw block decoded OK decodes to the same bytes with more room; a
 *     corrupt one stays corrupt;
 *   - a raw block decoded OK also decodes so through the Hadoop reader
 *     unless its bytes happen to parse as frames;
 *   - the rest of the input compressed (raw and framed, into exactly the
 *     bound) and decompressed comes back unchanged. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ppq_lz4.h"

static uint32_t work[1u << 16];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t cap, len, got = 0, got2 = 0, goth = 0, clen, back;
    unsigned bits;
    uint8_t *src, *dst, *dst2, *c, *d;
    ppq_status_t st, st2, sth;
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
    st = ppq_lz4_decompress(src, len, dst, cap, &got);
    if ((st != PPQ_OK && st != PPQ_ERR_CORRUPT && st != PPQ_ERR_NOSPACE) || got > cap || (st != PPQ_OK && got != 0)) {
        __builtin_trap();
    }
    st2 = ppq_lz4_decompress(src, len, dst2, cap + 100, &got2);
    if ((st == PPQ_OK && (st2 != PPQ_OK || got2 != got || memcmp(dst, dst2, got) != 0)) ||
        (st == PPQ_ERR_CORRUPT && st2 != PPQ_ERR_CORRUPT)) {
        __builtin_trap();
    }
    sth = ppq_lz4_hadoop_decompress(src, len, dst, cap, &goth);
    if ((sth != PPQ_OK && sth != PPQ_ERR_CORRUPT && sth != PPQ_ERR_NOSPACE) || goth > cap) {
        __builtin_trap();
    }
    if (st == PPQ_OK && sth != PPQ_OK) {
        __builtin_trap(); /* frames fail, so the raw reading is the answer */
    }

    /* round trips of the raw bytes */
    clen = ppq_lz4_hadoop_compress_bound(len);
    c = (uint8_t *)malloc(clen);
    d = (uint8_t *)malloc(len ? len : 1);
    if (ppq_lz4_compress(src, len, c, ppq_lz4_compress_bound(len), &clen, bits, work, sizeof work) != PPQ_OK ||
        ppq_lz4_decompress(c, clen, d, len, &back) != PPQ_OK || back != len || memcmp(d, src, len) != 0) {
        __builtin_trap();
    }
    if (ppq_lz4_hadoop_compress(src, len, c, ppq_lz4_hadoop_compress_bound(len), &clen, bits, work, sizeof work) !=
            PPQ_OK ||
        ppq_lz4_hadoop_decompress(c, clen, d, len, &back) != PPQ_OK || back != len || memcmp(d, src, len) != 0) {
        __builtin_trap();
    }
    free(src);
    free(dst);
    free(dst2);
    free(c);
    free(d);
    return 0;
}
