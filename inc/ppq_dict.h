/*
 * Dictionary encoding (RLE_DICTIONARY data pages with a PLAIN dictionary
 * page) for every physical type except BOOLEAN.
 *
 * The encoder keeps the distinct values, already in PLAIN form, in the
 * arena together with a fixed-capacity hash table, and buffers the indices
 * of the data page being built.  Values compare by their PLAIN bytes, so
 * -0.0 and +0.0 (and NaNs with different payloads) are distinct entries.
 *
 * Typical use, per column chunk:
 *   put values ... (PPQ_DICT_FULL: the rest of the chunk goes PLAIN)
 *   flush_page at each data page boundary  -> data page body
 *   write_dict once, after the last page   -> dictionary page body
 *   reset for the next column chunk
 */
#ifndef PPQ_DICT_H
#define PPQ_DICT_H

#include "ppq_core.h"
#include "ppq_rle.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ppq_dict_cfg {
    uint32_t max_entries;     /* distinct values, 1..2^24 */
    uint32_t max_bytes;       /* size of the PLAIN dictionary page body */
    uint32_t max_page_values; /* indices one data page may buffer, >= 1 */
} ppq_dict_cfg_t;

/* Caller-owned state (internal fields; do not touch). */
typedef struct ppq_dict_enc {
    ppq_type_t type;
    uint32_t type_len;
    uint32_t width;         /* PLAIN width of fixed-width types, 0 for BYTE_ARRAY */
    void *slots;            /* hash table: entry index + 1, 0 = empty; uint16_t when
                               max_entries < 2^16, else uint32_t */
    uint32_t slot_mask;
    uint8_t *pool;          /* entries in PLAIN form, back to back */
    uint32_t *offsets;      /* BYTE_ARRAY: start of each entry in pool */
    uint32_t count;         /* entries */
    uint32_t bytes;         /* used bytes of pool */
    void *page;             /* indices of the data page being built: uint8_t when
                               max_entries <= 2^8, uint16_t <= 2^16, else uint32_t */
    uint32_t page_count;
    uint8_t slot_bytes, index_bytes;
    uint8_t slot_shift;     /* 32 - log2(slots): a number's slot is the top bits of its hash */
    uint8_t exact_width;    /* data pages at their greatest index's width, not the entries':
                               set while the writer replays a chunk whose entries are all
                               known (ppq_writer_rechunk.c, 64-bit CPUs); read there only */
    uint8_t *rle_groups;    /* bit-packed run buffer for the index encoder */
    ppq_dict_cfg_t cfg;
} ppq_dict_enc_t;

/* Arena bytes ppq_dict_enc_init takes (0 when the arguments are invalid). */
size_t ppq_dict_enc_arena_size(ppq_type_t type, uint32_t type_len, const ppq_dict_cfg_t *cfg);

/* PPQ_ERR_ARG for NULL pointers, BOOLEAN or an unknown type, a bad
 * type_len or cfg; PPQ_ERR_ARENA when the arena is too small. */
PPQ_CHECKRET ppq_status_t ppq_dict_enc_init(ppq_dict_enc_t *enc, ppq_type_t type, uint32_t type_len,
                                            const ppq_dict_cfg_t *cfg, ppq_arena_t *arena);

/*
 * Map `n` values to dictionary indices, adding new ones, and buffer the
 * indices for the current page.  *accepted says how many values were taken.
 * Returns PPQ_OK (all taken); PPQ_DICT_FULL when a new value would exceed
 * max_entries or max_bytes (the values before it were taken); PPQ_ERR_NOSPACE
 * when the page already holds max_page_values indices (flush the page);
 * PPQ_ERR_ARG for NULL pointers or an FLBA value of the wrong length.
 */
PPQ_CHECKRET ppq_status_t ppq_dict_enc_put(ppq_dict_enc_t *enc, const void *values, size_t n, size_t *accepted);

/* Write the data page body for the buffered indices to `out`: one byte of
 * bit width (enough for entries-1, or for the page's greatest index where
 * that takes fewer bits, in the writer's replays of a chunk; at least 1 once there is
 * an entry, as common writers do) then the RLE/bit-packed hybrid without length prefix.
 * The page buffer is then empty.  Errors: the sink's. */
PPQ_CHECKRET ppq_status_t ppq_dict_enc_flush_page(ppq_dict_enc_t *enc, ppq_sink_t *out);

/* Write the dictionary page body (the entries, PLAIN) to `out`. */
PPQ_CHECKRET ppq_status_t ppq_dict_enc_write_dict(const ppq_dict_enc_t *enc, ppq_sink_t *out);

/* Entries so far, and the size of the dictionary page body in bytes. */
uint32_t ppq_dict_enc_entries(const ppq_dict_enc_t *enc);
uint32_t ppq_dict_enc_dict_bytes(const ppq_dict_enc_t *enc);
/* Indices buffered for the current page. */
uint32_t ppq_dict_enc_page_values(const ppq_dict_enc_t *enc);

/* Forget all entries and buffered indices (next column chunk). */
void ppq_dict_enc_reset(ppq_dict_enc_t *enc);

/* ---- decoder ------------------------------------------------------------ */

typedef struct ppq_dict_dec {
    ppq_type_t type;
    uint32_t type_len;
    uint32_t width;            /* PLAIN width of fixed-width types */
    const uint8_t *dict;       /* dictionary page body */
    uint32_t count;            /* entries */
    const uint32_t *offsets;   /* BYTE_ARRAY: start of each entry (arena) */
    ppq_rle_dec_t idx;
    uint8_t page_ready;
} ppq_dict_dec_t;

/* Arena bytes ppq_dict_dec_init needs for `entries` entries. */
size_t ppq_dict_dec_arena_size(ppq_type_t type, uint32_t entries);

/*
 * Take the dictionary page body at `dict` (`len` bytes, `entries` PLAIN
 * values; caller-owned, must outlive the decoder and the values it returns).
 * PPQ_ERR_CORRUPT when the body is shorter than `entries` values;
 * PPQ_ERR_ARG for NULL pointers, BOOLEAN or a bad type_len; PPQ_ERR_ARENA.
 */
PPQ_CHECKRET ppq_status_t ppq_dict_dec_init(ppq_dict_dec_t *dec, ppq_type_t type, uint32_t type_len,
                                            const void *dict, size_t len, uint32_t entries, ppq_arena_t *arena);

/* Start a data page body of `count` values (bit-width byte + RLE hybrid).
 * PPQ_ERR_CORRUPT for an empty body with count > 0 or a width above 32. */
PPQ_CHECKRET ppq_status_t ppq_dict_dec_page(ppq_dict_dec_t *dec, const void *data, size_t len, size_t count);

/* Decode up to `max` values into `out` (value type as for PLAIN); *got < max
 * only at the end of the page.  PPQ_ERR_CORRUPT for an index past the
 * dictionary or a bad index stream; PPQ_ERR_STATE before a page is set. */
PPQ_CHECKRET ppq_status_t ppq_dict_dec_get(ppq_dict_dec_t *dec, void *out, size_t max, size_t *got);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_DICT_H */
