/*
 * DELTA_LENGTH_BYTE_ARRAY (Parquet encoding 6) for BYTE_ARRAY: the lengths
 * as one DELTA_BINARY_PACKED INT32 stream, then all the bytes back to back.
 *
 * The lengths must precede the bytes, so the encoder keeps the page in the
 * arena (the bytes, and the lengths' blocks) and writes it at finish; the
 * page limits bound that memory.  The decoder streams values out, each
 * pointing into the input.
 */
#ifndef PPQ_DLBA_H
#define PPQ_DLBA_H

#include "ppq_core.h"
#include "ppq_delta.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ppq_dlba_cfg {
    uint32_t max_values; /* values one page may hold */
    uint32_t max_bytes;  /* their total length */
} ppq_dlba_cfg_t;

/* Caller-owned state (internal fields; do not touch). */
typedef struct ppq_dlba_enc {
    ppq_sink_t *out;
    ppq_delta_enc_t lengths;
    ppq_sink_t lengths_sink;     /* into lengths_buf */
    ppq_memsink_t lengths_mem;
    uint8_t *bytes;              /* concatenated values (arena) */
    uint32_t nbytes;
    uint32_t count;
    ppq_dlba_cfg_t cfg;
    uint8_t finished;
    ppq_status_t err;
} ppq_dlba_enc_t;

/* Arena bytes for cfg (0 when invalid). */
size_t ppq_dlba_enc_arena_size(const ppq_dlba_cfg_t *cfg);

/* PPQ_ERR_ARG for NULL pointers or a zero limit; PPQ_ERR_ARENA. */
PPQ_CHECKRET ppq_status_t ppq_dlba_enc_init(ppq_dlba_enc_t *enc, const ppq_dlba_cfg_t *cfg, ppq_sink_t *out,
                                            ppq_arena_t *arena);

/* Add `n` ppq_bytes_t values.  PPQ_ERR_NOSPACE when the page limits would
 * be passed (the values before that one are taken, *accepted says how
 * many); PPQ_ERR_ARG for a NULL pointer with a nonzero length. */
PPQ_CHECKRET ppq_status_t ppq_dlba_enc_put(ppq_dlba_enc_t *enc, const ppq_bytes_t *values, size_t n,
                                           size_t *accepted);

/* Write the page: lengths header and blocks, then the bytes. */
PPQ_CHECKRET ppq_status_t ppq_dlba_enc_finish(ppq_dlba_enc_t *enc);

/* Caller-owned decoder state (internal fields; do not touch). */
typedef struct ppq_dlba_dec {
    ppq_delta_dec_t lengths;
    const uint8_t *bytes;   /* next value's bytes */
    const uint8_t *end;
} ppq_dlba_dec_t;

/* Decode `len` bytes at `data` (caller-owned, outlives the values).
 * PPQ_ERR_CORRUPT for a bad lengths stream. */
PPQ_CHECKRET ppq_status_t ppq_dlba_dec_init(ppq_dlba_dec_t *dec, const void *data, size_t len);

/* Values in the stream. */
uint64_t ppq_dlba_dec_count(const ppq_dlba_dec_t *dec);

/* Up to `max` values into `out` (pointing into the input); *got < max only
 * at the end.  PPQ_ERR_CORRUPT for a negative length or bytes past the end. */
PPQ_CHECKRET ppq_status_t ppq_dlba_dec_get(ppq_dlba_dec_t *dec, ppq_bytes_t *out, size_t max, size_t *got);

/* Where the stream ends (lengths plus bytes) without producing values.
 * It must add up every length, so it takes time in proportion to the value
 * count; a few bytes of width-0 miniblocks can declare billions of values,
 * so check ppq_dlba_dec_count() against the page's num_values first. */
PPQ_CHECKRET ppq_status_t ppq_dlba_stream_end(const void *data, size_t len, size_t *used);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_DLBA_H */
