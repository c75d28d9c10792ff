/*
 * DELTA_BYTE_ARRAY (Parquet encoding 7) for BYTE_ARRAY and
 * FIXED_LEN_BYTE_ARRAY: each value's length of prefix shared with the
 * previous value (a DELTA_BINARY_PACKED INT32 stream), then the suffixes as
 * DELTA_LENGTH_BYTE_ARRAY.
 *
 * The encoder keeps the page in the arena until finish (the layout puts all
 * prefix lengths first).  Decoded values are prefix-of-previous + suffix,
 * so they cannot point into the input: the decoder keeps the previous value
 * in its arena and copies each value into a buffer the caller passes to get.
 */
#ifndef PPQ_DBA_H
#define PPQ_DBA_H

#include "ppq_core.h"
#include "ppq_delta.h"
#include "ppq_dlba.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ppq_dba_cfg {
    uint32_t max_values;    /* values one page may hold */
    uint32_t max_bytes;     /* total suffix bytes of a page */
    uint32_t max_value_len; /* longest single value */
} ppq_dba_cfg_t;

/* Caller-owned state (internal fields; do not touch). */
typedef struct ppq_dba_enc {
    ppq_sink_t *out;
    ppq_delta_enc_t prefixes;
    ppq_sink_t prefix_sink;
    ppq_memsink_t prefix_mem;
    ppq_dlba_enc_t suffixes;
    uint8_t *prev;          /* previous value (arena) */
    uint32_t prev_len;
    uint32_t type_len;      /* FLBA length, 0 for BYTE_ARRAY */
    ppq_dba_cfg_t cfg;
    uint8_t finished;
    ppq_status_t err;
} ppq_dba_enc_t;

/* Arena bytes for cfg (0 when invalid). */
size_t ppq_dba_enc_arena_size(const ppq_dba_cfg_t *cfg);

/* `type` BYTE_ARRAY, or FIXED_LEN_BYTE_ARRAY with its `type_len`.
 * PPQ_ERR_ARG for NULL pointers, another type or a zero limit;
 * PPQ_ERR_ARENA. */
PPQ_CHECKRET ppq_status_t ppq_dba_enc_init(ppq_dba_enc_t *enc, ppq_type_t type, uint32_t type_len,
                                           const ppq_dba_cfg_t *cfg, ppq_sink_t *out, ppq_arena_t *arena);

/* Add `n` ppq_bytes_t values; *accepted says how many were taken.
 * PPQ_ERR_NOSPACE at a page limit, PPQ_ERR_ARG for a value longer than
 * max_value_len, an FLBA value of the wrong length or a NULL pointer with a
 * nonzero length (values before it are taken). */
PPQ_CHECKRET ppq_status_t ppq_dba_enc_put(ppq_dba_enc_t *enc, const ppq_bytes_t *values, size_t n,
                                          size_t *accepted);

/* Write the page: prefix lengths, then the suffixes (DLBA). */
PPQ_CHECKRET ppq_status_t ppq_dba_enc_finish(ppq_dba_enc_t *enc);

/* Caller-owned decoder state (internal fields; do not touch). */
typedef struct ppq_dba_dec {
    ppq_delta_dec_t prefixes;
    ppq_dlba_dec_t suffixes;
    uint8_t *prev;          /* previous value (arena, as long as the input) */
    size_t prev_len;
    ppq_bytes_t pending;    /* a suffix read but not yet returned */
    int32_t pending_prefix;
    uint8_t has_pending;
    uint32_t type_len;
} ppq_dba_dec_t;

/* Arena bytes the decoder needs for an input of `len` bytes. */
size_t ppq_dba_dec_arena_size(size_t len);

/* Decode `len` bytes at `data` (caller-owned).  PPQ_ERR_CORRUPT for bad
 * streams or prefix and suffix counts that differ; PPQ_ERR_ARENA. */
PPQ_CHECKRET ppq_status_t ppq_dba_dec_init(ppq_dba_dec_t *dec, ppq_type_t type, uint32_t type_len, const void *data,
                                           size_t len, ppq_arena_t *arena);

/* Values in the stream. */
uint64_t ppq_dba_dec_count(const ppq_dba_dec_t *dec);

/*
 * Decode up to `max` values into `out`, their bytes copied into `buf`
 * (`cap` bytes, caller-owned).  *got < max at the end of the stream or when
 * the next value does not fit in what is left of `buf` (nothing is lost:
 * the next call returns it).  PPQ_ERR_NOSPACE when not even one value fits;
 * PPQ_ERR_CORRUPT for a prefix longer than the previous value, an FLBA
 * value of the wrong length, or bad streams.
 */
PPQ_CHECKRET ppq_status_t ppq_dba_dec_get(ppq_dba_dec_t *dec, ppq_bytes_t *out, size_t max, uint8_t *buf,
                                          size_t cap, size_t *got);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_DBA_H */
