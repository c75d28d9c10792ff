/*
 * The Parquet file writer: a flat schema (a root and leaf columns), rows
 * appended one at a time, the file streamed to a sink in file order with
 * every byte of state in the caller's arena.
 *
 * File layout: "PAR1", then per row group each column chunk (an optional
 * dictionary page, then data pages v1 or v2), then the footer (FileMetaData,
 * Thrift compact), its length and "PAR1".  The pages of the open row group
 * are buffered per column (column chunks must be contiguous); a row group
 * is written when its row target is reached or a column's buffer cannot
 * take another page (the compact layout, opts.compact: see there).  Each written row group's metadata is kept,
 * serialized, in the arena until close assembles the footer.
 *
 * Errors: a rejected row (wrong type, null in a REQUIRED column) returns
 * PPQ_ERR_ARG and leaves the writer as it was.  A sink error puts the
 * writer in a failed state: every later call returns it and close writes
 * no footer.  PPQ_ERR_NOSPACE from commit means the footer store is full:
 * close this file and start another (sensor logs rotate anyway).
 */
#ifndef PPQ_WRITER_H
#define PPQ_WRITER_H

#include "ppq_codec.h"
#include "ppq_config.h"
#include "ppq_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* created_by in every file. */
#define PPQ_CREATED_BY "picoparquet version " PPQ_VERSION_STRING

typedef enum ppq_logical_kind {
    PPQ_LOGICAL_NONE = 0,
    PPQ_LOGICAL_STRING,    /* BYTE_ARRAY */
    PPQ_LOGICAL_ENUM,      /* BYTE_ARRAY */
    PPQ_LOGICAL_JSON,      /* BYTE_ARRAY */
    PPQ_LOGICAL_UUID,      /* FIXED_LEN_BYTE_ARRAY(16) */
    PPQ_LOGICAL_FLOAT16,   /* FIXED_LEN_BYTE_ARRAY(2) */
    PPQ_LOGICAL_INT,       /* INT32 (8/16/32 bits) or INT64 (64), signed or not */
    PPQ_LOGICAL_DECIMAL,   /* INT32, INT64 or FIXED_LEN_BYTE_ARRAY */
    PPQ_LOGICAL_DATE,      /* INT32, days since 1970-01-01 */
    PPQ_LOGICAL_TIME,      /* INT32 for MILLIS, INT64 for MICROS/NANOS */
    PPQ_LOGICAL_TIMESTAMP  /* INT64 */
} ppq_logical_kind_t;

typedef enum ppq_time_unit { PPQ_UNIT_MILLIS = 0, PPQ_UNIT_MICROS = 1, PPQ_UNIT_NANOS = 2 } ppq_time_unit_t;

typedef struct ppq_logical {
    ppq_logical_kind_t kind;
    uint8_t bit_width;     /* INT: 8, 16, 32 or 64 */
    uint8_t is_signed;     /* INT */
    uint8_t utc;           /* TIME, TIMESTAMP: isAdjustedToUTC */
    ppq_time_unit_t unit;  /* TIME, TIMESTAMP */
    int32_t precision;     /* DECIMAL: 1.. (INT32 <= 9, INT64 <= 18) */
    int32_t scale;         /* DECIMAL: 0..precision */
} ppq_logical_t;

/* How a column's values are encoded.  AUTO picks per type: dictionary for
 * byte arrays, DELTA_BINARY_PACKED for INT32/INT64, BYTE_STREAM_SPLIT for
 * FLOAT/DOUBLE, RLE for BOOLEAN, PLAIN otherwise (and where the build
 * leaves that choice out: PPQ_WRITER_ENCODINGS, ppq_config.h).  An
 * encoding the type cannot take, or that the build leaves out, fails
 * ppq_writer_init with PPQ_ERR_ARG. */
typedef enum ppq_column_encoding {
    PPQ_COLUMN_AUTO = 0,
    PPQ_COLUMN_PLAIN,
    PPQ_COLUMN_DICTIONARY,           /* falls back to PLAIN when full */
    PPQ_COLUMN_DELTA_BINARY_PACKED,  /* INT32, INT64 */
    PPQ_COLUMN_BYTE_STREAM_SPLIT,    /* FLOAT, DOUBLE, INT32, INT64, FLBA */
    PPQ_COLUMN_RLE,                  /* BOOLEAN */
    PPQ_COLUMN_DELTA_LENGTH_BYTE_ARRAY, /* BYTE_ARRAY */
    PPQ_COLUMN_DELTA_BYTE_ARRAY      /* BYTE_ARRAY, FLBA: shared prefixes, e.g. sorted keys */
} ppq_column_encoding_t;

typedef struct ppq_column {
    const char *name;              /* caller-owned; must outlive the writer */
    ppq_type_t type;
    uint32_t type_len;             /* FIXED_LEN_BYTE_ARRAY length */
    uint8_t optional;              /* 0: REQUIRED, 1: OPTIONAL */
    ppq_logical_t logical;
    ppq_column_encoding_t encoding;
} ppq_column_t;

typedef struct ppq_key_value {
    const char *key;   /* caller-owned; must outlive the writer */
    const char *value; /* NULL: no value */
} ppq_key_value_t;

/* A column the rows are sorted by (opts.sorting_columns): `column` a
 * schema index of an INT32 or INT64 column (ordered as its statistics
 * are: signed, or unsigned for an unsigned INT logical type);
 * `descending` 0: ascending; `nulls_first` 1: nulls before values. */
typedef struct ppq_sorting_column {
    uint32_t column;
    uint8_t descending;
    uint8_t nulls_first;
} ppq_sorting_column_t;

/* The most sorting columns a writer takes. */
#define PPQ_WRITER_SORT_MAX 4u

