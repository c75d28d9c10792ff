/* The writer's API (ppq_writer.h): init, the setters, rows and records,
 * flush and close.  (A unit of ppq_writer.c: see ppq_writer_internal.h.) */

/* ---- the API ------------------------------------------------------------------- */

#if PPQ_WRITER_NESTED
/* ppq_writer_init and ppq_writer_init_nested (tree: a nested schema, its
 * leaves `schema`). */
static PPQ_NOINLINE ppq_status_t writer_init(ppq_writer_t *w, const ppq_column_t *schema, uint32_t ncols,
                                                  const ppq_schema_t *tree, const ppq_writer_options_t *opts,
                                                  ppq_sink_t *out, void *arena, size_t len)
#else
ppq_status_t ppq_writer_init(ppq_writer_t *w, const ppq_column_t *schema, uint32_t ncols,
                             const ppq_writer_options_t *opts, ppq_sink_t *out, void *arena, size_t len)
#endif
{
    ppq_arena_t a;
    plan_t p = PLAN_INIT;
    size_t need;
    uint32_t i;
    ppq_status_t st = PPQ_OK;
    if (w == NULL) {
        return PPQ_ERR_ARG;
    }
    memset(w, 0, sizeof *w);
    w->err = PPQ_ERR_STATE; /* (until it succeeds: a writer whose init failed takes no call) */
#if PPQ_WRITER_NESTED
    if (out == NULL || (tree != NULL ? !tree_ok(tree) : !schema_ok(schema, ncols))) {
        return PPQ_ERR_ARG;
    }
    p.tree = tree;
    p.path_bytes = tree != NULL ? nest_path_bytes(tree) : 0u;
#else
    if (out == NULL || !schema_ok(schema, ncols)) {
        return PPQ_ERR_ARG;
    }
#endif
    if (!resolve_options(opts, &w->opts)) {
        return PPQ_ERR_ARG;
    }
#if PPQ_WRITER_NESTED
    if (tree != NULL && (w->opts.compact || (w->opts.recovery && !page_v2(&w->opts)) ||
                         (PPQ_WRITER_SORTING && w->opts.sorting_count != 0u))) {
        return PPQ_ERR_ARG; /* nested: the page layout; recovery counts records in v2 headers; rows
                               come as levels (no order checked for sorting_columns) */
    }
#endif
#if PPQ_WRITER_SORTING
    if (!sorting_ok(schema, ncols, &w->opts)) {
        return PPQ_ERR_ARG;
    }
#endif
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
    if (PPQ_WRITER_STATISTICS) { /* (write_row_group: where byte-array min/max are cut) */
        w->rg_meta_full = rg_meta_bound(schema, ncols, &w->opts, STAT_MAX);
#if PPQ_WRITER_NESTED
        w->rg_meta_full += p.path_bytes;
#endif
    }
    w->out = out;
    w->schema = schema;
    w->ncols = ncols;
#if PPQ_WRITER_NESTED
    for (i = 0; i < ncols && NESTED(w) && w->opts.recovery; i++) {
        if (nest_path_joined(w, COL(w, i), NULL, NULL) > 255u) {
            return PPQ_ERR_ARG; /* a recovery record holds a path of up to 255 bytes */
        }
    }
#endif
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
    if (PPQ_WRITER_COMPACT && COMPACT(w) && !META_TO_SPILL(w) && w->footer_cap < rg_meta_room(w, out->offset, 1, NULL)) {
        w->full = 1; /* (a header past the 64 KiB plan() allowed for: no row group fits) */
    }
    w->err = st == PPQ_OK || PPQ_IS_MISUSE(st) ? PPQ_OK : st;
    return st;
}

#if PPQ_WRITER_NESTED
ppq_status_t ppq_writer_init(ppq_writer_t *w, const ppq_column_t *schema, uint32_t ncols,
                             const ppq_writer_options_t *opts, ppq_sink_t *out, void *arena, size_t len)
{
    return writer_init(w, schema, ncols, NULL, opts, out, arena, len);
}

ppq_status_t ppq_writer_init_nested(ppq_writer_t *w, const ppq_schema_t *schema, const ppq_writer_options_t *opts,
                                    ppq_sink_t *out, void *arena, size_t len)
{
    if (schema == NULL) {
        return PPQ_ERR_ARG;
    }
    return writer_init(w, schema->leaves, schema->nleaves, schema, opts, out, arena, len);
}
#endif

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

