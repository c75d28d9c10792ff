/* What the file writer's units share: the column state, the build's
 * switches, small helpers, and each unit's functions that the others
 * call.  The units, in the order ppq_writer.c compiles them:
 *   ppq_writer_plan.c     schema checks, options, the arena's layout
 *   ppq_writer_page.c     the page layout: pages, their encoders and headers
 *   ppq_writer_auto.c     AUTO by size, a dictionary page's statistics
 *   ppq_writer_compact.c  the compact layout
 *   ppq_writer_footer.c   row groups, recovery records, the footer
 *   ppq_writer_bloom.c    bloom filters after a row group's chunks, sorting_columns
 *   ppq_writer_api.c      the API: init, setters, rows, records, close
 *   ppq_writer_batch.c    column batches
 * They are one translation unit: the compiler inlines across them as it
 * did when they were one file (the firmware profiles' flash budgets are
 * tight: compiled apart, the writer-min profile took 288 bytes more on
 * Cortex-M0, over its 12 KiB budget).  So everything here is static; a unit uses another's
 * functions only through the declarations below. */
#ifndef PPQ_WRITER_INTERNAL_H
#define PPQ_WRITER_INTERNAL_H

#include "ppq_writer.h"
#include "ppq_bloom.h"
#include "ppq_bss.h"
#include "ppq_codec.h"
#include "ppq_dba.h"
#include "ppq_delta.h"
#include "ppq_delta_internal.h"
#include "ppq_dict.h"
#include "ppq_dict_internal.h"
#include "ppq_dlba.h"
#include "ppq_internal.h"
#include "ppq_meta.h"
#include "ppq_page_index.h"
#include "ppq_recover.h"
#include "ppq_plain.h"
#include "ppq_port.h"
#include "ppq_rle.h"
#include "ppq_rle_internal.h"
#include "ppq_thrift.h"

#define STAT_MAX 64u        /* longest byte-array min/max kept */
#define STAT_CUT 16u        /* ... and written where the footer store is short (write_row_group) */
#define NAME_MAX_LEN 255u   /* column names */

/* Parquet enum values used below. */
enum { PAGE_DATA = 0, PAGE_DICTIONARY = 2, PAGE_DATA_V2 = 3 };
enum { REP_REQUIRED = 0, REP_OPTIONAL = 1 };

/* How the current page's values are encoded: the column encodings' values,
 * so that BUILT(kind) tells whether this build has the kind's encoder. */
enum {
    K_PLAIN = PPQ_COLUMN_PLAIN,
    K_DICT = PPQ_COLUMN_DICTIONARY,
    K_DELTA = PPQ_COLUMN_DELTA_BINARY_PACKED,
    K_BSS = PPQ_COLUMN_BYTE_STREAM_SPLIT,
    K_RLE = PPQ_COLUMN_RLE,
    K_DLBA = PPQ_COLUMN_DELTA_LENGTH_BYTE_ARRAY,
    K_DBA = PPQ_COLUMN_DELTA_BYTE_ARRAY
};

/* A constant, so that the code of encodings left out (ppq_config.h) folds
 * away: every use of an encoder is behind one. */
#define BUILT(kind) ((((PPQ_WRITER_ENCODINGS) | PPQ_WRITER_ENC_PLAIN) >> (kind) & 1u) != 0u)

/* AUTO by size (ppq_config.h): a constant, so that without it the code
 * that measures folds away. */
#define AUTO_BY_SIZE (PPQ_WRITER_AUTO_BY_SIZE && BUILT(K_DICT))
/* A 64-bit CPU (of either byte order: the same bytes on each; not
 * PPQ_FAST64, which big-endian CPUs go without): the default of the
 * refinements built where flash and RAM are not the constraint
 * (PPQ_WRITER_AUTO_LEARNS below, ppq_writer_compact.c's COMPACT_LEND and
 * COMPACT_FLAT). */
#define WIDE_CPU (SIZE_MAX > 0xFFFFFFFFu)
/* AUTO's first decision learns from the last chunk (alt_beats_chunk),
 * with its thorough weighing: built on 64-bit CPUs, where its two fields
 * fill the column state's padding (on Cortex-M 4 bytes a column and some
 * 80 of flash, which its builds go without).
 * -DPPQ_WRITER_AUTO_LEARNS=0|1 chooses. */
#ifndef PPQ_WRITER_AUTO_LEARNS
#define PPQ_WRITER_AUTO_LEARNS WIDE_CPU
#endif
#define AUTO_LEARNS (PPQ_WRITER_AUTO_LEARNS && PPQ_WRITER_AUTO_BY_SIZE && PPQ_WRITER_AUTO_THOROUGH)
/* AUTO's chunk's first PLAIN page weighed through the dictionary at its
 * end (plain_to_dict): with the thorough weighing, on 64-bit CPUs (some
 * 300 bytes of flash on Cortex-M4). */
