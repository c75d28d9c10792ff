/* Bloom filters written after a row group's column chunks, and the
 * sorting_columns check as rows arrive.  (A unit of ppq_writer.c: see
 * ppq_writer_internal.h.) */

#if PPQ_WRITER_BLOOM
/* ---- bloom filters ------------------------------------------------------------ */

#define BLOOM_FPP_DEFAULT 10000u /* 1% */

static uint32_t bloom_fpp(const ppq_writer_options_t *o)
{
    return o->bloom_fpp != 0u ? o->bloom_fpp : BLOOM_FPP_DEFAULT;
}

/* Does schema column i take filters: opts.bloom_columns, else AUTO's pick
 * (byte arrays and integers); either way only a dictionary column. */
static int bloom_wanted(const ppq_column_t *c, const ppq_writer_options_t *o, uint32_t i)
{
    int ok;
    if (!BUILT(K_DICT) || start_kind(c, &ok) != K_DICT) {
        return 0;
    }
    if (o->bloom_columns != NULL) {
        return o->bloom_columns[i] != 0u;
    }
    return c->type == PPQ_BYTE_ARRAY || c->type == PPQ_FIXED_LEN_BYTE_ARRAY || c->type == PPQ_INT32 ||
           c->type == PPQ_INT64;
}

/* Lay out (or count) the columns' filter states and the one bitset they
 * share, when a column takes filters. */
static void plan_bloom(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o, plan_t *p, ppq_writer_t *w,
                       ppq_col_t *cols)
{
    uint32_t i, any = 0, ndv = o->dict_entries < o->row_group_rows ? o->dict_entries : o->row_group_rows, cap;
    bcol_t *b;
    uint8_t *bits;
    for (i = 0; i < n; i++) {
        any |= (uint32_t)bloom_wanted(&s[i], o, i);
    }
    if (!BLOOM(o) || !any) {
        return;
    }
    cap = ppq_bloom_bytes(ndv, bloom_fpp(o), o->bloom_bytes != 0u ? o->bloom_bytes : PPQ_BLOOM_MAX_BYTES);
    b = (bcol_t *)take(p, (size_t)n * sizeof *b);
    bits = (uint8_t *)take(p, cap);
    if (w == NULL || cols == NULL || p->arena == NULL || p->failed) {
        return;
    }
    memset(b, 0, (size_t)n * sizeof *b);
    for (i = 0; i < n; i++) {
        b[i].want = (uint8_t)bloom_wanted(&s[i], o, i);
        cols[i].bloom = &b[i];
    }
    EXT(w)->bloom = bits;
    EXT(w)->bloom_cap = cap;
}

/* Does a binary column's dictionary (BYTE_ARRAY without a text type, or
 * FIXED_LEN_BYTE_ARRAY without a logical type: a BLOB to DuckDB) hold a
 * value with a byte that is not ASCII?  DuckDB 1.5.6 probes such a
 * value's filter with another hash than the spec's and finds no row (a
 * 100-byte 0xFF value: 0 rows through the filter, 5 without; 100 bytes of
 * 'z', or of 'é' as text, are found; 16-byte 0xFF..00 values: 0 rows of
 * 600, as a UUID or a DECIMAL 600), so that chunk takes no filter. */
static int binary_not_ascii(const ppq_col_t *c)
{
    const ppq_dict_enc_t *d = c->own.dict;
    uint32_t e, i, len;
    if (c->type == PPQ_BYTE_ARRAY ? c->def->logical.kind >= PPQ_LOGICAL_STRING && c->def->logical.kind <= PPQ_LOGICAL_JSON
                                  : c->type != PPQ_FIXED_LEN_BYTE_ARRAY || c->def->logical.kind != PPQ_LOGICAL_NONE) {
        return 0;
    }
    for (e = 0; e < ppq_dict_enc_entries(d); e++) {
        const uint8_t *v = ppq_dict_enc_entry(d, e, &len);
        for (i = 0; i < len; i++) {
            if (v[i] >= 0x80u) {
                return 1;
            }
        }
    }
    return 0;
}

/* The bitset's bytes for column c's chunk just written, before its
 * dictionary page (0: none): a column that takes filters, every data page
 * dictionary-encoded (the dictionary holds every value), entries there,
 * and a filter for them at the fpp that fits the arena's bitset. */
