/* The Parquet file writer (see ppq_writer.h). */
#include "ppq_writer.h"
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
#include "ppq_recover.h"
#include "ppq_plain.h"
#include "ppq_port.h"
#include "ppq_rle.h"
#include "ppq_rle_internal.h"
#include "ppq_thrift.h"

#define STAT_MAX 64u        /* longest byte-array min/max kept */
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

/* Where a dictionary page's batch runs leave its statistics to the page's
 * end (settle_dict_stats): numbers with stamps (c->seen) and 4-byte
 * indices. */
#define SETTLES(c) (PPQ_WRITER_FAST_BATCH && PPQ_WRITER_STATISTICS && !PPQ_DICT_NARROW && (c)->seen != NULL)

/* Page compression: a constant 0 in a build without compressors
 * (PPQ_COMPRESSORS, ppq_config.h), whose pages are all uncompressed. */
#define COMPRESSED(codec) (PPQ_COMPRESSORS != 0u && (codec) != PPQ_CODEC_UNCOMPRESSED)

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
    const ppq_column_t *def;
    uint32_t width;         /* bytes of a min/max value: stat_width() */
    uint32_t page_dict_bytes; /* the dictionary's size when the page started */
    /* the page being built */
    uint32_t page_count, page_nulls, page_data;
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
    const uint8_t *again;   /* BYTE_ARRAY dictionary: the page's last value's bytes in the pool
                               (NULL: none yet), its length and entry index */
    uint32_t again_len, again_idx;
    uint8_t *seen;          /* statistics: per dictionary entry, the stamp of the last page
                               whose page_stats hold it (row path; NULL: none) */
    uint64_t run_key;       /* F_DELTA: the order key of the page's last value */
    uint8_t *levels_out;    /* ... and RLE-encoded */
    uint32_t levels_cap;
    ppq_memsink_t vals_mem; /* encoded values of the page */
    ppq_stats_t page_stats;
    /* the open row group's column chunk */
    uint8_t *chunk;
    size_t chunk_len, chunk_cap;
    size_t chunk_room;      /* free chunk bytes below which the row group ends */
} ppq_col_t;

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

/* Column i's state (the array's stride is the layout's column size). */
#define COL(w, i) ((ppq_col_t *)(void *)((uint8_t *)(w)->cols + (size_t)(i) * (w)->col_size))

/* ---- schema checks -------------------------------------------------------- */

static int name_ok(const char *name, size_t *len)
{
    size_t n = 0;
    if (name == NULL) {
        return 0;
    }
    while (name[n] != '\0' && n <= NAME_MAX_LEN) {
        n++;
    }
    *len = n;
    return n > 0 && n <= NAME_MAX_LEN;
}

static int names_equal(const char *a, const char *b)
{
    while (*a != '\0' && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

#define TYPE_BIT(t) (1u << (t))

/* Per logical kind: the physical types it may annotate, its LogicalType
 * union member, and its ConvertedType (-1: none; TIME, TIMESTAMP and INT
 * add their unit or width to it). */
static const struct logical_info {
    uint8_t types;
    uint8_t member;
    int8_t converted;
} logical_info[] = {
    [PPQ_LOGICAL_NONE] = {0xFFu, 0, -1},
    [PPQ_LOGICAL_STRING] = {TYPE_BIT(PPQ_BYTE_ARRAY), 1, 0},
    [PPQ_LOGICAL_ENUM] = {TYPE_BIT(PPQ_BYTE_ARRAY), 4, 4},
    [PPQ_LOGICAL_JSON] = {TYPE_BIT(PPQ_BYTE_ARRAY), 12, 19},
    [PPQ_LOGICAL_UUID] = {TYPE_BIT(PPQ_FIXED_LEN_BYTE_ARRAY), 14, -1},
    [PPQ_LOGICAL_FLOAT16] = {TYPE_BIT(PPQ_FIXED_LEN_BYTE_ARRAY), 15, -1},
    [PPQ_LOGICAL_INT] = {TYPE_BIT(PPQ_INT32) | TYPE_BIT(PPQ_INT64), 10, 11}, /* UINT_8 */
    [PPQ_LOGICAL_DECIMAL] = {TYPE_BIT(PPQ_INT32) | TYPE_BIT(PPQ_INT64) | TYPE_BIT(PPQ_FIXED_LEN_BYTE_ARRAY), 5, 5},
    [PPQ_LOGICAL_DATE] = {TYPE_BIT(PPQ_INT32), 6, 6},
    [PPQ_LOGICAL_TIME] = {TYPE_BIT(PPQ_INT32) | TYPE_BIT(PPQ_INT64), 7, 7},
    [PPQ_LOGICAL_TIMESTAMP] = {TYPE_BIT(PPQ_INT64), 8, 9},
};

static int logical_ok(const ppq_column_t *c)
{
    const ppq_logical_t *l = &c->logical;
    ppq_type_t t = c->type;
    if ((unsigned)l->kind > (unsigned)PPQ_LOGICAL_TIMESTAMP || ((logical_info[l->kind].types >> t) & 1u) == 0u) {
        return 0;
    }
    switch (l->kind) {
    case PPQ_LOGICAL_UUID: return c->type_len == 16u;
    case PPQ_LOGICAL_FLOAT16: return c->type_len == 2u;
    case PPQ_LOGICAL_INT:
        if (l->bit_width == 64u) {
            return t == PPQ_INT64;
        }
        return t == PPQ_INT32 && (l->bit_width == 8u || l->bit_width == 16u || l->bit_width == 32u);
    case PPQ_LOGICAL_DECIMAL: {
        static const uint8_t digits[17] = {0, 2, 4, 6, 9, 11, 14, 16, 18, 21, 23, 26, 28, 31, 33, 35, 38};
        int32_t max = t == PPQ_INT32 ? 9 : t == PPQ_INT64 ? 18 : c->type_len <= 16u ? digits[c->type_len] : 0;
        /* FLBA(n): floor(log10(2^(8n-1) - 1)) digits */
        return max > 0 && l->precision >= 1 && l->precision <= max && l->scale >= 0 && l->scale <= l->precision;
    }
    case PPQ_LOGICAL_TIME:
        return l->unit == PPQ_UNIT_MILLIS ? t == PPQ_INT32 : (l->unit <= PPQ_UNIT_NANOS && t == PPQ_INT64);
    case PPQ_LOGICAL_TIMESTAMP: return l->unit <= PPQ_UNIT_NANOS;
    default: return 1;
    }
}

/* What an AUTO column uses where a dictionary does not pay: DELTA_BINARY_PACKED
 * for integers (timestamps, counters), else PLAIN (BYTE_STREAM_SPLIT only pays
 * under a compressor).  Explicit DICTIONARY columns fall back to PLAIN. */
static int auto_alt(const ppq_column_t *c)
{
    return (c->type == PPQ_INT32 || c->type == PPQ_INT64) && BUILT(K_DELTA) ? K_DELTA : K_PLAIN;
}

/* The value encoding a column starts each chunk with; *ok is 0 when the
 * type cannot take it or this build leaves it out. */
static int start_kind(const ppq_column_t *c, int *ok)
{
    ppq_type_t t = c->type;
    int kind = K_PLAIN;
    *ok = 1;
    switch (c->encoding) {
    case PPQ_COLUMN_AUTO:
        if (AUTO_BY_SIZE) { /* a dictionary first: auto_first() keeps it or takes alt_kind, by size */
            return t == PPQ_BOOLEAN ? (BUILT(K_RLE) ? K_RLE : K_PLAIN) : K_DICT;
        }
        /* by type: a dictionary for byte arrays, deltas for integers, split streams for floats */
        kind = t == PPQ_BYTE_ARRAY ? K_DICT : t == PPQ_INT32 || t == PPQ_INT64 ? K_DELTA
             : t == PPQ_FLOAT || t == PPQ_DOUBLE ? K_BSS : t == PPQ_BOOLEAN ? K_RLE : K_PLAIN;
        return BUILT(kind) ? kind : K_PLAIN;
    case PPQ_COLUMN_PLAIN: return K_PLAIN;
    case PPQ_COLUMN_DICTIONARY: *ok = t != PPQ_BOOLEAN; kind = K_DICT; break;
    case PPQ_COLUMN_DELTA_BINARY_PACKED: *ok = t == PPQ_INT32 || t == PPQ_INT64; kind = K_DELTA; break;
    case PPQ_COLUMN_BYTE_STREAM_SPLIT:
        *ok = t == PPQ_FLOAT || t == PPQ_DOUBLE || t == PPQ_INT32 || t == PPQ_INT64 ||
              (t == PPQ_FIXED_LEN_BYTE_ARRAY && c->type_len <= 0xFFFFu);
        kind = K_BSS;
        break;
    case PPQ_COLUMN_RLE: *ok = t == PPQ_BOOLEAN; kind = K_RLE; break;
    case PPQ_COLUMN_DELTA_LENGTH_BYTE_ARRAY: *ok = t == PPQ_BYTE_ARRAY; kind = K_DLBA; break;
    case PPQ_COLUMN_DELTA_BYTE_ARRAY: *ok = t == PPQ_BYTE_ARRAY || t == PPQ_FIXED_LEN_BYTE_ARRAY; kind = K_DBA; break;
    default: *ok = 0; break;
    }
    *ok = *ok && BUILT(kind);
    return kind;
}

/* DataPageHeaderV2 pages: a constant 0 when the build leaves them out. */
static int page_v2(const ppq_writer_options_t *o)
{
    return PPQ_WRITER_PAGE_V2 && o->page_v2;
}

/* Option values with the defaults filled in; 0 when invalid. */
static int resolve_options(const ppq_writer_options_t *in, ppq_writer_options_t *o)
{
    if (in != NULL) {
        *o = *in;
    } else {
        memset(o, 0, sizeof *o); /* not a copy of a zero struct: that would take its size in flash */
    }
    o->page_values = o->page_values ? o->page_values : 8192u;
    o->page_bytes = o->page_bytes ? o->page_bytes : 8192u;
    o->row_group_rows = o->row_group_rows ? o->row_group_rows : 131072u;
    o->dict_entries = o->dict_entries ? o->dict_entries : 16384u;
    o->dict_bytes = o->dict_bytes ? o->dict_bytes : 131072u;
    o->footer_bytes = o->footer_bytes ? o->footer_bytes : 262144u;
    o->page_crc = (uint8_t)(o->page_crc || o->recovery); /* recovery checks every page */
#if !PPQ_WRITER_STATISTICS
    o->no_statistics = 1; /* a build without them */
#endif
    return o->page_values <= (1u << 20) && o->page_bytes <= (1u << 26) && o->dict_entries <= (1u << 20) &&
           o->row_group_rows <= 0x7FFFFFFFu && (o->key_value_count == 0u || o->key_values != NULL) &&
           (o->footer_spill == NULL) == (o->footer_unspill == NULL) && (PPQ_WRITER_PAGE_V2 || !o->page_v2) &&
           (PPQ_WRITER_RECOVERY || !o->recovery) && (PPQ_WRITER_COMPACT || !o->compact);
}

/* ---- arena layout (one plan for sizing and for init) ---------------------- */

/* The value bytes one page of a byte-array column may hold. */
static uint32_t bytes_cap(const ppq_column_t *c, const ppq_writer_options_t *o)
{
    return c->type == PPQ_BYTE_ARRAY ? o->page_bytes : o->page_values * c->type_len;
}

static void dlba_cfg_for(const ppq_column_t *c, const ppq_writer_options_t *o, ppq_dlba_cfg_t *d)
{
    d->max_values = o->page_values;
    d->max_bytes = bytes_cap(c, o);
}

static void dba_cfg_for(const ppq_column_t *c, const ppq_writer_options_t *o, ppq_dba_cfg_t *d)
{
    d->max_values = o->page_values;
    d->max_bytes = bytes_cap(c, o);
    d->max_value_len = c->type == PPQ_BYTE_ARRAY ? o->page_bytes : c->type_len;
}

/* Worst-case bytes of one page's encoded values for column c: what PLAIN
 * takes (every column may end up PLAIN: dictionary fallback), or more for
 * the column's own encoding. */
static size_t vals_cap(const ppq_column_t *c, const ppq_writer_options_t *o, int kind)
{
    size_t n = o->page_values, w = ppq_plain_width(c->type, c->type_len), cap;
    if (c->type == PPQ_BOOLEAN) {
        cap = n / 4u + 64u; /* PLAIN bits, or RLE with its length prefix */
    } else if (c->type == PPQ_BYTE_ARRAY) {
        cap = (size_t)o->page_bytes + 4u * n;
    } else {
        cap = n * w;
    }
    if (BUILT(K_DELTA) && kind == K_DELTA) {
        /* the writer's geometry (blocks of 128, miniblocks of 32): per block a
         * min delta and 4 widths, the deltas padded to whole miniblocks at
         * full width (as ppq_delta_max_block_bytes, without its division) */
        size_t d = (n / 128u + 1u) * (PPQ_ULEB64_MAX + 4u) + ((n + 31u) & ~(size_t)31u) * w + PPQ_DELTA_HEADER_MAX;
        cap = d > cap ? d : cap;
    } else if (kind == K_DICT && 4u * n + 8u > cap) {
        cap = 4u * n + 8u; /* bit width byte, indices at worst 4 bytes each */
    } else if ((BUILT(K_DLBA) && kind == K_DLBA) || (BUILT(K_DBA) && kind == K_DBA)) {
        /* one (DLBA) or two (DBA: prefixes, suffix lengths) INT32 delta
         * streams, then the bytes */
        ppq_delta_cfg_t dcfg = {PPQ_INT32, 0, 0, 0};
        size_t lens = ppq_delta_max_block_bytes(&dcfg, (uint32_t)n) + PPQ_DELTA_HEADER_MAX;
        size_t d = (kind == K_DBA ? 2u : 1u) * lens + bytes_cap(c, o);
        cap = d > cap ? d : cap;
    }
    return cap + 16u;
}

/* RLE-encoded definition levels of a page; required columns have none. */
static uint32_t levels_cap_for(const ppq_column_t *c, const ppq_writer_options_t *o)
{
    return c->optional ? 4u + o->page_values / 4u + 32u : 0u; /* runs of 8 at 2 bytes */
}

/* The level bitmap of an optional column's page. */
static size_t level_bits_for(const ppq_column_t *c, const ppq_writer_options_t *o)
{
    return c->optional ? o->page_values / 8u + 1u : 0u;
}

/* Bytes of a min or max: byte arrays up to STAT_MAX, numbers their width. */
static uint8_t stat_cap(const ppq_column_t *c)
{
    if (c->type == PPQ_BYTE_ARRAY || c->type == PPQ_FIXED_LEN_BYTE_ARRAY) {
        return (uint8_t)(c->type == PPQ_BYTE_ARRAY || c->type_len > STAT_MAX ? STAT_MAX : c->type_len);
    }
    return 12u;
}

/* A page header's size: the fixed fields and CRC, plus min and max. */
static size_t header_max_for(const ppq_column_t *c, const ppq_writer_options_t *o)
{
    /* v2 adds null and row counts, two level lengths, is_compressed */
    return 48u + (PPQ_WRITER_STATISTICS && !o->no_statistics ? 2u * (stat_cap(c) + 4u) : 0u) + (page_v2(o) ? 24u : 0u);
}

static void dict_cfg_for(const ppq_writer_options_t *o, ppq_dict_cfg_t *d)
{
    d->max_entries = o->dict_entries;
    d->max_bytes = o->dict_bytes;
    d->max_page_values = o->page_values;
}

/* Arena bytes a page's encoder may take: the definition levels' RLE
 * encoder, or the value encoder of the column's encoding (`vals`: its
 * output's capacity). */
static size_t codec_arena_for(const ppq_column_t *c, const ppq_writer_options_t *o, int kind, size_t vals)
{
    ppq_rle_cfg_t r = {1, 0, 1, 0};
    size_t need = 0, x = 0;
    r.prefix_cap = levels_cap_for(c, o);
    if (c->optional) { /* definition levels */
        need = ppq_rle_enc_arena_size(&r);
    }
    if (BUILT(K_DELTA) && kind == K_DELTA) {
        ppq_delta_cfg_t d = {PPQ_INT32, 0, 0, 0};
        d.type = c->type;
        d.max_values = o->page_values; /* a smaller page buffers less than a block */
        x = ppq_delta_enc_arena_size(&d);
    } else if (BUILT(K_BSS) && kind == K_BSS) {
        x = ppq_bss_enc_arena_size(c->type, c->type_len, o->page_values);
    } else if (kind == K_RLE) {
        r.prefix_cap = (uint32_t)vals;
        x = ppq_rle_enc_arena_size(&r);
    } else if (BUILT(K_DLBA) && kind == K_DLBA) {
        ppq_dlba_cfg_t d;
        dlba_cfg_for(c, o, &d);
        x = ppq_dlba_enc_arena_size(&d);
    } else if (BUILT(K_DBA) && kind == K_DBA) {
        ppq_dba_cfg_t d;
        dba_cfg_for(c, o, &d);
        x = ppq_dba_enc_arena_size(&d);
    }
    return x > need ? x : need;
}

/* The codec of column i's pages. */
static ppq_codec_t column_codec(const ppq_writer_options_t *o, uint32_t i)
{
    return o->column_codecs != NULL ? o->column_codecs[i] : o->codec;
}

static int auto_alt(const ppq_column_t *c);

/* The largest page body of column c, uncompressed (levels, a delta
 * header, values; or its dictionary page). */
static size_t page_body_max(const ppq_column_t *c, const ppq_writer_options_t *o)
{
    int ok, kind = start_kind(c, &ok), alt = AUTO_BY_SIZE && c->encoding == PPQ_COLUMN_AUTO ? auto_alt(c) : K_PLAIN;
    size_t v = vals_cap(c, o, kind) > vals_cap(c, o, alt) ? vals_cap(c, o, kind) : vals_cap(c, o, alt);
    size_t body = levels_cap_for(c, o) + PPQ_DELTA_HEADER_MAX + v;
    return kind == K_DICT && o->dict_bytes > body ? o->dict_bytes : body;
}

typedef struct plan {
    ppq_arena_t *arena; /* NULL: only count */
    size_t total;
    int failed;
} plan_t;

static void *take(plan_t *p, size_t size)
{
    void *mem = NULL;
    p->total += PPQ_ARENA_ROUND(size);
    if (p->arena != NULL) {
        mem = ppq_arena_alloc(p->arena, size);
        if (mem == NULL) {
            p->failed = 1;
        }
    }
    return mem;
}

/* Largest serialized RowGroup: per column its ColumnChunk with statistics. */
static size_t rg_meta_max(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o)
{
    size_t total = 64, len = 0;
    uint32_t i;
    for (i = 0; i < n; i++) {
        (void)name_ok(s[i].name, &len);
        /* a ColumnChunk (ppq_meta_write_chunk): file_offset 2, the struct's
         * head and ends 3, type 2, up to 10 encodings 12, the path 4 + len,
         * codec 2, five 64-bit counts and offsets 55: 80 + len, and 8 to
         * spare; Statistics: head and end 2, null and NaN counts 22, min
         * and max 2 + cap each, their exactness 2 */
        total += 88u + len + (PPQ_WRITER_STATISTICS && !o->no_statistics ? 30u + 2u * stat_cap(&s[i]) : 0u);
    }
    return total;
}

/* The footer store: footer_bytes, at least a row group's metadata; in the
 * compact layout none with a spill and footer_bytes 1 (each row group's
 * goes straight to the spill). */
static size_t footer_for(const ppq_writer_options_t *o, size_t rg)
{
    if (PPQ_WRITER_COMPACT && o->compact && o->footer_spill != NULL && o->footer_bytes == 1u) {
        return 0;
    }
    return o->footer_bytes > rg ? o->footer_bytes : rg;
}

/* The largest page header any column of the schema writes. */
static size_t scratch_for(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o)
{
    size_t most = 0;
    uint32_t i;
    for (i = 0; i < n; i++) {
        most = header_max_for(&s[i], o) > most ? header_max_for(&s[i], o) : most;
    }
    return most;
}

/* The default chunk buffer: every page of a whole row group at its worst
 * case, so that row groups reach row_group_rows (a host's defaults; firmware
 * sizes its buffers with ppq_writer_options_for_arena), at most 64 MiB. */
static size_t default_chunk(const ppq_writer_options_t *o, size_t least, size_t pm)
{
    size_t bytes = pm; /* a page more than the row group's (no division: 270 bytes of libgcc on v6-M) */
    uint32_t rows;
    for (rows = 0; rows < o->row_group_rows && bytes < ((size_t)64u << 20); rows += o->page_values) {
        bytes += pm;
    }
    return bytes > least + pm ? bytes : least + pm;
}

static uint8_t stats_order(const ppq_column_t *c);
static size_t stat_width(const ppq_column_t *c);

static size_t plan_compact(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o, plan_t *p,
                           ppq_writer_t *w);

/* A column's state from its definition, encoders aside. */
static inline void col_init(ppq_col_t *col, size_t size, const ppq_column_t *c, int kind)
{
    memset(col, 0, size);
    col->def = c;
    col->type = (uint8_t)c->type;
    col->kind = (uint8_t)kind;
    col->stats_kind = stats_order(c);
    col->required = (uint8_t)!c->optional;
    col->dict_word = (uint8_t)((!PPQ_LEAN || PPQ_WRITER_STATISTICS) &&
                               (c->type == PPQ_INT32 || c->type == PPQ_FLOAT || c->type == PPQ_INT64 ||
                                c->type == PPQ_DOUBLE));
    col->width = (uint32_t)stat_width(c);
}

/* Lay out (or count) everything for pages buffered per column (the
 * default layout).  Returns 0 for an invalid schema. */
static size_t plan_pages(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o, plan_t *p, ppq_writer_t *w)
{
    uint32_t i;
    size_t rg = rg_meta_max(s, n, o), footer = footer_for(o, rg), scratch = scratch_for(s, n, o);
    size_t zin = 0, zout = 0, zwork = 0;
    ppq_col_t *cols = (ppq_col_t *)take(p, (size_t)n * sizeof(ppq_col_t));
    uint8_t *footer_mem = (uint8_t *)take(p, footer), *scratch_mem = (uint8_t *)take(p, scratch), *zin_mem, *zout_mem;
    void *zwork_mem;
    for (i = 0; i < n; i++) { /* compression: the largest page body (or dictionary) of a compressed column */
        ppq_codec_t codec = column_codec(o, i);
        if (COMPRESSED(codec)) {
            size_t body = page_body_max(&s[i], o);
            zin = body > zin ? body : zin;
        }
    }
    for (i = 0; i < n && zin > 0u; i++) {
        ppq_codec_t codec = column_codec(o, i);
        if (COMPRESSED(codec)) {
            size_t b = ppq_compress_bound(codec, zin), k = ppq_compress_work_size(codec, o->codec_level, zin);
            zout = b > zout ? b : zout;
            zwork = k > zwork ? k : zwork;
        }
    }
    zin_mem = PPQ_COMPRESSORS != 0u ? (uint8_t *)take(p, zin) : NULL;
    zout_mem = PPQ_COMPRESSORS != 0u ? (uint8_t *)take(p, zout) : NULL;
    zwork_mem = PPQ_COMPRESSORS != 0u ? take(p, zwork) : NULL;
    if (w != NULL) {
        w->store_len = 0;
        w->store_cap = 0;
        w->cols = cols;
        w->col_size = sizeof(ppq_col_t);
        w->rg_meta_max = rg;
        w->footer_cap = footer;
        w->footer = footer_mem;
        w->scratch_cap = scratch;
        w->scratch = scratch_mem;
        w->zin = zin_mem;
        w->zin_cap = zin;
        w->zout = zout_mem;
        w->zout_cap = zout;
        w->zwork = zwork_mem;
        w->zwork_len = zwork;
    }
    for (i = 0; i < n; i++) {
        /* A column's arena regions, in this order. */
        enum { CODEC, DICT, OWN, STATS, SEEN, VALS, LEVELS, LEVELS_OUT, CHUNK, REGIONS };
        const ppq_column_t *c = &s[i];
        size_t pm, least, size[REGIONS];
        uint8_t *mem[REGIONS], cap = stat_cap(c);
        int ok, kind = start_kind(c, &ok), r;
        ppq_col_t *col = cols != NULL ? &cols[i] : NULL;
        int alt = AUTO_BY_SIZE && c->encoding == PPQ_COLUMN_AUTO ? auto_alt(c) : K_PLAIN;
        size[VALS] = vals_cap(c, o, kind) > vals_cap(c, o, alt) ? vals_cap(c, o, kind) : vals_cap(c, o, alt);
        size[LEVELS_OUT] = levels_cap_for(c, o);
        size[CODEC] = codec_arena_for(c, o, kind, size[VALS]);
        least = codec_arena_for(c, o, alt, size[VALS]); /* AUTO may re-encode a page as alt */
        size[CODEC] = least > size[CODEC] ? least : size[CODEC];
        size[DICT] = 0;
        size[SEEN] = 0;
        size[OWN] = kind == K_DLBA ? sizeof(ppq_dlba_enc_t) : kind == K_DBA ? sizeof(ppq_dba_enc_t) : 0u;
        if (BUILT(K_DICT) && kind == K_DICT) {
            ppq_dict_cfg_t dc;
            dict_cfg_for(o, &dc);
            size[DICT] = ppq_dict_enc_arena_size(c->type, c->type_len, &dc);
            if (size[DICT] == 0u) {
                return 0;
            }
            size[OWN] = sizeof(ppq_dict_enc_t);
            /* the row path's per-entry stamps: a page's statistics take
             * each entry once (numbers, which have a word dictionary) */
            size[SEEN] = PPQ_WRITER_STATISTICS && !PPQ_LEAN && (c->type == PPQ_INT32 || c->type == PPQ_FLOAT ||
                                                                c->type == PPQ_INT64 || c->type == PPQ_DOUBLE)
                             ? dc.max_entries
                             : 0u;
        }
        size[STATS] = PPQ_WRITER_STATISTICS && (c->type == PPQ_BYTE_ARRAY || c->type == PPQ_FIXED_LEN_BYTE_ARRAY)
                          ? 4u * cap /* (numbers keep keys) */
                          : 0u;
        size[LEVELS] = level_bits_for(c, o);
        /* a chunk must take every page one more row may end (the full page,
         * and for a dictionary column the page its fallback to PLAIN ends)
         * and the open page the flush ends; by default one page more */
        pm = header_max_for(c, o) + size[LEVELS_OUT] + size[VALS];
        if (COMPRESSED(column_codec(o, i))) { /* a page that does not compress grows */
            size_t z = header_max_for(c, o) + ppq_compress_bound(column_codec(o, i), page_body_max(c, o));
            pm = z > pm ? z : pm;
        }
        least = (kind == K_DICT ? 3u : 2u) * pm;
        size[CHUNK] = o->chunk_bytes == 0u ? default_chunk(o, least, pm) : o->chunk_bytes < least ? least : o->chunk_bytes;
        for (r = 0; r < REGIONS; r++) {
            mem[r] = (uint8_t *)take(p, size[r]);
        }
        if (col != NULL && !p->failed) { /* the column's state, all but its encoders */
            col_init(col, sizeof *col, c, kind);
            col->dict_kind = kind == K_DICT;
            col->codec = PPQ_COMPRESSORS != 0u ? (uint8_t)column_codec(o, i) : 0u;
            col->alt_kind = (uint8_t)alt;
            col->deciding = AUTO_BY_SIZE && kind == K_DICT && c->encoding == PPQ_COLUMN_AUTO;
            ppq_arena_init(&col->codec_arena, mem[CODEC], size[CODEC]);
            ppq_arena_init(&col->dict_arena, mem[DICT], size[DICT]);
            col->own.dict = (ppq_dict_enc_t *)(void *)mem[OWN]; /* any member: the same storage */
            col->page_stats.cap = col->chunk_stats.cap = cap;
            col->page_stats.min = mem[STATS];
            col->page_stats.max = mem[STATS] + cap;
            col->chunk_stats.min = mem[STATS] + 2u * cap;
            col->chunk_stats.max = mem[STATS] + 3u * cap;
            ppq_sink_init_mem(&col->vals_sink, &col->vals_mem, mem[VALS], size[VALS]);
            col->levels = mem[LEVELS];
            col->seen = size[SEEN] > 0u ? mem[SEEN] : NULL;
            if (col->seen != NULL) {
                memset(col->seen, 0, size[SEEN]); /* (stamps start at 1) */
            }
            col->levels_cap = (uint32_t)size[LEVELS_OUT];
            col->levels_out = mem[LEVELS_OUT];
            col->chunk = mem[CHUNK];
            col->chunk_cap = size[CHUNK];
            col->chunk_room = least; /* every page the next row may end, and the open page the flush ends */
        }
    }
    return p->total;
}

/* Lay out (or count) everything.  Returns 0 for an invalid schema. */
static size_t plan(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o, plan_t *p, ppq_writer_t *w)
{
    if (PPQ_WRITER_COMPACT && o->compact) {
        return plan_compact(s, n, o, p, w);
    }
    return plan_pages(s, n, o, p, w);
}

static int schema_ok(const ppq_column_t *s, uint32_t n)
{
    uint32_t i, j;
    if (s == NULL || n == 0u || n > 4096u) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        size_t len;
        int ok;
        if (!name_ok(s[i].name, &len) || (unsigned)s[i].type > (unsigned)PPQ_FIXED_LEN_BYTE_ARRAY ||
            (s[i].type == PPQ_FIXED_LEN_BYTE_ARRAY && (s[i].type_len == 0u || s[i].type_len > 0xFFFFu)) ||
            s[i].optional > 1u || !logical_ok(&s[i])) {
            return 0;
        }
        (void)start_kind(&s[i], &ok);
        if (!ok) {
            return 0;
        }
        for (j = 0; j < i; j++) {
            if (names_equal(s[i].name, s[j].name)) {
                return 0;
            }
        }
    }
    return 1;
}

/* The columns' codecs: PPQ_OK, PPQ_ERR_ARG for a value out of range or a
 * codec with recovery records, PPQ_ERR_UNSUPPORTED for one this build
 * cannot compress. */
static ppq_status_t codecs_ok(const ppq_writer_options_t *o, uint32_t n)
{
    uint32_t i;
    if (PPQ_COMPRESSORS == 0u) { /* uncompressed pages only: no codec options at all */
        return o->codec != PPQ_CODEC_UNCOMPRESSED || o->column_codecs != NULL ? PPQ_ERR_UNSUPPORTED : PPQ_OK;
    }
    for (i = 0; i < n; i++) {
        ppq_codec_t codec = column_codec(o, i);
        if ((unsigned)codec > (unsigned)PPQ_CODEC_LZ4_RAW || (o->column_codecs != NULL && o->recovery)) {
            return PPQ_ERR_ARG; /* (a recoverable file names one codec for all its pages) */
        }
        if (codec != PPQ_CODEC_UNCOMPRESSED && (PPQ_COMPRESSORS == 0u || !ppq_codec_can_compress(codec))) {
            return PPQ_ERR_UNSUPPORTED;
        }
    }
    return PPQ_OK;
}

size_t ppq_writer_arena_size(const ppq_column_t *schema, uint32_t ncols, const ppq_writer_options_t *opts)
{
    ppq_writer_options_t o;
    plan_t p = {NULL, 0, 0};
    if (!schema_ok(schema, ncols) || !resolve_options(opts, &o) || codecs_ok(&o, ncols) != PPQ_OK) {
        return 0;
    }
    return plan(schema, ncols, &o, &p, NULL);
}

/* ---- options for an arena ---------------------------------------------------- */

/* The largest page of column c (header, levels, values at their worst). */
static size_t worst_page(const ppq_column_t *c, const ppq_writer_options_t *o)
{
    int ok, kind = start_kind(c, &ok), alt = AUTO_BY_SIZE && c->encoding == PPQ_COLUMN_AUTO ? auto_alt(c) : K_PLAIN;
    size_t v = vals_cap(c, o, kind) > vals_cap(c, o, alt) ? vals_cap(c, o, kind) : vals_cap(c, o, alt);
    return header_max_for(c, o) + levels_cap_for(c, o) + v;
}

/* Rows a row group surely holds with these options: every column's chunk
 * buffer takes that many worst-case pages. */
static uint32_t surely_rows(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o)
{
    uint64_t rows = o->row_group_rows;
    uint32_t i;
    for (i = 0; i < n; i++) {
        uint64_t pages = o->chunk_bytes / worst_page(&s[i], o);
        rows = pages * o->page_values < rows ? pages * o->page_values : rows;
    }
    return (uint32_t)rows;
}

/* The largest chunk_bytes (up to `most`) with which o fits arena_len; 0
 * when not even the least does. */
static uint32_t fit_chunk(const ppq_column_t *schema, uint32_t ncols, ppq_writer_options_t *o, size_t arena_len,
                          uint32_t most)
{
    uint32_t lo = 1u, hi = most;
    o->chunk_bytes = 1u;
    if (ppq_writer_arena_size(schema, ncols, o) == 0u || ppq_writer_arena_size(schema, ncols, o) > arena_len) {
        return 0;
    }
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo + 1u) / 2u;
        o->chunk_bytes = mid;
        if (ppq_writer_arena_size(schema, ncols, o) <= arena_len) {
            lo = mid;
        } else {
            hi = mid - 1u;
        }
    }
    o->chunk_bytes = lo;
    return lo;
}

