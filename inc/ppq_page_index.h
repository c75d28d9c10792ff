/*
 * The page index's Thrift structs: a column chunk's OffsetIndex (where
 * each data page starts, its size with its header, its first row) and
 * ColumnIndex (each page's min and max, whether it holds only nulls, its
 * null count, and whether the bounds ascend or descend), written after the
 * row groups and found through the ColumnChunk's offset_index_offset /
 * column_index_offset and lengths.  Encoded to a sink and decoded through
 * a ppq_thrift_r_t (in memory or streaming) into caller arrays: no other
 * memory.  Decoders treat their input as hostile.
 */
#ifndef PPQ_PAGE_INDEX_H
#define PPQ_PAGE_INDEX_H

#include "ppq_core.h"
#include "ppq_thrift.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ColumnIndex.boundary_order (BoundaryOrder). */
enum { PPQ_BOUNDARY_UNORDERED = 0, PPQ_BOUNDARY_ASCENDING = 1, PPQ_BOUNDARY_DESCENDING = 2 };

/* One OffsetIndex.page_locations element (PageLocation). */
typedef struct ppq_page_location {
    uint64_t offset;               /* file offset of the page's header */
    uint64_t first_row_index;      /* its first row, within the row group */
    uint32_t compressed_page_size; /* its header and (compressed) body, bytes */
} ppq_page_location_t;

/*
 * Write an OffsetIndex of the `n` pages at `locs` (in file order) to `out`.
 * Returns the sink's error; PPQ_ERR_ARG for a size above INT32_MAX or an
 * offset or row above INT64_MAX (Thrift's signed fields).
 */
PPQ_CHECKRET ppq_status_t ppq_offset_index_write(ppq_sink_t *out, const ppq_page_location_t *locs, uint32_t n);

/*
 * Read an OffsetIndex through `r` (positioned at the struct's first field,
 * as after ppq_thrift_r_init over its bytes): its pages into locs[0..cap),
 * their count into *n.  More than `cap` pages: PPQ_ERR_NOSPACE, after
 * reading (and checking) them all, *n then telling how many there are.
 * PPQ_ERR_CORRUPT for malformed Thrift, a missing field, a negative value,
 * a page size of 0, or pages whose offsets or first rows do not increase
 * or that overlap.  unencoded_byte_array_data_bytes and unknown fields are
 * skipped.
 */
PPQ_CHECKRET ppq_status_t ppq_offset_index_parse(ppq_thrift_r_t *r, ppq_page_location_t *locs, uint32_t cap,
                                                 uint32_t *n);

/*
 * A ColumnIndex: the caller's arrays, `cap` entries each, and a store for
 * the bounds' bytes.  Writing reads `pages` entries of them; parsing fills
 * them in.
 */
typedef struct ppq_column_index {
    uint8_t *null_pages;  /* 1: the page holds only nulls (its bounds empty) */
    ppq_bytes_t *min;     /* PLAIN bounds (BYTE_ARRAY without length prefix) */
    ppq_bytes_t *max;
    int64_t *null_counts; /* NULL: not written / not read */
    uint32_t cap;         /* entries each array holds */
    uint32_t pages;       /* entries */
    uint8_t *store;       /* parsing: the bounds' bytes are copied here, */
    size_t store_cap;     /* store_cap of them at most */
    size_t store_used;    /* parsing: bytes the bounds take */
    uint8_t boundary_order;  /* PPQ_BOUNDARY_* */
    uint8_t has_null_counts; /* writing: write null_counts; parsing: they were there */
} ppq_column_index_t;

/*
 * Write the ColumnIndex of ci->pages pages to `out`: null_pages,
 * min_values, max_values, boundary_order, and null_counts when
 * ci->has_null_counts.  Returns the sink's error; PPQ_ERR_ARG for a bad
 * boundary order or a negative null count.
 */
PPQ_CHECKRET ppq_status_t ppq_column_index_write(ppq_sink_t *out, const ppq_column_index_t *ci);

/*
 * Read a ColumnIndex through `r` (positioned at its first field) into the
 * caller's arrays (ci->null_pages, min, max and, when not NULL,
 * null_counts, each of ci->cap entries) and store (ci->store, store_cap
 * bytes: min[i] and max[i] point into it).  Sets pages, store_used,
 * boundary_order (an unknown order reads as UNORDERED) and has_null_counts.
 * PPQ_ERR_NOSPACE when the pages exceed cap or the bounds store_cap, after
 * reading and checking the whole struct: pages and store_used then tell
 * what it needs.  PPQ_ERR_CORRUPT for malformed Thrift, a missing field,
 * lists of different lengths, or a negative null count.  The level
 * histograms, nan_counts and unknown fields are skipped.
 */
PPQ_CHECKRET ppq_status_t ppq_column_index_parse(ppq_thrift_r_t *r, ppq_column_index_t *ci);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_PAGE_INDEX_H */