#define AUTO_REDICT (PPQ_WRITER_AUTO_BY_SIZE && PPQ_WRITER_AUTO_THOROUGH && WIDE_CPU)
/* AUTO's chunks (numbers, byte arrays) weighed again whole at their row
 * group's end, and written in the encoding that takes the fewest bytes
 * (rechunk, ppq_writer_rechunk.c): on 64-bit CPUs, where the CPU time and
 * the decoders' flash are not the constraint.  -DPPQ_WRITER_RECHUNK=0|1
 * chooses. */
#ifndef PPQ_WRITER_RECHUNK
#define PPQ_WRITER_RECHUNK WIDE_CPU
#endif
#define RECHUNK (PPQ_WRITER_RECHUNK && AUTO_REDICT && PPQ_DICT_TRUNCATE && !PPQ_LEAN && SIZE_MAX > 0xFFFFFFFFu)

/* The compact layout (opts.compact): a constant 0 in a build without it,
 * whose code then folds away. */
#define COMPACT(w) (PPQ_WRITER_COMPACT && (w)->opts.compact)
/* ... whose row-group metadata may go straight to the footer spill (no
 * footer store: footer_for()). */
#define META_TO_SPILL(w) (COMPACT(w) && (w)->footer_cap == 0u)

/* The batch fast path (write_batch's runs, at the end of this file) costs
 * about 2 KB of flash: built by default where flash is not the constraint
 * (64-bit CPUs); elsewhere batches take the row path, with the same bytes.
 * -DPPQ_WRITER_FAST_BATCH=0|1 chooses. */
#ifndef PPQ_WRITER_FAST_BATCH
#define PPQ_WRITER_FAST_BATCH PPQ_FAST64
#endif

/* AUTO's thorough weighing: a column under a compressor weighs the
 * encodings compressed (alt_smaller), a BOOLEAN page whose RLE came out
 * larger than PLAIN is rewritten PLAIN (bools_as_plain).  About 850 bytes
 * of flash; -DPPQ_WRITER_AUTO_THOROUGH=0 leaves it out (the M4F logger's
 * configuration): AUTO then weighs uncompressed and BOOLEAN pages stay
 * RLE, so the same options may write other bytes than a build with it. */
#ifndef PPQ_WRITER_AUTO_THOROUGH
#define PPQ_WRITER_AUTO_THOROUGH 1
#endif

/* AUTO under a compressor (its split pages, the first page's weighing
 * compressed): a constant 0 without the thorough weighing or without
 * compressors. */
#define REWEIGHS (PPQ_WRITER_AUTO_THOROUGH && PPQ_COMPRESSORS != 0u)

/* ... and weighs BYTE_STREAM_SPLIT for FLOAT and DOUBLE (which pays only
 * under a compressor), whose pages it writes as PLAIN ones split on their
 * way to the compressor (c->split). */
#define SPLITS (REWEIGHS && BUILT(K_BSS))

/* opts.auto_all_encodings: AUTO also weighs BYTE_STREAM_SPLIT of INT32,
 * INT64 and FIXED_LEN_BYTE_ARRAY (SPLITS) and DELTA_BYTE_ARRAY of
 * FIXED_LEN_BYTE_ARRAY, which some readers lack; with the thorough
 * weighing only (elsewhere the option is ignored). */
#define AUTO_ALL(o) (PPQ_WRITER_AUTO_BY_SIZE && PPQ_WRITER_AUTO_THOROUGH && (o)->auto_all_encodings)
/* ... the types AUTO weighs DELTA_BYTE_ARRAY for, and BYTE_STREAM_SPLIT
 * (under a codec, SPLITS) */
#define AUTO_DBA_TYPE(o, t) ((t) == PPQ_BYTE_ARRAY || ((t) == PPQ_FIXED_LEN_BYTE_ARRAY && AUTO_ALL(o)))
#define AUTO_SPLIT_TYPE(o, t)                                                                                  \
    ((t) == PPQ_FLOAT || (t) == PPQ_DOUBLE ||                                                                  \
     (AUTO_ALL(o) && ((t) == PPQ_INT32 || (t) == PPQ_INT64 || (t) == PPQ_FIXED_LEN_BYTE_ARRAY)))

/* Where a dictionary page's batch runs leave its statistics to the page's
 * end (settle_dict_stats): numbers with stamps (c->seen) and 4-byte
 * indices. */
#define SETTLES(c) (PPQ_WRITER_FAST_BATCH && PPQ_WRITER_STATISTICS && !PPQ_DICT_NARROW && (c)->seen != NULL)

/* Page compression: a constant 0 in a build without compressors
 * (PPQ_COMPRESSORS, ppq_config.h), whose pages are all uncompressed. */
#define COMPRESSED(codec) (PPQ_COMPRESSORS != 0u && (codec) != PPQ_CODEC_UNCOMPRESSED)

/* The page index (opts.no_page_index): a constant 0 in a build without it
 * (PPQ_WRITER_PAGE_INDEX), whose code then folds away; the compact layout
 * writes none. */
