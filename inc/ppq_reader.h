/*
 * The Parquet file reader: the footer parsed into compact structures in the
 * caller's arena, then column chunks read page by page, streaming, through
 * a random-access read callback (pread, FatFs f_lseek + f_read, a memory
 * buffer).  No heap, no whole-file, whole-footer or whole-chunk buffering:
 * the footer is read a window at a time and only what is kept is stored,
 * so a footer larger than the arena opens when only some columns and row
 * groups are asked for (ppq_reader_open_select).
 *
 * Use:
 *   ppq_reader_open(&r, &file, &arena)         the footer: schema, row groups
 *     (or ppq_reader_open_select(&r, &file, &sel, &arena): some of them)
 *   ppq_column_reader_arena_size(&r, rg, col)  what one column chunk needs
 *   ppq_column_reader_init(&cr, &r, rg, col, &arena)
 *   ppq_column_reader_read(&cr, n, values, def, rep, &levels, &count)  ... until 0
 *
 * Values come out dense, as Arrow's low-level column reader gives them:
 * `count` values for the entries whose definition level is the column's
 * maximum, with a definition and a repetition level per entry (flat
 * REQUIRED columns have neither: pass NULL).  In-memory types as the codecs
 * use them (ppq_core.h); byte arrays point into the page or dictionary
 * bytes the reader holds, valid until the next read.  One read never
 * crosses a page boundary.
 *
 * Hostile files: every length, count, offset and nesting is checked against
 * the file and the arena; a malformed file is PPQ_ERR_CORRUPT, a valid one
 * using what this build lacks PPQ_ERR_UNSUPPORTED (ppq_reader_unsupported()
 * names it), never a read outside a buffer.
 */
#ifndef PPQ_READER_H
#define PPQ_READER_H

#include "ppq_codec.h"
#include "ppq_core.h"
#include "ppq_dba.h"
#include "ppq_delta.h"
#include "ppq_dict.h"
#include "ppq_dlba.h"
#include "ppq_bitpacked.h"
#include "ppq_page_index.h"
#include "ppq_bss.h"
#include "ppq_plain.h"
#include "ppq_recover.h" /* ppq_file_t: read_at and size (truncate/append unused here) */
#include "ppq_rle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Entries ppq_column_reader_skip reads and drops at a time. */
#define PPQ_READER_SKIP_STEP 8u

/* Deepest schema nesting accepted (levels are int16_t). */
#define PPQ_READER_MAX_DEPTH 32u

/* A schema element, in file order (element 0 is the root). */
typedef struct ppq_schema_node {
    const char *name;        /* in the arena; not NUL-terminated */
    uint32_t name_len;
    int8_t type;             /* ppq_type_t, -1 for a group */
    uint8_t repetition;      /* 0 REQUIRED, 1 OPTIONAL, 2 REPEATED */
    int8_t converted;        /* ConvertedType, -1 none */
    uint8_t logical;         /* LogicalType union member id (0 none): 1 STRING, 2 MAP, 3 LIST, 4 ENUM,
                                5 DECIMAL, 6 DATE, 7 TIME, 8 TIMESTAMP, 10 INTEGER, 12 JSON, 13 BSON,
                                14 UUID, 15 FLOAT16 ... */
    uint8_t unit;            /* TIME/TIMESTAMP: 0 MILLIS, 1 MICROS, 2 NANOS */
    uint8_t utc;             /* TIME/TIMESTAMP: isAdjustedToUTC */
    uint8_t int_bits;        /* INTEGER: bit width */
    uint8_t int_signed;      /* INTEGER: signed */
    uint8_t column_order;    /* leaves: the FileMetaData's ColumnOrder member (1 TYPE_ORDER,
                                2 IEEE_754_TOTAL_ORDER, 3 INT96_TIMESTAMP_ORDER), 0 none given
                                (or a build without PPQ_READER_STATISTICS) */
    uint32_t type_len;       /* FIXED_LEN_BYTE_ARRAY */
    uint32_t num_children;
    int32_t scale, precision;
    int32_t parent;          /* element index, -1 for the root */
    int32_t leaf;            /* column index of a leaf, -1 for a group */
    int16_t max_def, max_rep;
} ppq_schema_node_t;

