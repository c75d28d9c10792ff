/* RLE/bit-packed hybrid entries for the writer's row paths and the
 * reader (not installed). */
#ifndef PPQ_RLE_INTERNAL_H
#define PPQ_RLE_INTERNAL_H

#include "ppq_rle.h"

/* The most bytes `enc` (without a length prefix) writes from now through
 * ppq_rle_enc_finish when one more value is put: its pending bit-packed
 * run, the group in progress and the one the value may start, and the
 * headers of the runs these end. */
size_t ppq_rle_enc_bound(const ppq_rle_enc_t *enc);

/* One value (below 2^bit_width) into an encoder in use, without the
 * per-call checks: the compact layout's row path.  The encoder's sticky
 * status. */
ppq_status_t ppq_rle_enc_put_one(ppq_rle_enc_t *enc, uint32_t value);

/* For a stream of bit width 1 (definition levels of a flat OPTIONAL
 * column): consume the next n values and count the ones (the present
 * values) without producing them: runs in O(1), bit-packed runs by
 * counting bits.  PPQ_ERR_CORRUPT when the stream ends first (*ones 0),
 * PPQ_ERR_ARG for another width. */
PPQ_CHECKRET ppq_status_t ppq_rle_dec_count_ones(ppq_rle_dec_t *dec, size_t n, size_t *ones);

/* The value the encoder's open RLE run repeats, once more, when `value`
 * is it and the run has room: 1 (counted, nothing else to do); 0 when the
 * value must go through ppq_rle_enc_put_one.  The row path's shortcut for
 * long runs (a door that stays shut, a status that stays "ok"). */
static inline int ppq_rle_enc_again(ppq_rle_enc_t *enc, uint32_t value)
{
    if (enc->repeat_count > 8u && enc->repeat_value == value && enc->repeat_count < PPQ_RLE_MAX_RUN - 1u) {
        enc->repeat_count++;
        return 1;
    }
    return 0;
}

#endif