#define PAGE_INDEX(o) (PPQ_WRITER_PAGE_INDEX && !(o)->no_page_index && !(PPQ_WRITER_COMPACT && (o)->compact))
#define PIDX_CUT 32u /* byte-array bounds in a ColumnIndex: at most this long */

/* A column chunk's page index as its data pages are written (page layout),
 * in the arena: the encoders' arrays (ppq_page_index.h), ci.cap pages. */
typedef struct pidx {
    ppq_page_location_t *locs; /* offsets from the chunk's first data page until it is written */
    ppq_column_index_t ci;     /* null_pages, min, max, null_counts; ci.pages: the chunk's pages */
    uint8_t *bounds;           /* the pages' min and max bytes, 2 * bw a page */
    uint32_t bw;               /* bytes of a bound (0: the column has no ColumnIndex) */
    uint32_t last;             /* the last page with bounds (UINT32_MAX: none yet) */
    uint8_t ci_ok;             /* every page so far has bounds or only nulls */
    uint8_t over;              /* more pages than ci.cap: no index for the chunk */
    uint8_t asc, desc;         /* the bounds so far ascend, descend */
    uint64_t at[3];            /* the chunk as written: its start, first data page, end */
    uint64_t ci_off, oi_off;   /* where its ColumnIndex and OffsetIndex went (lengths 0: none) */
    uint32_t ci_len, oi_len;
} pidx_t;

/* Bloom filters (opts.no_bloom): a constant 0 in a build without them
 * (PPQ_WRITER_BLOOM), whose code then folds away; the compact layout
 * writes none. */
#define BLOOM(o) (PPQ_WRITER_BLOOM && !(o)->no_bloom && !(PPQ_WRITER_COMPACT && (o)->compact))

/* A column's bloom filter state (page layout, BLOOM), in the arena. */
typedef struct bcol {
    uint64_t at[3];  /* the chunk as written: its start, first data page, end */
    uint64_t off;    /* where its filter went (its header's first byte) */
    uint32_t len;    /* ... header and bitset (0: none) */
    uint32_t n;      /* the bitset's bytes for the chunk just written (0: none) */
    uint8_t want;    /* the column takes filters (opts.bloom_columns or AUTO's pick) */
} bcol_t;

/* The writer's bloom filter and sorting_columns state, in the arena
 * (w->ext: kept out of ppq_writer_t, which callers hold on small stacks). */
typedef struct wext {
    uint8_t *bloom;     /* the bitset being built (NULL: none) */
    uint32_t bloom_cap; /* ... its bytes */
    uint8_t sort_broken; /* a row of the open row group was out of order */
    uint8_t sort_prev;  /* ... a row came before: its keys (and nulls) */
    uint8_t sort_null[PPQ_WRITER_SORT_MAX];
    uint64_t sort_key[PPQ_WRITER_SORT_MAX];
} wext_t;
#define EXT(w) ((wext_t *)(w)->ext)
/* The bitset (NULL: none, or no ext). */
#define BLOOM_BITS(w) ((w)->ext != NULL ? EXT(w)->bloom : NULL)

/* A row group's chunks' metadata waits for what follows them (a page
 * index, bloom filters): a constant 0 in a build without either. */
#define DEFERRED(w) ((PPQ_WRITER_PAGE_INDEX && PAGE_INDEX(&(w)->opts)) || (PPQ_WRITER_BLOOM && BLOOM(&(w)->opts) && BLOOM_BITS(w) != NULL))

/* sorting_columns (opts.sorting_columns): a constant 0 in a build without
 * them (PPQ_WRITER_SORTING). */
#define SORTING(w) (PPQ_WRITER_SORTING && (w)->opts.sorting_count != 0u)
#define SORTING_OPTS(o) (PPQ_WRITER_SORTING && (o)->sorting_count != 0u)

/* One column's state, in the arena.  Small fields first, the encoders
 * last: Thumb's short loads reach only 31 bytes (bytes) or 124 (words)
 * into a struct, and each field beyond costs an extra instruction at
 * every use. */