/* Statistics of a column chunk (ColumnMetaData.statistics). */
typedef struct ppq_chunk_stats {
    int64_t null_count;      /* -1: not given */
    const uint8_t *min, *max; /* PLAIN bytes (in the arena); NULL: not given */
    uint32_t min_len, max_len;
    uint8_t legacy;          /* min/max from the deprecated fields 1/2 (signed order, unreliable) */
} ppq_chunk_stats_t;

typedef struct ppq_key_value_ref {
    const uint8_t *key, *value; /* in the arena; value NULL when absent */
    uint32_t key_len, value_len;
} ppq_key_value_ref_t;

typedef struct ppq_chunk_info {
    uint8_t codec;           /* ppq_codec_t */
    uint32_t encodings;      /* bit per Encoding value */
    int64_t num_values;
    int64_t compressed_size, uncompressed_size;
    int64_t data_page_offset, dict_page_offset; /* dict: -1 when none (a dictionary offset of 0, or
                                                   one not before the data pages, is taken as none;
                                                   the chunk then starts at data_page_offset, its
                                                   dictionary page found by its header) */
    ppq_chunk_stats_t stats;
    ppq_key_value_ref_t *kv; /* ColumnMetaData.key_value_metadata (in the arena; kept as the
                                      file's is: PPQ_READER_METADATA and the selection's metadata) */
    uint32_t nkv;
    /* where the chunk's page index and bloom filter are (ColumnChunk fields 4-7, ColumnMetaData
       fields 14-15): 0 when not given (or a build without PPQ_READER_PAGE_INDEX); a length of 0
       beside a bloom filter's offset: not given (the filter's header tells) */
    int64_t offset_index_offset, column_index_offset, bloom_offset;
    int32_t offset_index_len, column_index_len, bloom_len;
} ppq_chunk_info_t;

/* Caller-owned reader state.  After ppq_reader_open everything is kept
 * and chunks[rg * ncols + col], rg_rows[rg] index directly; after
 * ppq_reader_open_select only the selection is (use ppq_reader_chunk and
 * ppq_reader_row_group_rows). */
typedef struct ppq_reader {
    ppq_file_t *file;
    uint8_t *hdr;            /* the window (256 bytes) the footer and page headers are read through */
    uint32_t footer_len;
    ppq_schema_node_t *nodes; /* the whole schema */
    uint32_t nnodes;
    uint32_t *leaves;        /* node index of each column */
    uint32_t ncols;          /* the file's columns */
    int64_t num_rows;        /* the file's rows */
    uint32_t nrg;            /* the file's row groups */
    int64_t *rg_rows;        /* rows of each row group kept (nsel_rgs) */
    ppq_chunk_info_t *chunks; /* nsel_rgs * nsel_cols, row-group major */
    const uint32_t *sel_cols, *sel_rgs; /* the columns and row groups kept; NULL: all */
    uint32_t nsel_cols, nsel_rgs; /* how many (all: ncols, nrg) */
    ppq_key_value_ref_t *kv; /* key-value metadata (when kept) */
    uint32_t nkv;
    const uint8_t *created_by; /* (when kept) */
    uint32_t created_by_len;
    size_t need;             /* after PPQ_ERR_ARENA: the arena bytes open needs */
    const char *unsupported; /* after PPQ_ERR_UNSUPPORTED: what (a constant text) */
    const uint8_t *mem;      /* ppq_reader_in_memory: the file's bytes; NULL: pages through read_at */
} ppq_reader_t;

/*
 * Read and parse the footer of `file` (file->read_at and file->size; they
 * must outlive the reader) into `arena` (which keeps the parsed structures:
 * the schema with its names, every row group's chunk infos with their
 * statistics, key-value metadata and created_by; it must outlive the
 * reader).  The same as ppq_reader_open_select with `sel` NULL: the
 * errors are its.
 */
PPQ_CHECKRET ppq_status_t ppq_reader_open(ppq_reader_t *r, ppq_file_t *file, ppq_arena_t *arena);

