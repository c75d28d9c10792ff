/*
 * RLE / bit-packed hybrid encoding (Parquet encoding 3), bit widths 0..32,
 * with or without the 4-byte little-endian length prefix.  Used for
 * definition/repetition levels, dictionary indices and BOOLEAN values.
 *
 * Encoder policy: a value repeated 8 or more times, starting at a multiple
 * of 8 values since the last run boundary, becomes an RLE run; everything
 * else goes into bit-packed runs of whole groups of 8 values (the last
 * group zero-padded).  Run lengths stay in [1, 2^31-1].  The output depends
 * only on the sequence of values, never on how it was split into calls.
 *
 *   state: BUFFERING (0..7 values of the current group)
 *     group of 8 all equal to the repeat value -> REPEATING (count only)
 *     group not all equal                      -> group joins the
 *                                                bit-packed run in progress
 *   REPEATING --other value--> RLE run written, BUFFERING with that value
 *   bit-packed run reaches max_groups or a repeat starts -> run written
 */
#ifndef PPQ_RLE_H
#define PPQ_RLE_H

#include "ppq_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Most groups of 8 one bit-packed run holds by default (a 1-byte header). */
#define PPQ_RLE_DEFAULT_GROUPS 63u
#define PPQ_RLE_MAX_GROUPS (1u << 20)
#define PPQ_RLE_MAX_RUN 0x7FFFFFFFu

typedef struct ppq_rle_cfg {
    unsigned bit_width;   /* 0..32 */
    uint32_t max_groups;  /* groups of 8 per bit-packed run, up to
                             PPQ_RLE_MAX_GROUPS; 0 = default 63.
                             Costs max_groups * bit_width arena bytes. */
    uint8_t length_prefix;/* 1: emit the 4-byte length before the data.
                             The data is then staged in the arena. */
    uint32_t prefix_cap;  /* with length_prefix: most data bytes staged */
} ppq_rle_cfg_t;

/* Caller-owned state (internal fields; do not touch). */
typedef struct ppq_rle_enc {
    ppq_sink_t *out;
    uint8_t *groups;      /* packed bytes of the bit-packed run in progress */
    uint8_t *stage;       /* length_prefix: staged output */
    uint32_t stage_cap;
    uint32_t stage_len;
    uint32_t max_groups;
    uint32_t ngroups;     /* groups held in `groups` */
    uint32_t buf[8];      /* values of the current group */
    uint32_t nbuf;
    uint32_t repeat_value;
    uint32_t repeat_count;/* equal values in a row since the last boundary */
    uint8_t width;
    uint8_t length_prefix;
    uint8_t finished;
    ppq_status_t err;     /* first error; sticky */
} ppq_rle_enc_t;

/* Arena bytes ppq_rle_enc_init takes for `cfg` (0 when cfg is invalid). */
size_t ppq_rle_enc_arena_size(const ppq_rle_cfg_t *cfg);

/* Start an encoder writing to `out`.  PPQ_ERR_ARG for NULL pointers or
 * bit_width > 32; PPQ_ERR_ARENA when the arena lacks
 * ppq_rle_enc_arena_size(cfg) bytes. */
PPQ_CHECKRET ppq_status_t ppq_rle_enc_init(ppq_rle_enc_t *enc, const ppq_rle_cfg_t *cfg, ppq_sink_t *out,
                                           ppq_arena_t *arena);

/* Add `n` values.  PPQ_ERR_ARG (nothing of this call added) when a value
 * does not fit bit_width; PPQ_ERR_STATE after finish; PPQ_ERR_NOSPACE when
 * the staged output exceeds prefix_cap; or the sink's error.  Errors other
 * than PPQ_ERR_ARG are sticky. */
PPQ_CHECKRET ppq_status_t ppq_rle_enc_put(ppq_rle_enc_t *enc, const uint32_t *values, size_t n);

/* Add `value` `count` times; same bytes as `count` single puts, in O(1)
 * time for long runs. Same errors as ppq_rle_enc_put. */
PPQ_CHECKRET ppq_status_t ppq_rle_enc_put_repeat(ppq_rle_enc_t *enc, uint32_t value, uint64_t count);

/* Write what is pending (and, with length_prefix, the length then the
 * staged data).  A second finish is PPQ_ERR_STATE. */
PPQ_CHECKRET ppq_status_t ppq_rle_enc_finish(ppq_rle_enc_t *enc);

/* Caller-owned decoder state (internal fields; do not touch). */
typedef struct ppq_rle_dec {
    const uint8_t *pos;
    const uint8_t *end;
    const uint8_t *packed;   /* current bit-packed run data */
    size_t packed_len;       /* ... and its bytes */
    size_t remaining;        /* values still to produce */
    size_t run_left;         /* values left in the current run */
    size_t packed_index;     /* next value index within the packed run */
    uint32_t run_value;      /* value of the current RLE run */
    uint8_t run_packed;      /* current run is bit-packed */
    uint8_t width;
} ppq_rle_dec_t;

/*
 * Decode `count` values of `bit_width` bits from `len` bytes at `data`
 * (caller-owned, must outlive the decoder).  With `length_prefix`, the first
 * 4 bytes give the data length, which must fit in `len` (else
 * PPQ_ERR_CORRUPT); the stream then ends 4 + that length bytes in, see
 * ppq_rle_dec_end.  PPQ_ERR_ARG for NULL pointers or bit_width > 32.
 */
PPQ_CHECKRET ppq_status_t ppq_rle_dec_init(ppq_rle_dec_t *dec, unsigned bit_width, int length_prefix,
                                           const void *data, size_t len, size_t count);

/* Decode up to `max` values; *got < max only once `count` values were
 * produced.  PPQ_ERR_CORRUPT when the runs end before `count` values, an
 * RLE value does not fit the bit width, or a header is malformed; *got then
 * counts the good values stored.  Never reads outside the input. */
PPQ_CHECKRET ppq_status_t ppq_rle_dec_get(ppq_rle_dec_t *dec, uint32_t *out, size_t max, size_t *got);

/* When the next values are a run of one repeated value: take up to `max`
 * of them at once, *value the value, and return how many (levels and
 * indices in bulk, without a value per slot).  0 when the next values are
 * bit-packed (read those with ppq_rle_dec_get), none are left, or *st is
 * not PPQ_OK (a malformed run header: PPQ_ERR_CORRUPT, as
 * ppq_rle_dec_get reports it). */
size_t ppq_rle_dec_repeat(ppq_rle_dec_t *dec, size_t max, uint32_t *value, ppq_status_t *st);

/* Pointer just past the encoded stream: with a length prefix, 4 + length
 * bytes after the start; without, the end of the input given to init. */
const uint8_t *ppq_rle_dec_end(const ppq_rle_dec_t *dec);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_RLE_H */