typedef struct ppq_col {
    uint8_t kind;           /* encoding of the current page */
    uint8_t dict_kind;      /* the chunk started as a dictionary column */
    uint8_t dict_pages;     /* dictionary-encoded pages in this chunk */
    uint8_t stats_kind;     /* how to compare: see stats_order() */
    uint8_t pending;        /* the row being built: 0 unset, 1 value, 2 null */
    uint8_t runs;           /* a batch segment: this column takes runs (push_segment) */
    uint8_t required;       /* 1: REQUIRED (a row needs pending 1), 0: OPTIONAL */
    uint8_t type;           /* def->type (the setters' check, one load) */
    uint8_t stamp;          /* the page's mark in `seen` */
    uint8_t run_open;       /* F_DELTA: run_key ends a run of rising values page_stats lacks */
    uint8_t reweigh;        /* AUTO (PPQ_WRITER_AUTO_THOROUGH): the chunk's first page, its
                               dictionary kept from a sample, weighs again at its end on all
                               its values (under a compressor, or a page of twice the sample) */
    uint8_t split;          /* ... its PLAIN pages are written BYTE_STREAM_SPLIT (SPLITS: 1; 2:
                               the next page compressed each way tells) */
#if AUTO_LEARNS
    uint16_t last_rows;     /* AUTO: the rows of the last chunk whose dictionary was kept to its
                               end, up to 65535 (0: none since one filled or went to the
                               alternative by weighing) ... (in 64-bit CPUs' padding) */
    uint16_t last_entries;  /* ... and its entries (0: 65535 or more) */
#endif
    const ppq_column_t *def;
    uint32_t width;         /* bytes of a min/max value: stat_width() */
    uint32_t page_dict_bytes; /* the dictionary's size when the page started */
    /* the page being built */
    uint32_t page_count, page_nulls, page_data;
#if AUTO_REDICT
    uint8_t redict_wait;    /* AUTO: PLAIN pages past the chunk's first not weighed through the
                               dictionary before the next is (plain_to_dict; doubles on each loss) */
    uint8_t redict_lost;    /* ... the wait after the next loss (both in 64-bit CPUs' padding) */
#endif
#if RECHUNK
    uint8_t rechunk_wait;   /* rechunk: chunks like the last one weighed not weighed before the
                               next is */
    uint8_t rechunk_lost;   /* ... the wait after the next one that finds none a 20th smaller
                               (both in 64-bit CPUs' padding) */
#endif
    union {                 /* in the arena, for the columns that use one */
        ppq_dict_enc_t *dict; /* dictionary columns: lives over the chunk */
        ppq_dlba_enc_t *dlba; /* the page's encoder */
        ppq_dba_enc_t *dba;
        struct compact_col *cc; /* compact layout: its streams and dictionary state */
    } own;
    /* the open row group's column chunk: its pages are in the writer's store */
    size_t chunk_raw;       /* the chunk's pages uncompressed, headers included */
    uint32_t encodings;     /* bit per Parquet encoding used */
    uint8_t alt_kind;       /* where a dictionary falls back to (AUTO: the smaller of the others) */
    uint8_t deciding;       /* AUTO: the chunk's first page still decides dictionary or alt_kind */
    uint8_t dict_word;      /* INT32, FLOAT, INT64, DOUBLE: dictionary and statistics take
                               its PLAIN bits as one word */
    uint8_t codec;          /* ppq_codec_t of its pages */
    uint32_t chunk_values;  /* (a row group has fewer than 2^31 rows) */
#if RECHUNK
    uint16_t rechunk_enc;   /* rechunk: the last chunk weighed, its encodings and bytes a value
                               (1/16ths; both in 64-bit CPUs' padding) */
    uint16_t rechunk_bpv;
#endif
    union {                 /* the row being built: the pending value */
        int32_t i32;
        int64_t i64;
        float f;
        double d;
        uint32_t u32;       /* the bits of i32 and f ... */
        uint64_t u64;       /* ... and of i64 and d */
        uint8_t b;
        ppq_int96_t i96;
        ppq_bytes_t bytes;
    } value;
    ppq_sink_t vals_sink;   /* the page's encoded values (compact: its stream) */
    ppq_arena_t codec_arena; /* rewound for every page's encoder */
    ppq_arena_t dict_arena;
    union {
        ppq_plain_enc_t plain;
        ppq_delta_enc_t delta;
        ppq_bss_enc_t bss;
        ppq_rle_enc_t rle;
    } enc;                  /* the page's value encoder */
    ppq_stats_t chunk_stats; /* (last but the page layout's: see COMPACT_COL_SIZE) */
    /* The page layout's own fields, last: a compact column's state ends
     * before them (COMPACT_COL_SIZE), which leaves the store that RAM. */
    uint8_t *levels;        /* definition levels of the page: a bit per value, set for a null */
    /* the row path's put for this page (set_put): put_slow, or a shortcut
     * for the usual value of the page's encoding; v the value in its C
     * type (a null goes to put_slow with v NULL) */
    ppq_status_t (*put)(struct ppq_writer *w, struct ppq_col *c, const void *v);
    uint32_t put_limit;     /* ... whose shortcut takes values while page_count is below it */
    uint16_t rec_value, rec_present; /* write_record's field (ppq_writer_use_record's copy: read
                                        with the column, not from the caller's table) */
    const uint8_t *again;   /* BYTE_ARRAY dictionary: the page's last value's bytes in the pool
                               (NULL: none yet), its length and entry index */
    uint32_t again_len, again_idx;
    uint8_t *seen;          /* statistics: per dictionary entry, the stamp of the last page
                               whose page_stats hold it (row path; NULL: none) */
    uint64_t run_key;       /* F_DELTA: the order key of the page's last value */
    uint8_t *levels_out;    /* ... and RLE-encoded */
    uint32_t levels_cap;
#if AUTO_REDICT
    uint8_t split_ratio;    /* AUTO under a codec (SPLITS): 1 + a PLAIN or split page's compressed
                               bytes in 128ths of its input, as the last page weighed each way
                               compressed; a page whose ratio strays an eighth from it has the
                               next weighed again (0: not weighed; in 64-bit CPUs' padding) */
#endif
    ppq_memsink_t vals_mem; /* encoded values of the page */
    ppq_stats_t page_stats;
    /* the open row group's column chunk */
    uint8_t *chunk;
    size_t chunk_len, chunk_cap;
    size_t chunk_room;      /* free chunk bytes below which the row group ends (chunk_reserve) */
    size_t page_max;        /* ... the bytes a page of it may take, its header included */
#if PPQ_WRITER_PAGE_INDEX
    pidx_t *pidx;           /* the chunk's page index (NULL: none, PAGE_INDEX) */
#endif
#if PPQ_WRITER_BLOOM
    bcol_t *bloom;          /* its bloom filter (NULL: none, BLOOM) */
#endif
#if !PPQ_LEAN
    /* write_record's put: put, or where the record's field has a presence
     * flag put_present (the flag, then put); v the field's value.  (Last:
     * the fields before keep their offsets, short in Thumb loads.) */
    ppq_status_t (*rec_put)(struct ppq_writer *w, struct ppq_col *c, const void *v);
#endif
} ppq_col_t;