/* Row groups the footer store keeps, each taking at most rg bytes of
 * metadata (a spill keeps them all: counted as 65,536). */
static uint32_t groups_kept(const ppq_writer_options_t *o, uint32_t rg)
{
    return o->footer_spill != NULL ? 1u << 16 : (o->footer_bytes > rg ? o->footer_bytes : rg) / rg;
}

/* Arenas up to this size take the compact layout, where it can be had. */
#define COMPACT_ARENA_MAX (96u * 1024u)

ppq_status_t ppq_writer_options_for_arena(ppq_writer_options_t *opts, const ppq_column_t *schema, uint32_t ncols,
                                          size_t arena_len)
{
    ppq_writer_options_t o, best;
    uint64_t best_score = 0;
    uint32_t pv, share, rg = 0, most = arena_len > 0x7FFFFFFFu ? 0x7FFFFFFFu : (uint32_t)arena_len;
    int found = 0;
    if (opts == NULL || !schema_ok(schema, ncols)) {
        return PPQ_ERR_ARG;
    }
    rg = (uint32_t)rg_meta_max(schema, ncols, opts);
    /* pv 0: the compact layout (where it can be had: the best when it fits);
     * then pages as large as still leave room for whole row groups */
    for (pv = 0u; pv == 0u || (pv >= 8u && !(found && best.compact)); pv = pv == 0u ? 4096u : pv / 2u) {
        if (pv == 0u && !(PPQ_WRITER_COMPACT && arena_len <= COMPACT_ARENA_MAX)) {
            continue;
        }
        for (share = 2u; share <= 64u; share *= 2u) { /* the footer store: 1/share of the arena */
            uint64_t score;
            o = *opts;
            o.compact = pv == 0u;
            o.row_group_rows = 1u << 20; /* row groups end where the store or a chunk buffer fills */
            o.footer_bytes = o.footer_spill != NULL ? 1u : (uint32_t)(arena_len / share);
            if (pv == 0u) {
                /* a store as large as fits beside the footer store and a hash
                 * table for an entry per 16 bytes of the store (sensor rows
                 * take some 3 bytes in the store and bring a new entry every
                 * few rows: neither runs out long first) */
                uint32_t entries = (uint32_t)(arena_len / 24u), k;
                o.page_values = 8192u; /* (one page per chunk) */
                o.page_bytes = arena_len / 32u < 64u ? 64u : (uint32_t)(arena_len / 32u);
                o.dict_bytes = 0;
                for (k = 0; k < 3u; k++) { /* (entries and store settle in a few rounds) */
                    o.dict_entries = entries < 16u ? 16u : entries & ~15u;
                    entries = fit_chunk(schema, ncols, &o, arena_len, 0xFFFFu / ncols) * ncols / 16u;
                }
                if (entries == 0u) {
                    continue;
                }
                /* rows a file takes, at a guess of 2 bytes per value in the store */
                score = (uint64_t)o.chunk_bytes / 2u * groups_kept(&o, rg);
            } else {
                uint32_t rows;
                o.page_values = pv;
                o.page_bytes = pv * 8u < 65536u ? pv * 8u : 65536u;
                o.dict_entries = pv < 1024u ? pv : 1024u;
                o.dict_bytes = o.dict_entries * 8u;
                if (fit_chunk(schema, ncols, &o, arena_len, most) == 0u) {
                    continue;
                }
                /* rows a file surely takes: a row group's worth times the row
                 * groups the footer store keeps (a spill keeps them all) */
                rows = surely_rows(schema, ncols, &o);
                score = (uint64_t)(rows > 0u ? rows : 1u) * groups_kept(&o, rg);
            }
            if (!found || score > best_score) {
                best = o;
                best_score = score;
                found = 1;
            }
            if (o.footer_spill != NULL) {
                break; /* no share to weigh */
            }
        }
    }
    if (!found) {
        return PPQ_ERR_ARENA;
    }
    *opts = best;
    return PPQ_OK;
}

/* ---- statistics ------------------------------------------------------------ */

/* How min/max compare for a column; NONE: no min/max is written. */

static uint8_t stats_order(const ppq_column_t *c)
{
    switch (c->type) {
    case PPQ_BOOLEAN: return PPQ_ORDER_BOOL;
    case PPQ_INT32:
    case PPQ_INT64:
        return c->logical.kind == PPQ_LOGICAL_INT && !c->logical.is_signed ? PPQ_ORDER_UNSIGNED : PPQ_ORDER_SIGNED;
    case PPQ_FLOAT:
    case PPQ_DOUBLE: return PPQ_ORDER_FLOAT;
    case PPQ_BYTE_ARRAY:
    case PPQ_FIXED_LEN_BYTE_ARRAY:
        /* decimals order as signed numbers, FLOAT16 as floats: not bytes */
        return c->logical.kind == PPQ_LOGICAL_DECIMAL || c->logical.kind == PPQ_LOGICAL_FLOAT16 ? PPQ_ORDER_NONE
                                                                                                 : PPQ_ORDER_BYTES;
    default: return PPQ_ORDER_NONE;
    }
}

/* Bytes of one min/max value of a fixed-width column (BOOLEAN: one byte). */
static size_t stat_width(const ppq_column_t *c)
{
    return c->type == PPQ_BOOLEAN ? 1u : ppq_plain_width(c->type, c->type_len);
}

/* ---- pages ------------------------------------------------------------------- */

/* The Parquet encoding of each kind. */
static const uint8_t page_encoding[] = {
    [K_PLAIN] = PPQ_ENC_PLAIN,
    [K_DICT] = PPQ_ENC_RLE_DICTIONARY,
    [K_DELTA] = PPQ_ENC_DELTA_BINARY_PACKED,
    [K_BSS] = PPQ_ENC_BYTE_STREAM_SPLIT,
    [K_RLE] = PPQ_ENC_RLE,
    [K_DLBA] = PPQ_ENC_DELTA_LENGTH_BYTE_ARRAY,
    [K_DBA] = PPQ_ENC_DELTA_BYTE_ARRAY,
};

/* Start the page's value encoder (for c->kind) on an empty value buffer. */
static ppq_status_t start_encoder(ppq_writer_t *w, ppq_col_t *c)
{
    const ppq_column_t *d = c->def;
    ppq_status_t st = PPQ_OK;
    ppq_arena_rewind(&c->codec_arena, 0);
    ppq_sink_init_mem(&c->vals_sink, &c->vals_mem, c->vals_mem.buf, c->vals_mem.cap); /* as plan laid it out */
    switch (c->kind) {
    case K_PLAIN: st = ppq_plain_enc_init(&c->enc.plain, d->type, d->type_len, &c->vals_sink); break;
    case K_DELTA: {
        ppq_delta_cfg_t cfg = {PPQ_INT32, 0, 0, 0};
        cfg.type = d->type;
        cfg.max_values = w->opts.page_values;
        if (BUILT(K_DELTA)) {
            st = ppq_delta_enc_init(&c->enc.delta, &cfg, &c->vals_sink, &c->codec_arena);
        }
        break;
    }
    case K_BSS:
        if (BUILT(K_BSS)) {
            st = ppq_bss_enc_init(&c->enc.bss, d->type, d->type_len, w->opts.page_values, &c->vals_sink,
                                  &c->codec_arena);
        }
        break;
    case K_RLE: {
        ppq_rle_cfg_t cfg = {1, 0, 1, 0};
        cfg.prefix_cap = (uint32_t)c->vals_mem.cap - 4u;
        st = ppq_rle_enc_init(&c->enc.rle, &cfg, &c->vals_sink, &c->codec_arena);
        break;
    }
    case K_DLBA: {
        ppq_dlba_cfg_t cfg;
        dlba_cfg_for(d, &w->opts, &cfg);
        if (BUILT(K_DLBA)) {
            st = ppq_dlba_enc_init(c->own.dlba, &cfg, &c->vals_sink, &c->codec_arena);
        }
        break;
    }
    case K_DBA: {
        ppq_dba_cfg_t cfg;
        dba_cfg_for(d, &w->opts, &cfg);
        if (BUILT(K_DBA)) {
            st = ppq_dba_enc_init(c->own.dba, d->type, d->type_len, &cfg, &c->vals_sink, &c->codec_arena);
        }
        break;
    }
    default: /* K_DICT: the dictionary encoder lives over the chunk */
        if (BUILT(K_DICT)) {
            c->page_dict_bytes = ppq_dict_enc_dict_bytes(c->own.dict);
        }
        break;
    }
    return st;
}

static void set_put(const ppq_writer_t *w, ppq_col_t *c);

/* Start the next page. */
static ppq_status_t start_page(ppq_writer_t *w, ppq_col_t *c)
{
    ppq_status_t st = start_encoder(w, c);
    set_put(w, c);
    c->again = NULL;
    c->page_count = 0;
    c->page_nulls = 0;
    c->page_data = 0;
    ppq_stats_reset(&c->page_stats);
    c->run_open = 0;
    if (!PPQ_LEAN && PPQ_WRITER_STATISTICS && c->seen != NULL && ++c->stamp == 0u) {
        memset(c->seen, 0, c->own.dict->cfg.max_entries); /* every 255 pages: no stale stamp matches */
        c->stamp = 1;
    }
    if (c->def->optional) {
        memset(c->levels, 0, w->opts.page_values / 8u + 1u);
    }
    return st;
}