/*
 * After an open: the file's file->size bytes are also at `data` (a file
 * mapped into memory, flash the CPU reads directly), so column readers
 * decode each page where it is instead of reading it into their buffers
 * first (their arena stays the same size; the footer and page headers
 * still come through read_at).  A page that would end past file->size is
 * PPQ_ERR_CORRUPT.  `data` must outlive the reader and every value read
 * from it (byte arrays then point into it); NULL: pages through read_at
 * again.  PPQ_ERR_ARG for r NULL; PPQ_ERR_UNSUPPORTED in a build without it
 * (PPQ_READER_IN_MEMORY=0 in ppq_config.h).
 */
PPQ_CHECKRET ppq_status_t ppq_reader_in_memory(ppq_reader_t *r, const void *data);

/* What ppq_reader_open_select keeps.  All zero: every column and row
 * group, no key-value metadata or created_by. */
typedef struct ppq_reader_select {
    const uint32_t *columns;    /* column (leaf) indices, ascending; NULL: all */
    uint32_t ncolumns;          /* (0 with columns non-NULL: none, the schema only) */
    const uint32_t *row_groups; /* row group indices, ascending; NULL: all */
    uint32_t nrow_groups;
    uint8_t metadata;           /* 1: keep key-value metadata and created_by (a build with
                                   PPQ_READER_METADATA 0 never does) */
} ppq_reader_select_t;

/*
 * ppq_reader_open keeping only the schema, num_rows, and for the selected
 * row groups their row counts and the chunk infos of the selected columns
 * (sel->columns and sel->row_groups must outlive the reader; `sel` NULL:
 * everything).  The footer is read in one pass through the reader's
 * 256-byte window (kept for page headers), a piece at a time, so the
 * arena needs only what is kept, whatever the footer's length: the window,
 * the schema with its names, the kept row groups' row counts, the kept
 * chunks' infos with their statistics (and the metadata if asked).
 * Column readers then work on the kept chunks; any other is PPQ_ERR_ARG.
 * Errors: PPQ_ERR_ARG for a selection that is not ascending or names a
 * row group or column the file lacks (columns are checked in the row
 * groups kept); PPQ_ERR_CORRUPT for a file that is not Parquet or whose footer is
 * malformed (sizes, counts, schema tree, offsets of the chunks kept
 * outside the file); PPQ_ERR_ARENA with r->need set to the arena bytes
 * needed (from the arena's start) when it is too small; the callback's
 * error (PPQ_ERR_IO for a read that comes back short).  On any error the
 * arena is as before and the reader holds nothing.
 */
PPQ_CHECKRET ppq_status_t ppq_reader_open_select(ppq_reader_t *r, ppq_file_t *file, const ppq_reader_select_t *sel,
                                                 ppq_arena_t *arena);

/* The chunk info of column `col` in row group `rg`; NULL when out of
 * range or not kept. */
const ppq_chunk_info_t *ppq_reader_chunk(const ppq_reader_t *r, uint32_t rg, uint32_t col);

/* Rows of row group `rg`; -1 when out of range or not kept. */
int64_t ppq_reader_row_group_rows(const ppq_reader_t *r, uint32_t rg);

/* A text naming what the last PPQ_ERR_UNSUPPORTED was about ("" if none). */
const char *ppq_reader_unsupported(const ppq_reader_t *r);

/* The column's schema leaf. */
const ppq_schema_node_t *ppq_reader_column(const ppq_reader_t *r, uint32_t col);

/* Whether row group `rg` may hold values of column `col` in [min, max]
 * (PLAIN bytes of the column's type; NULL: unbounded) by its statistics:
 * 0 only when the statistics prove none does (pruning); 1 otherwise (also
 * for a chunk not kept). */
int ppq_reader_may_contain(const ppq_reader_t *r, uint32_t rg, uint32_t col, const void *min, const void *max);