/* A zero-initialised ppq_writer_options_t means the defaults. */
typedef struct ppq_writer_options {
    uint32_t page_values;     /* values per data page (0: 8192) */
    uint32_t page_bytes;      /* byte-array bytes per page (0: 8192) */
    uint32_t row_group_rows;  /* rows per row group (0: 131072); fewer when a chunk buffer fills */
    uint32_t row_group_bytes; /* also end a row group once its finished pages (headers
                                 included) reach this many bytes (0: no limit) */
    uint32_t chunk_bytes;     /* per column, the open row group's pages; a row group ends
                                 when one is nearly full (less free than two worst-case
                                 pages; a flat dictionary column's: one, and its largest
                                 index or one-value page, where AUTO weighs thoroughly, the
                                 default build; else three).  The least is two worst-case pages (three
                                 for dictionary columns) and smaller values mean that (1:
                                 the least, tiny row groups); 0: pages for
                                 a whole row group (row_group_rows) at their worst.  The
                                 compact layout: its store is chunk_bytes per column (0:
                                 4 KiB; at least what one row at its largest needs, up to
                                 65,535 bytes in all, past which init is PPQ_ERR_ARG) */
    uint32_t dict_entries;    /* dictionary limits per column chunk (0: 16384 entries, 128 KiB) */
    uint32_t dict_bytes;
    uint32_t footer_bytes;    /* the footer store: row groups' metadata kept for the footer,
                                 packed (PPQ_WRITER_PACKED_FOOTER, the default: a row group's
                                 some 3 times fewer bytes than its Thrift; else as Thrift)
                                 (0: 256 KiB; 1: the least, one row group's worth at its
                                 largest; in the compact layout with a footer spill none:
                                 each goes straight to it) */
    uint8_t page_crc;         /* 1: CRC-32 of every page body in its header */
    uint8_t page_v2;          /* 1: DataPageHeaderV2 pages (levels without a length prefix,
                                 null and row counts in the header; PPQ_ERR_ARG in a build
                                 without them, PPQ_WRITER_PAGE_V2); 0: v1 pages */
    uint8_t no_statistics;    /* 1: no min/max/null_count */
    /* 1: the compact layout, for boards with a few KiB of RAM
     * (ppq_writer_options_for_arena picks it for small arenas).  Each
     * column chunk is one page (on 64-bit CPUs an AUTO dictionary's may
     * be a few, of growing index width) whose values are encoded as they
     * arrive into one store the columns share: dictionary indices, deltas, runs,
     * and at its other end the row group's dictionary entries, found
     * through one hash table.  No page buffer per column, nothing reserved
     * for a worst case: a row group ends when the next row would not fit
     * (or a column's dictionary outgrows its index width, which the next
     * row group widens).  chunk_bytes times the columns is the store (at
     * most 65535 bytes); dict_entries the entries all dictionaries hold
     * together.  AUTO takes DELTA_BINARY_PACKED for INT64, RLE for
     * BOOLEAN, a dictionary otherwise, weighed after each row group: a
     * column of numbers whose entries and indices took more of the store
     * than its values would as PLAIN is PLAIN for the next 8 row groups
     * (16, 32, ... up to 128 while the dictionary keeps losing); an explicit encoding may be PLAIN,
     * DICTIONARY (no fallback: the row group ends), DELTA_BINARY_PACKED
     * (its deltas kept in 32 bits: one beyond ends the row group, the next
     * starting at its value, or on 64-bit CPUs, without a footer spill and
     * with footer_bytes below 64 KiB, makes the rest of the row group a
     * PLAIN page of the chunk; one within 8 values of its row group's start,
     * or a later one within 128, makes the column PLAIN from then on) or RLE.  Uncompressed v1 pages without page statistics (the column
     * chunks keep theirs), at most 127 columns, no recovery records: other
     * choices are PPQ_ERR_ARG with it. */
    uint8_t compact;
    const ppq_key_value_t *key_values; /* footer key-value metadata (caller-owned) */
    uint32_t key_value_count;
    /* Optional, caller-owned, both or neither: where row-group metadata goes
     * when the footer store fills, and where ppq_writer_close reads it back.
     * The writer appends to footer_spill; close reads exactly the bytes it
     * appended, in order, from footer_unspill (and reads nothing from it
     * before close).  Without them a full store makes commit return
     * PPQ_ERR_NOSPACE: close the file and start a new one. */
    ppq_sink_t *footer_spill;
    ppq_source_t *footer_unspill;
    /* 1: a recoverable file (page_crc forced on): a header record after
     * "PAR1" and a row-group record after each row group let
     * ppq_recover_*() rebuild the footer of a file cut off mid-write (see
     * ppq_recover.h for the layout; readers ignore both records). */
    uint8_t recovery;
    /* The page index (ppq_page_index.h): in the page layout, after each row
     * group's column chunks, every column's ColumnIndex (each data page's
     * min and max, whether it holds only nulls, its null count, the bounds'
     * order: ASCENDING for a sorted timestamp) and then every column's
     * OffsetIndex (where each data page starts, its size with its header,
     * its first row), found through the ColumnChunk's offsets; written by
     * default.  A column has no ColumnIndex without statistics (no_statistics,
     * PPQ_WRITER_STATISTICS 0, a type without an order such as INT96), or in
     * a chunk where a page has no bounds (only NaN, or a byte array whose
     * max has no cut stand-in); byte-array bounds are cut to 32 bytes as the
     * format allows.  The arena holds index_pages pages per column (0: as
     * many as a row group of row_group_rows has, whole pages of page_values
     * values, plus 2; for BYTE_ARRAY also the pages page_bytes ends when
     * values average 32 bytes): a chunk of more pages keeps no index
     * (neither struct).  ppq_writer_options_for_arena turns it off.  The compact layout
     * writes none; a build with PPQ_WRITER_PAGE_INDEX 0 (ppq_config.h) none
     * whatever these say.  no_page_index 1: none (the file as before, byte
     * for byte).  (Both in the padding after `recovery`: the struct's
     * layout is as before.) */
    uint8_t no_page_index;
    uint16_t index_pages;
    /* Optional: called after each row group is written (with its record),
     * `offset` the file size then.  Flush any buffering below the writer
     * and sync the file (f_sync) here: a power cut after it loses at most
     * the rows committed since.  An error is sticky like a sink error. */
    ppq_status_t (*sync)(void *ctx, uint64_t offset);
    void *sync_ctx;
    /* Page compression (ppq_codec.h): every page body (v2 pages: all but
     * the levels) compressed with `codec` at `codec_level` (0: the codec's
     * default).  column_codecs, NULL or one per schema column, gives each
     * column its own (PPQ_CODEC_UNCOMPRESSED: none).  A codec this build
     * cannot compress, or a level the codec does not have, fails
     * ppq_writer_init with PPQ_ERR_UNSUPPORTED or PPQ_ERR_ARG; so do
     * column_codecs with `recovery` (a recoverable file names one codec,
     * `codec`, for all its pages; recovery rebuilds its footer unchanged).
     * The arena then also holds one page to compress, its output and the
     * codec's work memory, shared by the columns. */
    ppq_codec_t codec;
    int32_t codec_level;
    const ppq_codec_t *column_codecs;
    /* Set by ppq_writer_options_for_arena (the writer ignores it): about
     * how many rows a file takes before its footer store fills and commit
     * returns PPQ_ERR_NOSPACE (the compact layout: at a guess of 2 bytes a
     * value and of row groups' metadata as wide as small ones' usually
     * are; pages: chunk buffers of worst-case pages, which most data
     * beats, though incompressible numbers can take fewer rows: random
     * INT64s 1,430 where it said 1,536); 0: no such limit (a footer spill)
     * or more than 2^32 - 1.  An estimate: ppq_writer_row_groups_left()
     * says when a file is nearly full. */
    uint32_t file_rows;
    /* Bloom filters (ppq_bloom.h: the format's split-block filters, XXH64
     * of each value's PLAIN bytes), in the page layout: after each row
     * group's column chunks (and its page index), a filter for each chunk
     * of a filtered column whose values all went through its dictionary
     * (every data page dictionary-encoded: the dictionary holds the
     * chunk's distinct values), sized for them at bloom_fpp as the spec's
     * formula says (a power of two, at least 32 bytes), found through
     * ColumnMetaData's bloom_filter_offset and bloom_filter_length.  A
     * chunk whose dictionary fell back to PLAIN, or whose encoding is not
     * a dictionary, has none.  Which columns: bloom_columns NULL, AUTO's
     * pick: BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY, INT32 and INT64 columns that
     * take a dictionary (PPQ_COLUMN_AUTO or PPQ_COLUMN_DICTIONARY; a
     * BYTE_ARRAY without a text type, or a FIXED_LEN_BYTE_ARRAY without a
     * logical type, only where its chunk's values are ASCII: DuckDB 1.5.6
     * probes other bytes with another hash); else
     * one byte per schema column (caller-owned), nonzero for a filter (any
     * type but BOOLEAN, when its chunk is dictionary-encoded as above).
     * no_bloom 1: none (the file as before, byte for byte).  Memory: one
     * filter's bitset in the arena, shared by the columns (built at the
     * row group's end from the dictionary's entries): bloom_bytes, rounded
     * down to a power of two (0: the filter of min(dict_entries,
     * row_group_rows) distinct values at bloom_fpp, 32 KiB with the
     * defaults); a chunk whose filter needs more has none (its false
     * positive rate is always bloom_fpp or better).  Recovery keeps them
     * (a record before them, ppq_recover.h).  ppq_writer_options_for_arena
     * sets no_bloom; the compact layout writes none, nor a build with
     * PPQ_WRITER_BLOOM 0 (ppq_config.h). */
    uint8_t no_bloom;
    /* 1: AUTO also weighs the encodings the format allows that some
     * readers lack, in the page layout: BYTE_STREAM_SPLIT of INT32, INT64
     * and FIXED_LEN_BYTE_ARRAY under a compressor (DuckDB 1.5 reads it for
     * FLOAT and DOUBLE only, polars 0.24 not for FIXED_LEN_BYTE_ARRAY),
     * DELTA_BYTE_ARRAY of FIXED_LEN_BYTE_ARRAY (polars 0.24 lacks it;
     * decimals and ids that share leading bytes take a fraction of
     * PLAIN's).  arrow-rs reads them all (make sweep-interop).  0: AUTO
     * writes what DuckDB, Arrow, polars and pandas all read.  Explicit
     * encodings and the compact layout ignore it; so do builds without
     * the thorough weighing (PPQ_WRITER_AUTO_THOROUGH 0).  (In the
     * padding after no_bloom.) */
    uint8_t auto_all_encodings;
    /* Nested schemas (ppq_writer_init_nested): the entries (levels) each
     * leaf may take in one record built with ppq_writer_nest_* or read by
     * ppq_writer_write_nested_record, staged in the arena before the record
     * is committed (capped at page_values: a record's entries fit a page);
     * 0: neither API (ppq_writer_write_levels only, no arena for them).
     * Flat writers ignore it.  (In the padding after no_bloom: the struct's
     * layout is as before.) */
    uint16_t record_entries;
    const uint8_t *bloom_columns;
    uint32_t bloom_fpp;   /* false positives per million probes of absent values (0: 10,000, 1%) */
    uint32_t bloom_bytes;
    /* sorting_columns in each row group's metadata: the rows are sorted by
     * these columns (at most PPQ_WRITER_SORT_MAX, caller-owned, read at
     * init; the first the major key), checked as rows arrive: a row
     * group with a row out of that order (by its predecessor in the row
     * group) has none.  PPQ_ERR_ARG at init for a column out of range,
     * named twice or not INT32/INT64, or more than PPQ_WRITER_SORT_MAX.
     * A build with PPQ_WRITER_SORTING 0 (ppq_config.h) ignores them (writes
     * none).  Recovery does not keep them. */
    const ppq_sorting_column_t *sorting_columns;
    uint32_t sorting_count;
} ppq_writer_options_t;