/* Free chunk bytes below which column c's row group ends: room for every
 * page one more row may end and the open page the flush ends (plan_pages:
 * 3 pages for a dictionary column, whose fallback may end one more, else
 * 2).  With AUTO a column whose dictionary fell back needs 2 (a walk's row
 * groups a third longer); a build without keeps the plan's (flash). */
static size_t chunk_reserve(const ppq_col_t *c)
{
    return AUTO_BY_SIZE && c->kind != K_DICT ? c->page_max << 1 : c->chunk_room;
}

/* Bytes of a column's state in the compact layout: without statistics,
 * of its chunk_stats only the null count (their first field). */
#define COMPACT_COL_SIZE                                                                                       \
    PPQ_ARENA_ROUND(PPQ_WRITER_STATISTICS ? offsetof(ppq_col_t, levels)                                       \
                                          : offsetof(ppq_col_t, chunk_stats) + sizeof(uint64_t))

/* A new chunk's statistics (without them, its null count: all a compact
 * column has). */
static void chunk_stats_reset(ppq_col_t *c)
{
    if (PPQ_WRITER_STATISTICS) {
        ppq_stats_reset(&c->chunk_stats);
    } else {
        c->chunk_stats.nulls = 0;
    }
}

/* Is a chunk being replayed (rechunk): its pages counted or written to
 * the file, not kept in its column's chunk buffer? */
#if RECHUNK
#define RECHUNKING(w) ((w)->rz_mode != 0u)
#else
#define RECHUNKING(w) 0
#endif

/* Column i's state (the array's stride is the layout's column size). */
#define COL(w, i) ((ppq_col_t *)(void *)((uint8_t *)(w)->cols + (size_t)(i) * (w)->col_size))

#if PPQ_WRITER_NESTED
/* A walk over the nodes in pre-order: the open groups' children left and
 * the levels at each depth (0: the root, whose children are the rest). */
typedef struct tree_it {
    uint32_t at, depth, leaf;
    uint16_t left[PPQ_WRITER_MAX_DEPTH + 1u]; /* (the root's: 0xFFFF, more than its children) */
    uint8_t def[PPQ_WRITER_MAX_DEPTH + 1u], rep[PPQ_WRITER_MAX_DEPTH + 1u];
} tree_it_t;

/* One leaf's nested state. */
typedef struct nest_leaf {
    uint8_t *def, *rep;      /* the open page's levels, an entry each (NULL: that max is 0) */
    uint8_t *out;            /* the page's levels RLE-encoded: repetition, then definition */
    uint32_t out_cap;
    uint32_t def_len, rep_len; /* ... their bytes (v1: with their 4-byte lengths) */
    uint32_t page_records, chunk_records;
    uint32_t node;           /* its node */
    uint8_t max_def, max_rep;
    uint8_t rdef[PPQ_WRITER_MAX_DEPTH + 1u]; /* the definition level of its r-th repeated ancestor */
    uint32_t at_entry, at_value; /* ppq_writer_write_levels: the next entry and value of the batch */
    /* the record being staged (opts.record_entries; NULL: none): its
     * entries' levels (NULL where the max is 0) and dense values */
    int16_t *sdef, *srep;
    uint8_t *sval;
    uint32_t sn, sv;         /* ... entries and values staged */
    uint8_t rep_next;        /* ... the repetition level of its next entry */
    uint8_t dense;           /* ppq_writer_write_levels: the batch's entries all values (no null, no empty list) */
    uint16_t rec_len;        /* ... and its records all this many entries (0: they vary, or a dense batch's are not known) */
} nest_leaf_t;

