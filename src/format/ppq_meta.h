/* Column statistics and ColumnChunk/RowGroup metadata, shared by the
 * writer and recovery (not installed). */
#ifndef PPQ_META_H
#define PPQ_META_H

#include "ppq_config.h"
#include "ppq_core.h"
#include "ppq_thrift.h"

/* How a column's min/max compare (the type-defined order of its physical
 * and logical type).  NONE: no min/max, only null counts. */
enum { PPQ_ORDER_NONE, PPQ_ORDER_BOOL, PPQ_ORDER_SIGNED, PPQ_ORDER_UNSIGNED, PPQ_ORDER_FLOAT, PPQ_ORDER_BYTES };

typedef struct ppq_stats {
    uint64_t nulls;         /* (first: the compact layout without statistics keeps only it) */
    uint8_t has;            /* a min/max exists */
    uint8_t no_max;         /* ... but a byte array has no upper bound of `cap` bytes
                               or fewer (no ASCII byte below 0x7F in the first `cap`
                               of a longer max: see ppq_stats_cut), so only the min
                               is written */
    uint8_t min_exact, max_exact;
    uint8_t min_len, max_len;
    uint8_t cap;            /* (the bytes first: short offsets on Cortex-M0) */
    uint8_t *min, *max;     /* byte arrays: the bounds' bytes, `cap` each, caller memory
                               (recovery: a page header's PLAIN min/max of numbers too) */
    uint64_t nans;
    uint64_t lo, hi;        /* numbers: min and max as order keys (integers that order as
                               the values do; PLAIN bytes only when written) */
} ppq_stats_t;

/* No values, no nulls (min/max storage and cap are kept). */
void ppq_stats_reset(ppq_stats_t *s);
/* Fold one non-null value (PLAIN bytes of `width`, or a byte array of `len`:
 * one longer than s->cap bytes leaves bounds cut as ppq_stats_cut cuts). */
void ppq_stats_add(ppq_stats_t *s, uint8_t order, size_t width, const uint8_t *v, size_t len);
/* The IEEE sign bit of a number of `width` bytes. */
static inline uint64_t ppq_sign_bit(size_t width)
{
    return width == 4u ? 0x80000000u : 0x8000000000000000ull;
}

/* A float's bits are NaN: exponent all ones, fraction not zero. */
static inline int ppq_is_nan_bits(size_t width, uint64_t b)
{
    uint64_t inf = width == 4u ? 0x7F800000u : 0x7FF0000000000000ull;
    return (b & ~ppq_sign_bit(width)) > inf;
}

/* An integer key that orders a number's bits as the values order: signed
 * integers with the sign bit flipped; floats (no NaN here) with negatives'
 * bits inverted and positives' sign bit set.  -0.0 orders below +0.0,
 * which ppq_stats_write makes harmless; no floating point, so no
 * soft-float library on small cores. */
static inline uint64_t ppq_order_key(uint8_t order, size_t width, uint64_t bits)
{
    uint64_t sign = ppq_sign_bit(width);
    if (order == PPQ_ORDER_SIGNED) {
        return bits ^ sign;
    }
    if (order == PPQ_ORDER_FLOAT) {
        bits = (bits & sign) ? ~bits : bits | sign;
        return width == 4u ? bits & 0xFFFFFFFFu : bits;
    }
    return bits;
}

/* Fold a number's order key into s. */
static inline void ppq_stats_add_key(ppq_stats_t *s, uint64_t key)
{
    if (!s->has) {
        s->has = 1;
        s->lo = s->hi = key;
        return;
    }
    if (key < s->lo) { /* (branches: a new bound is rare, and a 64-bit select costs on 32-bit cores) */
        s->lo = key;
    }
    if (key > s->hi) {
        s->hi = key;
    }
}

/* Fold one non-null number (not a byte array) given as its PLAIN bits in a
 * word: ppq_stats_add without the bytes (inline: the writer's row path).
 * Returns 0 for a NaN (counted, never a bound), else 1. */
static inline int ppq_stats_add_word(ppq_stats_t *s, uint8_t order, size_t width, uint64_t bits)
{
    if (width == 4u) { /* 32-bit values in 32-bit arithmetic (the same keys) */
        uint32_t b = (uint32_t)bits;
        if (order == PPQ_ORDER_FLOAT) {
            if ((b & 0x7FFFFFFFu) > 0x7F800000u) {
                s->nans++;
                return 0;
            }
            b = (b & 0x80000000u) ? ~b : b | 0x80000000u;
        } else if (order == PPQ_ORDER_SIGNED) {
            b ^= 0x80000000u;
        } else if (order == PPQ_ORDER_NONE) {
            return 1;
        }
        ppq_stats_add_key(s, b);
        return 1;
    }
    if (order == PPQ_ORDER_FLOAT && ppq_is_nan_bits(width, bits)) {
        s->nans++; /* NaN never becomes a bound */
        return 0;
    }
    if (order != PPQ_ORDER_NONE) {
        ppq_stats_add_key(s, ppq_order_key(order, width, bits));
    }
    return 1;
}
/* Fold n non-null numbers in memory (uint8_t 0/1 booleans, int32/float of
 * width 4, int64/double of width 8) into s: the same result as n calls of
 * ppq_stats_add, in one pass.  Byte arrays: use ppq_stats_add. */