/* Caller-owned writer state (internal fields; do not touch). */
typedef struct ppq_writer {
    ppq_sink_t *out;
    const ppq_column_t *schema;
    struct ppq_col *cols;      /* per-column state, in the arena */
    uint32_t col_size;         /* ... each this many bytes (the layout's) */
    uint32_t ncols;
    uint8_t *footer;           /* the footer store: row groups' metadata (packed, or Thrift) */
    size_t footer_len, footer_cap, rg_meta_max; /* rg_meta_max: room kept for a row group's metadata */
    size_t rg_meta_full;       /* ... and what it takes without byte-array statistics cut */
    uint8_t *store;            /* compact layout: the open row group's streams and entries
                                  (page layout: a nested schema's state, or NULL) */
    size_t store_len, store_cap;
    uint8_t *scratch;          /* page header assembly */
    size_t scratch_cap;
    uint8_t *zin, *zout;       /* compression: a page's body, and compressed */
    size_t zin_cap, zout_cap;
    void *zwork;               /* the codecs' work memory */
    size_t zwork_len;
    uint64_t rows;             /* rows in closed row groups */
    uint32_t rg_rows;          /* rows in the open row group */
    uint32_t row_groups;
    uint64_t spilled;          /* RowGroup bytes written to footer_spill */
    ppq_status_t err;          /* sticky: sink failure; PPQ_ERR_STATE once closed */
    uint8_t full;              /* footer store full: close the file */
    uint8_t rg_due;            /* a page made a chunk buffer nearly full (or the row
                                  group reach row_group_bytes): end the row group */
    uint8_t row_open;          /* a setter set a column since the last commit (or clear) */
    uint8_t flushing;          /* AUTO: the row group's last pages are being written */
    uint32_t hdr_crcs;         /* recovery: sum of the open row group's page-header CRCs */
    size_t store_top;          /* compact: where the dictionary entries start (they
                                  fill the store down from its end) */
    size_t seg_last;           /* compact: the last segment's offset (SIZE_MAX: none) */
    uint16_t *dict_slots;      /* compact: the dictionaries' hash table (0: empty,
                                  else the end offset of an entry) */
    uint32_t dict_nslots, dict_used;
    size_t wide_at;            /* compact: entries that end at or below it have indices of
                                  two bytes (0: none; a dictionary wider than 8 bits) */
    const struct ppq_field *record; /* ppq_writer_use_record's fields (NULL: none) */
    uint32_t record_first;     /* ... the offset of the first byte array always there (UINT32_MAX: */
    uint32_t record_min, record_span; /* none) and the lengths it takes: min .. min + span */
    uint32_t record_check;     /* ... the first other column write_record checks before putting any */
    uint32_t rows_fast;        /* rows every open page surely has room for (0: look) */
    uint32_t rg_last;          /* rows of the last row group written (AUTO's horizon) */
    void *ext;                 /* bloom filters' and sorting_columns' state, in the arena (NULL: none) */
#if SIZE_MAX > 0xFFFFFFFFu
    uint8_t *rz;               /* AUTO's chunks weighed again (64-bit CPUs): where an old page is
                                  decompressed (the room left in a chunk buffer) */
    size_t rz_cap;
    uint64_t rz_at;            /* ... the replay's pages: their bytes (rz_mode 1), or where the
                                  first went in the file (2) */
    uint8_t rz_mode;           /* ... 0 none, 1 counted, 2 to the file */
    uint8_t rg_probe;          /* compact: the file's first row group is weighed when this many
                                  eighths of the store are taken (compact_probe; 0: no more) */
    uint16_t rg_cut;           /* AUTO (64-bit CPUs): 1 + the column whose buffer, filled by
                                  other pages than a dictionary's, ended the row group (0: none) */
    uint32_t rg_meta_last;     /* compact: the metadata bytes of the row group being closed
                                  (no_delta_kind's cost of one more) */
#endif
    /* (last: the fields above, used at every row, stay within the short
     * offsets of Thumb's loads whatever the options hold) */
    ppq_writer_options_t opts;
    size_t store_size;         /* compact: the store's bytes (store_cap: less the encoder
                                  buffers lent from its end) */
} ppq_writer_t;