static uint32_t bloom_size(const ppq_writer_t *w, const ppq_col_t *c)
{
    uint32_t e, n;
    if (!BUILT(K_DICT) || c->bloom == NULL || !c->bloom->want || !c->dict_pages ||
        c->encodings != 1u << PPQ_ENC_RLE_DICTIONARY || binary_not_ascii(c)) {
        return 0;
    }
    e = ppq_dict_enc_entries(c->own.dict);
    n = e > 0u ? ppq_bloom_bytes(e, bloom_fpp(&w->opts), PPQ_BLOOM_MAX_BYTES) : 0u;
    return n <= EXT(w)->bloom_cap ? n : 0u;
}

/* Column c's filter into the arena's bitset (n bytes): its dictionary's
 * entries, each by the XXH64 of its PLAIN bytes (a BYTE_ARRAY's without
 * their length). */
static void bloom_fill(ppq_writer_t *w, const ppq_col_t *c, uint32_t n)
{
    const ppq_dict_enc_t *d = c->own.dict;
    uint32_t e, count = ppq_dict_enc_entries(d);
    ppq_bloom_clear(EXT(w)->bloom, n);
    for (e = 0; e < count; e++) {
        const uint8_t *v;
        size_t len;
        if (d->type == PPQ_BYTE_ARRAY) {
            v = d->pool + d->offsets[e];
            len = ppq_load_le32(v);
            v += 4;
        } else {
            len = d->width;
            v = d->pool + (size_t)e * len;
        }
        ppq_bloom_insert(EXT(w)->bloom, n, ppq_bloom_hash_bytes(v, len));
    }
}

/* The open row group's filters (each column's bcol n), one after another,
 * after its chunks and page index; with recovery records, after a record
 * of their lengths (ppq_recover.h), their CRC in the row group's record. */
static PPQ_NOINLINE ppq_status_t write_blooms(ppq_writer_t *w)
{
    crc_sink_t cs;
    ppq_sink_t out = {crc_write, NULL, 0}, *to = w->out;
    uint8_t b[8];
    uint32_t i, total = 0, crc;
    ppq_status_t st = PPQ_OK;
    for (i = 0; i < w->ncols; i++) { /* the lengths: header and bitset */
        bcol_t *x = COL(w, i)->bloom;
        x->len = 0;
        if (x->n != 0u) {
            ppq_sink_init_counter(&out);
            st = ppq_bloom_header_write(&out, x->n);
            x->len = (uint32_t)out.offset + x->n;
            total += x->len;
        }
    }
    if (PPQ_WRITER_RECOVERY && w->opts.recovery && total != 0u) { /* (no filters, no record: 20 bytes a row
        group more than PLAIN's file where AUTO's chunks had given their dictionaries up, ppq_recover.h) */
        memcpy(b, PPQ_RECOVER_BLOOM_TAG, 4);
        ppq_store_le32(b + 4, total);
        crc = ppq_crc32(0, b, 8);
        st = st == PPQ_OK ? ppq_sink_write(w->out, b, 8) : st;
        for (i = 0; i < w->ncols && st == PPQ_OK; i++) {
            ppq_store_le32(b, COL(w, i)->bloom->len);
            crc = ppq_crc32(crc, b, 4);
            st = ppq_sink_write(w->out, b, 4);
        }
        ppq_store_le32(b, crc);
        st = st == PPQ_OK ? ppq_sink_write(w->out, b, 4) : st;
        cs.down = w->out;
        cs.crc = 0;
        out.write = crc_write;
        out.ctx = &cs;
        out.offset = w->out->offset; /* (the file's offsets) */
        to = &out;
    }
    for (i = 0; i < w->ncols && st == PPQ_OK; i++) {
        ppq_col_t *c = COL(w, i);
        bcol_t *x = c->bloom;
        if (x->n != 0u) {
            bloom_fill(w, c, x->n);
            x->off = to->offset;
            st = ppq_bloom_header_write(to, x->n);
            st = st == PPQ_OK ? ppq_sink_write(to, EXT(w)->bloom, x->n) : st;
        }
    }
    if (PPQ_WRITER_RECOVERY && w->opts.recovery && total != 0u) {
        w->hdr_crcs += cs.crc;
    }
    return st;
}
#endif

#if PPQ_WRITER_SORTING
/* ---- sorting_columns ----------------------------------------------------------- */

