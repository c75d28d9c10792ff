/*
 * BYTE_STREAM_SPLIT (Parquet encoding 9) for FLOAT, DOUBLE, INT32, INT64
 * and FIXED_LEN_BYTE_ARRAY: K byte streams of N bytes, where K is the
 * value width (4, 8, or the FLBA length) and N the value count; stream k
 * holds byte k of every value, and the streams follow one another.
 *
 * FIXED_LEN_BYTE_ARRAY lengths go up to 65535 (more streams than that is
 * no longer a page layout anyone reads).
 *
 * Values in memory: float, double, int32_t, int64_t, and for
 * FIXED_LEN_BYTE_ARRAY raw bytes, K per value back to back (the scattered
 * layout cannot be pointed into, so both directions copy).
 *
 * The encoder needs the whole page before it can write stream 0's end, so
 * it scatters values into K * max_values bytes of arena as they come.
 */
#ifndef PPQ_BSS_H
#define PPQ_BSS_H

#include "ppq_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Caller-owned state (internal fields; do not touch). */
typedef struct ppq_bss_enc {
    ppq_sink_t *out;
    uint8_t *streams;     /* K streams of max_values bytes (arena) */
    uint32_t width;       /* K */
    uint32_t max_values;
    uint32_t count;
    uint8_t finished;
    ppq_status_t err;
} ppq_bss_enc_t;

/* Arena bytes for `max_values` values (0 for an unsupported type). */
size_t ppq_bss_enc_arena_size(ppq_type_t type, uint32_t type_len, uint32_t max_values);

/* PPQ_ERR_ARG for NULL pointers, another type or a type_len of 0 or over
 * 65535;
 * PPQ_ERR_ARENA when the arena is too small. */
PPQ_CHECKRET ppq_status_t ppq_bss_enc_init(ppq_bss_enc_t *enc, ppq_type_t type, uint32_t type_len,
                                           uint32_t max_values, ppq_sink_t *out, ppq_arena_t *arena);

/* Add `n` values.  PPQ_ERR_NOSPACE (nothing of this call taken) past
 * max_values; PPQ_ERR_STATE after finish. */
PPQ_CHECKRET ppq_status_t ppq_bss_enc_put(ppq_bss_enc_t *enc, const void *values, size_t n);

/* Write the K streams.  A second finish is PPQ_ERR_STATE; sink errors are
 * returned and kept. */
PPQ_CHECKRET ppq_status_t ppq_bss_enc_finish(ppq_bss_enc_t *enc);

/* Caller-owned decoder state (internal fields; do not touch). */
typedef struct ppq_bss_dec {
    const uint8_t *data;
    size_t count;      /* N */
    size_t next;       /* next value index */
    uint32_t width;    /* K */
} ppq_bss_dec_t;

/* Decode `len` bytes at `data` (caller-owned) holding `count` values, or
 * with PPQ_COUNT_ALL as many as len / K.  PPQ_ERR_CORRUPT when len is not
 * exactly count * K; PPQ_ERR_ARG as for the encoder. */
PPQ_CHECKRET ppq_status_t ppq_bss_dec_init(ppq_bss_dec_t *dec, ppq_type_t type, uint32_t type_len, const void *data,
                                           size_t len, size_t count);

/* Decode up to `max` values; *got < max only at the end. */
PPQ_CHECKRET ppq_status_t ppq_bss_dec_get(ppq_bss_dec_t *dec, void *out, size_t max, size_t *got);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_BSS_H */