/* The exact arena bytes ppq_writer_init needs (0 for an invalid schema or
 * options).  With bloom filters (the default on hosts, opts.no_bloom) it
 * counts one filter's bitset (opts.bloom_bytes: 32 KiB with the default
 * options, for 16,384 distinct values at 1%); set no_bloom, or a smaller
 * bloom_bytes (larger filters are then left out), for less. */
size_t ppq_writer_arena_size(const ppq_column_t *schema, uint32_t ncols, const ppq_writer_options_t *opts);

/*
 * Fill the sizing fields of *opts (page_values, page_bytes, row_group_rows,
 * chunk_bytes, dict_entries, dict_bytes, footer_bytes, compact) with those
 * that make the largest row groups in `arena_len` bytes, for firmware that
 * knows how much RAM it has: up to 96 KiB the compact layout where the other
 * options allow it (uncompressed v1 pages, no recovery records), else pages
 * per column (dictionaries of up to 1,024 entries, a 256th of a column's
 * share of the arena at most); no_page_index 1 (the arena goes to pages and row groups: to
 * have the index, clear it and set index_pages afterwards, and check
 * ppq_writer_arena_size); the other fields (CRC, statistics, v2 pages, recovery,
 * key-value metadata, a footer spill) are kept as given, so set them first.
 * ppq_writer_arena_size() of the result is at most arena_len.  Returns
 * PPQ_ERR_ARG for a NULL opts or an invalid schema, PPQ_ERR_ARENA when no
 * configuration of the schema fits (nothing changed then).
 */
PPQ_CHECKRET ppq_status_t ppq_writer_options_for_arena(ppq_writer_options_t *opts, const ppq_column_t *schema,
                                                       uint32_t ncols, size_t arena_len);

/*
 * Validate the schema and options, lay out the arena and write "PAR1".
 * PPQ_ERR_ARG (nothing written) for an invalid schema: an empty or
 * duplicate name, FLBA length 0, a logical type that does not fit the
 * physical type, decimal precision/scale out of range, an encoding the type
 * cannot take or the build leaves out (ppq_config.h); PPQ_ERR_ARENA when `len` < ppq_writer_arena_size(); or the
 * sink's error.  After a failed init (w not NULL) every other call on w,
 * ppq_writer_close included, returns PPQ_ERR_STATE.  `schema`, `opts`
 * content and `arena` must outlive the writer; opts may be NULL.
 */
PPQ_CHECKRET ppq_status_t ppq_writer_init(ppq_writer_t *w, const ppq_column_t *schema, uint32_t ncols,
                                          const ppq_writer_options_t *opts, ppq_sink_t *out, void *arena,
                                          size_t len);

/* Set column `col` of the row being built.  PPQ_ERR_ARG when the column
 * does not exist or has another physical type (or, for bytes, another
 * FLBA length, or a BYTE_ARRAY longer than opts.page_bytes: a value must
 * fit one page); the row is unchanged then.  Byte values are copied at
 * commit, so they must stay valid until then. */
PPQ_CHECKRET ppq_status_t ppq_writer_set_bool(ppq_writer_t *w, uint32_t col, int value);
PPQ_CHECKRET ppq_status_t ppq_writer_set_i32(ppq_writer_t *w, uint32_t col, int32_t value);
PPQ_CHECKRET ppq_status_t ppq_writer_set_i64(ppq_writer_t *w, uint32_t col, int64_t value);
PPQ_CHECKRET ppq_status_t ppq_writer_set_float(ppq_writer_t *w, uint32_t col, float value);
PPQ_CHECKRET ppq_status_t ppq_writer_set_double(ppq_writer_t *w, uint32_t col, double value);
PPQ_CHECKRET ppq_status_t ppq_writer_set_int96(ppq_writer_t *w, uint32_t col, const ppq_int96_t *value);
PPQ_CHECKRET ppq_status_t ppq_writer_set_bytes(ppq_writer_t *w, uint32_t col, const void *data, uint32_t len);
/* Null: PPQ_ERR_ARG for a REQUIRED column. */
PPQ_CHECKRET ppq_status_t ppq_writer_set_null(ppq_writer_t *w, uint32_t col);

/*
 * Append the row.  Columns not set are null; PPQ_ERR_ARG (row dropped,
 * writer usable) if one of them is REQUIRED.  May write a row group.
 * PPQ_ERR_NOSPACE: the footer store is full (without a footer spill): the
 * row is not in the file (nothing of it was written) and every later
 * commit says the same; close the file, start the next one and commit the
 * row there, and no row is lost (a row the next file refuses alike is
 * larger than the compact layout's store).  ppq_writer_row_groups_left()
 * tells beforehand.  Else the sink's error (sticky).
 */
