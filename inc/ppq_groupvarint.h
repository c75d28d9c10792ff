/*
 * GroupVarInt, from the older Parquet encodings document.  It has no
 * Parquet enum value: a standalone codec that files never use.
 *
 * INT32: groups of 4 values, one length byte, then each value's bytes,
 *   little-endian, as few as it needs (1..4).  The length byte holds
 *   length-1 of each value in 2 bits, the first value in the most
 *   significant pair: 0b00101101 = lengths 1, 3, 4, 2.
 * INT64: groups of 5 values, two length bytes, then 1..8 bytes per value.
 *   The document leaves the layout of the 15 length bits open; read
 *   consistently with INT32, they are one 16-bit number stored most
 *   significant byte first, top bit zero, length-1 of each value in 3 bits
 *   with the first value in the most significant field:
 *   bits 14-12 value 0, 11-9 value 1, 8-6 value 2, 5-3 value 3, 2-0 value 4.
 * Negative numbers are their two's complement bits (4 or 8 bytes).  A last,
 * incomplete group is completed with zeros, as if the input went on.
 */
#ifndef PPQ_GROUPVARINT_H
#define PPQ_GROUPVARINT_H

#include "ppq_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Caller-owned state (internal fields; do not touch). */
typedef struct ppq_gvi_enc {
    ppq_sink_t *out;
    uint64_t group[5];
    uint8_t pending;   /* values in group */
    uint8_t is64;
    uint8_t finished;
    ppq_status_t err;
} ppq_gvi_enc_t;

/* PPQ_ERR_ARG for NULL pointers or a type other than INT32/INT64. */
PPQ_CHECKRET ppq_status_t ppq_gvi_enc_init(ppq_gvi_enc_t *enc, ppq_type_t type, ppq_sink_t *out);

/* Add `n` int32_t/int64_t values; each complete group goes to the sink.
 * PPQ_ERR_STATE after finish; sink errors stick. */
PPQ_CHECKRET ppq_status_t ppq_gvi_enc_put(ppq_gvi_enc_t *enc, const void *values, size_t n);

/* Complete the last group with zeros and write it. */
PPQ_CHECKRET ppq_status_t ppq_gvi_enc_finish(ppq_gvi_enc_t *enc);

typedef struct ppq_gvi_dec {
    const uint8_t *pos;
    const uint8_t *end;
    uint64_t group[5];
    size_t remaining;
    uint8_t in_group;  /* values of `group` not yet returned */
    uint8_t next;      /* index of the next one */
    uint8_t is64;
} ppq_gvi_dec_t;

/* Decode `count` values from `len` bytes at `data` (caller-owned).
 * PPQ_ERR_ARG for NULL pointers or another type. */
PPQ_CHECKRET ppq_status_t ppq_gvi_dec_init(ppq_gvi_dec_t *dec, ppq_type_t type, const void *data, size_t len,
                                           size_t count);

/* Decode up to `max` values; *got < max only at the end.  PPQ_ERR_CORRUPT
 * for a truncated group or an INT64 length word with its top bit set. */
PPQ_CHECKRET ppq_status_t ppq_gvi_dec_get(ppq_gvi_dec_t *dec, void *out, size_t max, size_t *got);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_GROUPVARINT_H */