/* Column c's value v (NULL: a null) by its put; `checked`: where its page
 * may be full (put_slow ends it). */
static PPQ_ALWAYS_INLINE ppq_status_t put_any(ppq_writer_t *w, ppq_col_t *c, const void *v, int checked)
{
    if (v == NULL || (checked && c->page_count >= c->put_limit)) {
        return put_slow(w, c, v);
    }
    return c->put(w, c, v);
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
#if PPQ_WRITER_NESTED
    if (NESTED(w)) {
        clear_row(w);
        return PPQ_ERR_STATE; /* nested: ppq_writer_write_levels */
    }
#endif
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
#if PPQ_WRITER_SORTING
    if (SORTING(w) && !EXT(w)->sort_broken) {
        sort_row(w, NULL);
    }
#endif
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
    if (usable(w) != PPQ_OK) {
        return usable(w);
    }
    if (fields == NULL) {
        return PPQ_ERR_ARG;
    }
#if PPQ_WRITER_NESTED
    if (NESTED(w)) {
        return PPQ_ERR_STATE; /* nested: ppq_writer_write_levels */
    }
#endif
    while (first < w->ncols && !(is_bytes(w, first) && fields[first].present == PPQ_FIELD_ALWAYS)) {
        first++;
    }
    for (i = 0; i < w->ncols && !COMPACT(w); i++) {
        COL(w, i)->rec_value = fields[i].value;
        COL(w, i)->rec_present = fields[i].present;
#if !PPQ_LEAN
        set_rec_put(COL(w, i));
#endif
    }
    i = 0;
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
    /* the setters' way: the compact layout, a full file, a row where a
     * page is full (w->rows_fast > 0 says none is: commit_row and batches
     * leave it 0 in the compact layout, flush where the file fills) */
    if (PPQ_LEAN || (w->rows_fast == 0u && (COMPACT(w) || w->full || !rows_fast(w)))) {
        for (; col != end; col += size, f++) {
            load_pending((ppq_col_t *)(void *)col, field_at(f, rec));
        }
        return ppq_writer_commit_row(w);
    }
#if PPQ_WRITER_SORTING
    if (SORTING(w) && !EXT(w)->sort_broken) {
        sort_row(w, rec);
    }
#endif
#if !PPQ_LEAN
    for (; col != end; col += size) {
        ppq_col_t *c = (ppq_col_t *)(void *)col;
        st = c->rec_put(w, c, rec + c->rec_value);
        if (st != PPQ_OK) {
            break;
        }
    }
#endif
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

uint32_t ppq_writer_row_groups_left(const ppq_writer_t *w)
{
    /* each row group's metadata takes at most `full` bytes where the store
     * has that room, else `max` (byte-array bounds cut), and a row group
     * starts only with `max` bytes left (write_row_group); both as the
     * last row group the store could hold would take them, as far into
     * the file as those before it could reach (rg_meta_room) */
    size_t room = w->footer_cap - w->footer_len, max, full, n = 0;
    uint64_t grows = 0;
    uint32_t cap = 0x7FFEu - (w->row_groups < 0x7FFEu ? w->row_groups : 0x7FFEu); /* (ordinals) */
    if (w->err != PPQ_OK || w->full) {
        return 0;
    }
    if (w->opts.footer_spill != NULL) {
        return cap;
    }
    max = rg_meta_room(w, w->out->offset, 1, &grows);
    if (grows != 0u) { /* (room / max + 1 row groups at most, each of `grows` bytes at most) */
        max = rg_meta_room(w, w->out->offset + (uint64_t)(room / max + 1u) * grows, 1, NULL);
    }
    full = rg_meta_room(w, w->out->offset + (uint64_t)(room / max + 1u) * grows, 0, NULL); /* (not below max) */
    if (room >= full) { /* row groups that start with `full` free, then the others */
        n = (room - full) / full + 1u;
        room -= n * full;
    }
    if (room >= max) {
        n += (room - max) / max + 1u;
    }
    n -= n > 0u; /* (the open one) */
    return n < cap ? (uint32_t)n : cap;
}