PPQ_CHECKRET ppq_status_t ppq_writer_commit_row(ppq_writer_t *w);

/* Where a column's value is in a caller's row struct (a record): `value`
 * the offset of the value, in the C type a batch's values use (uint8_t
 * BOOLEAN: 0 false, else true; int32_t, int64_t, ppq_int96_t, float,
 * double, ppq_bytes_t for BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY), aligned as
 * a struct member of that type is (not a packed struct: cores without
 * unaligned loads fault); `present` the offset of a uint8_t that is nonzero
 * when the value is there and 0 for a null, or PPQ_FIELD_ALWAYS (the
 * column always has one). */
typedef struct ppq_field {
    uint16_t value;
    uint16_t present;
} ppq_field_t;

#define PPQ_FIELD_ALWAYS 0xFFFFu
/* A field that always has a value, and one with a presence flag. */
#define PPQ_FIELD(type, member) {(uint16_t)offsetof(type, member), (uint16_t)PPQ_FIELD_ALWAYS}
#define PPQ_FIELD_OPTIONAL(type, member, flag) {(uint16_t)offsetof(type, member), (uint16_t)offsetof(type, flag)}

/*
 * Say how ppq_writer_write_record finds each column's value: `fields` has
 * one entry per schema column, caller-owned, read at this call and by
 * write_record (keep it alive and unchanged; a const table in flash is
 * usual; call this again to change the layout).  PPQ_ERR_ARG (nothing
 * changed) for NULL fields; PPQ_ERR_STATE after a failed init, after
 * close, or on a nested writer; a failed writer's error.
 */
PPQ_CHECKRET ppq_status_t ppq_writer_use_record(ppq_writer_t *w, const ppq_field_t *fields);

/*
 * Append one row read from `record` (a struct laid out as the fields of
 * ppq_writer_use_record say): the same bytes as setting each column and
 * committing, in one call that reads the values in place (the fastest way
 * to write row by row).  PPQ_ERR_STATE before ppq_writer_use_record;
 * PPQ_ERR_ARG (row dropped, writer usable) for a NULL record, a null in a
 * REQUIRED column, or a byte array the setters would refuse (NULL with a
 * length, a BYTE_ARRAY longer than opts.page_bytes, a FIXED_LEN_BYTE_ARRAY
 * of another length); else as ppq_writer_commit_row.  Columns set with the
 * setters and not committed are discarded (by a refused record too).
 */
PPQ_CHECKRET ppq_status_t ppq_writer_write_record(ppq_writer_t *w, const void *record);

/* One column's part of a batch of rows (all caller-owned, read during the
 * call only).  `values` has a slot for every row, nulls' slots ignored:
 * uint8_t (BOOLEAN, 0 or 1), int32_t, int64_t, ppq_int96_t, float, double,
 * or ppq_bytes_t (BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY).  Which rows have a
 * value: `validity` (bit r, LSB first, set = value), else `def_levels` (a
 * byte per row, 1 = value, 0 = null), else every row. */
typedef struct ppq_column_batch {
    const void *values;
    const uint8_t *validity;
    const uint8_t *def_levels;
} ppq_column_batch_t;

/*
 * Append `rows` rows given column by column: `cols` has one entry per
 * schema column.  The same as setting each row's values and committing it,
 * row by row: *written (may be NULL) counts the rows committed.  At the
 * first row that cannot be (the statuses of ppq_writer_set_* and
 * ppq_writer_commit_row: a null in a REQUIRED column, a byte array of the
 * wrong length, a full footer store, the sink's error) the call returns
 * that status; earlier rows stay committed and the writer stays usable
 * unless the sink failed.  PPQ_ERR_ARG for NULL `cols` or `values`.
 */
PPQ_CHECKRET ppq_status_t ppq_writer_write_batch(ppq_writer_t *w, const ppq_column_batch_t *cols, uint32_t rows,
                                                 uint32_t *written);

/* ---- nested schemas (built with PPQ_WRITER_NESTED, ppq_config.h) -------------
 *
 * A schema tree: groups (STRUCT, LIST, MAP) and leaf columns, each
 * REQUIRED, OPTIONAL or REPEATED, as the footer's SchemaElement list has
 * it: a pre-order array of nodes below the root, each group followed by
 * its `children` direct children (and their subtrees).  Both arrays can be
 * const tables in flash.  The writer's columns are the leaves in order:
 * leaf k is leaves[k] (its name, type, logical type and encoding; its
 * `optional` 1 exactly when the leaf node is OPTIONAL), and everything that
 * takes a column index (options.column_codecs, the page index, the reader's
 * columns) counts leaves.
 *
 * LIST and MAP are the spec's 3-level form (LogicalTypes.md):
 *
 *   <list name> (LIST, REQUIRED or OPTIONAL, 1 child)
 *     list      (STRUCT, REPEATED, 1 child)
 *       element (any node, REQUIRED or OPTIONAL)
 *
 *   <map name>  (MAP, REQUIRED or OPTIONAL, 1 child)
 *     key_value (STRUCT, REPEATED, 2 children)
 *       key     (a REQUIRED leaf)
 *       value   (any node, REQUIRED or OPTIONAL)
 *
 * The middle group's and the element's names are the caller's ("list",
 * "element", "key_value", "key", "value" are what other writers use).  A
 * STRUCT is a plain group of one or more children, any repetition (a
 * REPEATED group or leaf outside LIST and MAP is the spec's legacy
 * repeated field, which readers take as a list).  Depth at most
 * PPQ_WRITER_MAX_DEPTH nodes below the root.
 *
 * Each leaf's entries carry a definition level (0..max_def: how many of
 * its optional and repeated ancestors, itself included, are there) and a
 * repetition level (0..max_rep: 0 starts a record, r > 0 a new element of
 * the r-th repeated ancestor), as ppq_column_reader_read returns them.
 * max_def counts the OPTIONAL and REPEATED nodes on the leaf's path, max_rep
 * the REPEATED ones (ppq_writer_leaf_levels). */

#define PPQ_WRITER_MAX_DEPTH 16u

typedef enum ppq_repetition { PPQ_REQUIRED = 0, PPQ_OPTIONAL = 1, PPQ_REPEATED = 2 } ppq_repetition_t;

typedef enum ppq_node_kind {
    PPQ_NODE_LEAF = 0,   /* a column: the next of ppq_schema_t.leaves */
    PPQ_NODE_STRUCT = 1, /* a plain group */
    PPQ_NODE_LIST = 2,   /* a group annotated LIST (3-level form) */
    PPQ_NODE_MAP = 3     /* a group annotated MAP (3-level form) */
} ppq_node_kind_t;