/* The pending number's PLAIN bits as a word (dict_word columns). */
static uint64_t value_word(const ppq_col_t *c)
{
    return c->width == 4u ? c->value.u32 : c->value.u64;
}

/* Put one value (in memory as ppq_writer_set_* keeps it: a number, a
 * uint8_t boolean, ppq_bytes_t for byte arrays) into the page's encoder,
 * which is not the dictionary. */
static ppq_status_t encode_value(ppq_col_t *c, const void *v)
{
    const ppq_bytes_t *b = (const ppq_bytes_t *)v;
    size_t acc;
    uint32_t bit;
    switch (c->kind) {
    case K_PLAIN: return ppq_plain_enc_put(&c->enc.plain, v, 1);
    case K_DELTA: /* (INT32 or INT64: the word's low 32 bits are an INT32's) */
        return BUILT(K_DELTA) ? ppq_delta_enc_put_word(&c->enc.delta, value_word(c)) : PPQ_ERR_STATE;
    case K_BSS: /* FLBA as its raw bytes, numbers as values */
        return BUILT(K_BSS) ? ppq_bss_enc_put(&c->enc.bss, c->def->type == PPQ_FIXED_LEN_BYTE_ARRAY ? (const void *)b->ptr : v, 1)
                            : PPQ_ERR_STATE;
    case K_RLE:
        bit = *(const uint8_t *)v != 0u;
        return BUILT(K_RLE) ? ppq_rle_enc_put_repeat(&c->enc.rle, bit, 1) : PPQ_ERR_STATE;
    case K_DLBA: return BUILT(K_DLBA) ? ppq_dlba_enc_put(c->own.dlba, b, 1, &acc) : PPQ_ERR_STATE;
    case K_DBA: return BUILT(K_DBA) ? ppq_dba_enc_put(c->own.dba, b, 1, &acc) : PPQ_ERR_STATE;
    default: return PPQ_ERR_STATE; /* K_DICT: the caller's */
    }
}

/* ---- AUTO: a dictionary or alt_kind, whichever is smaller ------------------
 * An AUTO column starts each chunk with a dictionary.  Once its first page
 * holds auto_decide_at() values, the sizes both ways are compared from the
 * values seen (the dictionary keeps them all: entries plus indices); where
 * alt_kind is smaller the page is re-encoded that way and the dictionary
 * dropped.  Each later dictionary page compares again (its new entries and
 * indices against alt_kind for its values) and the chunk goes on as
 * alt_kind from the next page where the data changed; a full dictionary
 * falls back to alt_kind too. */

#define AUTO_DECIDE_VALUES 256u

static uint32_t auto_decide_at(const ppq_writer_t *w)
{
    return w->opts.page_values < AUTO_DECIDE_VALUES ? w->opts.page_values : AUTO_DECIDE_VALUES;
}

/* Value i of the dictionary's page as an integer (INT32 sign-extended). */
static int64_t dict_int_at(const ppq_col_t *c, uint32_t i)
{
    uint32_t len;
    const uint8_t *p;
    if (!PPQ_DICT_NARROW) { /* (32-bit indices and a PLAIN pool: read in place) */
        const ppq_dict_enc_t *d = c->own.dict;
        p = d->pool + (size_t)d->width * ((const uint32_t *)d->page)[i];
        return d->width == 4u ? (int64_t)(int32_t)ppq_load_le32(p) : (int64_t)ppq_load_le64(p);
    }
    p = ppq_dict_enc_entry(c->own.dict, ppq_dict_enc_index_at(c->own.dict, i), &len);
    return len == 4u ? (int64_t)(int32_t)ppq_load_le32(p) : (int64_t)ppq_load_le64(p);
}

/* Bytes of a ULEB128 varint. */
static size_t uleb_len(uint64_t v)
{
    size_t n = 1;
    while (v >= 0x80u) {
        v >>= 7;
        n++;
    }
    return n;
}

/* Bytes the dictionary page's n values take as `kind`: PLAIN exactly,
 * DELTA_BINARY_PACKED as its layout has it (header; per block of 128
 * deltas its min delta and 4 miniblock widths; per miniblock of 32 the
 * deltas above the block's min at the width of the largest). */
static size_t alt_bytes(const ppq_col_t *c, uint32_t n, int kind)
{
    size_t bytes = 0;
    uint32_t i, len;
    if (kind == K_DELTA) {
        uint32_t b, m;
        int64_t first = dict_int_at(c, 0);
        bytes = 3u + uleb_len(ppq_zigzag64_encode(first));
        for (b = 1; b < n; b += 128u) { /* a block: its min delta, then its miniblocks */
            uint32_t end = n - b > 128u ? b + 128u : n;
            int64_t prev = first, lo = INT64_MAX;
            for (i = b; i < end; i++) {
                int64_t v = dict_int_at(c, i), d = (int64_t)((uint64_t)v - (uint64_t)prev);
                lo = d < lo ? d : lo;
                prev = v;
            }
            bytes += uleb_len(ppq_zigzag64_encode(lo)) + 4u;
            prev = first;
            for (m = b; m < end; m += 32u) {
                uint64_t hi = 0;
                for (i = m; i < end && i < m + 32u; i++) {
                    int64_t v = dict_int_at(c, i);
                    uint64_t d = (uint64_t)v - (uint64_t)prev - (uint64_t)lo;
                    hi = d > hi ? d : hi;
                    prev = v;
                }
                bytes += 4u * ppq_bit_width64(hi); /* 32 values */
            }
            first = prev;
        }
        return bytes;
    }
    if (c->def->type != PPQ_BYTE_ARRAY) {
        return (size_t)n * ppq_plain_width(c->def->type, c->def->type_len);
    }
    for (i = 0; i < n; i++) {
        (void)ppq_dict_enc_entry(c->own.dict, ppq_dict_enc_index_at(c->own.dict, i), &len);
        bytes += 4u + len;
    }
    return bytes;
}

/* Bytes the dictionary page's n indices take, with the entries it added. */
static size_t dict_page_bytes(const ppq_col_t *c, uint32_t n)
{
    uint32_t entries = ppq_dict_enc_entries(c->own.dict);
    return ppq_dict_enc_dict_bytes(c->own.dict) - c->page_dict_bytes + 1u +
           (n * ppq_bit_width32(entries > 1u ? entries - 1u : 1u) + 7u) / 8u;
}

/* Does an alternative beat the dictionary on the current page?  An AUTO
 * integer column's alt_kind becomes the smaller of DELTA_BINARY_PACKED and
 * PLAIN for these values; PLAIN from fewer than a miniblock of them (a few
 * values say little of the deltas to come, and a miniblock of wide deltas
 * costs many times their PLAIN bytes: PLAIN is never far off). */