void ppq_stats_add_values(ppq_stats_t *s, uint8_t order, size_t width, const void *values, size_t n);
/* The order key of a PLAIN number (recovery: a page header's bounds into
 * lo/hi before merging them). */
uint64_t ppq_stats_key(uint8_t order, size_t width, const uint8_t *plain);
/* Cut byte-array bounds (order BYTES) longer than `cap` bytes, as the
 * format allows, to save footer room: a BYTE_ARRAY min to a prefix ending
 * on a UTF-8 character, its max to a prefix whose last byte, an ASCII one
 * below 0x7F, is raised by one (none such: no max); both then inexact.  A
 * FIXED_LEN_BYTE_ARRAY (`fixed`) loses both (a shorter value is not one of
 * its type); the null count stays. */
void ppq_stats_cut(ppq_stats_t *s, size_t cap, int fixed);
/* Fold the statistics `from` (of a page) into `into` (of its chunk). */
void ppq_stats_merge(ppq_stats_t *into, const ppq_stats_t *from, uint8_t order);
/* A Statistics struct as field `id` of the open struct: null_count, and
 * min_value/max_value with exactness (a zero float bound as -0.0 min,
 * +0.0 max) when there is one, nan_count for floats. */
void ppq_stats_write(ppq_thrift_w_t *t, int16_t id, const ppq_stats_t *s, uint8_t order, size_t width);

/* The PLAIN bytes of a number column's min and max (s->has; not byte
 * arrays), `width` each, as ppq_stats_write writes them (a zero float min
 * -0.0, max +0.0): a ColumnIndex's bounds. */
void ppq_stats_plain(const ppq_stats_t *s, uint8_t order, size_t width, uint8_t *min, uint8_t *max);

/* What a ColumnChunk's metadata says. */
typedef struct ppq_chunk_meta {
    const char *name;         /* path_in_schema (flat: the column name) */
    uint32_t name_len;
    uint8_t type;             /* ppq_type_t */
    uint8_t order;            /* PPQ_ORDER_* */
    uint32_t width;           /* bytes of a numeric min/max */
    uint32_t encodings;       /* bit per Parquet encoding used */
    uint64_t values;          /* values including nulls */
    uint64_t start;           /* file offset of the first page (the dictionary page if any) */
    uint64_t data_start;      /* ... of the first data page */
    uint64_t end;             /* just past the last page */
    uint8_t codec;            /* ppq_codec_t of its pages */
    uint64_t raw_size;        /* its pages uncompressed, headers included */
    const ppq_stats_t *stats; /* NULL: none */
#if PPQ_WRITER_NESTED /* (internal: no caller's struct) */
    const char *const *path;  /* depth > 0: path_in_schema, these names (NUL-terminated; name unused),
                                 or (NULL) the `depth` names in name, apart by a NUL (recovery's) */
    uint32_t depth;
#endif
#if PPQ_WRITER_PAGE_INDEX /* (internal: no caller's struct) */
    uint64_t oi_offset, ci_offset; /* its OffsetIndex and ColumnIndex */
    uint32_t oi_len, ci_len;  /* ... their lengths (0: none; no ColumnIndex without an OffsetIndex) */
#endif
#if PPQ_WRITER_BLOOM
    uint64_t bloom_offset;    /* its bloom filter (its header) */
    uint32_t bloom_len;       /* ... header and bitset (0: none) */
#endif
} ppq_chunk_meta_t;

/* One ColumnChunk as the next element of RowGroup.columns. */
void ppq_meta_write_chunk(ppq_thrift_w_t *t, const ppq_chunk_meta_t *m);
/* The RowGroup fields after its columns, and its end. */
/* raw: its column data uncompressed (total_byte_size); bytes: as stored. */
void ppq_meta_write_row_group_end(ppq_thrift_w_t *t, uint64_t raw, uint64_t bytes, uint64_t rows, uint64_t start,
                                  uint32_t ordinal);

#if PPQ_WRITER_SORTING
/* A SortingColumn. */
typedef struct ppq_sort_meta {
    uint32_t column;
    uint8_t descending, nulls_first;
} ppq_sort_meta_t;

/* The same with sorting_columns (n of them at `sort`; n 0: none). */
void ppq_meta_write_row_group_end_sorted(ppq_thrift_w_t *t, uint64_t raw, uint64_t bytes, uint64_t rows,
                                         uint64_t start, uint32_t ordinal, const ppq_sort_meta_t *sort, uint32_t n);
#endif

#endif /* PPQ_META_H */
