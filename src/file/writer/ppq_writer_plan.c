/* The writer's plan: schema checks, options and their defaults, the
 * arena's layout (one plan for sizing and for init), ppq_writer_arena_size
 * and ppq_writer_options_for_arena.  (A unit of ppq_writer.c: see
 * ppq_writer_internal.h.) */

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

/* The encodings column c may take where its dictionary does not pay (a bit
 * per kind): PLAIN, and for an AUTO column by size DELTA_BINARY_PACKED of
 * integers (timestamps, counters), DELTA_LENGTH_BYTE_ARRAY and
 * DELTA_BYTE_ARRAY of byte arrays (and of FIXED_LEN_BYTE_ARRAY with
 * opts.auto_all_encodings), where built (ppq_writer_auto.c weighs them).
 * Explicit DICTIONARY columns fall back to PLAIN. */
static unsigned auto_alts(const ppq_column_t *c, const ppq_writer_options_t *o)
{
    unsigned alts = 1u << K_PLAIN;
    if (AUTO_BY_SIZE && c->encoding == PPQ_COLUMN_AUTO) {
        if (c->type == PPQ_INT32 || c->type == PPQ_INT64) {
            alts |= BUILT(K_DELTA) ? 1u << K_DELTA : 0u;
        } else if (c->type == PPQ_BYTE_ARRAY) {
            alts |= (BUILT(K_DLBA) ? 1u << K_DLBA : 0u) | (BUILT(K_DBA) ? 1u << K_DBA : 0u);
        } else if (AUTO_DBA_TYPE(o, c->type)) { /* (opts.auto_all_encodings) */
            alts |= BUILT(K_DBA) ? 1u << K_DBA : 0u;
        }
    }
    return alts;
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

/* The largest body of a dictionary column's small pages: an index page
 * (a width byte, then runs of at most 8 indices of `b` bits each with a
 * header of a few bytes) or a page of one value, either compressed. */
static size_t small_body(const ppq_column_t *c, const ppq_writer_options_t *o, ppq_codec_t codec)
{
    size_t b = ppq_bit_width32(o->dict_entries > 1u ? o->dict_entries - 1u : 1u);
    size_t idx = 1u + (o->page_values / 8u + 2u) * (b + 6u);
    size_t one = 2u * PPQ_DELTA_HEADER_MAX + 16u + (c->type == PPQ_BYTE_ARRAY ? 4u + o->page_bytes : 12u + c->type_len);
    idx = one > idx ? one : idx;
    return COMPRESSED(codec) ? ppq_compress_bound(codec, idx) : idx;
}

/* The codec of column i's pages. */
static ppq_codec_t column_codec(const ppq_writer_options_t *o, uint32_t i)
{
    return o->column_codecs != NULL ? o->column_codecs[i] : o->codec;
}

/* The most of vals_cap (with `arena` 0) or codec_arena_for (1, with
 * `vals`) over kind, PLAIN (where a dictionary falls back) and the
 * encodings AUTO may pick instead of a dictionary. */
static size_t most_for(const ppq_column_t *c, const ppq_writer_options_t *o, int kind, int arena, size_t vals)
{
    unsigned alts = AUTO_BY_SIZE && kind == K_DICT ? auto_alts(c, o) & ~(1u << K_PLAIN) : 0u;
    size_t most = arena ? codec_arena_for(c, o, kind, vals) : vals_cap(c, o, kind);
    size_t x = arena ? codec_arena_for(c, o, K_PLAIN, vals) : vals_cap(c, o, K_PLAIN);
    int k;
    most = x > most ? x : most;
    for (k = 0; alts != 0u; k++, alts >>= 1) {
        if (alts & 1u) {
            x = arena ? codec_arena_for(c, o, k, vals) : vals_cap(c, o, k);
            most = x > most ? x : most;
        }
    }
    return most;
}

/* The largest page body of column c, uncompressed (levels, a delta
 * header, values; or its dictionary page). */
static size_t page_body_max(const ppq_column_t *c, const ppq_writer_options_t *o)
{
    int ok, kind = start_kind(c, &ok);
    size_t body = levels_cap_for(c, o) + PPQ_DELTA_HEADER_MAX + most_for(c, o, kind, 0, 0);
    return kind == K_DICT && o->dict_bytes > body ? o->dict_bytes : body;
}

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

static uint8_t stats_order(const ppq_column_t *c);
static size_t stat_width(const ppq_column_t *c);

#if PPQ_WRITER_PAGE_INDEX
/* The pages a chunk of column c keeps an index for (opts.index_pages). */
static uint32_t index_pages_for(const ppq_column_t *c, const ppq_writer_options_t *o)
{
    uint32_t n;
    if (o->index_pages != 0u) {
        return o->index_pages;
    }
    /* whole pages of a row group, its last, a dictionary's fallback's */
    n = o->row_group_rows / o->page_values + 3u;
    if (c->type == PPQ_BYTE_ARRAY) { /* and those page_bytes ends (values of 32 bytes) */
        n += o->row_group_rows / (o->page_bytes / 32u + 1u) + 1u;
    }
    return n < (1u << 20) ? n : 1u << 20;
}

/* Lay out (or count) column c's page index. */
static pidx_t *plan_index(const ppq_column_t *c, const ppq_writer_options_t *o, plan_t *p)
{
    uint32_t n = index_pages_for(c, o), bw = 0;
    uint8_t order = stats_order(c);
    pidx_t *x = (pidx_t *)take(p, sizeof *x);
    ppq_page_location_t *locs = (ppq_page_location_t *)take(p, (size_t)n * sizeof *locs);
    uint8_t *null_pages = NULL, *bounds = NULL;
    ppq_bytes_t *min = NULL, *max = NULL;
    int64_t *nulls = NULL;
    if (PPQ_WRITER_STATISTICS && !o->no_statistics && order != PPQ_ORDER_NONE) { /* a ColumnIndex */
        bw = order != PPQ_ORDER_BYTES ? (uint32_t)stat_width(c) : c->type == PPQ_BYTE_ARRAY ? PIDX_CUT : stat_cap(c);
        null_pages = (uint8_t *)take(p, n);
        min = (ppq_bytes_t *)take(p, (size_t)n * sizeof *min);
        max = (ppq_bytes_t *)take(p, (size_t)n * sizeof *max);
        nulls = (int64_t *)take(p, (size_t)n * sizeof *nulls);
        bounds = (uint8_t *)take(p, (size_t)n * 2u * bw);
    }
    if (p->arena == NULL || p->failed) {
        return NULL;
    }
    memset(x, 0, sizeof *x);
    x->locs = locs;
    x->ci.null_pages = null_pages;
    x->ci.min = min;
    x->ci.max = max;
    x->ci.null_counts = nulls;
    x->ci.cap = n;
    x->ci.has_null_counts = 1;
    x->bounds = bounds;
    x->bw = bw;
    index_reset(x);
    return x;
}
#endif

/* Bytes of a ULEB128 varint (Thrift's, a page header's). */
static PPQ_NOINLINE size_t uleb_len(uint64_t v)
{
    size_t n = 1;
    while (v >= 0x80u) {
        v >>= 7;
        n++;
    }
    return n;
}

/* Widths of a row group's metadata fields, each with its field header:
 * file offsets, sizes, counts (varints); with `by_type` a column's
 * encodings list as long as its type's encodings (else 10 of them). */
typedef struct meta_widths {
    uint8_t off, size, count, by_type;
} meta_widths_t;

/* Any 64-bit offset or size, counts below 2^31: the widest. */
static const meta_widths_t meta_widest = {11u, 11u, 6u, 0u};
/* Offsets below 1 MiB, sizes and counts below 8,192: options_for_arena's
 * guess at a small arena's usual row group. */
static const meta_widths_t meta_usual = {4u, 3u, 3u, 1u};

/* Encodings a column of type t may list: PLAIN, RLE (levels, booleans),
 * and its type's others (RLE_DICTIONARY, DELTA_*, BYTE_STREAM_SPLIT). */
static size_t encodings_max(ppq_type_t t)
{
    return t == PPQ_BOOLEAN ? 2u : t == PPQ_FLOAT || t == PPQ_DOUBLE || t == PPQ_INT96 ? 4u : 5u;
}

/* Bytes of one min/max bound of column c in a row group's metadata:
 * a byte array's at most `cut` (and its stat_cap()), a number's width. */
static size_t bound_width(const ppq_column_t *c, uint32_t cut)
{
    return c->type == PPQ_BYTE_ARRAY || c->type == PPQ_FIXED_LEN_BYTE_ARRAY ? (stat_cap(c) < cut ? stat_cap(c) : cut)
                                                                            : stat_width(c);
}

/* Bytes of one row group's metadata at its largest (ppq_meta_write_chunk,
 * ppq_meta_write_row_group_end; Thrift compact, field ids ascending: one
 * byte per field header), its offsets, sizes and counts as wide as `mw`
 * says; byte-array min/max at most `cut` bytes each (their stat_cap(), or
 * STAT_CUT where write_row_group cuts them to fit). */
static PPQ_NOINLINE size_t rg_meta_bound_w(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o, uint32_t cut,
                              const meta_widths_t *mw)
{
    /* the columns' list header 3; total_byte_size, num_rows, file_offset,
     * total_compressed_size, ordinal 4, stop 1 */
    size_t total, len = 0;
    uint32_t i;
    mw = PPQ_WRITER_COMPACT ? mw : &meta_widest; /* (a build without the compact layout: one bound) */
    total = 3u + 2u * mw->size + mw->count + mw->off + 5u;
    if (PPQ_WRITER_SORTING && o->sorting_count != 0u) { /* the list's header 1, a SortingColumn 9 each */
        total += 1u + 9u * (size_t)o->sorting_count;
    }
    for (i = 0; i < n; i++) {
        (void)name_ok(s[i].name, &len);
        /* a ColumnChunk: file_offset 2, meta_data's header 1, type 2, the
         * encodings list 2 + one each, the path 4 + len, codec 2,
         * num_values, two sizes, two offsets, two stops 2 */
        total += 15u + (mw->by_type ? encodings_max(s[i].type) : 10u) + mw->count + 2u * mw->size + 2u * mw->off + len;
        if (PAGE_INDEX(o)) { /* offset_index_offset 11, _length 6, column_index_offset 11, _length 6 */
            total += 34u;
        }
        if (BLOOM(o)) { /* bloom_filter_offset 11, _length 6 */
            total += 17u;
        }
        if (PPQ_WRITER_STATISTICS && !o->no_statistics) {
            uint8_t order = stats_order(&s[i]);
            size_t w = bound_width(&s[i], cut);
            /* Statistics: header and stop 2, null_count; max and min 2 + w
             * each and their exactness 2; nan_count */
            total += 2u + mw->count + (order != PPQ_ORDER_NONE ? 6u + 2u * w : 0u) +
                     (order == PPQ_ORDER_FLOAT ? mw->count : 0u);
        }
    }
    return total;
}

#if PPQ_WRITER_PACKED_FOOTER
/* Bytes of one row group's metadata as the footer store packs it
 * (ppq_writer_footer.c's pack_chunk) at its largest: each varint a byte
 * narrower than `mw`'s Thrift field with its header, no names, types,
 * codecs or field headers; the chunks follow each other (no gap stored). */
static PPQ_NOINLINE size_t rg_pack_bound_w(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o, uint32_t cut,
                                           const meta_widths_t *mw)
{
    size_t off = mw->off - 1u, size = mw->size - 1u, count = mw->count - 1u;
    size_t total = count + off + 3u; /* rows, start, ordinal (below 2^15) */
    uint32_t i;
    if (PPQ_WRITER_SORTING && o->sorting_count != 0u) {
        total += 1u;
    }
    for (i = 0; i < n; i++) {
        /* flags 1, encodings 2, values, a dictionary page's size, the data
         * pages' size, compressed: the uncompressed size */
        total += 3u + count + 2u * size + (column_codec(o, i) != PPQ_CODEC_UNCOMPRESSED ? size : 0u);
        if (PAGE_INDEX(o)) { /* two lengths below 2^32 and their offsets */
            total += 10u + 2u * off;
        }
        if (BLOOM(o)) {
            total += 5u + off;
        }
        if (PPQ_WRITER_STATISTICS && !o->no_statistics) {
            uint8_t order = stats_order(&s[i]);
            size_t w = bound_width(&s[i], cut);
            /* nulls; min and max (a byte array's with its length); nans */
            total += count + (order == PPQ_ORDER_BYTES ? 2u * (uleb_len(w) + w) : order != PPQ_ORDER_NONE ? 2u * w : 0u) +
                     (order == PPQ_ORDER_FLOAT ? count : 0u);
        }
    }
    return total;
}
/* The footer store's room for a row group: packed. */
#define rg_room_w rg_pack_bound_w
#else
#define rg_room_w rg_meta_bound_w
#endif

static size_t rg_meta_bound(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o, uint32_t cut)
{
    return rg_meta_bound_w(s, n, o, cut, &meta_widest);
}

/* The footer store's room for the metadata of a compact layout's row
 * group that starts at file offset `at`, at its largest (packed,
 * rg_room_w): offsets, sizes and counts only as wide as row_group_rows
 * rows make them.  A value takes at
 * most twice its PLAIN width and 16 bytes (DELTA's blocks and headers,
 * dictionary indices, levels, runs), a byte array 16 beside its bytes,
 * which the row group's `store` holds, and a column's pages at most 64
 * KiB beside their values.  *grows (unless NULL): the bytes such a row
 * group takes at most (left unset with the widest bound).  The page
 * layout, a nested schema: the widest (each value may be a page, a codec
 * grow it; flash). */
static size_t rg_meta_next(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o, uint32_t cut,
                           uint64_t at, size_t store, uint64_t *grows)
{
    meta_widths_t mw;
    uint32_t i, per_row = 0;
    uint64_t bytes;
    if (!PPQ_WRITER_COMPACT || !o->compact) {
        return rg_room_w(s, n, o, cut, &meta_widest);
    }
    for (i = 0; i < n; i++) { /* (at most 127 columns: no overflow) */
        per_row += s[i].type == PPQ_BYTE_ARRAY ? 16u : 2u * (uint32_t)ppq_plain_width(s[i].type, s[i].type_len) + 16u;
    }
    bytes = (uint64_t)o->row_group_rows * per_row + (uint64_t)n * 65536u + store;
    if (grows != NULL) {
        *grows = bytes;
    }
    mw.off = (uint8_t)(1u + uleb_len(2u * (at + bytes))); /* (at: a file below 2^62 bytes) */
    mw.size = (uint8_t)(1u + uleb_len(2u * bytes));
    mw.count = (uint8_t)(1u + uleb_len(2u * (uint64_t)o->row_group_rows));
    mw.by_type = 1;
    return rg_room_w(s, n, o, cut, &mw);
}

/* The least footer store: one row group's metadata (rg_meta_next, cut as
 * rg_meta_max cuts it; packed, the page layout's too) in a file whose
 * header takes under 64 KiB (ppq_writer_init checks it); with a footer
 * spill, any row group's Thrift, as far into the file as it may be (the
 * widest). */
static size_t rg_meta_least(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o)
{
    if ((!PPQ_WRITER_COMPACT && !PPQ_WRITER_PACKED_FOOTER) || o->footer_spill != NULL) {
        return rg_meta_max(s, n, o);
    }
    return rg_meta_next(s, n, o, o->recovery ? STAT_MAX : STAT_CUT, 1u << 16, 0xFFFFu, NULL);
}

/* The room kept free in the footer store for the next row group's
 * metadata: its largest with a footer spill or recovery records (nothing
 * is cut then: recovery rebuilds the footer the writer writes), else with
 * byte-array min/max cut to STAT_CUT bytes (write_row_group cuts them when
 * the store has less room than their full size takes). */
static size_t rg_meta_max(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o)
{
    return rg_meta_bound(s, n, o, o->footer_spill != NULL || o->recovery ? STAT_MAX : STAT_CUT);
}

/* The footer store: footer_bytes, at least a row group's metadata (rg:
 * rg_meta_max()); in the
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
#if PPQ_WRITER_NESTED
    /* a nested schema's leaves: their levels in each page, the ancestors'
     * names in each row group's paths */
    tree_it_t tree_at;
    size_t rg = rg_meta_max(s, n, o) + p->path_bytes;
#else
    size_t rg = rg_meta_max(s, n, o);
#endif
    size_t footer = footer_for(o, PPQ_WRITER_PACKED_FOOTER ? rg_meta_least(s, n, o) : rg), scratch = scratch_for(s, n, o);
    size_t zin = 0, zout = 0, zwork = 0;
    ppq_col_t *cols = (ppq_col_t *)take(p, (size_t)n * sizeof(ppq_col_t));
    uint8_t *footer_mem = (uint8_t *)take(p, footer), *scratch_mem = (uint8_t *)take(p, scratch), *zin_mem, *zout_mem;
    void *zwork_mem;
#if PPQ_WRITER_NESTED
    tree_start(&tree_at);
#endif
    for (i = 0; i < n; i++) { /* compression: the largest page body (or dictionary) of a compressed column */
        ppq_codec_t codec = column_codec(o, i);
#if PPQ_WRITER_NESTED
        size_t nest_lv = p->tree != NULL ? nest_leaf_levels_cap(p->tree, o, &tree_at) : 0u;
#else
        size_t nest_lv = 0;
#endif
        if (COMPRESSED(codec)) {
            size_t body = page_body_max(&s[i], o) + nest_lv;
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
#if PPQ_WRITER_NESTED
    tree_start(&tree_at);
#endif
    for (i = 0; i < n; i++) {
        /* A column's arena regions, in this order. */
        enum { CODEC, DICT, OWN, STATS, SEEN, VALS, LEVELS, LEVELS_OUT, CHUNK, REGIONS };
        const ppq_column_t *c = &s[i];
        size_t pm, least, room, size[REGIONS];
        uint8_t *mem[REGIONS], cap = stat_cap(c);
        int ok, kind = start_kind(c, &ok), r;
        ppq_col_t *col = cols != NULL ? &cols[i] : NULL;
#if PPQ_WRITER_NESTED
        /* a leaf's levels: its own buffers (plan_nest), and a null bit per
         * value as a flat column's (push_value marks them; unread) */
        size_t nest_lv = p->tree != NULL ? nest_leaf_levels_cap(p->tree, o, &tree_at) : 0u;
#else
        size_t nest_lv = 0;
#endif
        size[VALS] = most_for(c, o, kind, 0, 0);
        size[LEVELS_OUT] = nest_lv == 0u ? levels_cap_for(c, o) : 0u;
        size[CODEC] = most_for(c, o, kind, 1, size[VALS]); /* (AUTO may re-encode a page as an alternative) */
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
            if (auto_alts(c, o) & (1u << K_DLBA | 1u << K_DBA)) { /* and its alternative's encoder: bytes_enc() */
                size[OWN] = PPQ_ARENA_ROUND(size[OWN]) +
                            (sizeof(ppq_dba_enc_t) > sizeof(ppq_dlba_enc_t) ? sizeof(ppq_dba_enc_t) : sizeof(ppq_dlba_enc_t));
            }
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
        size[LEVELS] = nest_lv == 0u ? level_bits_for(c, o) : o->page_values / 8u + 1u;
        /* a chunk must take every page one more row may end (the full page,
         * and for a dictionary column the page its fallback to PLAIN ends)
         * and the open page the flush ends; by default one page more */
        pm = header_max_for(c, o) + size[LEVELS_OUT] + size[VALS] + nest_lv;
        if (COMPRESSED(column_codec(o, i))) { /* a page that does not compress grows */
            size_t z = header_max_for(c, o) + ppq_compress_bound(column_codec(o, i), page_body_max(c, o) + nest_lv);
            pm = z > pm ? z : pm;
        }
        least = (kind == K_DICT ? 3u : 2u) * pm;
        room = least;
        if (AUTO_BY_SIZE && PPQ_WRITER_AUTO_THOROUGH && kind == K_DICT && nest_lv == 0u) {
            /* a flat dictionary column's row ends at most one page and one
             * small: its index page (or a page of one value, after AUTO's
             * first page went as the alternative), and the flush the open
             * page; not three pages of its worst (a page layout's small
             * arena: row groups of one or two pages, strings' above all) */
            room = pm + header_max_for(c, o) + levels_cap_for(c, o) + small_body(c, o, column_codec(o, i));
        }
        size[CHUNK] = o->chunk_bytes == 0u ? default_chunk(o, least, pm) : o->chunk_bytes < least ? least : o->chunk_bytes;
        for (r = 0; r < REGIONS; r++) {
            mem[r] = (uint8_t *)take(p, size[r]);
        }
        if (col != NULL && !p->failed) { /* the column's state, all but its encoders */
            col_init(col, sizeof *col, c, kind);
            col->dict_kind = kind == K_DICT;
            col->codec = PPQ_COMPRESSORS != 0u ? (uint8_t)column_codec(o, i) : 0u;
            col->alt_kind = K_PLAIN;
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
            col->chunk_room = room; /* every page the next row may end, and the open page the flush ends */
            col->page_max = pm;
        }
#if PPQ_WRITER_PAGE_INDEX
        if (PAGE_INDEX(o)) {
            pidx_t *x = plan_index(c, o, p);
            if (col != NULL && !p->failed) {
                col->pidx = x;
            }
        }
#endif
    }
#if PPQ_WRITER_NESTED
    if (p->tree != NULL) {
        plan_nest(p->tree, o, p, w);
    }
#endif
#if PPQ_WRITER_BLOOM
    if (BLOOM(o)) {
        plan_bloom(s, n, o, p, w, cols);
    }
#endif
    return p->total;
}

/* Lay out (or count) everything.  Returns 0 for an invalid schema. */
static size_t plan(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o, plan_t *p, ppq_writer_t *w)
{
#if PPQ_WRITER_BLOOM || PPQ_WRITER_SORTING
    if (BLOOM(o) || SORTING_OPTS(o)) { /* their state (w->ext), first */
        wext_t *x = (wext_t *)take(p, sizeof *x);
        if (w != NULL && x != NULL && !p->failed) {
            memset(x, 0, sizeof *x);
            w->ext = x;
        }
    }
#endif
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

/* ppq_writer_arena_size of a schema already checked (options_for_arena's
 * search checks it once: its duplicate-name test is quadratic). */
static size_t arena_size_of(const ppq_column_t *schema, uint32_t ncols, const ppq_writer_options_t *opts)
{
    ppq_writer_options_t o;
    plan_t p = PLAN_INIT;
    if (!resolve_options(opts, &o) || codecs_ok(&o, ncols) != PPQ_OK) {
        return 0;
    }
    return plan(schema, ncols, &o, &p, NULL);
}

size_t ppq_writer_arena_size(const ppq_column_t *schema, uint32_t ncols, const ppq_writer_options_t *opts)
{
    return schema_ok(schema, ncols) ? arena_size_of(schema, ncols, opts) : 0u;
}

/* ---- options for an arena ---------------------------------------------------- */

/* The largest page of column c (header, levels, values at their worst). */
static size_t worst_page(const ppq_column_t *c, const ppq_writer_options_t *o)
{
    int ok, kind = start_kind(c, &ok);
    return header_max_for(c, o) + levels_cap_for(c, o) + most_for(c, o, kind, 0, 0);
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
#if PPQ_WRITER_NESTED
/* (options_for_arena's functions take a nested schema too: tree, or NULL) */
#define TREE_PARAM , const ppq_schema_t *tree
#define TREE_ARG , tree
#define ARENA_SIZE(s, n, o) (tree != NULL ? ppq_writer_arena_size_nested(tree, o) : arena_size_of(s, n, o))
#else
#define TREE_PARAM
#define TREE_ARG
#define ARENA_SIZE(s, n, o) arena_size_of(s, n, o)
#endif

static uint32_t fit_chunk(const ppq_column_t *schema, uint32_t ncols, ppq_writer_options_t *o, size_t arena_len,
                          uint32_t most TREE_PARAM)
{
    uint32_t lo = 1u, hi = most;
    o->chunk_bytes = 1u;
    if (ARENA_SIZE(schema, ncols, o) == 0u || ARENA_SIZE(schema, ncols, o) > arena_len) {
        return 0;
    }
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo + 1u) / 2u;
        o->chunk_bytes = mid;
        if (ARENA_SIZE(schema, ncols, o) <= arena_len) {
            lo = mid;
        } else {
            hi = mid - 1u;
        }
    }
    o->chunk_bytes = lo;
    return lo;
}

/* Row groups the footer store keeps: one, and one more for each `typ`
 * bytes (a row group's metadata as it usually is) beyond the `rg` kept
 * free for the next (rg_meta_max()); a spill keeps them all: counted as
 * 65,536. */
static uint32_t groups_kept(const ppq_writer_options_t *o, uint32_t rg, uint32_t typ)
{
    return o->footer_spill != NULL ? 1u << 16 : o->footer_bytes > rg ? (o->footer_bytes - rg) / typ + 1u : 1u;
}

/* Arenas up to this size take the compact layout, where it can be had. */
#define COMPACT_ARENA_MAX (96u * 1024u)
/* Rows a file need hold: beyond, options_for_arena prefers larger row
 * groups to more of them (a larger footer store). */
#define FILE_ROWS_ENOUGH (1u << 20)

#if PPQ_WRITER_NESTED
static PPQ_NOINLINE ppq_status_t options_for_arena(ppq_writer_options_t *opts, const ppq_column_t *schema,
                                                        uint32_t ncols, size_t arena_len TREE_PARAM)
#else
ppq_status_t ppq_writer_options_for_arena(ppq_writer_options_t *opts, const ppq_column_t *schema, uint32_t ncols,
                                          size_t arena_len)
#endif
{
    ppq_writer_options_t o, best; /* (*opts is the input: no third copy on a small board's stack) */
    const ppq_writer_options_t *in = opts;
    uint8_t had_no_index, had_no_bloom = 0;
    uint64_t best_score = 0, best_rows = 0;
    uint32_t pv, step, k, rg, paths = 0, typ, most = arena_len > 0x7FFFFFFFu ? 0x7FFFFFFFu : (uint32_t)arena_len;
    int found = 0;
#if PPQ_WRITER_NESTED
    if (opts == NULL || (tree != NULL ? !tree_ok(tree) : !schema_ok(schema, ncols))) {
        return PPQ_ERR_ARG;
    }
#else
    if (opts == NULL || !schema_ok(schema, ncols)) {
        return PPQ_ERR_ARG;
    }
#endif
    /* the page index off: an arena sized to the byte spends itself on pages
     * and row groups (a page index's record per page and column would
     * shrink both) */
    had_no_index = opts->no_page_index;
    opts->no_page_index = 1;
    if (PPQ_WRITER_BLOOM) { /* (a bitset in the arena) */
        had_no_bloom = opts->no_bloom;
        opts->no_bloom = 1;
    }
#if PPQ_WRITER_NESTED && !PPQ_WRITER_PACKED_FOOTER
    paths = tree != NULL ? (uint32_t)nest_path_bytes(tree) : 0u; /* (in each row group's Thrift) */
#endif
    /* a row group's metadata in the footer store as it usually is: offsets
     * of 3 bytes, sizes and counts of 2, its columns' encodings, byte-array
     * bounds of 8 */
    typ = (uint32_t)rg_room_w(schema, ncols, in, 8u, &meta_usual);
    /* pv 0: the compact layout (where it can be had: the best when it fits);
     * then pages as large as still leave room for whole row groups */
    for (pv = 0u; pv == 0u || (pv >= 8u && !(found && best.compact)); pv = pv == 0u ? 4096u : pv / 2u) {
#if PPQ_WRITER_NESTED
        if (pv == 0u && tree != NULL) {
            continue; /* (nested: no compact layout) */
        }
#endif
        if (pv == 0u && !(PPQ_WRITER_COMPACT && arena_len <= COMPACT_ARENA_MAX)) {
            continue;
        }
        /* the footer store: room for 1, 2, 3 ... row groups (the compact
         * layout), or 1/2, 1/4 ... 1/4096 of the arena (pages) */
        for (step = 0u, k = 0u; step < 24u || (pv == 0u && k < 0xFFFFu); step++, k += k < 16u ? 1u : k / 4u) {
            uint64_t score, rows;
            o = *in;
            o.compact = pv == 0u;
            o.row_group_rows = 1u << 20; /* row groups end where the store or a chunk buffer fills */
            /* the room kept for the next row group's metadata (write_row_group) */
            rg = (uint32_t)rg_meta_least(schema, ncols, &o) + (pv == 0u ? 0u : paths);
            o.footer_bytes = o.footer_spill != NULL ? 1u : pv == 0u ? rg + k * typ : (uint32_t)(arena_len >> (step / 2u + 1u));
            if (pv != 0u && (step & 1u) != 0u) { /* (pages: the halves, and 3/4 of each) */
                o.footer_bytes = o.footer_bytes / 4u * 3u;
            }
            if (pv == 0u) {
                /* a store as large as fits beside the footer store and a hash
                 * table for an entry per 16 bytes of the store (sensor rows
                 * take some 3 bytes in the store and bring a new entry every
                 * few rows: neither runs out long first) */
                uint32_t entries = (uint32_t)(arena_len / 24u), round;
                o.page_values = 8192u; /* (one page per chunk) */
                o.page_bytes = arena_len / 32u < 64u ? 64u : (uint32_t)(arena_len / 32u);
                o.dict_bytes = 0;
                for (round = 0; round < 3u; round++) { /* (entries and store settle in a few rounds) */
                    o.dict_entries = entries < 16u ? 16u : entries & ~15u;
                    entries = fit_chunk(schema, ncols, &o, arena_len, 0xFFFFu / ncols TREE_ARG) * ncols / 16u;
                }
                if (entries == 0u) {
                    break; /* (a larger footer store fits no better) */
                }
                /* rows a row group takes, at a guess of 2 bytes per value in the store */
                rows = o.chunk_bytes / 2u;
            } else {
                o.page_values = pv;
                o.page_bytes = pv * 8u < 65536u ? pv * 8u : 65536u;
                /* dictionaries of up to 1,024 entries, but a 256th of a
                 * column's share of the arena: their RAM (some 16 bytes an
                 * entry) is the chunk buffers' (longer row groups, fewer
                 * dictionary trials: 256 walks in 16 MiB) */
                o.dict_entries = pv < 1024u ? pv : 1024u;
                o.dict_entries = arena_len / ncols / 256u < o.dict_entries
                                     ? (arena_len / ncols / 256u < 64u ? 64u : (uint32_t)(arena_len / ncols / 256u))
                                     : o.dict_entries;
                o.dict_bytes = o.dict_entries * 8u;
                if (fit_chunk(schema, ncols, &o, arena_len, most TREE_ARG) == 0u) {
                    continue;
                }
                /* rows a row group surely takes */
                rows = surely_rows(schema, ncols, &o);
                rows = rows > 0u ? rows : 1u;
            }
            /* rows a file takes: a row group's times the row groups the
             * footer store keeps (a spill keeps them all), enough at
             * FILE_ROWS_ENOUGH; then the larger pages (fewer, larger
             * dictionaries: the first pv that has enough), then the larger
             * row groups win */
            /* (the page layout's row group metadata takes some 3/4 of typ:
             * sizes and offsets shorter, fewer encodings; 326-403 bytes
             * where typ is 459-550 on the sweep's tables of 5-8 columns) */
            score = rows * groups_kept(&o, rg, typ); /* (file_rows: the full typ, an estimate most data beats) */
            o.file_rows = o.footer_spill != NULL || score > 0xFFFFFFFFu ? 0u : (uint32_t)score;
            score = pv == 0u ? score : rows * groups_kept(&o, rg, typ / 4u * 3u);
            score = score < FILE_ROWS_ENOUGH ? score : FILE_ROWS_ENOUGH;
            if (!found || score > best_score ||
                (score == best_score && rows > best_rows && (score < FILE_ROWS_ENOUGH || o.page_values == best.page_values))) {
                best = o;
                best_score = score;
                best_rows = rows;
                found = 1;
            }
            if (o.footer_spill != NULL) {
                break; /* no share to weigh */
            }
        }
    }
    if (!found) {
        opts->no_page_index = had_no_index; /* (nothing changed) */
        if (PPQ_WRITER_BLOOM) {
            opts->no_bloom = had_no_bloom;
        }
        return PPQ_ERR_ARENA;
    }
    *opts = best;
    return PPQ_OK;
}

#if PPQ_WRITER_NESTED
ppq_status_t ppq_writer_options_for_arena(ppq_writer_options_t *opts, const ppq_column_t *schema, uint32_t ncols,
                                          size_t arena_len)
{
    const ppq_schema_t *tree = NULL;
    return options_for_arena(opts, schema, ncols, arena_len TREE_ARG);
}

ppq_status_t ppq_writer_options_for_arena_nested(ppq_writer_options_t *opts, const ppq_schema_t *tree,
                                                 size_t arena_len)
{
    if (tree == NULL) {
        return PPQ_ERR_ARG;
    }
    return options_for_arena(opts, tree->leaves, tree->nleaves, arena_len TREE_ARG);
}
#endif

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
        /* decimals order as signed numbers, FLOAT16 as floats: not bytes; a
         * FIXED_LEN_BYTE_ARRAY longer than a bound keeps (STAT_MAX) has none
         * (a prefix is not a value of its type) */
        return c->logical.kind == PPQ_LOGICAL_DECIMAL || c->logical.kind == PPQ_LOGICAL_FLOAT16 ||
                       (PPQ_WRITER_STATISTICS && c->type == PPQ_FIXED_LEN_BYTE_ARRAY && c->type_len > STAT_MAX)
                   ? PPQ_ORDER_NONE
                   : PPQ_ORDER_BYTES;
    default: return PPQ_ORDER_NONE;
    }
}

/* Bytes of one min/max value of a fixed-width column (BOOLEAN: one byte). */
static size_t stat_width(const ppq_column_t *c)
{
    return c->type == PPQ_BOOLEAN ? 1u : ppq_plain_width(c->type, c->type_len);
}