static int alt_smaller(ppq_col_t *c)
{
    uint32_t n = ppq_dict_enc_page_values(c->own.dict);
    size_t alt;
    if (n == 0u) {
        return 0;
    }
    alt = alt_bytes(c, n, K_PLAIN);
    c->alt_kind = K_PLAIN;
    if (c->def->encoding == PPQ_COLUMN_AUTO && auto_alt(c->def) == K_DELTA && n >= 32u && alt_bytes(c, n, K_DELTA) < alt) {
        alt = alt_bytes(c, n, K_DELTA);
        c->alt_kind = K_DELTA;
    }
    return alt < dict_page_bytes(c, n);
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

/* The bits of a word dictionary's entry e (numbers of `width` bytes). */
static uint64_t entry_word(const ppq_dict_enc_t *d, uint32_t e, size_t width)
{
    return ppq_load_le_word(d->pool + (size_t)e * width, (unsigned)width);
}

/* seen[e] = stamp for each of the n indices e. */
static void mark_entries(uint8_t *seen, uint8_t stamp, const uint32_t *index, uint32_t n)
{
    uint32_t i;
    for (i = 0; i + 4u <= n; i += 4u) { /* (four indices loaded before their stores, which may alias them) */
        uint32_t e0 = index[i], e1 = index[i + 1u], e2 = index[i + 2u], e3 = index[i + 3u];
        seen[e0] = stamp;
        seen[e1] = stamp;
        seen[e2] = stamp;
        seen[e3] = stamp;
    }
    for (; i < n; i++) {
        seen[index[i]] = stamp;
    }
}

/* The statistics of a dictionary page's values from its indices, where its
 * batch runs left them (SETTLES(c); its row-path values are in already):
 * each entry the page holds once.  The entries its runs used carry the
 * page's stamp (put_marked marks them as it looks them up; other builds
 * mark them here, a pass of byte stores) and are scanned; with many more
 * entries than values, the indices are walked instead.  Then, if that met
 * a NaN, the page's NaNs counted over its indices, all of them (add_word
 * counts one each time it meets one). */
static void settle_dict_stats(ppq_col_t *c)
{
    const ppq_dict_enc_t *d = c->own.dict;
    const uint32_t *index = (const uint32_t *)d->page; /* (SETTLES: 4-byte indices) */
    uint8_t *seen = c->seen, stamp = c->stamp;
    uint32_t n = ppq_dict_enc_page_values(d), count = ppq_dict_enc_entries(d), i, e;
    size_t width = c->width;
    uint64_t nans = c->page_stats.nans;
    if (count / 2u <= n) {
        if (!PPQ_DICT_BATCH_WORDS) { /* (there put_marked marked them) */
            mark_entries(seen, stamp, index, n);
        }
        for (e = 0; e < count; e++) {
            if (seen[e] == stamp) {
                (void)ppq_stats_add_word(&c->page_stats, c->stats_kind, width, entry_word(d, e, width));
            }
        }
    } else { /* (every index: a stamp may be put_marked's, whose entry is not in yet) */
        for (i = 0; i < n; i++) {
            (void)ppq_stats_add_word(&c->page_stats, c->stats_kind, width, entry_word(d, index[i], width));
        }
    }
    if (c->page_stats.nans != nans) {
        c->page_stats.nans = 0;
        for (i = 0; i < n; i++) {
            c->page_stats.nans += (uint64_t)ppq_is_nan_bits(width, entry_word(d, index[i], width));
        }
    }
}

/* The chunk's first decision: keep the dictionary, or re-encode the page
 * as alt_kind and drop it. */
static ppq_status_t auto_first(ppq_writer_t *w, ppq_col_t *c)
{
    ppq_dict_enc_t *d = c->own.dict;
    uint32_t i, n = ppq_dict_enc_page_values(d), len;
    ppq_status_t st = PPQ_OK;
    c->deciding = 0;
    set_put(w, c);
    if (c->dict_pages || !alt_smaller(c)) {
        return PPQ_OK;
    }
    if (SETTLES(c)) {
        settle_dict_stats(c); /* (before the page stops being a dictionary page) */
    }
    c->kind = c->alt_kind;
    set_put(w, c);
    st = start_encoder(w, c);
    for (i = 0; i < n && st == PPQ_OK; i++) {
        const uint8_t *p = ppq_dict_enc_entry(d, ppq_dict_enc_index_at(d, i), &len);
        union {
            int32_t i32;
            int64_t i64;
            double d;
            ppq_int96_t i96;
            ppq_bytes_t bytes;
        } v;
        if (c->def->type == PPQ_BYTE_ARRAY || c->def->type == PPQ_FIXED_LEN_BYTE_ARRAY) {
            v.bytes.ptr = p;
            v.bytes.len = len;
        } else if (c->def->type == PPQ_INT96) {
            memcpy(&v.i96, p, sizeof v.i96); /* its 12 stored bytes */
        } else {
            ppq_load_value_le(&v, p, len);
        }
        if (c->kind != K_DELTA) {
            st = ppq_plain_enc_put(&c->enc.plain, &v, 1); /* the alternatives */
        } else { /* (put_word: the writer's rows link no more of the encoder) */
            st = BUILT(K_DELTA) ? ppq_delta_enc_put_word(&c->enc.delta, c->def->type == PPQ_INT32 ? (uint64_t)(uint32_t)v.i32
                                                                                                  : (uint64_t)v.i64)
                                : PPQ_ERR_STATE;
        }
    }
    ppq_dict_enc_reset(d);
    return st;
}

/* RLE-encode the page's definition levels (bit width 1, with the 4-byte
 * length) into levels_out; returns the length or 0 on error. */
static size_t encode_levels(ppq_col_t *c)
{
    ppq_rle_cfg_t cfg = {1, 0, 1, 0};
    ppq_rle_enc_t rle;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    uint32_t i = 0;
    cfg.prefix_cap = c->levels_cap - 4u;
    ppq_arena_rewind(&c->codec_arena, 0); /* the value encoder is done with it */
    ppq_sink_init_mem(&sink, &mem, c->levels_out, c->levels_cap);
    if (ppq_rle_enc_init(&rle, &cfg, &sink, &c->codec_arena) != PPQ_OK) {
        return 0;
    }
    while (i < c->page_count) { /* runs of equal levels (bits set: nulls) */
        uint32_t null = ((uint32_t)c->levels[i / 8u] >> (i % 8u)) & 1u, j = i + 1u;
        while (j < c->page_count && (((uint32_t)c->levels[j / 8u] >> (j % 8u)) & 1u) == null) {
            j += !null && j % 8u == 0u && c->levels[j / 8u] == 0u ? 8u : 1u; /* 8 values, no null */
        }
        j = j < c->page_count ? j : c->page_count; /* (the bits past the page are clear) */
        if (ppq_rle_enc_put_repeat(&rle, null ^ 1u, j - i) != PPQ_OK) {
            return 0;
        }
        i = j;
    }
    return ppq_rle_enc_finish(&rle) == PPQ_OK ? mem.len : 0u;
}

/* Column c's chunk grew by a page: is the row group due to end (its
 * buffer nearly full, or all chunks at row_group_bytes)?  Checked here,
 * not per row. */
static void chunk_grew(ppq_writer_t *w, const ppq_col_t *c)
{
    uint32_t i;
    size_t bytes = 0;
    for (i = 0; w->opts.row_group_bytes != 0u && i < w->ncols; i++) {
        bytes += COL(w, i)->chunk_len;
    }
    w->rg_due = (uint8_t)(w->rg_due | (c->chunk_cap - c->chunk_len < c->chunk_room) |
                          (w->opts.row_group_bytes != 0u && bytes >= w->opts.row_group_bytes));
}

/* A v1 data page header's DataPageHeader (field 5) up to its statistics:
 * `count` values in encoding `kind`, levels RLE. */
static void data_header_v1(ppq_thrift_w_t *t, uint32_t count, uint8_t kind)
{
    ppq_thrift_w_struct(t, 5);
    ppq_thrift_w_i32(t, 1, (int32_t)count);
    ppq_thrift_w_i32(t, 2, page_encoding[kind]);
    ppq_thrift_w_i32(t, 3, PPQ_ENC_RLE);
    ppq_thrift_w_i32(t, 4, PPQ_ENC_RLE);
}

/* Open a page header in the scratch buffer: its type, body size
 * uncompressed and as stored and, when pages carry one, the stored body's
 * CRC. */
static void header_open(ppq_writer_t *w, ppq_thrift_w_t *t, ppq_sink_t *hs, ppq_memsink_t *hm, int32_t type,
                        size_t raw, size_t body, uint32_t crc)
{
    ppq_sink_init_mem(hs, hm, w->scratch, w->scratch_cap);
    ppq_thrift_w_init(t, hs);
    ppq_thrift_w_i32(t, 1, type);
    ppq_thrift_w_i32(t, 2, (int32_t)raw);
    ppq_thrift_w_i32(t, 3, (int32_t)body);
    if (w->opts.page_crc) {
        ppq_thrift_w_i32(t, 4, (int32_t)crc);
    }
}

/* Close it (the page-type struct and the header): its status; recovery
 * sums the headers' CRCs. */
static ppq_status_t header_close(ppq_writer_t *w, ppq_thrift_w_t *t, const ppq_memsink_t *hm)
{
    ppq_thrift_w_end(t);
    ppq_thrift_w_end(t);
    if (PPQ_WRITER_RECOVERY) {
        w->hdr_crcs += ppq_crc32(0, w->scratch, hm->len);
    }
    return ppq_thrift_w_status(t);
}

/* A DELTA integer of `width` bytes (a constant where called) into the
 * page's statistics: of a run of rising values only its first and last
 * count (run_key: the last, until the run ends or the page does:
 * close_run).  Integers order signed or unsigned (stats_order). */
static PPQ_ALWAYS_INLINE void run_stats(ppq_col_t *c, uint64_t word, size_t width)
{
    uint64_t key = c->stats_kind == PPQ_ORDER_SIGNED ? word ^ ppq_sign_bit(width) : word;
    if (c->run_open && (width == 4u ? (uint32_t)key >= (uint32_t)c->run_key : key >= c->run_key)) {
        c->run_key = key;
        return;
    }
    if (c->run_open) {
        ppq_stats_add_key(&c->page_stats, c->run_key); /* the run's last */
    }
    ppq_stats_add_key(&c->page_stats, key); /* the next run's first */
    c->run_key = key;
    c->run_open = 1;
}

static void close_run(ppq_col_t *c)
{
    if (PPQ_WRITER_STATISTICS && c->run_open) {
        ppq_stats_add_key(&c->page_stats, c->run_key);
        c->run_open = 0;
    }
}

/* End the page: finish its values, encode its levels, and append header,
 * levels and values to the column chunk. */
static ppq_status_t finish_page(ppq_writer_t *w, ppq_col_t *c)
{
    uint8_t dhead[PPQ_DELTA_HEADER_MAX];
    size_t dhead_len = 0, levels_len = 0, body, raw, vals_len, page_len;
    const uint8_t *vals;
    const uint8_t *levels = c->levels_out;
    ppq_thrift_w_t t;
    ppq_sink_t hs;
    ppq_memsink_t hm;
    ppq_status_t st = PPQ_OK;
    uint8_t order = c->stats_kind;
    size_t width = c->width;
    uint32_t crc = 0;
    int switch_to = 0;
    if (c->page_count == 0u) {
        return PPQ_OK;
    }
    close_run(c);
    if (AUTO_BY_SIZE && c->kind == K_DICT && c->deciding) {
        st = auto_first(w, c); /* a chunk that ends before its decision */
        if (st != PPQ_OK) {
            return st;
        }
    }
    switch (c->kind) {
    case K_PLAIN: st = ppq_plain_enc_finish(&c->enc.plain); break;
    case K_DICT:
        if (BUILT(K_DICT)) {
            /* the data changed: many new entries (a dictionary that adds few
             * stays cheap, and weighing costs a pass over the page) */
            switch_to = AUTO_BY_SIZE && c->def->encoding == PPQ_COLUMN_AUTO &&
                        (ppq_dict_enc_dict_bytes(c->own.dict) - c->page_dict_bytes) * 16u >
                            ppq_dict_enc_page_values(c->own.dict) * c->width &&
                        alt_smaller(c);
            c->deciding = 0;
            if (SETTLES(c)) {
                settle_dict_stats(c);
            }
            st = ppq_dict_enc_flush_page(c->own.dict, &c->vals_sink);
            c->dict_pages = 1;
        }
        break;
    case K_DELTA:
        if (BUILT(K_DELTA)) {
            st = ppq_delta_enc_finish(&c->enc.delta);
            dhead_len = ppq_delta_enc_header(&c->enc.delta, dhead);
        }
        break;
    case K_BSS: st = BUILT(K_BSS) ? ppq_bss_enc_finish(&c->enc.bss) : st; break;
    case K_DLBA: st = BUILT(K_DLBA) ? ppq_dlba_enc_finish(c->own.dlba) : st; break;
    case K_DBA: st = BUILT(K_DBA) ? ppq_dba_enc_finish(c->own.dba) : st; break;
    default: st = BUILT(K_RLE) ? ppq_rle_enc_finish(&c->enc.rle) : st; break;
    }
    if (st != PPQ_OK) {
        return st;
    }
    if (c->def->optional) {
        levels_len = encode_levels(c);
        if (levels_len == 0u) {
            return PPQ_ERR_NOSPACE; /* not reached: sized for page_values */
        }
        if (page_v2(&w->opts)) {
            levels = c->levels_out + 4; /* v2: the header holds the length */
            levels_len -= 4u;
        }
    }
    body = raw = levels_len + dhead_len + c->vals_mem.len;
    vals = c->vals_mem.buf;
    vals_len = c->vals_mem.len;
    if (COMPRESSED(c->codec)) { /* v1: all of the body; v2: all but the levels */
        size_t in = 0, z = 0;
        if (!page_v2(&w->opts)) {
            memcpy(w->zin, levels, levels_len);
            in = levels_len;
            levels_len = 0;
        }
        memcpy(w->zin + in, dhead, dhead_len);
        memcpy(w->zin + in + dhead_len, c->vals_mem.buf, c->vals_mem.len);
        st = ppq_compress((ppq_codec_t)c->codec, w->opts.codec_level, w->zin, in + dhead_len + c->vals_mem.len, w->zout,
                          w->zout_cap, &z, w->zwork, w->zwork_len);
        if (st != PPQ_OK) {
            return st;
        }
        dhead_len = 0;
        vals = w->zout;
        vals_len = z;
        body = levels_len + z;
    }
    if (w->opts.page_crc) {
        crc = ppq_crc32(ppq_crc32(ppq_crc32(0, levels, levels_len), dhead, dhead_len), vals, vals_len);
    }
    header_open(w, &t, &hs, &hm, page_v2(&w->opts) ? PAGE_DATA_V2 : PAGE_DATA, PPQ_COMPRESSORS != 0u ? raw : body, body,
                crc);
    if (page_v2(&w->opts)) {
        ppq_thrift_w_struct(&t, 8);
        ppq_thrift_w_i32(&t, 1, (int32_t)c->page_count);
        ppq_thrift_w_i32(&t, 2, (int32_t)c->page_nulls);
        ppq_thrift_w_i32(&t, 3, (int32_t)c->page_count); /* flat schema: a value per row */
        ppq_thrift_w_i32(&t, 4, page_encoding[c->kind]);
        ppq_thrift_w_i32(&t, 5, (int32_t)levels_len);
        ppq_thrift_w_i32(&t, 6, 0);
        ppq_thrift_w_bool(&t, 7, COMPRESSED(c->codec)); /* (absent means compressed) */
        if (PPQ_WRITER_STATISTICS && !w->opts.no_statistics) {
            ppq_stats_write(&t, 8, &c->page_stats, order, width);
        }
    } else {
        data_header_v1(&t, c->page_count, c->kind);
        if (PPQ_WRITER_STATISTICS && !w->opts.no_statistics) {
            ppq_stats_write(&t, 5, &c->page_stats, order, width);
        }
    }
    st = header_close(w, &t, &hm);
    page_len = hm.len + levels_len + dhead_len + vals_len;
    if (st == PPQ_OK && page_len > c->chunk_cap - c->chunk_len) {
        st = PPQ_ERR_NOSPACE; /* the layout guarantees room: not reached */
    }
    if (st != PPQ_OK) {
        return st;
    }
    { /* into the chunk: header, levels, delta header, values */
        uint8_t *at = c->chunk + c->chunk_len; /* (every part's pointer is valid, its length maybe 0) */
        memcpy(at, w->scratch, hm.len);
        at += hm.len;
        memcpy(at, levels, levels_len);
        at += levels_len;
        memcpy(at, dhead, dhead_len);
        memcpy(at + dhead_len, vals, vals_len);
        c->chunk_len += page_len;
    }
    if (PPQ_COMPRESSORS != 0u) {
        c->chunk_raw += hm.len + raw;
    }
    chunk_grew(w, c);
    if (PPQ_WRITER_STATISTICS) {
        ppq_stats_merge(&c->chunk_stats, &c->page_stats, order);
    }
    c->chunk_values += c->page_count;
    c->encodings |= 1u << page_encoding[c->kind];
    if (switch_to) {
        c->kind = c->alt_kind; /* the rest of the chunk */
    }
    return start_page(w, c);
}

/* The pending value as PLAIN bytes (numbers) or its bytes (arrays). */
static const uint8_t *value_bytes(ppq_col_t *c, uint8_t *buf, size_t *len)
{
    ppq_type_t t = c->def->type;
    if (t == PPQ_BYTE_ARRAY || t == PPQ_FIXED_LEN_BYTE_ARRAY) {
        *len = c->value.bytes.len;
        return c->value.bytes.ptr;
    }
    *len = c->width;
    if (PPQ_HOST_LE || t == PPQ_BOOLEAN || t == PPQ_INT96) {
        return (const uint8_t *)&c->value; /* numbers in memory are their PLAIN bytes */
    }
    ppq_store_value_le(buf, &c->value, c->width);
    return buf;
}


/* Mark the page's next value (at page_count) as a null in its definition
 * levels: a bit per value, set for a null (present values, the usual
 * ones, cost nothing). */
static void mark_null(ppq_col_t *c)
{
    c->levels[c->page_count / 8u] = (uint8_t)(c->levels[c->page_count / 8u] | (1u << (c->page_count % 8u)));
}

/* Put the pending value (or null) into the column's page. */
static ppq_status_t push_value(ppq_writer_t *w, ppq_col_t *c)
{
    uint8_t buf[12];
    size_t len;
    const uint8_t *v;
    ppq_status_t st = PPQ_OK;
    if (c->page_count == w->opts.page_values ||
        (c->pending == 1u && c->def->type == PPQ_BYTE_ARRAY && c->page_count > 0u &&
         c->value.bytes.len > w->opts.page_bytes - c->page_data)) {
        st = finish_page(w, c);
        if (st != PPQ_OK) {
            return st;
        }
    }
    if (c->pending != 1u) {
        mark_null(c);
        c->page_nulls++;
        c->page_stats.nulls++;
        c->page_count++;
        return PPQ_OK;
    }
    v = value_bytes(c, buf, &len);
    if (BUILT(K_DICT) && c->kind == K_DICT) {
        size_t acc;
        st = !PPQ_LEAN && c->dict_word ? ppq_dict_enc_put_word(c->own.dict, value_word(c))
                          : ppq_dict_enc_put(c->own.dict, &c->value, 1, &acc);
        if (st == PPQ_DICT_FULL) {
            /* the spec's fallback: another encoding for the rest of the chunk */
            if (AUTO_BY_SIZE) {
                (void)alt_smaller(c); /* (the smaller alternative for these values) */
            }
            st = finish_page(w, c);
            c->kind = c->alt_kind;
            c->deciding = 0;
            if (st == PPQ_OK) {
                st = start_page(w, c);
            }
        }
    }
    if (st == PPQ_OK && c->kind != K_DICT) {
        st = encode_value(c, &c->value);
    } else if (!PPQ_LEAN && st == PPQ_OK && c->def->type == PPQ_BYTE_ARRAY) { /* for put_bytes_again */
        c->again_idx = ppq_dict_enc_index_at(c->own.dict, c->own.dict->page_count - 1u);
        c->again = ppq_dict_enc_entry(c->own.dict, c->again_idx, &c->again_len);
    }
    if (st != PPQ_OK) {
        return st;
    }
    if (PPQ_WRITER_STATISTICS &&
        !(BUILT(K_DICT) && c->kind == K_DICT && c->stats_kind != PPQ_ORDER_FLOAT && c->own.dict->page_count >= 2u &&
          ppq_dict_enc_index_at(c->own.dict, c->own.dict->page_count - 1u) ==
              ppq_dict_enc_index_at(c->own.dict, c->own.dict->page_count - 2u))) {
        if (c->dict_word) {
            ppq_stats_add_word(&c->page_stats, c->stats_kind, c->width, value_word(c));
        } else {
            ppq_stats_add(&c->page_stats, c->stats_kind, c->width, v, len); /* (a repeated entry changes nothing) */
        }
    }
    if (AUTO_BY_SIZE && c->deciding && c->own.dict->page_count >= auto_decide_at(w)) {
        st = auto_first(w, c); /* (this value is in the page it may re-encode, and in its statistics:
                                  settle_dict_stats must not count a NaN of it twice) */
        if (st != PPQ_OK) {
            return st;
        }
    }
    c->page_count++;
    c->page_data += c->def->type == PPQ_BYTE_ARRAY ? c->value.bytes.len : 0u;
    return PPQ_OK;
}

/* ---- the row path's shortcuts ------------------------------------------------
 * commit_row and write_record put each column's value with c->put:
 * put_slow, or for the usual value of the page's encoding one of these
 * (set_put), which hand anything else (a null, a full page, a new
 * dictionary entry, a boolean or byte array unlike the last) to put_slow.
 * v is the value in its C type (a setter's c->value, or a record's field);
 * nulls (v NULL) go to put_slow itself. */

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

/* v (its C type) as column c's pending value, or a null (v NULL). */
static void load_pending(ppq_col_t *c, const void *v)
{
    c->pending = v != NULL ? 1u : 2u;
    if (v == NULL || v == (const void *)&c->value) {
        return;
    }
    switch (c->type) { /* (word copies of a known size: no memcpy call) */
    case PPQ_BOOLEAN: c->value.b = *(const uint8_t *)v != 0u; break;
    case PPQ_INT32:
    case PPQ_FLOAT: c->value.u32 = FIELD32(v); break;
    case PPQ_INT64:
    case PPQ_DOUBLE: c->value.u64 = FIELD64(v); break;
    case PPQ_INT96: c->value.i96 = *(const ppq_int96_t *)v; break;
    default: c->value.bytes = *(const ppq_bytes_t *)v; break; /* (the field is one) */
    }
}

/* Anything: push_value with v as the pending value. */
static PPQ_NOINLINE ppq_status_t put_slow(ppq_writer_t *w, ppq_col_t *c, const void *v)
{
    ppq_status_t st;
    load_pending(c, v);
    st = push_value(w, c);
    c->pending = 0;
    return st;
}

/* The value is in the page. */
static PPQ_ALWAYS_INLINE ppq_status_t put_done(ppq_col_t *c)
{
    c->page_count++;
    return PPQ_OK;
}

/* The bits of a number of `width` bytes (4 or 8) in its C type.  (The
 * shortcuts get no null, w->rows_fast vouches for the page's room.) */
static PPQ_ALWAYS_INLINE uint64_t number_bits(const void *v, size_t width)
{
    return width == 4u ? FIELD32(v) : FIELD64(v);
}

/* A number of `width` bytes the dictionary has. */
static PPQ_ALWAYS_INLINE ppq_status_t put_dict_word(ppq_writer_t *w, ppq_col_t *c, const void *v, unsigned width)
{
    uint32_t e;
    uint64_t word = number_bits(v, width);
    if ((e = ppq_dict_enc_find(c->own.dict, word, width)) == 0u) {
        return put_slow(w, c, v);
    }
    if (PPQ_WRITER_STATISTICS) {
        entry_stats(c, e - 1u, word, width);
    }
    return put_done(c);
}

static ppq_status_t put_dict4(ppq_writer_t *w, ppq_col_t *c, const void *v)
{
    return put_dict_word(w, c, v, 4u);
}

static ppq_status_t put_dict8(ppq_writer_t *w, ppq_col_t *c, const void *v)
{
    return put_dict_word(w, c, v, 8u);
}

/* An integer of `width` bytes into DELTA_BINARY_PACKED. */
static PPQ_ALWAYS_INLINE ppq_status_t put_delta_word(ppq_col_t *c, const void *v, size_t width)
{
    ppq_status_t st;
    uint64_t word = number_bits(v, width);
    if (!BUILT(K_DELTA) || !ppq_delta_enc_add(&c->enc.delta, word, width == 8u)) {
        st = BUILT(K_DELTA) ? ppq_delta_enc_put_word(&c->enc.delta, word) : PPQ_ERR_STATE;
        if (st != PPQ_OK) {
            return st;
        }
    }
    if (PPQ_WRITER_STATISTICS) {
        run_stats(c, word, width);
    }
    return put_done(c);
}

static ppq_status_t put_delta4(ppq_writer_t *w, ppq_col_t *c, const void *v)
{
    (void)w;
    return put_delta_word(c, v, 4u);
}

static ppq_status_t put_delta8(ppq_writer_t *w, ppq_col_t *c, const void *v)
{
    (void)w;
    return put_delta_word(c, v, 8u);
}

/* A boolean that continues its RLE run (its statistics hold). */
static ppq_status_t put_bool_again(ppq_writer_t *w, ppq_col_t *c, const void *v)
{
    if (!ppq_rle_enc_again(&c->enc.rle, *(const uint8_t *)v != 0u)) {
        return put_slow(w, c, v);
    }
    return put_done(c);
}

/* Are the len bytes at a and b the same?  (Short strings: loads, not a
 * call.) */
static PPQ_ALWAYS_INLINE int same_bytes(const uint8_t *a, const uint8_t *b, uint32_t len)
{
    uint32_t k = 0;
    for (; k + 4u <= len; k += 4u) {
        if (ppq_load_le32(a + k) != ppq_load_le32(b + k)) {
            return 0;
        }
    }
    if (len - k >= 2u) {
        if (ppq_load_le16(a + k) != ppq_load_le16(b + k)) {
            return 0;
        }
        k += 2u;
    }
    return k == len || a[k] == b[k];
}

/* A byte array the same as the page's last (its dictionary index again). */
static ppq_status_t put_bytes_again(ppq_writer_t *w, ppq_col_t *c, const void *v)
{
    const ppq_bytes_t *b = (const ppq_bytes_t *)v;
    ppq_dict_enc_t *d = c->own.dict;
    if (PPQ_DICT_NARROW || c->again == NULL || b->len != c->again_len ||
        b->len > w->opts.page_bytes - c->page_data || !same_bytes(c->again, b->ptr, b->len)) {
        return put_slow(w, c, v);
    }
    ((uint32_t *)d->page)[d->page_count++] = c->again_idx;
    c->page_data += b->len;
    return put_done(c);
}

/* Does every column's page have room for this row's value (the puts'
 * shortcuts do not look)?  w->rows_fast counts the rows that surely fit:
 * each row takes one value from every page's room, a new page or AUTO's
 * decision only adds room, a row group's end (flush) clears it. */
static int rows_fast(ppq_writer_t *w)
{
    uint32_t i, least = UINT32_MAX;
    if (w->rows_fast > 0u) {
        return 1;
    }
    for (i = 0; i < w->ncols; i++) {
        const ppq_col_t *c = COL(w, i);
        uint32_t room = c->page_count < c->put_limit ? c->put_limit - c->page_count : 0u;
        least = room < least ? room : least;
    }
    w->rows_fast = least;
    return least > 0u;
}

/* Column c's value v (NULL: a null) by its put; `checked`: where its page
 * may be full (put_slow ends it). */
static PPQ_ALWAYS_INLINE ppq_status_t put_any(ppq_writer_t *w, ppq_col_t *c, const void *v, int checked)
{
    if (v == NULL || (checked && c->page_count >= c->put_limit)) {
        return put_slow(w, c, v);
    }
    return c->put(w, c, v);
}

/* Choose c->put for the page's encoding; whenever it or `deciding`
 * changes (start_page).  (BOOLEAN columns are the page layout's K_RLE.)
 * While AUTO decides, the shortcuts stop a value short of the decision
 * (page_count counts nulls too: never later), which put_slow makes. */
static void set_put(const ppq_writer_t *w, ppq_col_t *c)
{
    if (PPQ_LEAN) { /* (commit_row calls push_value) */
        return;
    }
    c->put = put_slow;
    c->put_limit = w->opts.page_values;
    if (AUTO_BY_SIZE && c->deciding) {
        c->put_limit = auto_decide_at(w) - 1u;
    }
    if (BUILT(K_DICT) && c->kind == K_DICT) {
        c->put = c->dict_word && (c->seen != NULL || !PPQ_WRITER_STATISTICS) ? (c->width == 4u ? put_dict4 : put_dict8)
                 : c->def->type == PPQ_BYTE_ARRAY ? put_bytes_again
                                                  : put_slow;
    } else if (BUILT(K_DELTA) && c->kind == K_DELTA && c->dict_word) {
        c->put = c->width == 4u ? put_delta4 : put_delta8;
    } else if (BUILT(K_RLE) && c->kind == K_RLE) {
        c->put = put_bool_again;
    }
}

/* ---- row groups and the footer ----------------------------------------------- */

static uint32_t string_len(const char *s)
{
    uint32_t n = 0;
    while (s[n] != '\0') {
        n++;
    }
    return n;
}

/* Write a dictionary page's header (the compact layout's): `count` PLAIN
 * entries of `raw` bytes, `body` as stored, with the stored body's CRC. */
static ppq_status_t dict_header(ppq_writer_t *w, uint32_t count, size_t raw, size_t body, uint32_t crc)
{
    ppq_thrift_w_t t;
    ppq_sink_t hs;
    ppq_memsink_t hm;
    ppq_status_t st;
    header_open(w, &t, &hs, &hm, PAGE_DICTIONARY, raw, body, crc);
    ppq_thrift_w_struct(&t, 7);
    ppq_thrift_w_i32(&t, 1, (int32_t)count);
    ppq_thrift_w_i32(&t, 2, PPQ_ENC_PLAIN);
    st = header_close(w, &t, &hm);
    return st == PPQ_OK ? ppq_sink_write(w->out, w->scratch, hm.len) : st;
}

/* Write the dictionary page (when the chunk has dictionary pages). */
static ppq_status_t write_dict_page(ppq_writer_t *w, ppq_col_t *c)
{
    const ppq_dict_enc_t *d = c->own.dict;
    uint32_t bytes = ppq_dict_enc_dict_bytes(d);
    uint64_t at = w->out->offset;
    size_t z = bytes;
    ppq_status_t st = PPQ_OK;
    if (COMPRESSED(c->codec)) { /* the entries are one block already */
        st = ppq_compress((ppq_codec_t)c->codec, w->opts.codec_level, d->pool, bytes, w->zout, w->zout_cap, &z,
                          w->zwork, w->zwork_len);
        if (st != PPQ_OK) {
            return st;
        }
    }
    st = dict_header(w, ppq_dict_enc_entries(d), bytes, z,
                     w->opts.page_crc ? ppq_crc32(0, COMPRESSED(c->codec) ? w->zout : d->pool, z) : 0u);
    if (PPQ_COMPRESSORS != 0u) {
        c->chunk_raw += (size_t)(w->out->offset - at) + bytes; /* (its header as written) */
    }
    if (st == PPQ_OK && COMPRESSED(c->codec)) {
        return ppq_sink_write(w->out, w->zout, z);
    }
    return st == PPQ_OK ? ppq_dict_enc_write_dict(d, w->out) : st;
}

/* A sink that keeps the CRC of what passes through to `down`. */
typedef struct crc_sink {
    ppq_sink_t *down;
    uint32_t crc;
} crc_sink_t;

static ppq_status_t crc_write(void *ctx, const uint8_t *data, size_t len)
{
    crc_sink_t *c = (crc_sink_t *)ctx;
    c->crc = ppq_crc32(c->crc, data, len);
    return ppq_sink_write(c->down, data, len);
}

/* ---- the compact layout (opts.compact) --------------------------------------
 * One page per column chunk, encoded as the values arrive into the store:
 * from its start, segments of the columns' streams (values, and the
 * definition levels of OPTIONAL columns), each [stream id][length][bytes]
 * with a stream's consecutive writes joined; from its end, downwards, the
 * dictionaries' entries, each [value][(byte arrays) length u16][(once a
 * dictionary of the row group is wider than 8 bits) index >> 8][index]
 * [column], found through one hash table of their end offsets.  Before
 * a row goes in, admit() adds up what it and the pages' ends could still
 * write (bounds from the encoders' states, the exact bytes of a delta
 * block the row completes, new entries); a row that does not fit ends the
 * row group first.  So RAM holds encoded bytes only, and a row group takes
 * all the store its data needs. */

#define SEG_HEAD 2u   /* a segment's stream id and length (<= 255) */
#define SEG_MAX 255u
#define REC_TAIL 2u   /* an entry's index (low byte) and column (u8); below them, the
                         index's high byte where w->wide_at says */
#define COMPACT_GROUPS 8u /* groups of 8 per bit-packed run of the streams' RLE encoders */
#define NO_SEG ((size_t)-1)

/* A stream's sink context. */
typedef struct stream_ctx {
    ppq_writer_t *w;
    uint8_t id;       /* 2 * column, + 1 for the levels */
    uint32_t len;     /* bytes this row group */
} stream_ctx_t;

typedef struct compact_col {
    union {
        struct {
            int64_t lo, hi; /* least and greatest delta of the open block */
        } delta;
        struct {            /* the chunk's first data page, when the dictionary outgrew
                               its width: 0 rows, or its rows, bytes of the values and
                               levels streams, and index width (compact_split) */
            uint32_t rows;
            uint16_t vals, levs;
            uint8_t width;
        } split;
    } by;                   /* by kind: DELTA's, DICT's (first: no padding before it) */
    stream_ctx_t vals;
    uint16_t dict_count;    /* DICT: entries this row group, and their PLAIN bytes (both */
    uint16_t dict_bytes;    /* below the store's 64 KiB) */
    uint16_t didx;          /* admit(): the pending value's index (below 2^16) ... */
    uint8_t dnew;           /* ... or 1: a new entry */
    uint8_t dict_width;     /* index bit width of this row group's page */
    uint8_t dict_full;      /* the row group ended with this dictionary full (DELTA: with a
                               delta beyond 32 bits, and the column takes PLAIN from then) */
    uint8_t dwidth;         /* DELTA: bit width of the block's spread hi - lo */
    uint8_t plain_left;     /* AUTO: row groups to write PLAIN before the dictionary is tried again */
    uint8_t plain_tries;    /* ... and how often in a row it lost (each doubles the wait) */
    /* OPTIONAL columns only (REQUIRED ones are allocated without): */
    stream_ctx_t levs;      /* definition levels */
    ppq_sink_t lev_sink;
    ppq_rle_enc_t lev;
} compact_col_t;

/* The encoding a compact column takes; *ok 0 when it cannot. */
static int compact_kind(const ppq_column_t *c, int *ok)
{
    ppq_type_t t = c->type;
    int kind;
    *ok = 1;
    switch (c->encoding) {
    case PPQ_COLUMN_AUTO:
        kind = t == PPQ_INT64 ? K_DELTA : t == PPQ_BOOLEAN ? K_RLE : K_DICT;
        return BUILT(kind) ? kind : K_PLAIN;
    case PPQ_COLUMN_PLAIN: return K_PLAIN;
    case PPQ_COLUMN_DICTIONARY: *ok = t != PPQ_BOOLEAN; kind = K_DICT; break;
    case PPQ_COLUMN_DELTA_BINARY_PACKED: *ok = t == PPQ_INT32 || t == PPQ_INT64; kind = K_DELTA; break;
    case PPQ_COLUMN_RLE: *ok = t == PPQ_BOOLEAN; kind = K_RLE; break;
    default: *ok = 0; return K_PLAIN;
    }
    *ok = *ok && BUILT(kind);
    return kind;
}

/* Index bit width a compact dictionary may grow to. */
static uint8_t compact_max_width(const ppq_writer_options_t *o)
{
    uint32_t w = ppq_bit_width32(o->dict_entries > 1u ? o->dict_entries - 1u : 1u);
    return (uint8_t)(w > 16u ? 16u : w);
}

/* The hash table's slots: an eighth more than the entries (a probe passes
 * other columns' entries on one byte's test, so a full table costs little;
 * RAM is what is short), any number (no power of two: hashes are scaled to
 * it), up to 2^16. */
static uint32_t compact_slots(const ppq_writer_options_t *o)
{
    uint32_t n = o->dict_entries + o->dict_entries / 8u + 1u;
    return n < 16u ? 16u : n > 0x10000u ? 0x10000u : n;
}

/* Bytes one value of column c takes at most as PLAIN or as a dictionary
 * entry's value. */
static size_t compact_value_max(const ppq_column_t *c, const ppq_writer_options_t *o)
{
    return c->type == PPQ_BYTE_ARRAY ? 4u + (size_t)o->page_bytes : ppq_plain_width(c->type, c->type_len) + 1u;
}

/* The least store: one row into an empty row group, with room to spare. */
static size_t compact_least_store(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o)
{
    size_t least = 0;
    uint32_t i;
    for (i = 0; i < n; i++) {
        least += 96u + 2u * compact_value_max(&s[i], o) + 2u * compact_max_width(o);
    }
    return least;
}

static size_t plan_compact(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o, plan_t *p, ppq_writer_t *w)
{
    uint32_t i, slots = compact_slots(o);
    size_t rg = rg_meta_max(s, n, o), footer = footer_for(o, rg);
    size_t store = (size_t)o->chunk_bytes * n, least = compact_least_store(s, n, o);
    uint8_t *cols = (uint8_t *)take(p, (size_t)n * COMPACT_COL_SIZE);
    uint8_t *footer_mem = (uint8_t *)take(p, footer), *scratch_mem = (uint8_t *)take(p, 48u);
    uint16_t *slot_mem = (uint16_t *)take(p, (size_t)slots * 2u);
    uint8_t *store_mem;
    if (n > 127u || o->codec != PPQ_CODEC_UNCOMPRESSED || o->column_codecs != NULL || page_v2(o) || o->recovery) {
        return 0;
    }
    store = o->chunk_bytes == 0u ? (size_t)4096u * n : store < least ? least : store;
    store = store > 0xFFFFu ? 0xFFFFu : store;
    if (store < least) {
        return 0; /* (a schema whose least store passes the hash's reach) */
    }
    if (w != NULL) {
        w->cols = (ppq_col_t *)(void *)cols;
        w->col_size = COMPACT_COL_SIZE;
        w->rg_meta_max = rg;
        w->footer_cap = footer;
        w->footer = footer_mem;
        w->scratch_cap = 48u;
        w->scratch = scratch_mem;
        w->dict_slots = slot_mem;
        w->dict_nslots = slots;
        w->wide_at = 0;
    }
    for (i = 0; i < n; i++) {
        const ppq_column_t *c = &s[i];
        int ok, kind = compact_kind(c, &ok);
        ppq_rle_cfg_t r = {1, COMPACT_GROUPS, 0, 0};
        size_t codec, lev;
        compact_col_t *cc = (compact_col_t *)take(p, c->optional ? sizeof(compact_col_t) : offsetof(compact_col_t, levs));
        uint8_t *codec_mem, *lev_mem;
        ppq_col_t *col = cols != NULL ? (ppq_col_t *)(void *)(cols + (size_t)i * COMPACT_COL_SIZE) : NULL;
        if (!ok) {
            return 0;
        }
        lev = c->optional ? ppq_rle_enc_arena_size(&r) : 0u;
        if (kind == K_DICT) {
            r.bit_width = compact_max_width(o);
        }
        codec = kind == K_DELTA && BUILT(K_DELTA) ? ppq_delta_enc_arena_size(&(ppq_delta_cfg_t){c->type, 0, 0, 0}) / 2u /* narrow */
                : kind == K_DICT || kind == K_RLE ? ppq_rle_enc_arena_size(&r)
                                                   : 0u;
        codec_mem = (uint8_t *)take(p, codec);
        lev_mem = (uint8_t *)take(p, lev);
        if (col != NULL && !p->failed) {
            col_init(col, COMPACT_COL_SIZE, c, kind);
            memset(cc, 0, c->optional ? sizeof *cc : offsetof(compact_col_t, levs));
            col->own.cc = cc;
            ppq_arena_init(&col->codec_arena, codec_mem, codec);
            ppq_arena_init(&col->dict_arena, lev_mem, lev);
            if (PPQ_WRITER_STATISTICS) {
                col->chunk_stats.cap = stat_cap(c);
            }
            cc->dict_width = compact_max_width(o) < 8u ? compact_max_width(o) : 8u;
            cc->vals.w = w;
            cc->vals.id = (uint8_t)(2u * i);
            if (c->optional) {
                cc->levs.w = w;
                cc->levs.id = (uint8_t)(2u * i + 1u);
            }
        }
        if (PPQ_WRITER_STATISTICS && (c->type == PPQ_BYTE_ARRAY || c->type == PPQ_FIXED_LEN_BYTE_ARRAY)) {
            uint8_t *m = (uint8_t *)take(p, 2u * (size_t)stat_cap(c));
            if (col != NULL && !p->failed) {
                col->chunk_stats.min = m;
                col->chunk_stats.max = m + stat_cap(c);
            }
        }
    }
    store_mem = (uint8_t *)take(p, store);
    if (w != NULL) {
        w->store = store_mem;
        w->store_cap = store;
    }
    return p->total;
}

/* Append to stream `id` in the store (a segment, or the last one grown). */
static ppq_status_t store_put(ppq_writer_t *w, uint8_t id, const uint8_t *data, size_t len)
{
    while (len > 0u) {
        size_t n;
        if (w->seg_last == NO_SEG || w->store[w->seg_last] != id || w->store[w->seg_last + 1u] == SEG_MAX) {
            if (SEG_HEAD > w->store_top - w->store_len) {
                return PPQ_ERR_NOSPACE; /* admit() keeps room: not reached */
            }
            w->seg_last = w->store_len; /* a new segment */
            w->store[w->store_len] = id;
            w->store[w->store_len + 1u] = 0;
            w->store_len += SEG_HEAD;
        }
        n = SEG_MAX - w->store[w->seg_last + 1u];
        n = n < len ? n : len;
        if (n > w->store_top - w->store_len) {
            return PPQ_ERR_NOSPACE;
        }
        w->store[w->seg_last + 1u] = (uint8_t)(w->store[w->seg_last + 1u] + n);
        memcpy(w->store + w->store_len, data, n);
        w->store_len += n;
        data += n;
        len -= n;
    }
    return PPQ_OK;
}

static ppq_status_t stream_write(void *ctx, const uint8_t *data, size_t len)
{
    stream_ctx_t *s = (stream_ctx_t *)ctx;
    s->len += (uint32_t)len;
    return store_put(s->w, s->id, data, len);
}

/* Bytes from..from+len of stream `id` (its segments in order) to `out`. */
static ppq_status_t stream_out(const ppq_writer_t *w, uint8_t id, size_t from, size_t len, ppq_sink_t *out)
{
    size_t at;
    ppq_status_t st = PPQ_OK;
    for (at = 0; at < w->store_len && len > 0u && st == PPQ_OK; at += SEG_HEAD + w->store[at + 1u]) {
        size_t n = w->store[at + 1u];
        if (w->store[at] != id) {
            continue;
        }
        if (from >= n) {
            from -= n; /* before the range */
            continue;
        }
        n = n - from < len ? n - from : len;
        st = ppq_sink_write(out, w->store + at + SEG_HEAD + from, n);
        from = 0;
        len -= n;
    }
    return st;
}

/* Bytes of the tail of the dictionary entry ending at `end`: its index
 * (two bytes where w->wide_at says) and column. */
static size_t entry_tail(const ppq_writer_t *w, size_t end)
{
    return REC_TAIL + (end <= w->wide_at ? 1u : 0u);
}

/* The index of the dictionary entry ending at `end`. */
static uint32_t entry_index(const ppq_writer_t *w, size_t end)
{
    return (uint32_t)w->store[end - 2u] | (end <= w->wide_at ? (uint32_t)w->store[end - 3u] << 8 : 0u);
}

/* The dictionary entry ending at `end`: its column and value bytes;
 * returns where it starts (the end of the entry before it). */
static size_t entry_at(const ppq_writer_t *w, size_t end, uint32_t *col, const uint8_t **v, uint32_t *len)
{
    *col = w->store[end - 1u];
    end -= entry_tail(w, end);
    if (w->schema[*col].type == PPQ_BYTE_ARRAY) {
        *len = (uint32_t)w->store[end - 2u] | (uint32_t)w->store[end - 1u] << 8;
        end -= 2u;
    } else {
        *len = COL(w, *col)->width; /* (the PLAIN width: INT96 12, FLBA its length) */
    }
    *v = w->store + end - *len;
    return (size_t)(*v - w->store);
}

/* Where column col's value (PLAIN bytes v; numbers: their bits `word`)
 * starts its probe. */
static uint32_t compact_hash(uint32_t col, const uint8_t *v, uint32_t len, const ppq_col_t *c, uint64_t word)
{
    uint32_t h = 0x811C9DC5u ^ col * 0x27D4EB2Fu;
    if (c->dict_word) { /* numbers: one word, mixed by shifts (M0 compilers turn constant
                           multiplies into long shift-add chains) */
        h ^= (uint32_t)word ^ (uint32_t)(word >> 32) << 16 ^ (uint32_t)(word >> 48);
        h ^= h >> 15;
        h ^= h << 7;
        h ^= h >> 11;
        return h ^ (h << 3);
    }
    while (len-- > 0u) {
        h = (h ^ *v++) * 0x01000193u;
    }
    return h ^ (h >> 15);
}

/* Find column i's pending value (PLAIN bytes v) in its dictionary: 1 with
 * *idx, else 0 with *slot where it would go. */
static int dict_find(const ppq_writer_t *w, uint32_t i, const uint8_t *v, uint32_t len, uint32_t *idx, uint32_t *slot)
{
    const ppq_col_t *c = COL(w, i);
    uint64_t word = c->dict_word ? value_word(c) : 0u; /* (the pending value's bits) */
    uint32_t h = (compact_hash(i, v, len, c, word) & 0xFFFFu) * w->dict_nslots >> 16, e; /* (any size of table) */
    while ((e = w->dict_slots[h]) != 0u) {
        if (w->store[e - 1u] == i) { /* this column's entry (a byte: no decoding for the others) */
            uint32_t col, elen;
            const uint8_t *ev;
            int same;
            if (c->dict_word) { /* numbers: their bits as one word (the low word first: most differ there) */
                ev = w->store + e - entry_tail(w, e) - len;
                same = ppq_load_le32(ev) == (uint32_t)word && (len == 4u || ppq_load_le32(ev + 4) == (uint32_t)(word >> 32));
            } else {
                (void)entry_at(w, e, &col, &ev, &elen);
                same = elen == len && memcmp(ev, v, len) == 0;
            }
            if (same) {
                *idx = entry_index(w, e);
                return 1;
            }
        }
        h = h + 1u == w->dict_nslots ? 0u : h + 1u;
    }
    *slot = h;
    return 0;
}

/* The pending value of column c as PLAIN bytes (a number's in buf). */
static inline const uint8_t *compact_value(ppq_col_t *c, uint8_t *buf, uint32_t *len)
{
    size_t n;
    const uint8_t *v;
    if (PPQ_HOST_LE && c->dict_word) { /* a number in memory is its PLAIN bytes */
        *len = c->width;
        return (const uint8_t *)&c->value;
    }
    v = value_bytes(c, buf, &n); /* (width: the PLAIN width, INT96's 12 too) */
    *len = (uint32_t)n;
    return v;
}

static size_t entry_size(const ppq_writer_t *w, const ppq_col_t *c, uint32_t len)
{
    return len + REC_TAIL + (w->wide_at != 0u ? 1u : 0u) + (c->def->type == PPQ_BYTE_ARRAY ? 2u : 0u);
}

static ppq_status_t compact_split(ppq_writer_t *w, ppq_col_t *c);

/* Does the pending row fit the open row group?  Looks up the dictionary
 * columns' values (kept for compact_push). */
PPQ_NOINLINE static int compact_admit(ppq_writer_t *w)
{
    size_t need = 0;
    uint32_t i, news = 0;
    for (i = 0; i < w->ncols; i++) {
        ppq_col_t *c = COL(w, i);
        compact_col_t *cc = c->own.cc;
        /* a null puts nothing but its level, yet what the values' encoder
         * holds still comes out at the end: its room too */
        if (c->pending == 1u && BUILT(K_DICT) && c->kind == K_DICT) {
            uint8_t buf[12];
            uint32_t len, slot, idx;
            const uint8_t *v = compact_value(c, buf, &len);
            cc->dnew = (uint8_t)!dict_find(w, i, v, len, &idx, &slot);
            cc->didx = (uint16_t)idx;
            if (cc->dnew) {
                /* full: the entries, or the index width once a second page took a
                 * bit more (a split that fails, never seen, ends the row group too) */
                if (w->dict_used + news >= w->opts.dict_entries ||
                    ((cc->dict_count >> cc->dict_width) != 0u &&
                     (cc->by.split.rows != 0u || cc->dict_width >= compact_max_width(&w->opts) ||
                      compact_split(w, c) != PPQ_OK))) {
                    cc->dict_full = 1;
                    return 0;
                }
                need += entry_size(w, c, len);
                news++;
            }
        } else if (BUILT(K_DELTA) && c->kind == K_DELTA) {
            const ppq_delta_enc_t *e = &c->enc.delta;
            size_t block = 0, n = e->in_block;
            unsigned width = cc->dwidth;
            if (c->pending == 1u) {
                uint64_t d = value_word(c) - e->last;
                if (!ppq_delta_enc_fits(e, value_word(c))) {
                    cc->dict_full = 1; /* a delta beyond 32 bits: the page ends before it (compact_reset) */
                    return 0;
                }
                block = ppq_delta_enc_block_bytes(e, value_word(c));
                n++;
                d = e->is64 ? d : (uint64_t)(int64_t)(int32_t)(uint32_t)d;
                if ((int64_t)d < cc->by.delta.lo || (int64_t)d > cc->by.delta.hi) {
                    /* the spread grows (else its width stands), and keeps the value:
                     * compact_push takes it next, or a new row group starts anew */
                    cc->by.delta.lo = (int64_t)d < cc->by.delta.lo ? (int64_t)d : cc->by.delta.lo;
                    cc->by.delta.hi = (int64_t)d > cc->by.delta.hi ? (int64_t)d : cc->by.delta.hi;
                    width = ppq_bit_width64((uint64_t)cc->by.delta.hi - (uint64_t)cc->by.delta.lo);
                    width = !e->is64 && width > 32u ? 32u : width;
                    cc->dwidth = (uint8_t)width;
                }
            }
            /* the block this value completes, exactly; else the open block's
             * bound: its min delta, widths, miniblocks of 32 (the writer's
             * geometry) at the width of the block's spread */
            block = block > 0u || e->count == 0u ? block : PPQ_ULEB64_MAX + 4u + (n + 31u) / 32u * 4u * width;
            need += block + (block / SEG_MAX + 2u) * SEG_HEAD;
        } else if (c->kind == K_PLAIN) {
            uint8_t buf[12];
            uint32_t len = 1u; /* (a null: a BOOLEAN's byte of bits, at most) */
            if (c->pending == 1u) {
                (void)compact_value(c, buf, &len);
            }
            need += len + 4u + (len / SEG_MAX + 2u) * SEG_HEAD;
        }
        if (c->def->optional) {
            need += ppq_rle_enc_bound(&cc->lev) + 4u * SEG_HEAD;
        }
        if (c->kind == K_DICT || c->kind == K_RLE) {
            need += ppq_rle_enc_bound(&c->enc.rle) + 4u * SEG_HEAD;
        }
    }
    return need <= w->store_top - w->store_len;
}

/* Put column i's pending value (or null) in. */
PPQ_NOINLINE static ppq_status_t compact_push(ppq_writer_t *w, uint32_t i)
{
    ppq_col_t *c = COL(w, i);
    compact_col_t *cc = c->own.cc;
    ppq_status_t st = PPQ_OK;
    uint8_t buf[12];
    uint32_t len;
    const uint8_t *v;
    if (c->def->optional) {
        st = ppq_rle_enc_put_one(&cc->lev, c->pending == 1u);
    }
    if (c->pending != 1u || st != PPQ_OK) {
        c->chunk_stats.nulls += c->pending != 1u;
        return st;
    }
    v = compact_value(c, buf, &len);
    switch (c->kind) {
    case K_DICT:
        if (BUILT(K_DICT) && cc->dnew) { /* admit() found its slot free */
            uint32_t slot, idx;
            uint8_t *at;
            (void)dict_find(w, i, v, len, &idx, &slot);
            w->store_top -= entry_size(w, c, len);
            at = w->store + w->store_top;
            memcpy(at, v, len);
            at += len;
            if (c->def->type == PPQ_BYTE_ARRAY) {
                *at++ = (uint8_t)len;
                *at++ = (uint8_t)(len >> 8);
            }
            if (w->wide_at != 0u) {
                *at++ = (uint8_t)(cc->dict_count >> 8);
            }
            at[0] = (uint8_t)cc->dict_count;
            at[1] = (uint8_t)i;
            w->dict_slots[slot] = (uint16_t)(at + REC_TAIL - w->store);
            w->dict_used++;
            cc->didx = cc->dict_count++;
            cc->dict_bytes = (uint16_t)(cc->dict_bytes + len + (c->def->type == PPQ_BYTE_ARRAY ? 4u : 0u));
        }
        st = ppq_rle_enc_put_one(&c->enc.rle, cc->didx);
        break;
    case K_DELTA:
        if (BUILT(K_DELTA)) {
            const ppq_delta_enc_t *e = &c->enc.delta;
            int had = e->count > 0u;
            st = ppq_delta_enc_put_word(&c->enc.delta, value_word(c));
            if (e->in_block == 0u || !had) { /* a block written (or none begun): a new spread
                                                (else compact_admit joined the delta to it) */
                cc->by.delta.lo = INT64_MAX;
                cc->by.delta.hi = INT64_MIN;
                cc->dwidth = 0;
            }
        }
        break;
    case K_RLE: st = BUILT(K_RLE) ? ppq_rle_enc_put_one(&c->enc.rle, c->value.b != 0u) : PPQ_ERR_STATE; break;
    default: st = ppq_plain_enc_put(&c->enc.plain, &c->value, 1); break;
    }
    if (PPQ_WRITER_STATISTICS && st == PPQ_OK) {
        if (c->dict_word) {
            ppq_stats_add_word(&c->chunk_stats, c->stats_kind, c->width, value_word(c));
        } else {
            ppq_stats_add(&c->chunk_stats, c->stats_kind, c->width, v, len);
        }
    }
    return st;
}

/* AUTO by size in the compact layout: a dictionary column whose row group
 * took more of the store (entries with their record tails, and indices)
 * than its values take as PLAIN is PLAIN for the next COMPACT_PLAIN_GROUPS
 * row groups, then tries the dictionary again (the readings may settle);
 * each try that loses again doubles the wait, to 16 times (a try's row
 * group ends early, when the dictionary fills).  Called for each column as
 * its chunk is written (the counts still hold). */
#define COMPACT_PLAIN_GROUPS 8u
static void compact_weigh(const ppq_writer_t *w, const ppq_col_t *c)
{
    compact_col_t *cc = c->own.cc;
    size_t n = w->rg_rows - (size_t)c->chunk_stats.nulls;
    if (c->def->encoding != PPQ_COLUMN_AUTO || !c->dict_word || c->kind != K_DICT) {
        return;
    }
    if ((size_t)cc->dict_count * (c->width + REC_TAIL) + (n * cc->dict_width + 7u) / 8u >= n * c->width) {
        cc->plain_left = (uint8_t)(COMPACT_PLAIN_GROUPS << cc->plain_tries);
        cc->plain_tries = (uint8_t)(cc->plain_tries < 4u ? cc->plain_tries + 1u : 4u);
    } else {
        cc->plain_tries = 0;
    }
}

static ppq_status_t compact_encoders(ppq_col_t *c);

/* Start column c's chunk: its encoders over its streams. */
static ppq_status_t compact_start(ppq_col_t *c)
{
    compact_col_t *cc = c->own.cc;
    cc->vals.len = 0;
    cc->dict_count = 0;
    cc->dict_bytes = 0;
    cc->dict_full = 0;
    cc->by.split.rows = 0; /* (DELTA's spread starts at its first value: compact_push) */
    chunk_stats_reset(c);
    c->vals_sink.write = stream_write;
    c->vals_sink.ctx = &cc->vals;
    c->vals_sink.offset = 0;
    if (c->def->optional) {
        cc->levs.len = 0;
        cc->lev_sink.write = stream_write;
        cc->lev_sink.ctx = &cc->levs;
        cc->lev_sink.offset = 0;
    }
    return compact_encoders(c);
}

/* Column c's encoders, new, over its streams (which go on). */
static ppq_status_t compact_encoders(ppq_col_t *c)
{
    compact_col_t *cc = c->own.cc;
    ppq_rle_cfg_t r = {1, COMPACT_GROUPS, 0, 0};
    ppq_status_t st = PPQ_OK;
    ppq_arena_rewind(&c->codec_arena, 0);
    ppq_arena_rewind(&c->dict_arena, 0);
    if (c->def->optional) {
        st = ppq_rle_enc_init(&cc->lev, &r, &cc->lev_sink, &c->dict_arena);
    }
    if (st != PPQ_OK) {
        return st;
    }
    switch (c->kind) {
    case K_DICT:
        r.bit_width = cc->dict_width;
        return ppq_rle_enc_init(&c->enc.rle, &r, &c->vals_sink, &c->codec_arena);
    case K_DELTA: {
        ppq_delta_cfg_t cfg = {PPQ_INT32, 0, 0, 0};
        cfg.type = c->def->type;
        /* deltas kept in 32 bits: half the buffer (a larger jump ends the row group) */
        return BUILT(K_DELTA) ? ppq_delta_enc_init_narrow(&c->enc.delta, &cfg, &c->vals_sink, &c->codec_arena)
                              : PPQ_ERR_STATE;
    }
    case K_RLE: return ppq_rle_enc_init(&c->enc.rle, &r, &c->vals_sink, &c->codec_arena);
    default: return ppq_plain_enc_init(&c->enc.plain, c->def->type, c->def->type_len, &c->vals_sink);
    }
}

/* End column c's page: its encoders' last bytes into the store. */
static ppq_status_t compact_finish(ppq_col_t *c)
{
    ppq_status_t st = PPQ_OK;
    if (c->def->optional) {
        st = ppq_rle_enc_finish(&c->own.cc->lev);
    }
    if (st != PPQ_OK) {
        return st;
    }
    switch (c->kind) {
    case K_DICT:
    case K_RLE: return ppq_rle_enc_finish(&c->enc.rle);
    case K_DELTA: return BUILT(K_DELTA) ? ppq_delta_enc_finish(&c->enc.delta) : PPQ_ERR_STATE;
    default: return ppq_plain_enc_finish(&c->enc.plain);
    }
}

/* Column c's dictionary outgrew its index width in the open row group:
 * its data so far becomes the chunk's first data page (the encoders
 * finish into the room the last row reserved), the rest a second page at
 * a bit wider (the dictionary page serves both). */
static ppq_status_t compact_split(ppq_writer_t *w, ppq_col_t *c)
{
    compact_col_t *cc = c->own.cc;
    ppq_status_t st = compact_finish(c);
    cc->by.split.rows = w->rg_rows;
    cc->by.split.vals = (uint16_t)cc->vals.len; /* (the store is below 64 KiB) */
    cc->by.split.levs = c->def->optional ? (uint16_t)cc->levs.len : 0u;
    cc->by.split.width = cc->dict_width++;
    if (cc->dict_width > 8u && w->wide_at == 0u) {
        w->wide_at = w->store_top; /* (the entries from here on) */
    }
    return st == PPQ_OK ? compact_encoders(c) : st;
}

/* Column i's dictionary entries to `out` as its PLAIN dictionary page
 * body. */
static ppq_status_t compact_entries_out(const ppq_writer_t *w, uint32_t i, ppq_sink_t *out)
{
    size_t end = w->store_cap;
    ppq_status_t st = PPQ_OK;
    while (end > w->store_top && st == PPQ_OK) {
        uint32_t col, len;
        const uint8_t *v;
        uint8_t len4[4];
        end = entry_at(w, end, &col, &v, &len);
        ppq_store_le32(len4, len);
        if (col == i && w->schema[i].type == PPQ_BYTE_ARRAY) {
            st = ppq_sink_write(out, len4, 4);
        }
        if (col == i && st == PPQ_OK) {
            st = ppq_sink_write(out, v, len);
        }
    }
    return st;
}

/* A data page of a compact chunk: its rows, its share of the values and
 * levels streams, the encoding's prefix. */
typedef struct compact_page {
    uint32_t rows;
    size_t vals_from, vals_len, levs_from, levs_len;
    const uint8_t *pre;
    size_t pre_len;
} compact_page_t;

typedef ppq_status_t (*page_part_fn)(const ppq_writer_t *w, uint32_t i, const compact_page_t *pg, ppq_sink_t *out);

/* The CRC of what `part` writes of column i's page (a pass before its
 * header, which holds it). */
static uint32_t compact_crc(const ppq_writer_t *w, uint32_t i, const compact_page_t *pg, page_part_fn part)
{
    ppq_sink_t count, out = {crc_write, NULL, 0};
    crc_sink_t cs;
    ppq_sink_init_counter(&count);
    cs.down = &count;
    cs.crc = 0;
    out.ctx = &cs;
    (void)part(w, i, pg, &out);
    return cs.crc;
}

static ppq_status_t dict_page_body(const ppq_writer_t *w, uint32_t i, const compact_page_t *pg, ppq_sink_t *out)
{
    (void)pg;
    return compact_entries_out(w, i, out);
}

/* A data page body: the levels with their length (OPTIONAL columns), the
 * encoding's prefix, the values. */
static ppq_status_t data_page_body(const ppq_writer_t *w, uint32_t i, const compact_page_t *pg, ppq_sink_t *out)
{
    const compact_col_t *cc = COL(w, i)->own.cc;
    uint8_t lev4[4];
    ppq_status_t st = PPQ_OK;
    if (w->schema[i].optional) {
        ppq_store_le32(lev4, (uint32_t)pg->levs_len);
        st = ppq_sink_write(out, lev4, 4);
        st = st == PPQ_OK ? stream_out(w, cc->levs.id, pg->levs_from, pg->levs_len, out) : st;
    }
    st = st == PPQ_OK ? ppq_sink_write(out, pg->pre, pg->pre_len) : st;
    return st == PPQ_OK ? stream_out(w, cc->vals.id, pg->vals_from, pg->vals_len, out) : st;
}

/* Write column i's chunk: its dictionary page, then its data page (two
 * when the dictionary outgrew its width: compact_split), each the levels
 * with their length, the encoding's prefix, the values.  Sets
 * *data_start. */
PPQ_NOINLINE static ppq_status_t compact_write_chunk(ppq_writer_t *w, uint32_t i, uint64_t *data_start)
{
    ppq_col_t *c = COL(w, i);
    compact_col_t *cc = c->own.cc;
    uint8_t pre[PPQ_DELTA_HEADER_MAX] = {0};
    compact_page_t pg = {0, 0, 0, 0, 0, NULL, 0};
    uint32_t split = 0;
    size_t body;
    ppq_thrift_w_t t;
    ppq_sink_t hs;
    ppq_memsink_t hm;
    ppq_status_t st = PPQ_OK;
    pg.pre = pre;
    pg.rows = w->rg_rows;
    pg.vals_len = cc->vals.len;
    pg.levs_len = c->def->optional ? cc->levs.len : 0u;
    if (c->kind == K_DICT) {
        st = dict_header(w, cc->dict_count, cc->dict_bytes, cc->dict_bytes,
                         w->opts.page_crc ? compact_crc(w, i, &pg, dict_page_body) : 0u);
        st = st == PPQ_OK ? compact_entries_out(w, i, w->out) : st;
        c->encodings |= 1u << PPQ_ENC_PLAIN;
        pre[0] = cc->dict_width;
        pg.pre_len = 1;
        split = cc->by.split.rows;
        if (split != 0u) { /* the first page: its rows, bytes and width */
            pre[0] = cc->by.split.width;
            pg.rows = split;
            pg.vals_len = cc->by.split.vals;
            pg.levs_len = cc->by.split.levs;
        }
    } else if (BUILT(K_DELTA) && c->kind == K_DELTA) {
        pg.pre_len = ppq_delta_enc_header(&c->enc.delta, pre);
    } else if (c->kind == K_RLE) {
        ppq_store_le32(pre, cc->vals.len); /* BOOLEAN RLE: its length first */
        pg.pre_len = 4;
    }
    *data_start = w->out->offset;
    for (;;) {
        body = (c->def->optional ? 4u + pg.levs_len : 0u) + pg.pre_len + pg.vals_len;
        header_open(w, &t, &hs, &hm, PAGE_DATA, body, body,
                    w->opts.page_crc ? compact_crc(w, i, &pg, data_page_body) : 0u);
        data_header_v1(&t, pg.rows, c->kind);
        st = st == PPQ_OK ? header_close(w, &t, &hm) : st;
        st = st == PPQ_OK ? ppq_sink_write(w->out, w->scratch, hm.len) : st;
        st = st == PPQ_OK ? data_page_body(w, i, &pg, w->out) : st;
        if (split == 0u || split == w->rg_rows) {
            break; /* (a split the row that caused it did not join has no second page) */
        }
        pre[0] = cc->dict_width; /* the second page: the rest */
        pg.rows = w->rg_rows - split;
        pg.vals_from = pg.vals_len;
        pg.vals_len = cc->vals.len - pg.vals_from;
        pg.levs_from = pg.levs_len;
        pg.levs_len = c->def->optional ? cc->levs.len - pg.levs_from : 0u;
        split = 0;
    }
    c->encodings |= 1u << page_encoding[c->kind];
    c->chunk_values = w->rg_rows;
    return st;
}

/* After a row group: empty the store, size each dictionary's index width
 * for the next, restart the chunks.  A row group that ended with a
 * dictionary full widens that one by a bit and leaves the others (they
 * saw fewer rows than a row group holds); one that ended otherwise sizes
 * each for half again the entries it had. */
static ppq_status_t compact_reset(ppq_writer_t *w)
{
    uint32_t i;
    int by_dict = 0;
    ppq_status_t st = PPQ_OK;
    w->store_len = 0;
    w->store_top = w->store_cap;
    w->seg_last = NO_SEG;
    w->dict_used = 0;
    w->wide_at = 0;
    memset(w->dict_slots, 0, (size_t)w->dict_nslots * 2u);
    for (i = 0; i < w->ncols; i++) {
        by_dict |= COL(w, i)->own.cc->dict_full;
    }
    for (i = 0; i < w->ncols && st == PPQ_OK; i++) {
        ppq_col_t *c = COL(w, i);
        compact_col_t *cc = c->own.cc;
        unsigned width = cc->dict_width;
        int ok;
        if (cc->plain_left > 0u) { /* (compact_weigh) */
            c->kind = K_PLAIN;
            cc->plain_left--;
        } else if (c->kind == K_PLAIN && c->def->encoding == PPQ_COLUMN_AUTO && compact_kind(c->def, &ok) == K_DICT) {
            c->kind = K_DICT; /* the dictionary again, at the width it had */
        } else if (c->kind == K_DELTA && cc->dict_full) {
            c->kind = K_PLAIN; /* its deltas pass 32 bits: PLAIN from here on */
        } else if (c->kind == K_DICT && cc->dict_full) {
            width++;
        } else if (c->kind == K_DICT && !by_dict && cc->dict_count > 0u) {
            width = ppq_bit_width32(2u * cc->dict_count - 1u); /* twice: walks drift (a full one ends the row group) */
            width = width < 3u ? 3u : width; /* small dictionaries grow in bursts (a status's warnings),
                                                and a run of one index costs the same at any width */
        }
        cc->dict_width = (uint8_t)(width > compact_max_width(&w->opts) ? compact_max_width(&w->opts) : width);
        if (c->kind == K_DICT && cc->dict_width > 8u) {
            w->wide_at = w->store_cap; /* (every entry: indices of two bytes) */
        }
        st = compact_start(c);
    }
    return st;
}

/* The record after a row group (ppq_recover.h): tag, rows, ordinal, the
 * sum of its page headers' CRCs (headers are outside the page CRCs), and
 * the CRC of those 16 bytes. */
static ppq_status_t write_row_group_record(ppq_writer_t *w)
{
    uint8_t r[PPQ_RECOVER_GROUP_RECORD];
    memcpy(r, PPQ_RECOVER_GROUP_TAG, 4);
    ppq_store_le32(r + 4, w->rg_rows);
    ppq_store_le32(r + 8, w->row_groups);
    ppq_store_le32(r + 12, w->hdr_crcs);
    ppq_store_le32(r + 16, ppq_crc32(0, r, 16));
    return ppq_sink_write(w->out, r, sizeof r);
}

/* Write every column chunk of the open row group and keep its metadata. */
static ppq_status_t write_row_group(ppq_writer_t *w);

/* End the open row group: its last pages, then its chunks and metadata
 * (two functions, so that a page's compressor does not run below the
 * metadata writer's stack frame). */
static ppq_status_t flush(ppq_writer_t *w)
{
    uint32_t i;
    ppq_status_t st = PPQ_OK;
    if (!PPQ_LEAN) {
        w->rows_fast = 0; /* (new pages, some with AUTO's smaller room) */
    }
    if (w->rg_rows == 0u) {
        return PPQ_OK;
    }
    for (i = 0; i < w->ncols && st == PPQ_OK; i++) {
        st = COMPACT(w) ? compact_finish(COL(w, i)) : finish_page(w, COL(w, i));
    }
    return st == PPQ_OK ? write_row_group(w) : st;
}

static PPQ_NOINLINE ppq_status_t write_row_group(ppq_writer_t *w)
{
    ppq_thrift_w_t t;
    ppq_sink_t fs;
    ppq_memsink_t fm;
    ppq_chunk_meta_t m;
    uint64_t rg_start = w->out->offset, total = 0, raw = 0;
    uint32_t i;
    ppq_status_t st = PPQ_OK;
    ppq_sink_init_mem(&fs, &fm, w->footer + w->footer_len, w->footer_cap - w->footer_len);
    if (META_TO_SPILL(w)) { /* no store: to the spill (counted from its offset now to then) */
        w->spilled -= w->opts.footer_spill->offset;
    }
    ppq_thrift_w_init(&t, META_TO_SPILL(w) ? w->opts.footer_spill : &fs);
    ppq_thrift_w_elem_struct(&t); /* the RowGroup, a list element */
    ppq_thrift_w_list(&t, 1, PPQ_THRIFT_STRUCT, w->ncols);
    for (i = 0; i < w->ncols && st == PPQ_OK; i++) {
        ppq_col_t *c = COL(w, i);
        uint64_t start = w->out->offset, data_start = start;
        if (COMPACT(w)) {
            st = compact_write_chunk(w, i, &data_start);
            c->chunk_raw = (size_t)(w->out->offset - start); /* (uncompressed) */
        } else {
            if (BUILT(K_DICT) && c->dict_pages) {
                st = write_dict_page(w, c);
                c->encodings |= 1u << PPQ_ENC_PLAIN;
            }
            data_start = w->out->offset;
            if (st == PPQ_OK) {
                st = ppq_sink_write(w->out, c->chunk, c->chunk_len);
            }
        }
        if (st != PPQ_OK) {
            break;
        }
        total += w->out->offset - start;
        m.name = c->def->name;
        m.name_len = string_len(c->def->name);
        m.type = (uint8_t)c->def->type;
        m.order = c->stats_kind;
        m.width = c->width;
        m.encodings = c->encodings | 1u << PPQ_ENC_RLE;
        m.values = c->chunk_values;
        m.start = start;
        m.data_start = data_start;
        m.end = w->out->offset;
        m.stats = PPQ_WRITER_STATISTICS && !w->opts.no_statistics ? &c->chunk_stats : NULL;
        m.codec = c->codec;
        if (COMPACT(w)) {
            compact_weigh(w, c);
        }
        m.raw_size = PPQ_COMPRESSORS != 0u ? c->chunk_raw : m.end - start; /* uncompressed: as stored */
        raw += c->chunk_raw;
        ppq_meta_write_chunk(&t, &m);
        /* the chunk is out: the column starts a new one */
        if (!COMPACT(w)) {
            c->chunk_len = 0;
        }
        c->chunk_raw = 0;
        c->chunk_values = 0;
        c->encodings = 0;
        chunk_stats_reset(c);
        if (BUILT(K_DICT) && c->dict_kind) {
            ppq_dict_enc_reset(c->own.dict);
            c->dict_pages = 0;
            c->deciding = AUTO_BY_SIZE && c->def->encoding == PPQ_COLUMN_AUTO;
            c->page_dict_bytes = 0;
            set_put(w, c); /* (page layout only: compact columns have no dict_kind) */
            if (c->kind != K_DICT) {
                c->kind = K_DICT;
                st = start_page(w, c);
            }
        }
    }
    if (st != PPQ_OK) {
        return st; /* the sink failed: no metadata claims this row group */
    }
    if (COMPACT(w)) {
        st = compact_reset(w);
        if (st != PPQ_OK) {
            return st;
        }
    }
    ppq_meta_write_row_group_end(&t, PPQ_COMPRESSORS != 0u ? raw : total, total, w->rg_rows, rg_start, w->row_groups);
    if (ppq_thrift_w_status(&t) != PPQ_OK) { /* the spill's error, or (not reached: room was reserved) */
        return META_TO_SPILL(w) ? ppq_thrift_w_status(&t) : PPQ_ERR_NOSPACE;
    }
    if (PPQ_WRITER_RECOVERY && w->opts.recovery) {
        st = write_row_group_record(w);
    }
    if (st == PPQ_OK && w->opts.sync != NULL) {
        st = w->opts.sync(w->opts.sync_ctx, w->out->offset);
        st = st > 0 ? PPQ_ERR_IO : st;
    }
    if (st != PPQ_OK) {
        return st; /* the metadata stays out of the footer store */
    }
    w->footer_len += fm.len;
    if (META_TO_SPILL(w)) {
        w->spilled += w->opts.footer_spill->offset;
    }
    w->hdr_crcs = 0;
    w->rows += w->rg_rows;
    w->rg_rows = 0;
    w->rg_due = 0;
    w->row_groups++;
    if (!META_TO_SPILL(w) && w->footer_cap - w->footer_len < w->rg_meta_max && w->opts.footer_spill != NULL) {
        st = ppq_sink_write(w->opts.footer_spill, w->footer, w->footer_len);
        if (st != PPQ_OK) {
            return st;
        }
        w->spilled += w->footer_len;
        w->footer_len = 0;
    }
    if ((!META_TO_SPILL(w) && w->footer_cap - w->footer_len < w->rg_meta_max) || w->row_groups == 0x7FFFu) {
        w->full = 1; /* no room for another row group's metadata (or ordinal) */
    }
    return PPQ_OK;
}

static int converted_type(const ppq_logical_t *l)
{
    int ct = logical_info[l->kind].converted;
    if (l->kind == PPQ_LOGICAL_TIME || l->kind == PPQ_LOGICAL_TIMESTAMP) {
        return l->unit == PPQ_UNIT_NANOS ? -1 : ct + (int)l->unit; /* _MILLIS, _MICROS */
    }
    if (l->kind == PPQ_LOGICAL_INT) { /* UINT_8, _16, _32, _64, then INT_8 ... */
        return ct + (l->is_signed ? 4 : 0) + (l->bit_width == 8 ? 0 : l->bit_width == 16 ? 1 : l->bit_width == 32 ? 2 : 3);
    }
    return ct;
}

static void write_time_unit(ppq_thrift_w_t *t, const ppq_logical_t *l)
{
    ppq_thrift_w_bool(t, 1, l->utc);
    ppq_thrift_w_struct(t, 2);
    ppq_thrift_w_struct(t, (int16_t)(1 + (int)l->unit)); /* MILLIS 1, MICROS 2, NANOS 3 */
    ppq_thrift_w_end(t);
    ppq_thrift_w_end(t);
}

static void write_schema_leaf(ppq_thrift_w_t *t, const ppq_column_t *c)
{
    const ppq_logical_t *l = &c->logical;
    int ct = converted_type(l);
    ppq_thrift_w_elem_struct(t);
    ppq_thrift_w_i32(t, 1, (int32_t)c->type);
    if (c->type == PPQ_FIXED_LEN_BYTE_ARRAY) {
        ppq_thrift_w_i32(t, 2, (int32_t)c->type_len);
    }
    ppq_thrift_w_i32(t, 3, c->optional ? REP_OPTIONAL : REP_REQUIRED);
    ppq_thrift_w_string(t, 4, c->name);
    if (ct >= 0) {
        ppq_thrift_w_i32(t, 6, ct);
    }
    if (l->kind == PPQ_LOGICAL_DECIMAL) {
        ppq_thrift_w_i32(t, 7, l->scale);
        ppq_thrift_w_i32(t, 8, l->precision);
    }
    if (l->kind != PPQ_LOGICAL_NONE) {
        ppq_thrift_w_struct(t, 10);
        ppq_thrift_w_struct(t, logical_info[l->kind].member);
        if (l->kind == PPQ_LOGICAL_DECIMAL) {
            ppq_thrift_w_i32(t, 1, l->scale);
            ppq_thrift_w_i32(t, 2, l->precision);
        } else if (l->kind == PPQ_LOGICAL_INT) {
            ppq_thrift_w_i8(t, 1, (int8_t)l->bit_width);
            ppq_thrift_w_bool(t, 2, l->is_signed);
        } else if (l->kind == PPQ_LOGICAL_TIME || l->kind == PPQ_LOGICAL_TIMESTAMP) {
            write_time_unit(t, l);
        }
        ppq_thrift_w_end(t);
        ppq_thrift_w_end(t);
    }
    ppq_thrift_w_end(t);
}

/* FileMetaData, its length and the closing magic. */
/* Stream the spilled RowGroups back into the footer through the scratch
 * buffer; a spill that comes back short is PPQ_ERR_IO. */
static ppq_status_t copy_spilled(ppq_writer_t *w)
{
    uint64_t left = w->spilled;
    ppq_status_t st = PPQ_OK;
    while (left > 0u && st == PPQ_OK) {
        size_t n = left < w->scratch_cap ? (size_t)left : w->scratch_cap, got = 0;
        st = ppq_source_read(w->opts.footer_unspill, w->scratch, n, &got);
        if (st == PPQ_OK && got != n) {
            st = PPQ_ERR_IO;
        }
        if (st == PPQ_OK) {
            st = ppq_sink_write(w->out, w->scratch, n);
        }
        left -= n;
    }
    return st;
}

/* FileMetaData up to its schema (fields 1 and 2). */
static void footer_head(ppq_thrift_w_t *t, const ppq_writer_t *w)
{
    uint32_t i;
    ppq_thrift_w_i32(t, 1, 1); /* version */
    ppq_thrift_w_list(t, 2, PPQ_THRIFT_STRUCT, w->ncols + 1u);
    ppq_thrift_w_elem_struct(t);
    ppq_thrift_w_string(t, 4, "schema");
    ppq_thrift_w_i32(t, 5, (int32_t)w->ncols);
    ppq_thrift_w_end(t);
    for (i = 0; i < w->ncols; i++) {
        write_schema_leaf(t, &w->schema[i]);
    }
}

/* FileMetaData after its row groups (fields 5 to 7) and its end. */
static void footer_tail(ppq_thrift_w_t *t, const ppq_writer_t *w)
{
    uint32_t i;
    ppq_thrift_w_after(t, 4); /* row_groups came before */
    if (w->opts.key_value_count > 0u) {
        ppq_thrift_w_list(t, 5, PPQ_THRIFT_STRUCT, w->opts.key_value_count);
        for (i = 0; i < w->opts.key_value_count; i++) {
            ppq_thrift_w_elem_struct(t);
            ppq_thrift_w_string(t, 1, w->opts.key_values[i].key);
            if (w->opts.key_values[i].value != NULL) {
                ppq_thrift_w_string(t, 2, w->opts.key_values[i].value);
            }
            ppq_thrift_w_end(t);
        }
    }
    ppq_thrift_w_string(t, 6, PPQ_CREATED_BY);
    ppq_thrift_w_list(t, 7, PPQ_THRIFT_STRUCT, w->ncols); /* column_orders: TYPE_ORDER each */
    for (i = 0; i < w->ncols; i++) {
        ppq_thrift_w_elem_struct(t);
        ppq_thrift_w_struct(t, 1);
        ppq_thrift_w_end(t);
        ppq_thrift_w_end(t);
    }
    ppq_thrift_w_end(t);
}

static ppq_status_t write_footer(ppq_writer_t *w)
{
    ppq_thrift_w_t t;
    uint64_t start = w->out->offset;
    uint8_t tail[8];
    ppq_status_t st;
    ppq_thrift_w_init(&t, w->out);
    footer_head(&t, w);
    ppq_thrift_w_i64(&t, 3, (int64_t)w->rows);
    ppq_thrift_w_list(&t, 4, PPQ_THRIFT_STRUCT, w->row_groups);
    st = ppq_thrift_w_status(&t);
    if (st == PPQ_OK) {
        st = copy_spilled(w);
    }
    if (st == PPQ_OK) {
        st = ppq_sink_write(w->out, w->footer, w->footer_len); /* the stored RowGroups */
    }
    if (st != PPQ_OK) {
        return st;
    }
    footer_tail(&t, w);
    st = ppq_thrift_w_status(&t);
    if (st != PPQ_OK) {
        return st;
    }
    ppq_store_le32(tail, (uint32_t)(w->out->offset - start));
    memcpy(tail + 4, "PAR1", 4);
    return ppq_sink_write(w->out, tail, 8);
}


/* Bytes a part of the footer serializes to. */
static uint32_t footer_part_len(const ppq_writer_t *w, void (*part)(ppq_thrift_w_t *, const ppq_writer_t *))
{
    ppq_sink_t count;
    ppq_thrift_w_t t;
    ppq_sink_init_counter(&count);
    ppq_thrift_w_init(&t, &count);
    part(&t, w);
    return (uint32_t)count.offset;
}

/* The header record after "PAR1" (layout in ppq_recover.h): what recovery
 * needs to know of each column, and the footer's parts before and after
 * its row groups. */
static ppq_status_t write_header_record(ppq_writer_t *w)
{
    crc_sink_t cs;
    ppq_sink_t out = {crc_write, NULL, 0};
    ppq_thrift_w_t t;
    uint8_t b[16];
    uint32_t i, head = footer_part_len(w, footer_head), tail = footer_part_len(w, footer_tail);
    uint32_t body = 16u + head + tail;
    ppq_status_t st;
    for (i = 0; i < w->ncols; i++) {
        body += 8u + string_len(w->schema[i].name);
    }
    cs.down = w->out;
    cs.crc = 0;
    out.ctx = &cs;
    memcpy(b, PPQ_RECOVER_HEADER_TAG, 4);
    ppq_store_le32(b + 4, body);
    b[8] = PPQ_RECOVER_FORMAT;
    b[9] = (uint8_t)!w->opts.no_statistics;
    b[10] = (uint8_t)w->opts.codec; /* every page's codec (no per-column codecs with recovery) */
    b[11] = 0;
    ppq_store_le32(b + 12, w->ncols);
    st = ppq_sink_write(&out, b, 16);
    ppq_store_le32(b, head);
    ppq_store_le32(b + 4, tail);
    st = st == PPQ_OK ? ppq_sink_write(&out, b, 8) : st;
    for (i = 0; i < w->ncols && st == PPQ_OK; i++) {
        const ppq_col_t *c = COL(w, i);
        b[0] = (uint8_t)c->def->type;
        b[1] = c->stats_kind;
        b[2] = c->page_stats.cap;
        b[3] = (uint8_t)string_len(c->def->name);
        ppq_store_le32(b + 4, c->width);
        st = ppq_sink_write(&out, b, 8);
        st = st == PPQ_OK ? ppq_sink_write(&out, c->def->name, b[3]) : st;
    }
    if (st != PPQ_OK) {
        return st;
    }
    ppq_thrift_w_init(&t, &out);
    footer_head(&t, w);
    st = ppq_thrift_w_status(&t);
    if (st == PPQ_OK) {
        ppq_thrift_w_init(&t, &out);
        footer_tail(&t, w);
        st = ppq_thrift_w_status(&t);
    }
    ppq_store_le32(b, cs.crc);
    return st == PPQ_OK ? ppq_sink_write(w->out, b, 4) : st;
}

/* ---- the API ------------------------------------------------------------------- */

ppq_status_t ppq_writer_init(ppq_writer_t *w, const ppq_column_t *schema, uint32_t ncols,
                             const ppq_writer_options_t *opts, ppq_sink_t *out, void *arena, size_t len)
{
    ppq_arena_t a;
    plan_t p = {NULL, 0, 0};
    size_t need;
    uint32_t i;
    ppq_status_t st = PPQ_OK;
    if (w == NULL || out == NULL || !schema_ok(schema, ncols)) {
        return PPQ_ERR_ARG;
    }
    memset(w, 0, sizeof *w);
    if (!resolve_options(opts, &w->opts)) {
        return PPQ_ERR_ARG;
    }
    st = codecs_ok(&w->opts, ncols);
    if (st != PPQ_OK) {
        return st;
    }
    need = plan(schema, ncols, &w->opts, &p, NULL);
    if (need == 0u) {
        return PPQ_ERR_ARG;
    }
    ppq_arena_init(&a, arena, len);
    if (a.size < need) {
        return PPQ_ERR_ARENA;
    }
    p.arena = &a;
    p.total = 0;
    (void)plan(schema, ncols, &w->opts, &p, w);
    if (p.failed) {
        return PPQ_ERR_ARENA;
    }
    w->out = out;
    w->schema = schema;
    w->ncols = ncols;
    for (i = 0; i < ncols && st == PPQ_OK; i++) { /* a level the codec has (no input: nothing else to fail) */
        size_t z;
        if (COMPRESSED(COL(w, i)->codec)) {
            st = ppq_compress((ppq_codec_t)COL(w, i)->codec, w->opts.codec_level, w->zin, 0, w->zout, w->zout_cap, &z,
                              w->zwork, w->zwork_len);
        }
    }
    if (st != PPQ_OK) {
        return st;
    }
    for (i = 0; i < ncols && st == PPQ_OK; i++) {
        ppq_col_t *c = COL(w, i);
        if (BUILT(K_DICT) && c->dict_kind) {
            ppq_dict_cfg_t dc;
            dict_cfg_for(&w->opts, &dc);
            st = ppq_dict_enc_init(c->own.dict, c->def->type, c->def->type_len, &dc, &c->dict_arena);
        }
        if (st == PPQ_OK && !COMPACT(w)) {
            st = start_page(w, c);
        }
    }
    if (st == PPQ_OK && COMPACT(w)) {
        st = compact_reset(w);
    }
    if (st == PPQ_OK) {
        st = ppq_sink_write(out, "PAR1", 4);
    }
    if (st == PPQ_OK && PPQ_WRITER_RECOVERY && w->opts.recovery) {
        st = write_header_record(w);
    }
    w->err = st == PPQ_OK || PPQ_IS_MISUSE(st) ? PPQ_OK : st;
    return st;
}

/* Whether rows may still be added: the sticky error, PPQ_ERR_STATE after
 * close, else PPQ_OK. */
static ppq_status_t usable(const ppq_writer_t *w)
{
    return w->err; /* (close leaves PPQ_ERR_STATE there) */
}

/* Copy `size` bytes at v into column col's pending value, if the column
 * exists and has physical type `type`. */
static ppq_status_t set_value(ppq_writer_t *w, uint32_t col, ppq_type_t type, const void *v, size_t size)
{
    ppq_status_t st = usable(w);
    if (st == PPQ_OK && (col >= w->ncols || w->schema[col].type != type || v == NULL)) {
        st = PPQ_ERR_ARG;
    }
    if (st == PPQ_OK) {
        memcpy(&COL(w, col)->value, v, size);
        COL(w, col)->pending = 1;
        w->row_open = 1;
    }
    return st;
}

/* A number's bits (width 8, 4, or 1 for a boolean) as column col's
 * pending value: set_value without the copy (PPQ_LEAN: the copy, less
 * flash). */
static ppq_status_t set_bits(ppq_writer_t *w, uint32_t col, ppq_type_t type, uint64_t bits, size_t width)
{
    ppq_status_t st;
    ppq_col_t *c;
    if (PPQ_LEAN) {
        uint32_t u = (uint32_t)bits;
        uint8_t b = (uint8_t)bits;
        return set_value(w, col, type, width == 8u ? (const void *)&bits : width == 4u ? (const void *)&u : &b, width);
    }
    st = usable(w);
    if (st != PPQ_OK) {
        return st;
    }
    if (col >= w->ncols || (c = COL(w, col))->type != (uint8_t)type) {
        return PPQ_ERR_ARG;
    }
    if (width == 8u) {
        c->value.u64 = bits;
    } else if (width == 4u) {
        c->value.u32 = (uint32_t)bits;
    } else {
        c->value.b = (uint8_t)bits;
    }
    c->pending = 1;
    w->row_open = 1;
    return PPQ_OK;
}

ppq_status_t ppq_writer_set_i32(ppq_writer_t *w, uint32_t col, int32_t value)
{
    return set_bits(w, col, PPQ_INT32, (uint32_t)value, 4);
}

ppq_status_t ppq_writer_set_i64(ppq_writer_t *w, uint32_t col, int64_t value)
{
    return set_bits(w, col, PPQ_INT64, (uint64_t)value, 8);
}

ppq_status_t ppq_writer_set_float(ppq_writer_t *w, uint32_t col, float value)
{
    uint32_t bits;
    PPQ_COPY(&bits, &value, 4);
    return set_bits(w, col, PPQ_FLOAT, bits, 4);
}

ppq_status_t ppq_writer_set_double(ppq_writer_t *w, uint32_t col, double value)
{
    uint64_t bits;
    PPQ_COPY(&bits, &value, 8);
    return set_bits(w, col, PPQ_DOUBLE, bits, 8);
}

ppq_status_t ppq_writer_set_bool(ppq_writer_t *w, uint32_t col, int value)
{
    return set_bits(w, col, PPQ_BOOLEAN, value ? 1u : 0u, 1);
}

ppq_status_t ppq_writer_set_int96(ppq_writer_t *w, uint32_t col, const ppq_int96_t *value)
{
    return set_value(w, col, PPQ_INT96, value, sizeof(ppq_int96_t));
}

/* Is column i a byte array (a length the setters check)? */
static PPQ_ALWAYS_INLINE int is_bytes(const ppq_writer_t *w, uint32_t i)
{
    return w->schema[i].type == PPQ_BYTE_ARRAY || w->schema[i].type == PPQ_FIXED_LEN_BYTE_ARRAY;
}

/* Does byte-array column i refuse b: NULL with a length, a BYTE_ARRAY
 * longer than a page, a FIXED_LEN_BYTE_ARRAY of another length? */
static PPQ_ALWAYS_INLINE int bytes_refused(const ppq_writer_t *w, uint32_t i, const ppq_bytes_t *b)
{
    const ppq_column_t *d = &w->schema[i];
    return (b->ptr == NULL && b->len > 0u) ||
           (d->type == PPQ_BYTE_ARRAY ? b->len > w->opts.page_bytes : b->len != d->type_len);
}

ppq_status_t ppq_writer_set_bytes(ppq_writer_t *w, uint32_t col, const void *data, uint32_t len)
{
    ppq_status_t st = usable(w);
    ppq_bytes_t b;
    ppq_type_t t;
    if (st != PPQ_OK) {
        return st;
    }
    b.ptr = (const uint8_t *)data;
    b.len = len;
    if (col >= w->ncols || !is_bytes(w, col) || bytes_refused(w, col, &b)) {
        return PPQ_ERR_ARG;
    }
    t = w->schema[col].type;
    if (!PPQ_LEAN) { /* checked above: the column takes it */
        COL(w, col)->value.bytes = b;
        COL(w, col)->pending = 1;
        w->row_open = 1;
        return PPQ_OK;
    }
    return set_value(w, col, t, &b, sizeof b);
}

ppq_status_t ppq_writer_set_null(ppq_writer_t *w, uint32_t col)
{
    ppq_status_t st = usable(w);
    if (st == PPQ_OK && (col >= w->ncols || !w->schema[col].optional)) {
        st = PPQ_ERR_ARG;
    }
    if (st == PPQ_OK) {
        COL(w, col)->pending = 2;
        w->row_open = 1;
    }
    return st;
}

static void clear_row(ppq_writer_t *w)
{
    uint32_t i;
    for (i = 0; i < w->ncols; i++) {
        COL(w, i)->pending = 0;
    }
    w->row_open = 0;
}

/* After rows were added: end the row group when its target is reached or
 * a column's chunk buffer is nearly full. */
static ppq_status_t rows_added(ppq_writer_t *w)
{
    ppq_status_t st = PPQ_OK;
    if (w->rg_due || w->rg_rows >= w->opts.row_group_rows) {
        st = flush(w);
        if (st != PPQ_OK) {
            w->err = st;
        }
    }
    return st;
}

ppq_status_t ppq_writer_commit_row(ppq_writer_t *w)
{
    uint32_t i;
    ppq_status_t st = usable(w);
    uint8_t *col = (uint8_t *)w->cols, *end; /* (the columns by pointer: kept in registers) */
    size_t size = w->col_size;
    if (st != PPQ_OK) {
        return st;
    }
    end = col + (size_t)w->ncols * size;
    for (; col != end; col += size) {
        const ppq_col_t *c = (const ppq_col_t *)(void *)col;
        if (c->pending < c->required) { /* (set_null refuses REQUIRED columns: never 2) */
            clear_row(w);
            return PPQ_ERR_ARG; /* a REQUIRED column has no value */
        }
    }
    if (w->full) {
        clear_row(w);
        return PPQ_ERR_NOSPACE;
    }
    if (COMPACT(w) && !compact_admit(w)) { /* end the row group first */
        st = w->rg_rows > 0u ? flush(w) : PPQ_OK;
        if (st != PPQ_OK) {
            clear_row(w);
            w->err = st; /* (as rows_added: a row group that failed is lost) */
            return st;
        }
        if (w->full || !compact_admit(w)) {
            clear_row(w);
            return PPQ_ERR_NOSPACE; /* the footer store is full, or one row passes the store */
        }
    }
    if (COMPACT(w)) {
        for (i = 0; i < w->ncols && st == PPQ_OK; i++) {
            st = compact_push(w, i);
            COL(w, i)->pending = 0;
        }
    } else {
        int checked = !PPQ_LEAN && !rows_fast(w);
        for (col = (uint8_t *)w->cols; col != end && st == PPQ_OK; col += size) {
            ppq_col_t *c = (ppq_col_t *)(void *)col;
            st = PPQ_LEAN ? push_value(w, c) : put_any(w, c, c->pending == 1u ? &c->value : NULL, checked);
            c->pending = 0;
        }
        if (!PPQ_LEAN) {
            w->rows_fast -= w->rows_fast > 0u;
        }
    }
    w->row_open = 0;
    if (st != PPQ_OK) {
        clear_row(w);
        w->err = st;
        return st;
    }
    w->rg_rows++;
    return rows_added(w);
}

/* Must write_record check column i's value by refused() before putting
 * any?  A byte array but `first` (the first without a presence flag: its
 * length checked inline), a REQUIRED column's presence flag. */
static int record_checks(const ppq_writer_t *w, uint32_t i, const ppq_field_t *f, uint32_t first)
{
    return (i != first && is_bytes(w, i)) || (!w->schema[i].optional && f->present != PPQ_FIELD_ALWAYS);
}

ppq_status_t ppq_writer_use_record(ppq_writer_t *w, const ppq_field_t *fields)
{
    uint32_t i = 0, first = 0;
    if (fields == NULL) {
        return PPQ_ERR_ARG;
    }
    while (first < w->ncols && !(is_bytes(w, first) && fields[first].present == PPQ_FIELD_ALWAYS)) {
        first++;
    }
    while (i < w->ncols && !record_checks(w, i, &fields[i], first)) {
        i++;
    }
    w->record = fields;
    w->record_check = i;
    w->record_first = UINT32_MAX;
    if (first < w->ncols) { /* the lengths it takes: 0..page_bytes, or the FLBA's */
        w->record_first = fields[first].value;
        w->record_min = w->schema[first].type == PPQ_BYTE_ARRAY ? 0u : w->schema[first].type_len;
        w->record_span = w->schema[first].type == PPQ_BYTE_ARRAY ? w->opts.page_bytes : 0u;
    }
    return PPQ_OK;
}

/* Column i's value in a record (NULL: a null). */
static PPQ_ALWAYS_INLINE const void *field_at(const ppq_field_t *f, const uint8_t *rec)
{
    return f->present != PPQ_FIELD_ALWAYS && rec[f->present] == 0u ? NULL : rec + f->value;
}

/* Would the setters and commit_row refuse column i's value v (NULL: a
 * null)?  (The first byte array's null, if REQUIRED, is record_check's.) */
static int refused(const ppq_writer_t *w, uint32_t i, const void *v)
{
    if (v == NULL || !is_bytes(w, i)) {
        return v == NULL && !w->schema[i].optional;
    }
    return bytes_refused(w, i, (const ppq_bytes_t *)v);
}

/* write_record's start when it is not the usual row: the status to
 * return, or PPQ_OK to go on (a row the setters began discarded). */
static PPQ_NOINLINE ppq_status_t record_unusual(ppq_writer_t *w, const uint8_t *rec)
{
    if (w->err != PPQ_OK || w->record == NULL) {
        return w->err != PPQ_OK ? w->err : PPQ_ERR_STATE;
    }
    if (w->row_open) {
        clear_row(w);
    }
    return rec == NULL ? PPQ_ERR_ARG : PPQ_OK;
}

ppq_status_t ppq_writer_write_record(ppq_writer_t *w, const void *record)
{
    const uint8_t *rec = (const uint8_t *)record;
    const ppq_field_t *f = w->record;
    uint32_t i, n = w->ncols;
    uint8_t *col, *end;
    size_t size = w->col_size;
    ppq_status_t st = usable(w);
    if (st != PPQ_OK || f == NULL || rec == NULL || w->row_open) { /* (one test for the usual row) */
        st = record_unusual(w, rec);
        if (st != PPQ_OK) {
            return st;
        }
    }
    /* what the setters and commit would refuse: the first byte array's
     * length, then the other columns that need a look */
    if (w->record_first != UINT32_MAX) {
        const ppq_bytes_t *b = (const ppq_bytes_t *)(rec + w->record_first);
        if (b->len - w->record_min > w->record_span || (b->ptr == NULL && b->len > 0u)) {
            return PPQ_ERR_ARG;
        }
    }
    for (i = w->record_check; i < n; i++) {
        if (refused(w, i, field_at(&f[i], rec))) {
            return PPQ_ERR_ARG;
        }
    }
    col = (uint8_t *)w->cols;
    end = col + (size_t)n * size;
    if (PPQ_LEAN || COMPACT(w) || w->full || !rows_fast(w)) { /* the setters' way (and a row where a page is full) */
        for (; col != end; col += size, f++) {
            load_pending((ppq_col_t *)(void *)col, field_at(f, rec));
        }
        return ppq_writer_commit_row(w);
    }
    for (; col != end; col += size, f++) {
        ppq_col_t *c = (ppq_col_t *)(void *)col;
        st = f->present == PPQ_FIELD_ALWAYS || rec[f->present] != 0u ? c->put(w, c, rec + f->value)
                                                                     : put_slow(w, c, NULL);
        if (st != PPQ_OK) {
            break;
        }
    }
    w->rows_fast--;
    if (st != PPQ_OK) {
        w->err = st;
        return st;
    }
    w->rg_rows++;
    return rows_added(w);
}

ppq_status_t ppq_writer_flush_row_group(ppq_writer_t *w)
{
    ppq_status_t st = usable(w);
    if (st != PPQ_OK) {
        return st;
    }
    st = flush(w);
    if (st != PPQ_OK) {
        w->err = st;
    }
    return st;
}

ppq_status_t ppq_writer_close(ppq_writer_t *w)
{
    ppq_status_t st = usable(w);
    if (st != PPQ_OK) {
        return st;
    }
    st = flush(w);
    if (st == PPQ_OK) {
        st = write_footer(w);
    }
    w->err = st != PPQ_OK ? st : PPQ_ERR_STATE; /* closed: no more rows, no second close */
    return st;
}

/* Does row r of the batch have a value? */
static int batch_has(const ppq_column_batch_t *b, uint32_t r)
{
    return b->validity != NULL ? (b->validity[r / 8u] >> (r % 8u)) & 1 : b->def_levels != NULL ? b->def_levels[r] != 0 : 1;
}

/* Set column `col` of a batch's row r. */
static ppq_status_t set_from_batch(ppq_writer_t *w, uint32_t col, const ppq_column_batch_t *b, uint32_t r)
{
    if (!batch_has(b, r)) {
        return ppq_writer_set_null(w, col);
    }
    switch (w->schema[col].type) {
    case PPQ_BOOLEAN: return ppq_writer_set_bool(w, col, ((const uint8_t *)b->values)[r]);
    case PPQ_BYTE_ARRAY:
    case PPQ_FIXED_LEN_BYTE_ARRAY: {
        const ppq_bytes_t *v = &((const ppq_bytes_t *)b->values)[r];
        return ppq_writer_set_bytes(w, col, v->ptr, v->len);
    }
    default: { /* numbers: the slot's bytes are the value */
        size_t size = ppq_value_size(w->schema[col].type);
        return set_value(w, col, w->schema[col].type, (const uint8_t *)b->values + (size_t)r * size, size);
    }
    }
}

#if PPQ_WRITER_FAST_BATCH
/* ---- batches: a column's run of values at a time ---------------------------
 * The same bytes as setting and committing each row (the unit tests compare
 * the two), faster: a segment of rows goes into each column at once when no
 * page and no row group can end inside it.  Numbers whose page encoder takes
 * arrays (PLAIN, DELTA_BINARY_PACKED, BYTE_STREAM_SPLIT, RLE booleans) go
 * in runs; other columns value by value, and a page they end cuts the
 * segment after that row; anything else (a row that would be refused, a
 * full page, a row group's last row) takes the row path. */


/* Can this column take runs of numbers (and would the row path accept
 * every value of the batch as it is)? */
static int takes_runs(const ppq_col_t *c)
{
    ppq_type_t t = c->def->type;
    return (c->kind == K_PLAIN && t != PPQ_BYTE_ARRAY && t != PPQ_FIXED_LEN_BYTE_ARRAY && t != PPQ_INT96 &&
            t != PPQ_BOOLEAN) ||
           (BUILT(K_DELTA) && c->kind == K_DELTA) ||
           (BUILT(K_BSS) && c->kind == K_BSS && t != PPQ_FIXED_LEN_BYTE_ARRAY) ||
           (BUILT(K_RLE) && c->kind == K_RLE) ||
           (BUILT(K_DICT) && c->kind == K_DICT && t != PPQ_BYTE_ARRAY && t != PPQ_FIXED_LEN_BYTE_ARRAY && t != PPQ_INT96);
}

/* Rows from `from` (at most n) the row path would accept: no null in a
 * REQUIRED column, byte arrays of a length the column takes. */
static uint32_t acceptable_rows(const ppq_writer_t *w, const ppq_column_batch_t *cols, uint32_t from, uint32_t n)
{
    uint32_t i, r;
    for (i = 0; i < w->ncols; i++) {
        const ppq_column_t *d = &w->schema[i];
        int bytes = d->type == PPQ_BYTE_ARRAY || d->type == PPQ_FIXED_LEN_BYTE_ARRAY;
        if (!bytes && (d->optional || (cols[i].validity == NULL && cols[i].def_levels == NULL))) {
            continue; /* every row acceptable */
        }
        if (d->type == PPQ_BYTE_ARRAY && cols[i].validity == NULL && cols[i].def_levels == NULL) {
            const ppq_bytes_t *v = (const ppq_bytes_t *)cols[i].values; /* no nulls: only lengths to check */
            for (r = from; r < from + n && v[r].len <= w->opts.page_bytes; r++) {
            }
            n = r - from;
            continue;
        }
        for (r = from; r < from + n; r++) {
            int has = batch_has(&cols[i], r);
            const ppq_bytes_t *v = &((const ppq_bytes_t *)cols[i].values)[r];
            if ((!has && !d->optional) ||
                (has && d->type == PPQ_FIXED_LEN_BYTE_ARRAY && v->len != d->type_len) ||
                (has && d->type == PPQ_BYTE_ARRAY && v->len > w->opts.page_bytes)) {
                n = r - from;
                break;
            }
        }
    }
    return n;
}

/* Put n values (PLAIN-sized slots in memory) into the page's encoder. */
static ppq_status_t put_run(ppq_col_t *c, const uint8_t *v, uint32_t n)
{
    uint32_t i, k;
    ppq_status_t st = PPQ_OK;
    switch (c->kind) {
    case K_PLAIN: return ppq_plain_enc_put(&c->enc.plain, v, n);
    case K_DELTA: return BUILT(K_DELTA) ? ppq_delta_enc_put(&c->enc.delta, v, n) : PPQ_ERR_STATE;
    case K_BSS: return BUILT(K_BSS) ? ppq_bss_enc_put(&c->enc.bss, v, n) : PPQ_ERR_STATE;
    case K_DICT: { /* segment_rows() left room for every new entry */
        size_t acc;
#if PPQ_DICT_BATCH_WORDS
        if (SETTLES(c)) { /* the entries the page uses marked as they are looked up */
            st = ppq_dict_enc_put_marked(c->own.dict, v, n, &acc, c->seen, c->stamp);
        } else
#endif
        {
            st = BUILT(K_DICT) ? ppq_dict_enc_put(c->own.dict, v, n, &acc) : PPQ_ERR_STATE;
        }
        return st == PPQ_OK && acc != n ? PPQ_ERR_STATE : st;
    }
    default: /* K_RLE: booleans, run by run (the same as value by value) */
        for (i = 0; i < n && st == PPQ_OK; i += k) {
            uint32_t bit = v[i] != 0u;
            for (k = 1; bit == 0u && i + k + 8u <= n && ppq_load_le64(v + i + k) == 0u; k += 8u) {
            } /* (false runs, as a door's log has: eight at a time) */
            for (; i + k < n && (v[i + k] != 0u) == bit; k++) {
            }
            st = BUILT(K_RLE) ? ppq_rle_enc_put_repeat(&c->enc.rle, v[i] != 0u, k) : PPQ_ERR_STATE;
        }
        return st;
    }
}

/* Rows from..from+n of column c as runs: its page has room for all n. */
static ppq_status_t push_runs(ppq_writer_t *w, ppq_col_t *c, const ppq_column_batch_t *b, uint32_t from, uint32_t n)
{
    size_t size = c->def->type == PPQ_BOOLEAN ? 1u : c->width;
    const uint8_t *v = (const uint8_t *)b->values;
    uint32_t r = from, end = from + n;
    ppq_status_t st = PPQ_OK;
    while (r < end && st == PPQ_OK) {
        uint32_t run = b->validity == NULL && b->def_levels == NULL ? end : r; /* no nulls: one run */
        while (run < end && batch_has(b, run)) {
            run = b->validity != NULL && run % 8u == 0u && end - run >= 8u && b->validity[run / 8u] == 0xFFu ? run + 8u
                                                                                                             : run + 1u;
        }
        if (run > r) { /* values r..run */
            st = put_run(c, v + (size_t)r * size, run - r);
            if (PPQ_WRITER_STATISTICS && !(c->kind == K_DICT && SETTLES(c))) { /* (those: at the page's end) */
                ppq_stats_add_values(&c->page_stats, c->stats_kind, c->width, v + (size_t)r * size, run - r);
            }
            c->page_count += run - r;
            r = run;
            if (AUTO_BY_SIZE && st == PPQ_OK && c->deciding && c->own.dict->page_count >= auto_decide_at(w)) {
                st = auto_first(w, c); /* where the row path decides: the run stopped there */
            }
        }
        while (r < end && !batch_has(b, r)) { /* nulls */
            mark_null(c);
            c->page_nulls++;
            c->page_stats.nulls++;
            c->page_count++;
            r++;
        }
    }
    return st;
}

/* Column c's value of row r as its pending value (the row is acceptable). */
static void pend_from_batch(ppq_col_t *c, const ppq_column_batch_t *b, uint32_t r)
{
    ppq_type_t t = c->def->type;
    c->pending = batch_has(b, r) ? 1u : 2u;
    if (c->pending == 2u) {
        return;
    }
    if (t == PPQ_BYTE_ARRAY || t == PPQ_FIXED_LEN_BYTE_ARRAY) {
        c->value.bytes = ((const ppq_bytes_t *)b->values)[r];
    } else {
        size_t size = ppq_value_size(t);
        memcpy(&c->value, (const uint8_t *)b->values + (size_t)r * size, size);
    }
}

/* Do rows r and q of the batch hold the same value (both non-null)? */
static int same_value(const ppq_col_t *c, const ppq_column_batch_t *b, uint32_t r, uint32_t q)
{
    ppq_type_t t = c->def->type;
    if (!batch_has(b, r) || !batch_has(b, q)) {
        return 0;
    }
    if (t == PPQ_BYTE_ARRAY || t == PPQ_FIXED_LEN_BYTE_ARRAY) {
        const ppq_bytes_t *x = (const ppq_bytes_t *)b->values + r, *y = (const ppq_bytes_t *)b->values + q;
        return x->len == y->len && (x->ptr == y->ptr || x->len == 0u || memcmp(x->ptr, y->ptr, x->len) == 0);
    }
    return memcmp((const uint8_t *)b->values + (size_t)r * ppq_value_size(t),
                  (const uint8_t *)b->values + (size_t)q * ppq_value_size(t), ppq_value_size(t)) == 0;
}

/* Row r of column c by the row path's push_value: *ended when that ended
 * a page (the column chunk grew). */
static ppq_status_t push_row_value(ppq_writer_t *w, ppq_col_t *c, const ppq_column_batch_t *b, uint32_t r, int *ended)
{
    size_t before = c->chunk_len;
    ppq_status_t st;
    pend_from_batch(c, b, r);
    st = push_value(w, c);
    c->pending = 0;
    *ended = c->chunk_len != before;
    return st;
}

/* A dictionary column's rows from r (at most n) that repeat row r-1's
 * value and fit its page: they add only the same index again (no lookup,
 * no change to the bounds; a NaN's count grows).  Returns how many it took. */
static uint32_t push_repeats(ppq_writer_t *w, ppq_col_t *c, const ppq_column_batch_t *b, uint32_t r, uint32_t n)
{
    uint32_t k = 0, len = 0;
    if (!BUILT(K_DICT) || c->kind != K_DICT) {
        return 0;
    }
    if (n > w->opts.page_values - c->page_count) {
        n = w->opts.page_values - c->page_count;
    }
    if (AUTO_BY_SIZE && c->deciding) { /* the value where AUTO decides takes the row path */
        uint32_t left = auto_decide_at(w) - 1u - c->own.dict->page_count;
        n = auto_decide_at(w) - 1u > c->own.dict->page_count && left < n ? left : n;
        n = auto_decide_at(w) - 1u > c->own.dict->page_count ? n : 0u;
    }
    if (c->def->type == PPQ_BYTE_ARRAY) {
        len = ((const ppq_bytes_t *)b->values)[r - 1u].len; /* a page also ends at page_bytes */
        if (len > 0u && n > (w->opts.page_bytes - c->page_data) / len) {
            n = (w->opts.page_bytes - c->page_data) / len;
        }
    }
    if (len > 0u && b->validity == NULL && b->def_levels == NULL) { /* the same constant string (a status) */
        const ppq_bytes_t *v = (const ppq_bytes_t *)b->values + r;
        while (k < n && v[k].ptr == v[-1].ptr && v[k].len == len) {
            k++;
        }
    }
    while (k < n && same_value(c, b, r + k, r - 1u)) {
        k++;
    }
    if (k == 0u || ppq_dict_enc_repeat(c->own.dict, k) != PPQ_OK) {
        return 0; /* the encoder's page is full: the row path ends it */
    }
    if (PPQ_WRITER_STATISTICS && c->stats_kind == PPQ_ORDER_FLOAT &&
        ppq_is_nan_bits(c->width, number_bits((const uint8_t *)b->values + (size_t)(r - 1u) * c->width, c->width))) {
        c->page_stats.nans += k; /* but a NaN counts each time */
    }
    c->page_count += k;
    c->page_data += k * len;
    return k;
}

/* Rows from..from+n of a column that is not taking runs, value by value
 * (repeats of a dictionary column's value in bulk).  A page it ends cuts
 * the segment after that row: *n becomes the rows written. */
static ppq_status_t push_values(ppq_writer_t *w, ppq_col_t *c, const ppq_column_batch_t *b, uint32_t from, uint32_t *n)
{
    uint32_t r = from, end = from + *n;
    ppq_status_t st = PPQ_OK;
    int ended = 0;
    while (r < end && st == PPQ_OK) {
        uint32_t k = r > from ? push_repeats(w, c, b, r, end - r) : 0u;
        if (k > 0u) {
            r += k;
            continue;
        }
        st = push_row_value(w, c, b, r++, &ended);
        if (ended) {
            *n = r - from; /* the row group may end after this row */
            break;
        }
    }
    return st;
}

/* Write an acceptable segment of n rows from `from`, none of which ends a
 * page that is full already or a row group; returns the rows written (n,
 * or fewer when a value-by-value column ended a page: after that row the
 * row group may end). */
static ppq_status_t push_segment(ppq_writer_t *w, const ppq_column_batch_t *cols, uint32_t from, uint32_t *n)
{
    uint32_t i, r, rows = *n, slow = 0, solo = 0;
    ppq_status_t st = PPQ_OK;
    for (i = 0; i < w->ncols; i++) {
        if (!COL(w, i)->runs) {
            slow++;
            solo = i;
        }
    }
    if (slow == 1u) { /* one value-by-value column: all its rows at once */
        st = push_values(w, COL(w, solo), &cols[solo], from, &rows);
    }
    /* several: row by row, as a page one ends cuts the segment for all */
    for (r = from; slow > 1u && r < from + rows && st == PPQ_OK; r++) {
        for (i = 0; i < w->ncols && st == PPQ_OK; i++) {
            int ended = 0;
            if (!COL(w, i)->runs) {
                st = push_row_value(w, COL(w, i), &cols[i], r, &ended);
            }
            if (ended) {
                rows = r + 1u - from; /* the row group may end after this row */
            }
        }
    }
    for (i = 0; i < w->ncols && st == PPQ_OK; i++) {
        if (COL(w, i)->runs) {
            st = push_runs(w, COL(w, i), &cols[i], from, rows);
        }
    }
    *n = rows;
    return st;
}

/* Values a dictionary column can take in one run: each may be a new entry
 * (no fallback inside a run), and the run stops where AUTO decides. */
static uint32_t dict_room(const ppq_writer_t *w, const ppq_col_t *c)
{
    const ppq_dict_enc_t *d = c->own.dict;
    uint32_t room = d->cfg.max_entries - ppq_dict_enc_entries(d);
    uint32_t bytes = ppq_udiv32(d->cfg.max_bytes - ppq_dict_enc_dict_bytes(d), c->width);
    room = bytes < room ? bytes : room;
    if (AUTO_BY_SIZE && c->deciding) {
        uint32_t left = auto_decide_at(w) - d->page_count;
        room = left < room ? left : room;
    }
    return room;
}

/* Rows from `from` (at most n) that can go in as one segment: none ends a
 * row group or a page of a column taking runs (those get their flag), and
 * the row path would accept them all.  0: take row `from` by the row path. */
static uint32_t segment_rows(ppq_writer_t *w, const ppq_column_batch_t *cols, uint32_t from, uint32_t n)
{
    uint32_t i;
    n = n < w->opts.row_group_rows - w->rg_rows ? n : w->opts.row_group_rows - w->rg_rows;
    for (i = 0; i < w->ncols; i++) {
        ppq_col_t *c = COL(w, i);
        c->runs = (uint8_t)takes_runs(c);
        if (c->runs && c->kind == K_DICT) { /* only where no new entry can fill it, nor pass the decision */
            uint32_t room = dict_room(w, c);
            c->runs = room >= 32u;
            n = c->runs && room < n ? room : n;
        }
        if (c->runs && w->opts.page_values - c->page_count < n) {
            n = w->opts.page_values - c->page_count; /* 0 when the page is full */
        }
    }
    return acceptable_rows(w, cols, from, n);
}

#endif /* PPQ_WRITER_FAST_BATCH */

/* Row r of the batch by the row path: set each column, commit. */
static ppq_status_t batch_row(ppq_writer_t *w, const ppq_column_batch_t *cols, uint32_t r)
{
    uint32_t i;
    ppq_status_t st = PPQ_OK;
    for (i = 0; i < w->ncols && st == PPQ_OK; i++) {
        st = set_from_batch(w, i, &cols[i], r);
    }
    if (st == PPQ_OK) {
        return ppq_writer_commit_row(w);
    }
    clear_row(w);
    return st;
}

#if PPQ_WRITER_FAST_BATCH
/* Rows from `from` (`left` of them in the batch) as one segment where they
 * can go so, else row `from` by the row path: *n gets the rows written. */
static ppq_status_t write_rows(ppq_writer_t *w, const ppq_column_batch_t *cols, uint32_t from, uint32_t left,
                               uint32_t *n)
{
    uint32_t k = !w->full && !COMPACT(w) ? segment_rows(w, cols, from, left) : 0u;
    ppq_status_t st;
    if (k == 0u) { /* a full page or store, a refused row */
        *n = 1;
        return batch_row(w, cols, from);
    }
    st = push_segment(w, cols, from, &k);
    w->rows_fast = 0; /* (its pages took runs) */
    if (st != PPQ_OK) {
        w->err = st; /* an encoder or the sink failed */
        return st;
    }
    *n = k;
    w->rg_rows += k;
    return rows_added(w);
}
#else
static ppq_status_t write_rows(ppq_writer_t *w, const ppq_column_batch_t *cols, uint32_t from, uint32_t left,
                               uint32_t *n)
{
    (void)left;
    *n = 1;
    return batch_row(w, cols, from);
}
#endif

ppq_status_t ppq_writer_write_batch(ppq_writer_t *w, const ppq_column_batch_t *cols, uint32_t rows, uint32_t *written)
{
    uint32_t r = 0, i;
    ppq_status_t st = usable(w);
    if (written != NULL) {
        *written = 0;
    }
    if (st == PPQ_OK && rows > 0u && cols == NULL) {
        st = PPQ_ERR_ARG;
    }
    for (i = 0; i < w->ncols && st == PPQ_OK && rows > 0u; i++) {
        st = cols[i].values == NULL ? PPQ_ERR_ARG : PPQ_OK;
    }
    clear_row(w); /* every column of every row comes from the batch */
    while (r < rows && st == PPQ_OK) {
        uint32_t n = 1;
        st = write_rows(w, cols, r, rows - r, &n);
        if (st == PPQ_OK) {
            r += n;
            if (written != NULL) {
                *written = r;
            }
        }
    }
    return st;
}

uint64_t ppq_writer_rows(const ppq_writer_t *w)
{
    return w->rows + w->rg_rows;
}