typedef struct ppq_node {
    const char *name;     /* groups (caller-owned, must outlive the writer); leaves: unused
                             (the column's name) */
    uint8_t kind;         /* ppq_node_kind_t */
    uint8_t repetition;   /* ppq_repetition_t */
    uint16_t children;    /* groups: 1 or more direct children; leaves 0 */
} ppq_node_t;

typedef struct ppq_schema {
    const ppq_node_t *nodes;    /* pre-order, the root's children and below (not the root) */
    uint32_t nnodes;
    const ppq_column_t *leaves; /* one per PPQ_NODE_LEAF node, in the nodes' order */
    uint32_t nleaves;
} ppq_schema_t;

/* A leaf's part of ppq_writer_write_levels (all caller-owned, read during
 * the call only): `entries` level entries; `def` and `rep` their levels
 * (NULL when the leaf's max_def, max_rep is 0: every entry at 0 then, and
 * with max_rep 0 each entry is a record); `values` one per entry whose def
 * is max_def, densely, in the C types of ppq_column_batch_t (uint8_t 0/1
 * BOOLEAN, int32_t, int64_t, ppq_int96_t, float, double, ppq_bytes_t). */
typedef struct ppq_leaf_batch {
    const void *values;
    const int16_t *def;
    const int16_t *rep;
    uint32_t entries;
} ppq_leaf_batch_t;

/* The exact arena bytes ppq_writer_init_nested needs (0 for an invalid
 * schema or options, or a build without PPQ_WRITER_NESTED). */
size_t ppq_writer_arena_size_nested(const ppq_schema_t *schema, const ppq_writer_options_t *opts);

/* ppq_writer_options_for_arena for a schema tree (the same choices, the
 * page layout only: nested schemas have no compact layout).  PPQ_ERR_ARG
 * for a NULL opts or an invalid schema, PPQ_ERR_ARENA when nothing fits. */
PPQ_CHECKRET ppq_status_t ppq_writer_options_for_arena_nested(ppq_writer_options_t *opts, const ppq_schema_t *schema,
                                                              size_t arena_len);

/*
 * ppq_writer_init for a schema tree: validate it, lay out the arena, write
 * "PAR1".  The footer holds the whole tree (groups with their children,
 * repetition, LIST and MAP as ConvertedType and LogicalType) and each
 * column chunk's path_in_schema is its leaf's full path.  PPQ_ERR_ARG
 * (nothing written) for what ppq_writer_init refuses of a column and for a
 * tree that is not one: a node count that does not match the children, a
 * group without children, a leaf node with children, a leaf's `optional`
 * other than its node says, leaves not one per leaf node, an unknown kind or
 * repetition, an empty or duplicate sibling name, deeper than
 * PPQ_WRITER_MAX_DEPTH, a LIST or MAP not in the 3-level form above (a
 * REPEATED LIST or MAP node, a middle group that is not one REPEATED STRUCT
 * of 1 (LIST) or 2 (MAP) children, a REPEATED element or value, a map key
 * that is not a REQUIRED leaf); and for options nested writing does not
 * take: the compact layout, recovery records with v1 pages (recovery
 * finds a nested column chunk's end by the records its v2 page headers
 * count: set page_v2 with recovery) or with a leaf whose path's names,
 * joined by a byte each, pass 255 bytes.  `schema`, its arrays and
 * `arena` must outlive the writer.  ppq_writer_set_*, commit_row,
 * write_record and write_batch return PPQ_ERR_STATE on a nested writer:
 * rows go in through ppq_writer_write_levels, ppq_writer_write_nested_record
 * or ppq_writer_nest_* (below).  Without PPQ_WRITER_NESTED
 * these functions are not in the library (a call fails to link).
 */
PPQ_CHECKRET ppq_status_t ppq_writer_init_nested(ppq_writer_t *w, const ppq_schema_t *schema,
                                                 const ppq_writer_options_t *opts, ppq_sink_t *out, void *arena,
                                                 size_t len);

/* Leaf `leaf`'s largest definition and repetition levels.  PPQ_ERR_ARG
 * for a writer without a schema tree or a leaf out of range. */
PPQ_CHECKRET ppq_status_t ppq_writer_leaf_levels(const ppq_writer_t *w, uint32_t leaf, int16_t *max_def,
                                                 int16_t *max_rep);

/*
 * Append `records` records given leaf by leaf, levels and dense values (the
 * shape ppq_column_reader_read returns): `leaves` has one entry per leaf.
 * Each leaf's entries must hold exactly `records` records (entries whose
 * rep is 0; its first entry's rep 0), its levels in range (def 0..max_def,
 * rep 0..max_rep, and rep 0 where max_rep is 0), its value count the
 * entries at max_def, byte arrays as ppq_writer_set_bytes takes them, and a
 * record's entries in one leaf must fit one page (at most
 * opts.page_values entries, byte arrays at most opts.page_bytes together):
 * pages end at record boundaries.  All of that is checked before anything
 * is taken: PPQ_ERR_ARG and nothing written on bad input (writer usable).
 * PPQ_ERR_STATE on a flat writer.  Row groups end between records
 * (row_group_rows counts records); else as ppq_writer_commit_row
 * (PPQ_ERR_NOSPACE: a full footer store, the records from the row group
 * that could not start on not written; *written, may be NULL, counts the
 * records in; the sink's error is sticky).
 */
PPQ_CHECKRET ppq_status_t ppq_writer_write_levels(ppq_writer_t *w, const ppq_leaf_batch_t *leaves, uint32_t records,
                                                  uint32_t *written);

