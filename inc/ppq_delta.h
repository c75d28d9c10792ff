/*
 * DELTA_BINARY_PACKED (Parquet encoding 5) for INT32 and INT64.
 *
 * Stream: header <block size> <miniblocks per block> <total count>
 * <first value, zigzag>, then blocks: <min delta, zigzag> <one bit-width
 * byte per miniblock> <miniblocks, LSB-first bit-packed>.  All delta
 * arithmetic is done modulo 2^32 (INT32) or 2^64 (INT64), so extremes wrap
 * and restore exactly.
 *
 * The header carries the total count, which a streaming encoder only knows
 * at the end.  So the encoder writes the blocks to its sink as each block
 * fills (buffering at most one block of deltas in the arena), and
 * ppq_delta_enc_header() gives the header once the values are in: a caller
 * that assembles a page in memory (the file writer does) writes the header
 * and then the block bytes.  A caller that knows the count in advance can
 * build the header with ppq_delta_header() as soon as the first value is known.
 */
#ifndef PPQ_DELTA_H
#define PPQ_DELTA_H

#include "ppq_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Longest header: four varints (5 + 5 + 5 + 10 bytes). */
#define PPQ_DELTA_HEADER_MAX 25u

typedef struct ppq_delta_cfg {
    ppq_type_t type;      /* PPQ_INT32 or PPQ_INT64 */
    uint32_t block_size;  /* values per block, a multiple of 128 up to 2^20
                             (the encoder buffers a block); 0 = 128 */
    uint32_t miniblocks;  /* per block; block_size / miniblocks a multiple of 32; 0 = 4 */
    uint32_t max_values;  /* encoder: the most values the page will hold (0: no limit).  A
                             smaller page buffers only the miniblocks it fills, not a block */
} ppq_delta_cfg_t;

/* Caller-owned state (internal fields; do not touch). */
typedef struct ppq_delta_enc {
    ppq_sink_t *out;
    uint64_t *deltas;     /* the block being filled (arena) */
    uint64_t first;       /* first value (as unsigned bits) */
    uint64_t last;        /* previous value */
    uint64_t count;       /* values put before the open block's deltas (all: + in_block) */
    uint32_t block_size;
    uint32_t miniblocks;
    uint32_t in_block;    /* deltas in the current block */
    uint32_t cap;         /* deltas the buffer holds: the block, or fewer (cfg.max_values) */
    uint32_t add_max;     /* deltas ppq_delta_enc_add (internal) takes: 0 before the first
                             value, then the lesser of block_size - 1 and cap */
    uint8_t is64;
    uint8_t finished;
    uint8_t narrow;       /* 0, or the bytes a delta is kept in: 4, 2 or 1 (ppq_delta_internal.h) */
    ppq_status_t err;     /* first sink error; sticky */
} ppq_delta_enc_t;

/* Arena bytes ppq_delta_enc_init takes (0 when cfg is invalid). */
size_t ppq_delta_enc_arena_size(const ppq_delta_cfg_t *cfg);

/* PPQ_ERR_ARG for NULL pointers, a type other than INT32/INT64, a
 * geometry the spec forbids or a block over 2^20 values; PPQ_ERR_ARENA
 * when the arena is too small. */
PPQ_CHECKRET ppq_status_t ppq_delta_enc_init(ppq_delta_enc_t *enc, const ppq_delta_cfg_t *cfg, ppq_sink_t *out,
                                             ppq_arena_t *arena);

/* Add `n` values (int32_t or int64_t per cfg.type); each full block goes
 * to the sink.  PPQ_ERR_STATE after finish; PPQ_ERR_NOSPACE (not sticky;
 * the values before it added) for a value past cfg.max_values once the
 * smaller buffer is full; sink errors are sticky. */
PPQ_CHECKRET ppq_status_t ppq_delta_enc_put(ppq_delta_enc_t *enc, const void *values, size_t n);

/* Write the last, partial block.  A second finish is PPQ_ERR_STATE. */
PPQ_CHECKRET ppq_status_t ppq_delta_enc_finish(ppq_delta_enc_t *enc);

/* The header for the values put so far into `out` (PPQ_DELTA_HEADER_MAX
 * bytes); returns its length.  With no values the first value is 0. */
size_t ppq_delta_enc_header(const ppq_delta_enc_t *enc, uint8_t *out);

/* Most block bytes `count` values can take (excluding the header): what
 * a caller buffering the blocks must provide.  0 for an invalid cfg. */
size_t ppq_delta_max_block_bytes(const ppq_delta_cfg_t *cfg, uint32_t count);

/* A header from its parts (first_value as the value's bits: an int32 is
 * sign-extended to 64 bits); returns its length. */
size_t ppq_delta_header(const ppq_delta_cfg_t *cfg, uint64_t count, int64_t first_value, uint8_t *out);

/* Caller-owned decoder state (internal fields; do not touch). */
typedef struct ppq_delta_dec {
    const uint8_t *pos;        /* next unread byte */
    const uint8_t *end;
    const uint8_t *widths;     /* bit widths of the current block */
    const uint8_t *mini;       /* data of the current miniblock */
    uint64_t last;             /* last value produced */
    uint64_t min_delta;
    uint64_t remaining;        /* values still to produce */
    uint64_t total;
    uint32_t block_size;
    uint32_t miniblocks;
    uint32_t per_mini;         /* values per miniblock */
    uint32_t mini_index;       /* current miniblock within the block */
    uint32_t mini_pos;         /* next value within the miniblock */
    uint8_t mini_width;
    uint8_t is64;
    uint8_t first_pending;     /* the first value has not been produced */
    uint8_t in_block;          /* a block header has been read */
} ppq_delta_dec_t;

/*
 * Parse the header at `data` (`len` bytes, caller-owned, must outlive the
 * decoder).  PPQ_ERR_CORRUPT for a malformed header: block size not a
 * positive multiple of 128, miniblock size not a multiple of 32, a count or
 * value that does not fit, or truncation.  PPQ_ERR_ARG for a type other
 * than INT32/INT64 or NULL pointers.
 */
PPQ_CHECKRET ppq_status_t ppq_delta_dec_init(ppq_delta_dec_t *dec, ppq_type_t type, const void *data, size_t len);

/* Total values the stream holds (from the header).  Miniblocks of width 0
 * take no bytes, so a short stream may legitimately declare a huge count:
 * callers bound it by the page's num_values before decoding it all. */
uint64_t ppq_delta_dec_count(const ppq_delta_dec_t *dec);

/* Decode up to `max` values into `out` (int32_t or int64_t); *got < max
 * only at the end of the stream.  PPQ_ERR_CORRUPT for a bit width wider
 * than the type, truncated blocks or miniblocks; *got counts the good
 * values stored. */
PPQ_CHECKRET ppq_status_t ppq_delta_dec_get(ppq_delta_dec_t *dec, void *out, size_t max, size_t *got);

/* Where the stream at `data` ends, without decoding the values: *used is
 * its length in bytes and *count its value count.  Same errors as init and
 * get.  (The byte-array delta encodings need it to find what follows.) */
PPQ_CHECKRET ppq_status_t ppq_delta_stream_end(ppq_type_t type, const void *data, size_t len, size_t *used,
                                               uint64_t *count);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_DELTA_H */