/* A node's place for the staged record. */
typedef struct nest_node {
    uint16_t end;            /* past its subtree */
    uint16_t leaf;           /* the leaves before it (a leaf: its index) */
    uint8_t def, rep;        /* its levels (itself counted) */
    uint8_t mark;            /* in the element at hand: 0 not given, 1 there, 2 null */
} nest_node_t;

/* ppq_writer_write_nested_record's walk: an open group or element. */
typedef struct nest_walk {
    const uint8_t *base;     /* the holder of its children */
    const uint8_t *elems;    /* REPEATED: the elements, i of n at hand */
    uint32_t i, n;
    uint32_t node;           /* (UINT32_MAX: the record) */
} nest_walk_t;

/* The record staged (opts.record_entries). */
typedef struct nest_rec {
    nest_node_t *node;       /* per node */
    ppq_leaf_batch_t *batch; /* per leaf: the commit's */
    nest_walk_t *walk;       /* PPQ_WRITER_MAX_DEPTH + 1 */
    const ppq_nest_field_t *fields; /* ppq_writer_use_nested_record's (NULL: none) */
    uint32_t cap;            /* entries a leaf stages */
    uint16_t open[PPQ_WRITER_MAX_DEPTH + 1u]; /* the elements begun: their REPEATED nodes */
    uint32_t depth;          /* ... how many */
    uint8_t bad;             /* a REQUIRED leaf not given */
} nest_rec_t;

struct ppq_nest {
    const ppq_schema_t *s;
    nest_leaf_t *leaf;
    uint16_t *parent;        /* each node's parent (UINT16_MAX: the root) */
    ppq_arena_t rle;         /* the level encoder's work memory */
    nest_rec_t *rec;         /* the record API's and setters' state (NULL: record_entries 0) */
};

/* A nested schema's state (PPQ_WRITER_NESTED): in the page layout, where
 * the compact layout's `store` is unused (nested schemas do not take that
 * layout), so that ppq_writer_t keeps its size (a larger one cost flash:
 * init's memset of it), NULL for a flat schema. */
#define NEST(w) ((struct ppq_nest *)(void *)(w)->store)
#define NESTED(w) (!COMPACT(w) && (w)->store != NULL)
#else
#define NESTED(w) 0
#endif

typedef struct plan {
    ppq_arena_t *arena; /* NULL: only count */
    size_t total;
    int failed;
#if PPQ_WRITER_NESTED
    const ppq_schema_t *tree; /* a nested schema (its leaves the columns), or NULL */
    size_t path_bytes;        /* ... nest_path_bytes(tree) (counted before: the plan's stack) */
#endif
} plan_t;
#if PPQ_WRITER_NESTED
#define PLAN_INIT {NULL, 0, 0, NULL, 0}
#else
#define PLAN_INIT {NULL, 0, 0}
#endif

/* A sink that keeps the CRC of what passes through to `down`. */
typedef struct crc_sink {
    ppq_sink_t *down;
    uint32_t crc;
} crc_sink_t;

/* DataPageHeaderV2 pages: a constant 0 when the build leaves them out. */
static int page_v2(const ppq_writer_options_t *o)
{
    return PPQ_WRITER_PAGE_V2 && o->page_v2;
}

/* The pending number's PLAIN bits as a word (dict_word columns). */
static uint64_t value_word(const ppq_col_t *c)
{
    return c->width == 4u ? c->value.u32 : c->value.u64;
}

/* Mark the page's next value (at page_count) as a null in its definition
 * levels: a bit per value, set for a null (present values, the usual
 * ones, cost nothing). */
static void mark_null(ppq_col_t *c)
{
    c->levels[c->page_count / 8u] = (uint8_t)(c->levels[c->page_count / 8u] | (1u << (c->page_count % 8u)));
}

/* A value in its C type, as a record's fields are (ppq_field_t): aligned
 * as a struct member of its type, which on ARM (AAPCS) is at least 4 for
 * numbers of 4 and 8 bytes and pointers: word loads, even on cores without
 * unaligned access (elsewhere memcpy's own choice). */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__arm__)
typedef uint32_t __attribute__((may_alias, aligned(4))) field32_t; /* (any object's bits) */
typedef uint64_t __attribute__((may_alias, aligned(4))) field64_t;
#define FIELD32(v) (*(const field32_t *)(v))
#define FIELD64(v) (*(const field64_t *)(v))
#else
static PPQ_ALWAYS_INLINE uint32_t field32(const void *v)
{
    uint32_t u;
    PPQ_COPY(&u, v, 4);
    return u;
}
static PPQ_ALWAYS_INLINE uint64_t field64(const void *v)
{
    uint64_t u;
    PPQ_COPY(&u, v, 8);
    return u;
}
#define FIELD32(v) field32(v)
#define FIELD64(v) field64(v)
#endif