/* ---- nested rows from the caller's structs, or built call by call --------------
 *
 * Both ways stage one record in the arena (opts.record_entries entries per
 * leaf: ppq_writer_arena_size_nested counts them) and commit it as
 * ppq_writer_write_levels would take it, one record: the same checks, the
 * same bytes in the file.  Nothing of a record reaches a page before it is
 * whole and checked, so a refused record loses nothing accepted before it.
 * A writer whose opts.record_entries is 0 answers them PPQ_ERR_STATE, as
 * does a flat writer.
 *
 * 1. Records: one ppq_nest_field_t per schema node, in the nodes' order,
 * says where the node is in the C element that holds it (the record, a
 * struct's member, an array's element):
 *
 *   - a leaf: `value` the offset of its value, in ppq_column_batch_t's C
 *     types (uint8_t BOOLEAN: 0 false, else true; int32_t, int64_t,
 *     ppq_int96_t, float, double, ppq_bytes_t), aligned as a member of that
 *     type is;
 *   - a STRUCT, LIST or MAP node that is not REPEATED: `value` the offset
 *     its children's offsets count from (0: they are the holder's members;
 *     offsetof(T, gps): they are members of the struct member gps);
 *   - a REPEATED node (the middle group of a LIST or MAP, or a legacy
 *     repeated group or leaf): `value` the offset of a pointer to its
 *     elements (any object pointer type, `const float *` for a
 *     LIST<FLOAT>), `count` the offset of a uint32_t element count (0: no
 *     elements, an empty list; the pointer may then be NULL), `stride` the
 *     bytes from one element to the next (sizeof the element).  Each
 *     element is the holder of the node's children (a repeated leaf: the
 *     element is the value);
 *   - `present`: the offset of a uint8_t in the holder, nonzero when the
 *     node is there and 0 for a null (an OPTIONAL node's null: a null
 *     list, struct or value), or PPQ_FIELD_ALWAYS.  A REPEATED node takes
 *     PPQ_FIELD_ALWAYS (no elements is its empty).
 *
 * Offsets and strides are below 65,536.  The macros below build the usual
 * ones; a LIST or MAP macro gives both the LIST/MAP node's and its middle
 * group's descriptors.  For example, a timestamp, a LIST<FLOAT> burst and a
 * MAP<STRING, FLOAT?>?:
 *
 *   typedef struct { ppq_bytes_t key; float value; uint8_t has_value; } tag_t;
 *   typedef struct {
 *       int64_t ts;
 *       const float *burst; uint32_t nburst;
 *       const tag_t *tags; uint32_t ntags; uint8_t has_tags;
 *   } row_t;
 *   static const ppq_nest_field_t fields[] = {      (nodes:)
 *       PPQ_NEST_FIELD(row_t, ts),                  ts
 *       PPQ_NEST_LIST(row_t, burst, nburst, float), burst (LIST), list
 *       PPQ_NEST_ELEMENT,                           element (the float itself)
 *       PPQ_NEST_MAP_OPTIONAL(row_t, tags, ntags, tag_t, has_tags), tags (MAP), key_value
 *       PPQ_NEST_FIELD(tag_t, key),                 key
 *       PPQ_NEST_FIELD_OPTIONAL(tag_t, value, has_value)  value
 *   };
 *   ppq_writer_use_nested_record(&w, fields, 7);
 *   ppq_writer_write_nested_record(&w, &row);
 *
 * 2. Calls: ppq_writer_nest_set_* give a leaf's value, ppq_writer_nest_begin
 * and ppq_writer_nest_end one element of a LIST, MAP or repeated group,
 * ppq_writer_nest_null and ppq_writer_nest_empty a null or an empty node,
 * ppq_writer_nest_commit the record.  Nodes are named by their index in
 * schema->nodes.  A node is given inside the innermost element begun and
 * not ended (or the record, when none is): the nodes between it and that
 * element must not be REPEATED (begin their elements first).  Giving a
 * node makes its groups up to that element present.  What is not given is
 * null: an OPTIONAL leaf, struct, list or map not given is null, a REQUIRED
 * STRUCT not given is there with its children as not given, a REQUIRED
 * LIST or MAP not given is empty, and a REQUIRED leaf not given makes the
 * commit fail.  So a null list is one not given (or ppq_writer_nest_null),
 * an empty list ppq_writer_nest_empty (or begun elements none), a null
 * element an element begun and ended with nothing in it.  A leaf whose
 * parent is a REPEATED group of that one child (a LIST's element leaf: a
 * LIST<FLOAT>) may be set (or nulled) while the LIST is the innermost: each
 * call appends an element holding that value (or a null element); a
 * REPEATED leaf likewise takes each set as its next element.
 *
 * Misuse: a call that is refused leaves the record as it was (PPQ_ERR_ARG
 * for a node that does not exist, is not of the kind the call takes, is
 * not inside the innermost element, was given already in it or is inside a
 * node given as null, a value of another type or a byte array
 * ppq_writer_set_bytes would refuse, a null for a node that is not
 * OPTIONAL, more than opts.record_entries entries in a leaf, or elements
 * nested deeper than PPQ_WRITER_MAX_DEPTH; PPQ_ERR_STATE for
 * ppq_writer_nest_end with no element begun); the caller may go on with the
 * record or drop it (ppq_writer_nest_discard).  ppq_writer_nest_commit
 * with an element still begun is PPQ_ERR_STATE (the record kept: end it
 * and commit again); a record the commit refuses (a REQUIRED leaf not
 * given, more entries than record_entries, the checks of
 * ppq_writer_write_levels) is PPQ_ERR_ARG and dropped.  The writer's
 * sticky error (a failed sink, closed) answers every call.  A record begun
 * with these calls is dropped by ppq_writer_write_nested_record (which
 * stages its record in the same place); ppq_writer_write_levels leaves it
 * (its records go in first).
 */

typedef struct ppq_nest_field {
    uint16_t value;   /* leaf: the value; group: its children's start; REPEATED: the elements' pointer */
    uint16_t present; /* a uint8_t presence flag, or PPQ_FIELD_ALWAYS */
    uint16_t count;   /* REPEATED: a uint32_t element count */
    uint16_t stride;  /* REPEATED: bytes per element */
} ppq_nest_field_t;

/* A leaf or STRUCT member that is always there, or with a presence flag. */
#define PPQ_NEST_FIELD(type, member) {(uint16_t)offsetof(type, member), (uint16_t)PPQ_FIELD_ALWAYS, 0u, 0u}
#define PPQ_NEST_FIELD_OPTIONAL(type, member, flag)                                                                   \
    {(uint16_t)offsetof(type, member), (uint16_t)offsetof(type, flag), 0u, 0u}
/* A STRUCT whose children are members of its holder (offsets from it). */
#define PPQ_NEST_INLINE {0u, (uint16_t)PPQ_FIELD_ALWAYS, 0u, 0u}
#define PPQ_NEST_INLINE_OPTIONAL(type, flag) {0u, (uint16_t)offsetof(type, flag), 0u, 0u}
/* A list's element (or a map's value) that is the whole array element: a
 * LIST<FLOAT> over a float array, a LIST<STRUCT> whose element's members
 * are the array element's. */
#define PPQ_NEST_ELEMENT PPQ_NEST_INLINE
/* A REPEATED node: `ptr` and `count` members of `type`, elements of `elem`. */
#define PPQ_NEST_REPEATED(type, ptr, count, elem)                                                                    \
    {(uint16_t)offsetof(type, ptr), (uint16_t)PPQ_FIELD_ALWAYS, (uint16_t)offsetof(type, count), (uint16_t)sizeof(elem)}