/* ---- page index and bloom filters (PPQ_READER_PAGE_INDEX) -------------------
 * Finding rows without reading every page:
 *   ppq_reader_page_index_size(&r, rg, col, &st)   what a chunk's index needs
 *   ppq_reader_page_index(&r, rg, col, &arena, &pi)  its OffsetIndex and ColumnIndex
 *   ppq_page_index_rows(&pi, &min, &max, ranges, cap, &n)  the rows whose
 *     pages may hold values in [min, max]
 *   ppq_column_reader_select(&cr, &pi, ranges, n)  (each column of the row
 *     group, the same ranges) reads only those rows, skipping the pages
 *     outside them unread; the columns' rows stay aligned
 *   ppq_reader_bloom_check(&r, rg, col, ppq_bloom_hash_*(v), &maybe)  0: v
 *     is in no row of the chunk
 * A build with PPQ_READER_PAGE_INDEX 0 (the reader-min profile) keeps none
 * of it: each call returns PPQ_ERR_UNSUPPORTED. */

/* Rows [first, end) of a row group. */
typedef struct ppq_row_range {
    uint64_t first, end;
} ppq_row_range_t;

/* A column chunk's page index (in the arena ppq_reader_page_index took). */
typedef struct ppq_page_index {
    ppq_page_location_t *locs; /* the OffsetIndex: each data page's offset, size, first row */
    uint32_t npages;           /* 0: the chunk has no page index */
    ppq_column_index_t ci;     /* the ColumnIndex: ci.pages 0 when the chunk has none (else npages) */
    int64_t rows;              /* the row group's rows */
    const ppq_schema_node_t *leaf;
} ppq_page_index_t;

/*
 * Arena bytes ppq_reader_page_index needs for the page index of column `col`
 * in row group `rg` (0 with *st PPQ_OK when the chunk has none).  It reads
 * and checks the index (through the reader's window: no memory of its
 * own).  0 with *st set on an error: PPQ_ERR_ARG for a chunk out of range
 * or not kept, PPQ_ERR_CORRUPT for an index outside the file, malformed or
 * not matching the chunk (pages outside it, rows not ascending from 0
 * within the row group, a ColumnIndex of another page count), I/O errors,
 * PPQ_ERR_UNSUPPORTED in a build without PPQ_READER_PAGE_INDEX.
 */
size_t ppq_reader_page_index_size(ppq_reader_t *r, uint32_t rg, uint32_t col, ppq_status_t *st);

/*
 * Read the page index of column `col` in row group `rg` into *pi, its
 * arrays and bounds taken from `arena` (ppq_reader_page_index_size bytes;
 * PPQ_ERR_ARENA otherwise, the arena as before).  A chunk without one:
 * PPQ_OK, pi->npages 0 (rows and leaf set: ppq_page_index_rows then gives
 * every row).  Errors as ppq_reader_page_index_size.  The arena
 * must outlive *pi.
 */
PPQ_CHECKRET ppq_status_t ppq_reader_page_index(ppq_reader_t *r, uint32_t rg, uint32_t col, ppq_arena_t *arena,
                                              ppq_page_index_t *pi);

/*
 * The rows of the pages that may hold a value v with min <= v <= max
 * (PLAIN bytes of the column's type, a byte array's without length;
 * NULL: unbounded) into out[0..cap) as ascending ranges, adjacent pages
 * merged: a page is left out when it holds only nulls or its ColumnIndex
 * bounds exclude the range (for numbers, and byte arrays in unsigned
 * order: not decimals, intervals or FLOAT16; only under the TYPE_ORDER
 * column order).  A chunk without a ColumnIndex gives all its pages'
 * rows, one without a page index (npages 0) every row.  At most
 * pi->npages ranges (1 without an index); more than cap: PPQ_ERR_NOSPACE,
 * *n telling how many.  PPQ_ERR_ARG for NULL arguments or bounds of the
 * wrong width.
 */
PPQ_CHECKRET ppq_status_t ppq_page_index_rows(const ppq_page_index_t *pi, const ppq_bytes_t *min,
                                              const ppq_bytes_t *max, ppq_row_range_t *out, uint32_t cap,
                                              uint32_t *n);

