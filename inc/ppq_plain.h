/*
 * PLAIN encoding (Parquet encoding 0) for all eight physical types:
 * BOOLEAN bit-packed LSB-first, fixed-width types little-endian, BYTE_ARRAY
 * as a 4-byte little-endian length followed by the bytes, FIXED_LEN_BYTE_ARRAY
 * as the bytes alone.  Values in memory as described in ppq_core.h.
 */
#ifndef PPQ_PLAIN_H
#define PPQ_PLAIN_H

#include "ppq_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- encoder ------------------------------------------------------------ */

/* Caller-owned state (internal fields; do not touch). */
typedef struct ppq_plain_enc {
    ppq_sink_t *out;
    ppq_type_t type;
    uint32_t type_len;   /* FIXED_LEN_BYTE_ARRAY length */
    uint8_t bool_bits;   /* pending BOOLEAN bits, LSB first */
    uint8_t bool_count;  /* how many bits of bool_bits are used */
    uint8_t finished;
    ppq_status_t err;    /* first sink error; sticky */
} ppq_plain_enc_t;

/* Start encoding `type` values to `out` (which must outlive the encoder).
 * `type_len` is the FIXED_LEN_BYTE_ARRAY length (1..2^31-1), ignored for
 * other types.  PPQ_ERR_ARG for NULL pointers, an unknown type or a bad
 * type_len. */
PPQ_CHECKRET ppq_status_t ppq_plain_enc_init(ppq_plain_enc_t *enc, ppq_type_t type, uint32_t type_len,
                                             ppq_sink_t *out);

/*
 * Encode `n` values (any n, including 0).  Bytes go to the sink as they are
 * produced, except BOOLEAN bits, which are held until a byte is full.
 * Errors: PPQ_ERR_ARG (NULL values with n > 0; a FLBA value whose length is
 * not type_len, or a BYTE_ARRAY longer than 2^31-1 -- values before the bad
 * one are encoded and the rest of the call is not), PPQ_ERR_STATE after
 * finish, or the sink's error, which is then returned by every later call.
 */
PPQ_CHECKRET ppq_status_t ppq_plain_enc_put(ppq_plain_enc_t *enc, const void *values, size_t n);

/* Write the pending BOOLEAN byte (zero-padded).  A second finish is
 * PPQ_ERR_STATE. */
PPQ_CHECKRET ppq_status_t ppq_plain_enc_finish(ppq_plain_enc_t *enc);

/* ---- decoder ------------------------------------------------------------ */

/* Decode "until the bytes run out" instead of a known count
 * (not for BOOLEAN, whose last byte may hold padding bits). */
#define PPQ_COUNT_ALL ((size_t)-1)

typedef struct ppq_plain_dec {
    const uint8_t *pos;
    const uint8_t *end;
    size_t remaining;    /* values still to produce, or PPQ_COUNT_ALL */
    ppq_type_t type;
    uint32_t type_len;
    uint8_t bit;         /* BOOLEAN: next bit within *pos */
} ppq_plain_dec_t;

/*
 * Decode `count` values of `type` from `len` bytes at `data` (caller-owned,
 * must outlive the decoder and any ppq_bytes_t it returns).  PPQ_ERR_ARG for
 * NULL pointers, an unknown type, a bad type_len, or PPQ_COUNT_ALL with
 * BOOLEAN.  Input is not examined until ppq_plain_dec_get.
 */
PPQ_CHECKRET ppq_status_t ppq_plain_dec_init(ppq_plain_dec_t *dec, ppq_type_t type, uint32_t type_len,
                                             const void *data, size_t len, size_t count);

/*
 * Decode up to `max` values into `out`; *got is how many were stored.
 * *got < max only when all `count` values have been produced (or, with
 * PPQ_COUNT_ALL, when the bytes ended exactly after a value).
 * PPQ_ERR_CORRUPT when the bytes end inside a value or before `count`
 * values (BYTE_ARRAY: a length past the end); *got then counts the good
 * values stored before the problem.  Never reads outside [data, data+len).
 */
PPQ_CHECKRET ppq_status_t ppq_plain_dec_get(ppq_plain_dec_t *dec, void *out, size_t max, size_t *got);

/* Bytes consumed so far (a partly used BOOLEAN byte counts as consumed). */
size_t ppq_plain_dec_consumed(const ppq_plain_dec_t *dec, const void *data);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_PLAIN_H */
