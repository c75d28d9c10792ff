/* Row groups (their column chunks and metadata), recovery records, the
 * schema and the footer.  (A unit of ppq_writer.c: see
 * ppq_writer_internal.h.) */

static uint32_t string_len(const char *s)
{
    uint32_t n = 0;
    while (s[n] != '\0') {
        n++;
    }
    return n;
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
#if PPQ_WRITER_PACKED_FOOTER
#define STORE_ROOM_INLINE PPQ_NOINLINE /* (a frame of its own: the spill's writes unpack) */
#else
#define STORE_ROOM_INLINE PPQ_ALWAYS_INLINE
#endif
static STORE_ROOM_INLINE ppq_status_t store_room(ppq_writer_t *w);

#if PPQ_WRITER_PAGE_INDEX
/* The open row group's page indexes to `out`: every column's ColumnIndex,
 * then every OffsetIndex (the offsets are out's: a counting sink gives
 * their lengths). */
static ppq_status_t write_indexes(ppq_writer_t *w, ppq_sink_t *out)
{
    uint32_t i, pass;
    ppq_status_t st = PPQ_OK;
    for (pass = 0; pass < 2u; pass++) {
        for (i = 0; i < w->ncols && st == PPQ_OK; i++) {
            pidx_t *x = COL(w, i)->pidx;
            uint64_t at = out->offset;
            if (pass == 0u) {
                x->ci_len = 0;
                if (x->bw != 0u && x->ci_ok && !x->over) {
                    x->ci.boundary_order = x->asc    ? PPQ_BOUNDARY_ASCENDING
                                           : x->desc ? PPQ_BOUNDARY_DESCENDING
                                                     : PPQ_BOUNDARY_UNORDERED;
                    st = ppq_column_index_write(out, &x->ci);
                    x->ci_off = at;
                    x->ci_len = (uint32_t)(out->offset - at);
                }
            } else {
                x->oi_len = 0;
                if (!x->over) {
                    st = ppq_offset_index_write(out, x->locs, x->ci.pages);
                    x->oi_off = at;
                    x->oi_len = (uint32_t)(out->offset - at);
                }
            }
        }
    }
    return st;
}

/* Write them to the file; with recovery records, after a record of their
 * lengths (ppq_recover.h), their CRC in the row group's record. */
static PPQ_NOINLINE ppq_status_t write_page_indexes(ppq_writer_t *w)
{
    crc_sink_t cs;
    ppq_sink_t out = {crc_write, NULL, 0};
    uint8_t b[8];
    uint32_t i, crc;
    ppq_status_t st;
    if (!(PPQ_WRITER_RECOVERY && w->opts.recovery)) {
        return write_indexes(w, w->out);
    }
    ppq_sink_init_counter(&out);
    st = write_indexes(w, &out); /* their lengths */
    memcpy(b, PPQ_RECOVER_INDEX_TAG, 4);
    ppq_store_le32(b + 4, (uint32_t)out.offset);
    crc = ppq_crc32(0, b, 8);
    st = st == PPQ_OK ? ppq_sink_write(w->out, b, 8) : st;
    for (i = 0; i < w->ncols && st == PPQ_OK; i++) {
        const pidx_t *x = COL(w, i)->pidx;
        ppq_store_le32(b, x->ci_len);
        ppq_store_le32(b + 4, x->oi_len);
        crc = ppq_crc32(crc, b, 8);
        st = ppq_sink_write(w->out, b, 8);
    }
    ppq_store_le32(b, crc);
    st = st == PPQ_OK ? ppq_sink_write(w->out, b, 4) : st;
    cs.down = w->out;
    cs.crc = 0;
    out.write = crc_write;
    out.ctx = &cs;
    out.offset = w->out->offset; /* (the file's offsets) */
    st = st == PPQ_OK ? write_indexes(w, &out) : st;
    w->hdr_crcs += cs.crc;
    return st;
}
#endif

/* The sorting columns a row group lists: none once its rows broke their
 * order. */
#if PPQ_WRITER_SORTING
#define SORTED_COUNT(w) (SORTING(w) && !EXT(w)->sort_broken ? (w)->opts.sorting_count : 0u)
#else
#define SORTED_COUNT(w) 0u
#endif

/* What column c's chunk metadata takes from its schema (a nested leaf's
 * path in `path`, PPQ_WRITER_MAX_DEPTH + 1 names). */
static void chunk_meta_of(const ppq_writer_t *w, const ppq_col_t *c, ppq_chunk_meta_t *m, const char **path)
{
    m->name = c->def->name;
    m->name_len = string_len(c->def->name);
    m->type = (uint8_t)c->def->type;
    m->order = c->stats_kind;
    m->width = c->width;
    m->codec = c->codec;
#if PPQ_WRITER_NESTED
    m->depth = NESTED(w) ? nest_path(w, c, path) : 0u;
    m->path = path;
#else
    (void)w;
    (void)path;
#endif
}

/* A RowGroup's fields after its columns, and its end: `sorted` of the
 * sorting columns listed (0: none; the rows broke their order). */
static void row_group_end(const ppq_writer_t *w, ppq_thrift_w_t *t, uint64_t raw, uint64_t total, uint64_t rows,
                          uint64_t start, uint32_t ordinal, uint32_t sorted)
{
#if PPQ_WRITER_SORTING
    if (SORTING(w)) {
        ppq_sort_meta_t sm[PPQ_WRITER_SORT_MAX];
        uint32_t i;
        for (i = 0; i < w->opts.sorting_count; i++) {
            sm[i].column = w->opts.sorting_columns[i].column;
            sm[i].descending = w->opts.sorting_columns[i].descending;
            sm[i].nulls_first = w->opts.sorting_columns[i].nulls_first;
        }
        ppq_meta_write_row_group_end_sorted(t, PPQ_COMPRESSORS != 0u ? raw : total, total, rows, start, ordinal, sm,
                                            sorted);
        return;
    }
#else
    (void)w;
    (void)sorted;
#endif
    ppq_meta_write_row_group_end(t, PPQ_COMPRESSORS != 0u ? raw : total, total, rows, start, ordinal);
}

/* Packing a row group's metadata into the footer store (PPQ_WRITER_PACKED_FOOTER). */
typedef struct packer {
    ppq_sink_t *out;  /* the footer store's free bytes */
    ppq_status_t st;
    uint64_t prev;    /* the previous chunk's end */
} packer_t;

#if PPQ_WRITER_PACKED_FOOTER
/* The footer store keeps a row group's metadata packed: what the schema
 * and options say (names, types, codecs, Thrift's field headers) left
 * out, the rest as ULEB128 varints; unpack_row_groups writes it out as the
 * Thrift write_row_group would have written (the same bytes).
 *   row group: rows, start, ordinal, [sorting columns listed (sorting)];
 *     then each chunk:
 *   flags (PK_*), encodings, values, [data_start - start (PK_DICT)],
 *     end - data_start, [raw size (PK_RAW)] (a chunk starts where the
 *     one before ended, the first where the row group starts);
 *     statistics (the file keeps them): nulls, [min, max (PK_HAS): a
 *     number's `width` bytes of order key each, a byte array's length and
 *     bytes each (max not with PK_NO_MAX)], [nans (floats)];
 *     [bloom length, offset if not 0 (bloom filters)];
 *     [offset index length; offset, column index length, offset if not 0
 *     (page index)].
 * rg_pack_bound_w (ppq_writer_plan.c) bounds a row group's: the room the
 * store keeps for the next (rg_meta_room). */
#define PK_DICT 1u      /* a dictionary page first */
#define PK_RAW 2u       /* an uncompressed size apart (compressed pages) */
#define PK_HAS 4u       /* a min and max */
#define PK_NO_MAX 8u    /* ... but no max (a byte array's, ppq_stats_cut) */
#define PK_MIN_EXACT 16u
#define PK_MAX_EXACT 32u

static void pk_bytes(packer_t *p, const void *b, size_t n)
{
    if (p->st == PPQ_OK) {
        p->st = ppq_sink_write(p->out, b, n);
    }
}

static PPQ_NOINLINE void pk_u(packer_t *p, uint64_t v)
{
    uint8_t b[10];
    pk_bytes(p, b, ppq_uleb64_encode(v, b));
}

/* An order key's low `width` bytes (all its PLAIN bytes depend on: see
 * ppq_stats_write), little-endian. */
static void pk_key(packer_t *p, uint64_t key, size_t width)
{
    uint8_t b[8];
    size_t i;
    for (i = 0; i < width; i++) {
        b[i] = (uint8_t)(key >> (8u * i));
    }
    pk_bytes(p, b, width);
}

static PPQ_NOINLINE void pack_chunk(packer_t *p, const ppq_chunk_meta_t *m, const ppq_writer_t *w)
{
    const ppq_stats_t *x = m->stats;
    uint8_t f = (uint8_t)((m->data_start != m->start ? PK_DICT : 0u) | (m->raw_size != m->end - m->start ? PK_RAW : 0u));
    if (x != NULL && x->has && m->order != PPQ_ORDER_NONE) {
        f = (uint8_t)(f | PK_HAS | (x->no_max ? PK_NO_MAX : 0u) | (x->min_exact ? PK_MIN_EXACT : 0u) |
                      (x->max_exact ? PK_MAX_EXACT : 0u));
    }
    if (m->start != p->prev) { /* (not reached: write_row_group writes them one after the other) */
        p->st = PPQ_ERR_STATE;
    }
    pk_bytes(p, &f, 1);
    pk_u(p, m->encodings);
    pk_u(p, m->values);
    if (f & PK_DICT) {
        pk_u(p, m->data_start - m->start);
    }
    pk_u(p, m->end - m->data_start);
    if (f & PK_RAW) {
        pk_u(p, m->raw_size);
    }
    p->prev = m->end;
    if (x != NULL) {
        pk_u(p, x->nulls);
        if ((f & PK_HAS) && m->order == PPQ_ORDER_BYTES) {
            pk_u(p, x->min_len);
            pk_bytes(p, x->min, x->min_len);
            if (!x->no_max) {
                pk_u(p, x->max_len);
                pk_bytes(p, x->max, x->max_len);
            }
        } else if (f & PK_HAS) {
            pk_key(p, x->lo, m->width);
            pk_key(p, x->hi, m->width);
        }
        if (m->order == PPQ_ORDER_FLOAT) {
            pk_u(p, x->nans);
        }
    }
#if PPQ_WRITER_BLOOM
    if (BLOOM(&w->opts)) {
        pk_u(p, m->bloom_len);
        if (m->bloom_len != 0u) {
            pk_u(p, m->bloom_offset);
        }
    }
#endif
#if PPQ_WRITER_PAGE_INDEX
    if (PAGE_INDEX(&w->opts)) {
        pk_u(p, m->oi_len);
        if (m->oi_len != 0u) {
            pk_u(p, m->oi_offset);
            pk_u(p, m->ci_len);
            if (m->ci_len != 0u) {
                pk_u(p, m->ci_offset);
            }
        }
    }
#endif
    (void)w;
}

/* Reading the store back (the writer's own bytes; a varint or length that
 * runs past them, an arena overwritten, is PPQ_ERR_STATE). */
typedef struct unpacker {
    const uint8_t *at, *end;
    ppq_status_t st;
} unpacker_t;

static PPQ_NOINLINE uint64_t up_u(unpacker_t *u)
{
    uint64_t v = 0;
    size_t used = 0;
    if (u->st == PPQ_OK && ppq_uleb64_decode(u->at, (size_t)(u->end - u->at), &v, &used) != PPQ_OK) {
        u->st = PPQ_ERR_STATE;
    }
    u->at += used;
    return v;
}

static const uint8_t *up_bytes(unpacker_t *u, uint64_t n)
{
    static const uint8_t none[1] = {0}; /* (what a failed read gives: nothing is written then) */
    const uint8_t *b = u->at;
    if (u->st != PPQ_OK || n > (uint64_t)(u->end - u->at)) {
        u->st = PPQ_ERR_STATE;
        return none;
    }
    u->at += n;
    return b;
}

static uint64_t up_key(unpacker_t *u, size_t width)
{
    const uint8_t *b = up_bytes(u, width);
    uint64_t k = 0;
    size_t i;
    for (i = 0; u->st == PPQ_OK && i < width; i++) {
        k |= (uint64_t)b[i] << (8u * i);
    }
    return k;
}

/* One packed row group to `out` as Thrift (a RowGroup list element). */
static PPQ_NOINLINE ppq_status_t unpack_row_group(const ppq_writer_t *w, unpacker_t *u, ppq_sink_t *out)
{
    ppq_thrift_w_t t;
    ppq_chunk_meta_t m;
    ppq_stats_t x;
    const char *path[PPQ_WRITER_NESTED ? PPQ_WRITER_MAX_DEPTH + 1u : 1u];
    uint64_t rows = up_u(u), rg_start = up_u(u), prev = rg_start, raw = 0, total = 0;
    uint32_t ordinal = (uint32_t)up_u(u), sorted = 0, i;
#if PPQ_WRITER_SORTING
    sorted = SORTING(w) ? (uint32_t)up_u(u) : 0u;
#endif
    ppq_thrift_w_init(&t, out);
    ppq_thrift_w_elem_struct(&t);
    ppq_thrift_w_list(&t, 1, PPQ_THRIFT_STRUCT, w->ncols);
    memset(&x, 0, sizeof x);
    for (i = 0; i < w->ncols && u->st == PPQ_OK; i++) {
        const ppq_col_t *c = COL(w, i);
        uint8_t f = *up_bytes(u, 1);
        memset(&m, 0, sizeof m);
        chunk_meta_of(w, c, &m, path);
        m.encodings = (uint32_t)up_u(u);
        m.values = up_u(u);
        m.start = prev;
        m.data_start = m.start + ((f & PK_DICT) ? up_u(u) : 0u);
        m.end = m.data_start + up_u(u);
        m.raw_size = (f & PK_RAW) ? up_u(u) : m.end - m.start;
        prev = m.end;
        if (PPQ_WRITER_STATISTICS && !w->opts.no_statistics) {
            x.nulls = up_u(u);
            x.has = (uint8_t)((f & PK_HAS) != 0u);
            x.no_max = (uint8_t)((f & PK_NO_MAX) != 0u);
            x.min_exact = (uint8_t)((f & PK_MIN_EXACT) != 0u);
            x.max_exact = (uint8_t)((f & PK_MAX_EXACT) != 0u);
            if (x.has && m.order == PPQ_ORDER_BYTES) { /* (ppq_stats_write reads them: not written to) */
                x.min_len = (uint8_t)up_u(u);
                x.min = (uint8_t *)(uintptr_t)up_bytes(u, x.min_len);
                if (!x.no_max) {
                    x.max_len = (uint8_t)up_u(u);
                    x.max = (uint8_t *)(uintptr_t)up_bytes(u, x.max_len);
                }
            } else if (x.has) {
                x.lo = up_key(u, m.width);
                x.hi = up_key(u, m.width);
            }
            x.nans = m.order == PPQ_ORDER_FLOAT ? up_u(u) : 0u;
            m.stats = &x;
        }
#if PPQ_WRITER_BLOOM
        if (BLOOM(&w->opts)) {
            m.bloom_len = (uint32_t)up_u(u);
            m.bloom_offset = m.bloom_len != 0u ? up_u(u) : 0u;
        }
#endif
#if PPQ_WRITER_PAGE_INDEX
        if (PAGE_INDEX(&w->opts)) {
            m.oi_len = (uint32_t)up_u(u);
            if (m.oi_len != 0u) {
                m.oi_offset = up_u(u);
                m.ci_len = (uint32_t)up_u(u);
                m.ci_offset = m.ci_len != 0u ? up_u(u) : 0u;
            }
        }
#endif
        raw += m.raw_size;
        total += m.end - m.start;
        if (u->st == PPQ_OK) {
            ppq_meta_write_chunk(&t, &m);
        }
    }
    if (u->st != PPQ_OK) {
        return u->st;
    }
    row_group_end(w, &t, raw, total, rows, rg_start, ordinal, sorted);
    return ppq_thrift_w_status(&t);
}

/* The store's row groups to `out` as Thrift. */
static ppq_status_t unpack_row_groups(const ppq_writer_t *w, ppq_sink_t *out)
{
    unpacker_t u;
    ppq_status_t st = PPQ_OK;
    u.at = w->footer;
    u.end = w->footer + w->footer_len;
    u.st = PPQ_OK;
    while (u.at < u.end && st == PPQ_OK) {
        st = unpack_row_group(w, &u, out);
    }
    return st;
}
#define STORED_TO(w, out) unpack_row_groups(w, out)
#define THRIFT_TO(pk, fs) ((pk) != NULL ? &counted : (fs))
/* The Thrift written (to the spill or the store), or only counted: the
 * compact layout's rg_meta_last, on 64-bit CPUs (some 2,500 instructions
 * a column on the M4 where none reads it) */
#define THRIFT_WANTED(w, pk) ((pk) == NULL || (SIZE_MAX > 0xFFFFFFFFu && COMPACT(w)))
#define PACK_CHUNK(p, m, w)            \
    do {                               \
        if ((p) != NULL) {             \
            pack_chunk((p), (m), (w)); \
        }                              \
    } while (0)
#else
#define STORED_TO(w, out) ppq_sink_write(out, (w)->footer, (w)->footer_len)
#define THRIFT_TO(pk, fs) (fs)
#define THRIFT_WANTED(w, pk) 1
#define PACK_CHUNK(p, m, w) (void)(p)
#endif

/* A column chunk written (from `start`, its first data page at data_start,
 * to `end`): its metadata to t, and the column starts a new chunk. */
static PPQ_ALWAYS_INLINE ppq_status_t chunk_done(ppq_writer_t *w, ppq_thrift_w_t *t, packer_t *pk,
                                                 ppq_chunk_meta_t *m, ppq_col_t *c, uint64_t start,
                                                 uint64_t data_start, uint64_t end, int cut)
{
    ppq_status_t st = PPQ_OK;
    const char *path[PPQ_WRITER_NESTED ? PPQ_WRITER_MAX_DEPTH + 1u : 1u]; /* a nested leaf's path_in_schema */
    chunk_meta_of(w, c, m, path);
    m->encodings = c->encodings | 1u << PPQ_ENC_RLE;
    m->values = c->chunk_values;
    m->start = start;
    m->data_start = data_start;
    m->end = end;
    m->stats = PPQ_WRITER_STATISTICS && !w->opts.no_statistics ? &c->chunk_stats : NULL;
#if PPQ_WRITER_NESTED
    if (NESTED(w)) {
        leaf_of(w, c)->chunk_records = 0;
    }
#endif
    if (cut && c->stats_kind == PPQ_ORDER_BYTES) {
        ppq_stats_cut(&c->chunk_stats, STAT_CUT, c->type == PPQ_FIXED_LEN_BYTE_ARRAY);
    }
    if (COMPACT(w)) {
        compact_weigh(w, c);
    }
    m->raw_size = PPQ_COMPRESSORS != 0u ? c->chunk_raw : m->end - m->start; /* uncompressed: as stored */
#if PPQ_WRITER_PAGE_INDEX
    m->oi_len = m->ci_len = 0;
    if (PAGE_INDEX(&w->opts)) {
        m->oi_offset = c->pidx->oi_off;
        m->oi_len = c->pidx->oi_len;
        m->ci_offset = c->pidx->ci_off;
        m->ci_len = c->pidx->ci_len;
        index_reset(c->pidx);
    }
#endif
#if PPQ_WRITER_BLOOM
    m->bloom_len = 0;
    if (BLOOM(&w->opts) && c->bloom != NULL) {
        m->bloom_offset = c->bloom->off;
        m->bloom_len = c->bloom->len;
    }
#endif
    if (THRIFT_WANTED(w, pk)) {
        ppq_meta_write_chunk(t, m);
    }
    PACK_CHUNK(pk, m, w);
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
    return st;
}

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
    if (AUTO_BY_SIZE && PPQ_WRITER_AUTO_THOROUGH) {
        w->flushing = 1; /* (AUTO weighs the chunks' last pages as their ends: alt_beats_chunk) */
    }
    for (i = 0; i < w->ncols && st == PPQ_OK; i++) {
        st = COMPACT(w) ? compact_finish(COL(w, i)) : finish_page(w, COL(w, i));
        if (AUTO_BY_SIZE && PPQ_WRITER_AUTO_THOROUGH && !COMPACT(w)) {
            auto_remember(COL(w, i));
        }
    }
    if (AUTO_BY_SIZE && PPQ_WRITER_AUTO_THOROUGH) {
        w->flushing = 0;
    }
    st = st == PPQ_OK ? write_row_group(w) : st;
    return st == PPQ_OK ? store_room(w) : st;
}