/*
 * Probe the bloom filter of column `col` in row group `rg` for the value
 * whose hash is `hash` (ppq_bloom_hash_*, inc/ppq_bloom.h): *maybe 0 when
 * the chunk holds no such value, 1 when it may (or has no filter).  Reads
 * the filter's header and the one 32-byte block the hash picks (no arena).
 * PPQ_ERR_CORRUPT for a filter outside the file or its stated length, or a
 * malformed header; PPQ_ERR_UNSUPPORTED for a filter of another algorithm,
 * hash or compression (and in a build without PPQ_READER_PAGE_INDEX);
 * PPQ_ERR_ARG for a chunk out of range or not kept; I/O errors.
 */
PPQ_CHECKRET ppq_status_t ppq_reader_bloom_check(ppq_reader_t *r, uint32_t rg, uint32_t col, uint64_t hash,
                                                 int *maybe);

/* Caller-owned column reader state (internal fields; do not touch). */
typedef struct ppq_column_reader {
    ppq_reader_t *r;
    const ppq_schema_node_t *leaf;
    const ppq_chunk_info_t *chunk;
    uint64_t pos, end;       /* the next page header; the chunk's end */
    uint8_t *zbuf, *pbuf;    /* a page as stored, and uncompressed */
    size_t zcap, pcap;
    uint8_t *dict_buf;       /* the dictionary page, uncompressed */
    size_t dict_cap;
    void *work;              /* the codec's work memory */
    size_t work_len;
    uint8_t *vbuf;           /* DELTA_BYTE_ARRAY values */
    size_t vcap;
    ppq_arena_t page_arena;  /* the page's decoder arena */
    ppq_arena_t dict_arena;  /* the dictionary decoder's */
    ppq_status_t err;        /* sticky: a read that failed half-way */
    uint8_t have_dict, check_crc;
    /* the page being read */
    uint8_t in_page, encoding;
    uint32_t page_levels;    /* entries in the page */
    uint32_t levels_done;    /* entries read */
    ppq_rle_dec_t def_dec, rep_dec;
    ppq_bitpacked_dec_t def_bp, rep_bp; /* deprecated BIT_PACKED levels */
    uint8_t def_is_bp, rep_is_bp;
    int32_t page_values;     /* values (non-null) the page holds, -1: not said (v1) */
    uint32_t values_done;
    size_t need;             /* after PPQ_ERR_ARENA from init: the arena bytes it needs */
    union {
        ppq_plain_dec_t plain;
        ppq_rle_dec_t rle;
        ppq_delta_dec_t delta;
        ppq_dlba_dec_t dlba;
        ppq_dba_dec_t dba;
        ppq_bss_dec_t bss;
        ppq_dict_dec_t dict;
    } dec;
    ppq_dict_dec_t dict;     /* the chunk's dictionary */
    uint64_t values_read;    /* entries read in the chunk */
    /* ppq_column_reader_skip: entries read and dropped a few at a time, and
     * (repeated columns) the entry that starts the row after the skipped
     * ones, which the next read returns */
    union ppq_any_value {
        ppq_bytes_t bytes;
        ppq_int96_t i96;
        int64_t i64;
        double d;
    } skip_values[PPQ_READER_SKIP_STEP], carry_value;
    int16_t skip_def[PPQ_READER_SKIP_STEP], skip_rep[PPQ_READER_SKIP_STEP];
    int16_t carry_def;
    uint8_t carry;
    /* ppq_column_reader_select: the rows read, and how pages were passed */
    const ppq_page_location_t *locs; /* the chunk's OffsetIndex (NULL: none) */
    uint32_t nlocs;          /* its pages */
    const ppq_row_range_t *ranges;
    uint32_t nranges, range_at;
    uint64_t row;            /* the row of the next entry */
    uint64_t jump;           /* the next load goes on at this page (0: none) */
    uint32_t pages_read;     /* data pages decoded (PPQ_READER_PAGE_INDEX builds) */
    uint32_t pages_jumped;   /* data pages passed unread through the OffsetIndex */
} ppq_column_reader_t;