/* Are opts.sorting_columns valid for the schema? */
static int sorting_ok(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o)
{
    uint32_t i, j;
    if (o->sorting_count == 0u) {
        return 1;
    }
    if (o->sorting_columns == NULL || o->sorting_count > PPQ_WRITER_SORT_MAX) {
        return 0;
    }
    for (i = 0; i < o->sorting_count; i++) {
        uint32_t col = o->sorting_columns[i].column;
        if (col >= n || (s[col].type != PPQ_INT32 && s[col].type != PPQ_INT64)) {
            return 0;
        }
        for (j = 0; j < i; j++) {
            if (o->sorting_columns[j].column == col) {
                return 0;
            }
        }
    }
    return 1;
}

/* The order key of an INT32 or INT64 value of column c (in its C type):
 * unsigned keys compare as the column's values do. */
static uint64_t sort_key(const ppq_col_t *c, const void *v)
{
    if (c->type == PPQ_INT32) {
        uint32_t k = FIELD32(v);
        return c->stats_kind == PPQ_ORDER_SIGNED ? k ^ 0x80000000u : k;
    }
    return c->stats_kind == PPQ_ORDER_SIGNED ? FIELD64(v) ^ ((uint64_t)1 << 63) : FIELD64(v);
}

/* The next row's values of the sorting columns (vals[k]: NULL a null)
 * against the row before it in the row group: one out of order breaks the
 * row group's order. */
static void sort_next(ppq_writer_t *w, const void *const *vals)
{
    uint32_t k, n = w->opts.sorting_count;
    wext_t *x = EXT(w);
    int decided = !x->sort_prev;
    for (k = 0; k < n; k++) {
        const ppq_sorting_column_t *sc = &w->opts.sorting_columns[k];
        uint8_t null = (uint8_t)(vals[k] == NULL);
        uint64_t key = null ? 0u : sort_key(COL(w, sc->column), vals[k]);
        if (!decided) {
            int cmp; /* the row against the one before: < 0 it comes first */
            if (null || x->sort_null[k]) {
                cmp = null == x->sort_null[k] ? 0 : (null != 0u) == (sc->nulls_first != 0u) ? -1 : 1;
            } else {
                cmp = key < x->sort_key[k] ? -1 : key > x->sort_key[k];
                cmp = sc->descending ? -cmp : cmp;
            }
            if (cmp < 0) {
                x->sort_broken = 1;
                return;
            }
            decided = cmp > 0;
        }
        x->sort_null[k] = null;
        x->sort_key[k] = key;
    }
    x->sort_prev = 1;
}

/* The row about to be pushed: from `rec` (write_record), else the
 * columns' pending values. */
static PPQ_NOINLINE void sort_row(ppq_writer_t *w, const uint8_t *rec)
{
    const void *vals[PPQ_WRITER_SORT_MAX];
    uint32_t k;
    for (k = 0; k < w->opts.sorting_count; k++) {
        uint32_t col = w->opts.sorting_columns[k].column;
        const ppq_col_t *c = COL(w, col);
        vals[k] = rec != NULL ? field_at(&w->record[col], rec) : c->pending == 1u ? (const void *)&c->value : NULL;
    }
    sort_next(w, vals);
}

#if PPQ_WRITER_FAST_BATCH
/* Rows from..from+n of a batch, pushed into the open row group as one
 * segment (write_rows; other batch rows go through commit_row). */
static PPQ_NOINLINE void sort_batch(ppq_writer_t *w, const ppq_column_batch_t *cols, uint32_t from, uint32_t n)
{
    const void *vals[PPQ_WRITER_SORT_MAX];
    uint32_t r, k;
    for (r = from; r < from + n && !EXT(w)->sort_broken; r++) {
        for (k = 0; k < w->opts.sorting_count; k++) {
            uint32_t col = w->opts.sorting_columns[k].column;
            const ppq_column_batch_t *b = &cols[col];
            int present = b->validity != NULL    ? (b->validity[r / 8u] >> (r % 8u)) & 1
                          : b->def_levels != NULL ? b->def_levels[r] != 0u
                                                  : 1;
            vals[k] = present ? (const uint8_t *)b->values + (size_t)r * COL(w, col)->width : NULL;
        }
        sort_next(w, vals);
    }
}
#endif
#endif
