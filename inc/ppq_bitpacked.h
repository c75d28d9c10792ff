/*
 * BIT_PACKED (Parquet encoding 4, deprecated; levels only): values of a
 * fixed width 0..32 packed back to back from the most significant bit of
 * each byte down, the last byte zero-padded.  Readers of old files need
 * it; writers should use the RLE/bit-packed hybrid.
 */
#ifndef PPQ_BITPACKED_H
#define PPQ_BITPACKED_H

#include "ppq_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Caller-owned state (internal fields; do not touch). */
typedef struct ppq_bitpacked_enc {
    ppq_sink_t *out;
    uint64_t acc;        /* pending bits, right-aligned */
    uint32_t nbits;      /* how many bits of acc are pending (< 8 between calls) */
    uint8_t width;
    uint8_t finished;
    ppq_status_t err;
} ppq_bitpacked_enc_t;

/* PPQ_ERR_ARG for NULL pointers or width > 32. */
PPQ_CHECKRET ppq_status_t ppq_bitpacked_enc_init(ppq_bitpacked_enc_t *enc, unsigned width, ppq_sink_t *out);

/* Add `n` values.  PPQ_ERR_ARG (nothing of this call taken) for a value
 * wider than the width; PPQ_ERR_STATE after finish; sink errors stick. */
PPQ_CHECKRET ppq_status_t ppq_bitpacked_enc_put(ppq_bitpacked_enc_t *enc, const uint32_t *values, size_t n);

/* Write the last, zero-padded byte.  Second finish: PPQ_ERR_STATE. */
PPQ_CHECKRET ppq_status_t ppq_bitpacked_enc_finish(ppq_bitpacked_enc_t *enc);

typedef struct ppq_bitpacked_dec {
    const uint8_t *data;
    uint64_t bit;        /* next bit position */
    size_t remaining;
    uint8_t width;
} ppq_bitpacked_dec_t;

/* Decode `count` values of `width` bits from `len` bytes at `data`
 * (caller-owned).  PPQ_ERR_CORRUPT when len < ceil(count * width / 8);
 * PPQ_ERR_ARG for NULL pointers or width > 32. */
PPQ_CHECKRET ppq_status_t ppq_bitpacked_dec_init(ppq_bitpacked_dec_t *dec, unsigned width, const void *data,
                                                 size_t len, size_t count);

/* Decode up to `max` values; *got < max only at the end. */
PPQ_CHECKRET ppq_status_t ppq_bitpacked_dec_get(ppq_bitpacked_dec_t *dec, uint32_t *out, size_t max, size_t *got);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_BITPACKED_H */