/* The bits of a number of `width` bytes (4 or 8) in its C type.  (The
 * shortcuts get no null, w->rows_fast vouches for the page's room.) */
static PPQ_ALWAYS_INLINE uint64_t number_bits(const void *v, size_t width)
{
    return width == 4u ? FIELD32(v) : FIELD64(v);
}

#define AUTO_DECIDE_VALUES 256u

static uint32_t auto_decide_at(const ppq_writer_t *w)
{
    return w->opts.page_values < AUTO_DECIDE_VALUES ? w->opts.page_values : AUTO_DECIDE_VALUES;
}

/* A number the dictionary has (entry e) into the page's statistics, once
 * a page (its stamp in `seen`, which a column with statistics and a word
 * dictionary has: set_put); a NaN each time (they are counted). */
static PPQ_ALWAYS_INLINE void entry_stats(ppq_col_t *c, uint32_t e, uint64_t word, size_t width)
{
    if (c->seen[e] != c->stamp && ppq_stats_add_word(&c->page_stats, c->stats_kind, width, word)) {
        c->seen[e] = c->stamp;
    }
}

/* The DLBA or DBA encoder of column c's pages: its own, or an AUTO byte-array
 * column's alternative to its dictionary, beside its dictionary encoder
 * (plan_pages lays them out so). */
static inline void *bytes_enc(const ppq_col_t *c)
{
    return c->dict_kind ? (void *)((uint8_t *)c->own.dict + PPQ_ARENA_ROUND(sizeof(ppq_dict_enc_t))) : (void *)c->own.dlba;
}

/* Whether rows may still be added: the sticky error, PPQ_ERR_STATE after
 * close, else PPQ_OK. */
static ppq_status_t usable(const ppq_writer_t *w)
{
    return w->err; /* (close leaves PPQ_ERR_STATE there) */
}

/* ---- ppq_writer_plan.c */
static int resolve_options(const ppq_writer_options_t *in, ppq_writer_options_t *o);
static void dlba_cfg_for(const ppq_column_t *c, const ppq_writer_options_t *o, ppq_dlba_cfg_t *d);
static void dba_cfg_for(const ppq_column_t *c, const ppq_writer_options_t *o, ppq_dba_cfg_t *d);
static uint8_t stat_cap(const ppq_column_t *c);
static void dict_cfg_for(const ppq_writer_options_t *o, ppq_dict_cfg_t *d);
static void *take(plan_t *p, size_t size);
static size_t rg_meta_bound(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o, uint32_t cut);
static size_t rg_meta_max(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o);
static size_t rg_meta_next(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o, uint32_t cut,
                           uint64_t at, size_t store, uint64_t *grows);
static size_t footer_for(const ppq_writer_options_t *o, size_t rg);
static size_t rg_meta_least(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o);
static void col_init(ppq_col_t *col, size_t size, const ppq_column_t *c, int kind);
static size_t plan(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o, plan_t *p, ppq_writer_t *w);
static int schema_ok(const ppq_column_t *s, uint32_t n);
static ppq_status_t codecs_ok(const ppq_writer_options_t *o, uint32_t n);

/* ---- ppq_writer_page.c */
static ppq_status_t start_encoder(ppq_writer_t *w, ppq_col_t *c);
static ppq_status_t start_page(ppq_writer_t *w, ppq_col_t *c);
static void data_header_v1(ppq_thrift_w_t *t, uint32_t count, uint8_t kind);
static void header_open(ppq_writer_t *w, ppq_thrift_w_t *t, ppq_sink_t *hs, ppq_memsink_t *hm, int32_t type,
                        size_t raw, size_t body, uint32_t crc);
static ppq_status_t header_close(ppq_writer_t *w, ppq_thrift_w_t *t, const ppq_memsink_t *hm);
static ppq_status_t finish_page(ppq_writer_t *w, ppq_col_t *c);
static const uint8_t *value_bytes(ppq_col_t *c, uint8_t *buf, size_t *len);
static ppq_status_t push_value(ppq_writer_t *w, ppq_col_t *c);
static void load_pending(ppq_col_t *c, const void *v);
static PPQ_NOINLINE ppq_status_t put_slow(ppq_writer_t *w, ppq_col_t *c, const void *v);
static int rows_fast(ppq_writer_t *w);
static void set_put(const ppq_writer_t *w, ppq_col_t *c);
static ppq_status_t dict_header(ppq_writer_t *w, uint32_t count, size_t raw, size_t body, uint32_t crc);
static ppq_status_t crc_write(void *ctx, const uint8_t *data, size_t len);