/* A LIST or MAP node and its middle group: two descriptors. */
#define PPQ_NEST_LIST(type, ptr, count, elem) PPQ_NEST_INLINE, PPQ_NEST_REPEATED(type, ptr, count, elem)
#define PPQ_NEST_LIST_OPTIONAL(type, ptr, count, elem, flag)                                                         \
    PPQ_NEST_INLINE_OPTIONAL(type, flag), PPQ_NEST_REPEATED(type, ptr, count, elem)
#define PPQ_NEST_MAP PPQ_NEST_LIST
#define PPQ_NEST_MAP_OPTIONAL PPQ_NEST_LIST_OPTIONAL

/*
 * Say how ppq_writer_write_nested_record finds each node: `fields` has one
 * entry per schema node (`nfields` == schema->nnodes), caller-owned, read
 * at every record (a const table in flash is usual).  PPQ_ERR_ARG (nothing
 * changed) for NULL fields, another count, a REPEATED node with a presence
 * flag or a stride of 0; PPQ_ERR_STATE for a flat writer or one without
 * opts.record_entries.  May be called again to change the layout.
 */
PPQ_CHECKRET ppq_status_t ppq_writer_use_nested_record(ppq_writer_t *w, const ppq_nest_field_t *fields,
                                                       uint32_t nfields);

/*
 * Append one record read from `record` (the caller's struct, laid out as
 * ppq_writer_use_nested_record's fields say; read during the call only):
 * the same bytes as ppq_writer_write_levels given its levels and values.
 * PPQ_ERR_STATE before ppq_writer_use_nested_record; PPQ_ERR_ARG (record
 * dropped, nothing written, writer usable) for a NULL record, a null in a
 * REQUIRED node, elements but a NULL pointer, more elements or entries in
 * a leaf than opts.record_entries, a byte array ppq_writer_set_bytes would
 * refuse, or what ppq_writer_write_levels refuses (a record's entries or
 * bytes that pass a page); else as ppq_writer_write_levels (a full footer
 * store, the sink's error).  A record begun with ppq_writer_nest_* is
 * dropped.
 */
PPQ_CHECKRET ppq_status_t ppq_writer_write_nested_record(ppq_writer_t *w, const void *record);

/* Set leaf node `node` of the record being built (see above: where, and
 * what a refusal does).  Byte values are copied as ppq_bytes_t (pointer and
 * length): the bytes must stay valid until the commit. */
PPQ_CHECKRET ppq_status_t ppq_writer_nest_set_bool(ppq_writer_t *w, uint32_t node, int value);
PPQ_CHECKRET ppq_status_t ppq_writer_nest_set_i32(ppq_writer_t *w, uint32_t node, int32_t value);
PPQ_CHECKRET ppq_status_t ppq_writer_nest_set_i64(ppq_writer_t *w, uint32_t node, int64_t value);
PPQ_CHECKRET ppq_status_t ppq_writer_nest_set_float(ppq_writer_t *w, uint32_t node, float value);
PPQ_CHECKRET ppq_status_t ppq_writer_nest_set_double(ppq_writer_t *w, uint32_t node, double value);
PPQ_CHECKRET ppq_status_t ppq_writer_nest_set_int96(ppq_writer_t *w, uint32_t node, const ppq_int96_t *value);
PPQ_CHECKRET ppq_status_t ppq_writer_nest_set_bytes(ppq_writer_t *w, uint32_t node, const void *data, uint32_t len);

/* Node `node` (OPTIONAL, any kind) is null; PPQ_ERR_ARG when it is not
 * OPTIONAL or was given already.  A list element leaf (see above) while its
 * LIST is the innermost: appends a null element. */
PPQ_CHECKRET ppq_status_t ppq_writer_nest_null(ppq_writer_t *w, uint32_t node);

/* Group node `node` (STRUCT, LIST or MAP, not REPEATED) is there: a list
 * or map with no elements yet (empty unless elements follow), a struct
 * whose children not given are null.  PPQ_ERR_ARG for a leaf, a REPEATED
 * node or one given as null. */
PPQ_CHECKRET ppq_status_t ppq_writer_nest_empty(ppq_writer_t *w, uint32_t node);

/* Begin the next element of node `node`: a LIST or MAP (its middle group),
 * or a REPEATED group; the nodes below it are then given inside that
 * element until ppq_writer_nest_end.  PPQ_ERR_ARG for another kind of node,
 * one not inside the innermost element, or elements nested deeper than
 * PPQ_WRITER_MAX_DEPTH. */
PPQ_CHECKRET ppq_status_t ppq_writer_nest_begin(ppq_writer_t *w, uint32_t node);

/* End the innermost element begun: what it did not give is null (or
 * empty).  PPQ_ERR_STATE when none is begun; PPQ_ERR_ARG (the element
 * still begun) when a leaf has no room left for its null. */
PPQ_CHECKRET ppq_status_t ppq_writer_nest_end(ppq_writer_t *w);

/* Append the record built: nodes not given are null or empty (see above).
 * PPQ_ERR_STATE with an element still begun (the record kept); PPQ_ERR_ARG
 * (the record dropped, nothing written) for a REQUIRED leaf not given or
 * what ppq_writer_write_levels refuses; else as ppq_writer_write_levels.
 * The next record starts empty. */
PPQ_CHECKRET ppq_status_t ppq_writer_nest_commit(ppq_writer_t *w);

/* Drop the record being built (no-op when none is). */
void ppq_writer_nest_discard(ppq_writer_t *w);

/* Write the open row group now (no-op without rows). */
PPQ_CHECKRET ppq_status_t ppq_writer_flush_row_group(ppq_writer_t *w);

/* Write the open row group and the footer.  A second close is
 * PPQ_ERR_STATE; after a sink error nothing more is written. */
PPQ_CHECKRET ppq_status_t ppq_writer_close(ppq_writer_t *w);

/* Rows committed so far. */
uint64_t ppq_writer_rows(const ppq_writer_t *w);

/*
 * Row groups the file surely still takes after the open one (which may
 * have no rows yet), by the room left in the footer store at the worst
 * case of a row group's metadata (the compact layout: with offsets,
 * sizes and counts as wide as row_group_rows rows can make them that far
 * into the file; the page layout: 64-bit ones): 0 means the open row group is the
 * file's last, and once it ends (row_group_rows, a full chunk buffer or
 * store, ppq_writer_flush_row_group) a commit returns PPQ_ERR_NOSPACE (a
 * logger rotates files then, or at a row group's end before).  How many
 * rows a row group takes depends on the data (see opts.file_rows for an
 * estimate).  With a footer spill: the row groups left below the format's
 * 32,767.  0 once the writer is closed, failed or full.
 */
uint32_t ppq_writer_row_groups_left(const ppq_writer_t *w);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_WRITER_H */
