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

/* ppq_rle_enc_put of values the caller knows are below 2^bit_width (no
 * range check): the dictionary encoder's indices. */
ppq_status_t ppq_rle_enc_put_fit(ppq_rle_enc_t *enc, const uint32_t *values, size_t n);

/* For a stream of bit width 1 (definition levels of a flat OPTIONAL
 * column): consume the next n values and count the ones (the present
 * values) without producing them: runs in O(1), bit-packed runs by
 * counting bits.  PPQ_ERR_CORRUPT when the stream ends first (*ones 0),
 * PPQ_ERR_ARG for another width. */
PPQ_CHECKRET ppq_status_t ppq_rle_dec_count_ones(ppq_rle_dec_t *dec, size_t n, size_t *ones);

/* When the next values are bit-packed: up to `max` of them (at most to
 * the end of their run, and as many as `buf` of `cap` values, a multiple
 * of 32, holds from the run's group of 32 they start in), unpacked into
 * buf, *vals pointing at the first; returns how many.  Whole groups of 32
 * go through the unpacking kernel, which needs their bytes within the
 * input (a run's last groups read on into the next run's bytes, never
 * past the input's end; else value by value).  0 as ppq_rle_dec_repeat:
 * the next values are a run of one value, none are left, or *st is not
 * PPQ_OK (a malformed run header).  The reader's bulk path on hosts. */
size_t ppq_rle_dec_packed(ppq_rle_dec_t *dec, uint32_t *buf, size_t cap, size_t max, const uint32_t **vals,
                          ppq_status_t *st);

#endif