/* ---- ppq_writer_auto.c */
static int alt_smaller(const ppq_writer_t *w, ppq_col_t *c, uint32_t pv, int weigh);
static int alt_smaller_packed(ppq_writer_t *w, ppq_col_t *c, uint32_t pv, int weigh);
static int plain_gives_way(ppq_writer_t *w, ppq_col_t *c, uint8_t *tmp, uint8_t *dhead, size_t *dhead_len);
static int plain_to_dict(ppq_writer_t *w, ppq_col_t *c, uint8_t *tmp);
static int dict_page_gives_way(ppq_writer_t *w, ppq_col_t *c, uint8_t *dhead, size_t *dhead_len, ppq_status_t *st);
static void settle_dict_stats(ppq_col_t *c);
static void split_values(const ppq_col_t *c, uint8_t *out);
static uint8_t split_smaller(ppq_writer_t *w, const ppq_col_t *c, size_t in);
static int bools_as_plain(ppq_writer_t *w, ppq_col_t *c, uint8_t *tmp, size_t in);
static ppq_status_t auto_first(ppq_writer_t *w, ppq_col_t *c, uint32_t pv, int full);
static void auto_remember(ppq_col_t *c);
static void auto_forget(ppq_col_t *c);
static int buffer_cut(const ppq_writer_t *w, const ppq_col_t *c);
static int dict_learned(const ppq_writer_t *w, const ppq_col_t *c);

/* ---- ppq_writer_compact.c */
static size_t plan_compact(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o, plan_t *p,
                           ppq_writer_t *w);
static PPQ_NOINLINE int compact_admit(ppq_writer_t *w);
static PPQ_NOINLINE ppq_status_t compact_push(ppq_writer_t *w, uint32_t i);
static void compact_weigh(ppq_writer_t *w, const ppq_col_t *c);
static ppq_status_t compact_finish(ppq_col_t *c);
static PPQ_NOINLINE ppq_status_t compact_write_chunk(ppq_writer_t *w, uint32_t i, uint64_t *data_start);
static ppq_status_t compact_reset(ppq_writer_t *w);

#if PPQ_WRITER_PAGE_INDEX
static void index_page(ppq_col_t *c, size_t at, size_t len);
static void index_reset(pidx_t *x);
#endif

/* ---- ppq_writer_footer.c */
static ppq_status_t flush(ppq_writer_t *w);
static ppq_status_t write_footer(ppq_writer_t *w);
static ppq_status_t write_header_record(ppq_writer_t *w);

/* ---- ppq_writer_rechunk.c */
#if RECHUNK
static int rechunk(ppq_writer_t *w, ppq_col_t *c, uint64_t *data_start, ppq_status_t *st);
static ppq_status_t replay_page(ppq_writer_t *w, ppq_col_t *c, size_t head, const uint8_t *levels, size_t levels_len,
                                const uint8_t *dhead, size_t dhead_len, const uint8_t *vals, size_t vals_len, size_t raw);
#define RECHUNKED(w, c, data_start, st) rechunk(w, c, data_start, st)
#else
#define RECHUNKED(w, c, data_start, st) 0
#endif

/* ---- ppq_writer_bloom.c */
#if PPQ_WRITER_BLOOM
static void plan_bloom(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o, plan_t *p, ppq_writer_t *w,
                       ppq_col_t *cols);
static uint32_t bloom_size(const ppq_writer_t *w, const ppq_col_t *c);
static PPQ_NOINLINE ppq_status_t write_blooms(ppq_writer_t *w);
#endif
#if PPQ_WRITER_SORTING
static int sorting_ok(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o);
static PPQ_NOINLINE void sort_row(ppq_writer_t *w, const uint8_t *rec);
#if PPQ_WRITER_FAST_BATCH
static PPQ_NOINLINE void sort_batch(ppq_writer_t *w, const ppq_column_batch_t *cols, uint32_t from, uint32_t n);
#endif
#endif

/* ---- ppq_writer_api.c */
static ppq_status_t set_value(ppq_writer_t *w, uint32_t col, ppq_type_t type, const void *v, size_t size);
static void clear_row(ppq_writer_t *w);
static ppq_status_t rows_added(ppq_writer_t *w);

/* ---- ppq_writer_nested.c */
#if PPQ_WRITER_NESTED
static void tree_start(tree_it_t *t);
static int tree_ok(const ppq_schema_t *s);
static size_t nest_path_bytes(const ppq_schema_t *s);
static void plan_nest(const ppq_schema_t *s, const ppq_writer_options_t *o, plan_t *p, ppq_writer_t *w);
static size_t nest_leaf_levels_cap(const ppq_schema_t *s, const ppq_writer_options_t *o, tree_it_t *t);
static nest_leaf_t *leaf_of(const ppq_writer_t *w, const ppq_col_t *c);
static size_t nest_levels(ppq_writer_t *w, ppq_col_t *c);
static void nest_page_done(ppq_writer_t *w, ppq_col_t *c);
static void nest_footer_head(ppq_thrift_w_t *t, const ppq_writer_t *w);
static uint32_t nest_path(const ppq_writer_t *w, const ppq_col_t *c, const char **names);
static size_t nest_path_joined(const ppq_writer_t *w, const ppq_col_t *c, ppq_sink_t *out, ppq_status_t *st);
#endif

#endif
