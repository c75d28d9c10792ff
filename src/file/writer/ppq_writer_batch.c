/* Column batches (ppq_writer_write_batch): runs of values per column
 * where no page or row group can end inside them, else the row path.
 * (A unit of ppq_writer.c: see ppq_writer_internal.h.) */

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
                st = auto_first(w, c, w->opts.page_values, 0); /* where the row path decides: the run stopped there */
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

static uint32_t dict_room(const ppq_writer_t *w, const ppq_col_t *c);

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
        ppq_col_t *c = COL(w, i);
        uint32_t room = w->opts.page_values - c->page_count;
        if (c->runs == 2u && room < rows) { /* its page fills, then ends as the row path ends it: at its next value */
            st = room > 0u ? push_runs(w, c, &cols[i], from, room) : PPQ_OK;
            st = st == PPQ_OK ? finish_page(w, c) : st;
            if (st == PPQ_OK && c->kind == K_DICT && dict_room(w, c) < rows - room) {
                /* its PLAIN page went through the dictionary at its end
                 * (plain_to_dict), which may not hold the rest: value by
                 * value, as the row path (a fill falls back) */
                int ended;
                for (r = from + room; r < from + rows && st == PPQ_OK; r++) {
                    st = push_row_value(w, c, &cols[i], r, &ended);
                }
            } else {
                st = st == PPQ_OK ? push_runs(w, c, &cols[i], from + room, rows - room) : st;
            }
        } else if (c->runs) {
            st = push_runs(w, c, &cols[i], from, rows);
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

/* Can column c's page end without its row group becoming due, whatever
 * the page takes (page_max)?  Then a segment may end it where it fills: the
 * row path would end the row group after no such row.  (Not with
 * row_group_bytes, which all the chunks' lengths decide.) */
static int page_ends_quietly(const ppq_writer_t *w, const ppq_col_t *c)
{
    return w->opts.row_group_bytes == 0u && c->chunk_cap - c->chunk_len >= c->page_max + chunk_reserve(c);
}

/* Rows from `from` (at most n) that can go in as one segment: none ends a
 * row group or a page of a column taking runs (those get their flag, 2 for
 * a page that may end inside it, page_ends_quietly), and
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
            uint32_t room = w->opts.page_values - c->page_count; /* 0 when the page is full */
            if (c->kind != K_DICT && page_ends_quietly(w, c)) {
                c->runs = 2; /* its page may end inside the segment (push_segment), once */
                room += w->opts.page_values;
            }
            n = room < n ? room : n;
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
#if PPQ_WRITER_SORTING
    if (SORTING(w) && !EXT(w)->sort_broken) {
        sort_batch(w, cols, from, k);
    }
#endif
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
#if PPQ_WRITER_NESTED
    if (st == PPQ_OK && NESTED(w)) {
        return PPQ_ERR_STATE; /* nested: ppq_writer_write_levels */
    }
#endif
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