/*
 * Arena bytes ppq_column_reader_init needs for column `col` of row group
 * `rg`: the largest page as stored and uncompressed, the dictionary, the
 * codec's work memory, the decoders'.  It walks the chunk's page headers
 * (reads through the callback).  0 with *st set on an error (corrupt,
 * unsupported codec, I/O; PPQ_ERR_ARG for a chunk out of range or not
 * kept).
 */
size_t ppq_column_reader_arena_size(ppq_reader_t *r, uint32_t rg, uint32_t col, ppq_status_t *st);

/*
 * Start reading column `col` of row group `rg`: buffers from `arena` (its
 * size from ppq_column_reader_arena_size; PPQ_ERR_ARENA otherwise), the
 * dictionary page read if there is one.  Page CRCs are checked where pages
 * carry them (PPQ_ERR_CORRUPT on a mismatch).  PPQ_ERR_ARG for a column or
 * row group out of range or not kept (ppq_reader_open_select).
 */
PPQ_CHECKRET ppq_status_t ppq_column_reader_init(ppq_column_reader_t *cr, ppq_reader_t *r, uint32_t rg, uint32_t col,
                                                 ppq_arena_t *arena);

/*
 * Read up to `max` entries: *levels gets the entries read (0 at the end of
 * the chunk), *count the values among them (written densely to `values`,
 * which must have room for `max`); def/rep (each NULL, or room for `max`
 * int16_t) get the levels.  NULL: a column without them (rep of a flat
 * column, def of a REQUIRED one), or def of any flat column whose nulls
 * the caller only counts (*levels - *count; faster); a repeated column
 * needs both (else PPQ_ERR_ARG).  Stops at the end of a page, and (only
 * DELTA_BYTE_ARRAY, whose values rebuild from shared prefixes) where the
 * value buffer of twice the largest page fills: fewer entries, never none
 * before the chunk's end; the next read goes on from there.  Errors:
 * PPQ_ERR_CORRUPT (pages that decode to more or fewer values than their
 * headers say, bad levels, bad encodings), PPQ_ERR_UNSUPPORTED, I/O.
 */
PPQ_CHECKRET ppq_status_t ppq_column_reader_read(ppq_column_reader_t *cr, size_t max, void *values, int16_t *def,
                                                 int16_t *rep, size_t *levels, size_t *count);

/*
 * Skip `n` rows: of a flat column, n entries; of a repeated one, n records
 * (up to the entry that starts the next, which the next read returns).
 * The rows are decoded and dropped, a few entries at a time, in the
 * reader's own memory.  *skipped gets the rows skipped: n, or fewer at the
 * chunk's end.  Errors as ppq_column_reader_read.
 */
PPQ_CHECKRET ppq_status_t ppq_column_reader_skip(ppq_column_reader_t *cr, uint64_t n, uint64_t *skipped);

/*
 * From now on, read only the rows in ranges[0..n) (ascending, not
 * overlapping, within the row group: ppq_page_index_rows's, or any the
 * caller makes; they must outlive the reading) of a flat column (no
 * repetition): each read returns entries of those rows only, in order;
 * every column of a row group given the same ranges yields the same rows.
 * With `pi` (this column's ppq_reader_page_index; NULL: none) the pages
 * holding none of the rows are passed through its OffsetIndex, neither
 * read nor decompressed; rows before a range inside a page are decoded
 * and dropped.  cr->pages_read counts the data pages decoded,
 * cr->pages_jumped those passed.  Call it after init, before any read or
 * skip (ppq_column_reader_skip on a selected reader is PPQ_ERR_STATE).
 * PPQ_ERR_ARG for a repeated column, ranges not ascending or empty ones,
 * a `pi` whose pages lie outside this chunk; PPQ_ERR_STATE after a read;
 * PPQ_ERR_UNSUPPORTED in a build without PPQ_READER_PAGE_INDEX.
 */
PPQ_CHECKRET ppq_status_t ppq_column_reader_select(ppq_column_reader_t *cr, const ppq_page_index_t *pi,
                                                   const ppq_row_range_t *ranges, uint32_t n);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_READER_H */