/* Room the footer store keeps for the metadata of a row group that starts
 * at file offset `at` (packed where PPQ_WRITER_PACKED_FOOTER, else its
 * Thrift): its largest with byte-array min/max cut as rg_meta_max() cuts
 * them (`cut`), else whole; in the compact layout as wide as the row group
 * can make its offsets, sizes and counts (rg_meta_next; the page layout:
 * the widest).  *grows (unless NULL): the bytes the row group takes at
 * most (unset with the widest). */
static size_t rg_meta_room(const ppq_writer_t *w, uint64_t at, int cut, uint64_t *grows)
{
    if (!PPQ_WRITER_PACKED_FOOTER && (!PPQ_WRITER_COMPACT || !COMPACT(w))) {
        return cut || !PPQ_WRITER_STATISTICS || w->rg_meta_full < w->rg_meta_max ? w->rg_meta_max : w->rg_meta_full;
    }
    return rg_meta_next(w->schema, w->ncols, &w->opts,
                        cut && w->opts.footer_spill == NULL && !w->opts.recovery ? STAT_CUT : STAT_MAX, at,
                        COMPACT(w) ? w->store_size : 0u, grows);
}

static PPQ_NOINLINE ppq_status_t write_row_group(ppq_writer_t *w)
{
    ppq_thrift_w_t t;
    ppq_sink_t fs;
    ppq_memsink_t fm;
    ppq_chunk_meta_t m;
    packer_t *pk = NULL;
#if PPQ_WRITER_PACKED_FOOTER
    packer_t pack;
    ppq_sink_t counted;
#endif
    uint64_t rg_start = w->out->offset, total = 0, raw = 0;
#if SIZE_MAX > 0xFFFFFFFFu
    uint64_t meta_at;
#endif
    uint32_t i;
    ppq_status_t st = PPQ_OK;
    /* the store has less room than the metadata at its largest (only
     * without a spill and recovery, which keep that room): byte-array
     * min/max cut to STAT_CUT bytes, as rg_meta_max() counted them */
    int cut = PPQ_WRITER_STATISTICS && !META_TO_SPILL(w) && w->footer_cap - w->footer_len < rg_meta_room(w, rg_start, 0, NULL);
    ppq_sink_init_mem(&fs, &fm, w->footer + w->footer_len, w->footer_cap - w->footer_len);
    if (META_TO_SPILL(w)) { /* no store: to the spill (counted from its offset now to then) */
        w->spilled -= w->opts.footer_spill->offset;
    }
#if SIZE_MAX > 0xFFFFFFFFu
    meta_at = META_TO_SPILL(w) ? w->opts.footer_spill->offset : 0u;
#endif
#if PPQ_WRITER_PACKED_FOOTER
    if (!META_TO_SPILL(w)) { /* the store keeps it packed, the Thrift only counted (rg_meta_last) */
        pack.out = &fs;
        pack.st = PPQ_OK;
        pack.prev = rg_start;
        pk = &pack;
        ppq_sink_init_counter(&counted);
        pk_u(pk, w->rg_rows);
        pk_u(pk, rg_start);
        pk_u(pk, w->row_groups);
        if (PPQ_WRITER_SORTING && SORTING(w)) {
            pk_u(pk, SORTED_COUNT(w));
        }
    }
#endif
    ppq_thrift_w_init(&t, META_TO_SPILL(w) ? w->opts.footer_spill : THRIFT_TO(pk, &fs));
    ppq_thrift_w_elem_struct(&t); /* the RowGroup, a list element */
    ppq_thrift_w_list(&t, 1, PPQ_THRIFT_STRUCT, w->ncols);
    for (i = 0; i < w->ncols && st == PPQ_OK; i++) {
        ppq_col_t *c = COL(w, i);
        uint64_t start = w->out->offset, data_start = start;
        if (COMPACT(w)) {
            st = compact_write_chunk(w, i, &data_start);
            c->chunk_raw = (size_t)(w->out->offset - start); /* (uncompressed) */
        } else if (!RECHUNKED(w, c, &data_start, &st)) { /* (AUTO weighed again: written) */
#if PPQ_WRITER_BLOOM
            if (BLOOM(&w->opts) && c->bloom != NULL) { /* (before the dictionary page's encoding) */
                c->bloom->n = bloom_size(w, c);
            }
#endif
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
#if PPQ_WRITER_BLOOM
        if (BLOOM(&w->opts) && c->bloom != NULL) { /* its metadata after the filters */
            c->bloom->at[0] = start;
            c->bloom->at[1] = data_start;
            c->bloom->at[2] = w->out->offset;
            if (!PAGE_INDEX(&w->opts)) {
                continue;
            }
        }
#endif
#if PPQ_WRITER_PAGE_INDEX
        if (PAGE_INDEX(&w->opts)) { /* its metadata after the indexes */
            uint32_t j;
            c->pidx->at[0] = start;
            c->pidx->at[1] = data_start;
            c->pidx->at[2] = w->out->offset;
            for (j = 0; j < c->pidx->ci.pages; j++) {
                c->pidx->locs[j].offset += data_start;
            }
            continue;
        }
#endif
        raw += c->chunk_raw;
        st = chunk_done(w, &t, pk, &m, c, start, data_start, w->out->offset, cut);
    }
#if PPQ_WRITER_PAGE_INDEX
    if (st == PPQ_OK && PAGE_INDEX(&w->opts)) {
        st = write_page_indexes(w);
    }
#endif
#if PPQ_WRITER_BLOOM
    if (st == PPQ_OK && BLOOM(&w->opts) && BLOOM_BITS(w) != NULL) {
        st = write_blooms(w);
    }
#endif
    for (i = 0; i < w->ncols && st == PPQ_OK && DEFERRED(w); i++) { /* the chunks' metadata */
        ppq_col_t *c = COL(w, i);
        const uint64_t *at = NULL;
#if PPQ_WRITER_BLOOM
        at = BLOOM(&w->opts) && c->bloom != NULL ? c->bloom->at : at;
#endif
#if PPQ_WRITER_PAGE_INDEX
        at = PAGE_INDEX(&w->opts) ? c->pidx->at : at;
#endif
        raw += c->chunk_raw;
        st = chunk_done(w, &t, pk, &m, c, at[0], at[1], at[2], cut);
    }
    if (st != PPQ_OK) {
        return st; /* the sink failed: no metadata claims this row group */
    }
    if (COMPACT(w)) {
#if SIZE_MAX > 0xFFFFFFFFu
        w->rg_meta_last = (uint32_t)(META_TO_SPILL(w) ? w->opts.footer_spill->offset - meta_at
                                     : pk != NULL ? t.out->offset : fm.len);
#endif
        st = compact_reset(w);
        if (st != PPQ_OK) {
            return st;
        }
    }
    if (THRIFT_WANTED(w, pk)) {
        row_group_end(w, &t, raw, total, w->rg_rows, rg_start, w->row_groups, SORTED_COUNT(w));
    }
    if (ppq_thrift_w_status(&t) != PPQ_OK || (pk != NULL && pk->st != PPQ_OK)) { /* the spill's error, or (not
                                                                                   reached: room was reserved) */
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
    if (PPQ_WRITER_SORTING && SORTING(w)) { /* the next row group's order starts over */
        EXT(w)->sort_broken = 0;
        EXT(w)->sort_prev = 0;
    }
    w->rows += w->rg_rows;
    if (PPQ_WRITER_AUTO_THOROUGH && PPQ_COMPRESSORS != 0u) {
        w->rg_last = w->rg_rows; /* (alt_beats_chunk's) */
    }
    w->rg_rows = 0;
#if AUTO_LEARNS && SIZE_MAX > 0xFFFFFFFFu
    w->rg_cut = w->rg_due ? w->rg_cut : 0u; /* (a row group that ended at its rows, or at close: no cut) */
#endif
    w->rg_due = 0;
    w->row_groups++;
    return PPQ_OK;
}

/* After a row group: the footer store to the spill where it has no room
 * left for the next one's metadata, or (no spill) the file full.  (Apart
 * from write_row_group: the spill's writes below its frame had taken the
 * microbit's test image past its 2 KB of stack.) */
static STORE_ROOM_INLINE ppq_status_t store_room(ppq_writer_t *w)
{
    size_t room = META_TO_SPILL(w) ? 0u : rg_meta_room(w, w->out->offset, 1, NULL);
    ppq_status_t st;
    if (!META_TO_SPILL(w) && w->footer_cap - w->footer_len < room && w->opts.footer_spill != NULL) {
        uint64_t at = w->opts.footer_spill->offset;
        st = STORED_TO(w, w->opts.footer_spill);
        if (st != PPQ_OK) {
            return st;
        }
        w->spilled += PPQ_WRITER_PACKED_FOOTER ? w->opts.footer_spill->offset - at : w->footer_len; /* (as Thrift) */
        w->footer_len = 0;
    }
    if ((!META_TO_SPILL(w) && w->footer_cap - w->footer_len < room) || w->row_groups == 0x7FFFu) {
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

/* A leaf's SchemaElement (repetition: 0 REQUIRED, 1 OPTIONAL, 2 REPEATED;
 * without nested schemas the column's, as an argument it cost flash). */
#if PPQ_WRITER_NESTED
static void write_schema_elem(ppq_thrift_w_t *t, const ppq_column_t *c, int repetition)
#define FLAT_LEAF_ELEM(t, c) write_schema_elem(t, c, (c)->optional ? REP_OPTIONAL : REP_REQUIRED)
#else
static void write_schema_elem(ppq_thrift_w_t *t, const ppq_column_t *c)
#define repetition (c->optional ? REP_OPTIONAL : REP_REQUIRED)
#define FLAT_LEAF_ELEM(t, c) write_schema_elem(t, c)
#endif
{
    const ppq_logical_t *l = &c->logical;
    int ct = converted_type(l);
    ppq_thrift_w_elem_struct(t);
    ppq_thrift_w_i32(t, 1, (int32_t)c->type);
    if (c->type == PPQ_FIXED_LEN_BYTE_ARRAY) {
        ppq_thrift_w_i32(t, 2, (int32_t)c->type_len);
    }
    ppq_thrift_w_i32(t, 3, repetition);
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
#if !PPQ_WRITER_NESTED
#undef repetition
#endif

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
#if PPQ_WRITER_NESTED
    if (NESTED(w)) { /* the tree */
        nest_footer_head(t, w);
        return;
    }
#endif
    ppq_thrift_w_i32(t, 1, 1); /* version */
    ppq_thrift_w_list(t, 2, PPQ_THRIFT_STRUCT, w->ncols + 1u);
    ppq_thrift_w_elem_struct(t);
    ppq_thrift_w_string(t, 4, "schema");
    ppq_thrift_w_i32(t, 5, (int32_t)w->ncols);
    ppq_thrift_w_end(t);
    for (i = 0; i < w->ncols; i++) {
        FLAT_LEAF_ELEM(t, &w->schema[i]);
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
        st = STORED_TO(w, w->out); /* the stored RowGroups */
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
#if PPQ_WRITER_NESTED
        body += 8u + (NESTED(w) ? (uint32_t)nest_path_joined(w, COL(w, i), NULL, NULL) : string_len(w->schema[i].name));
#else
        body += 8u + string_len(w->schema[i].name);
#endif
    }
    cs.down = w->out;
    cs.crc = 0;
    out.ctx = &cs;
    memcpy(b, PPQ_RECOVER_HEADER_TAG, 4);
    ppq_store_le32(b + 4, body);
    b[8] = PPQ_RECOVER_FORMAT;
    b[9] = (uint8_t)!w->opts.no_statistics;
    if (PAGE_INDEX(&w->opts)) {
        b[9] |= 2u; /* page index records */
    }
#if PPQ_WRITER_NESTED
    if (NESTED(w)) {
        b[9] |= 4u; /* a nested schema: each column's path, its names apart by a NUL */
    }
#endif
#if PPQ_WRITER_BLOOM
    if (BLOOM(&w->opts) && BLOOM_BITS(w) != NULL) {
        b[9] |= 8u; /* bloom filter records */
    }
#endif
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
#if PPQ_WRITER_NESTED
        if (NESTED(w)) { /* the path (init checked it takes at most 255 bytes) */
            b[3] = (uint8_t)nest_path_joined(w, c, NULL, NULL);
            st = ppq_sink_write(&out, b, 8);
            (void)nest_path_joined(w, c, &out, &st);
            continue;
        }
#endif
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
