/* The page layout (the default): each column's page encoded as rows
 * arrive, its definition levels, statistics and header, appended to the
 * column's chunk buffer; the row path's shortcuts (c->put).  (A unit of
 * ppq_writer.c: see ppq_writer_internal.h.) */

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
            st = ppq_dlba_enc_init(bytes_enc(c), &cfg, &c->vals_sink, &c->codec_arena);
        }
        break;
    }
    case K_DBA: {
        ppq_dba_cfg_t cfg;
        dba_cfg_for(d, &w->opts, &cfg);
        if (BUILT(K_DBA)) {
            st = ppq_dba_enc_init(bytes_enc(c), d->type, d->type_len, &cfg, &c->vals_sink, &c->codec_arena);
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
    case K_DLBA: return BUILT(K_DLBA) ? ppq_dlba_enc_put(bytes_enc(c), b, 1, &acc) : PPQ_ERR_STATE;
    case K_DBA: return BUILT(K_DBA) ? ppq_dba_enc_put(bytes_enc(c), b, 1, &acc) : PPQ_ERR_STATE;
    default: return PPQ_ERR_STATE; /* K_DICT: the caller's */
    }
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
#if AUTO_LEARNS && SIZE_MAX > 0xFFFFFFFFu
    if (!w->rg_due && c->chunk_cap - c->chunk_len < chunk_reserve(c)) {
        size_t at = (size_t)((const uint8_t *)c - (const uint8_t *)w->cols) / w->col_size;
        w->rg_cut = (uint16_t)(at < 0xFFFFu ? at + 1u : 0u); /* (alt_beats_chunk's) */
    }
#endif
    w->rg_due = (uint8_t)(w->rg_due | (c->chunk_cap - c->chunk_len < chunk_reserve(c)) |
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

#if PPQ_WRITER_PAGE_INDEX
/* ---- the page index ------------------------------------------------------------ */

/* A new chunk's index: no pages. */
static void index_reset(pidx_t *x)
{
    x->ci.pages = 0;
    x->last = UINT32_MAX;
    x->ci_ok = 1;
    x->over = 0;
    x->asc = x->desc = 1;
}

/* How bound a compares with bound b (numbers by their order keys, byte
 * arrays as unsigned bytes): <0, 0, >0. */
static int bound_cmp(const ppq_col_t *c, const ppq_bytes_t *a, const ppq_bytes_t *b)
{
    if (c->stats_kind != PPQ_ORDER_BYTES) {
        uint64_t ka = ppq_stats_key(c->stats_kind, c->width, a->ptr), kb = ppq_stats_key(c->stats_kind, c->width, b->ptr);
        return ka < kb ? -1 : ka > kb;
    } else {
        uint32_t n = a->len < b->len ? a->len : b->len;
        int d = n > 0u ? memcmp(a->ptr, b->ptr, n) : 0;
        return d != 0 ? d : a->len < b->len ? -1 : a->len > b->len;
    }
}

/* The page just written (`len` bytes at `at` in the chunk buffer; its
 * statistics in page_stats, its values not yet in chunk_values) into the
 * chunk's index.  Byte-array bounds are cut (page_stats is done with). */
static void index_page(ppq_col_t *c, size_t at, size_t len)
{
    pidx_t *x = c->pidx;
    ppq_column_index_t *ci = &x->ci;
    ppq_stats_t *s = &c->page_stats;
    uint32_t j = ci->pages;
    uint8_t *mn, *mx;
    if (j == ci->cap) {
        x->over = 1; /* the chunk keeps no index */
        return;
    }
    ci->pages = j + 1u;
    x->locs[j].offset = at;
    x->locs[j].compressed_page_size = (uint32_t)len;
    x->locs[j].first_row_index = c->chunk_values; /* (flat: a value per row) */
    if (x->bw == 0u) {
        return;
    }
    mn = x->bounds + (size_t)j * 2u * x->bw;
    mx = mn + x->bw;
    ci->min[j].ptr = mn;
    ci->max[j].ptr = mx;
    ci->min[j].len = ci->max[j].len = 0;
    ci->null_counts[j] = (int64_t)c->page_nulls;
    ci->null_pages[j] = (uint8_t)(c->page_nulls == c->page_count);
    if (ci->null_pages[j]) {
        return; /* empty bounds */
    }
    if (c->stats_kind == PPQ_ORDER_BYTES) {
        ppq_stats_cut(s, x->bw, c->type == PPQ_FIXED_LEN_BYTE_ARRAY);
    }
    if (!s->has || s->no_max) {
        x->ci_ok = 0; /* only NaN, or no upper bound: no ColumnIndex for the chunk */
        return;
    }
    if (c->stats_kind == PPQ_ORDER_BYTES) {
        memcpy(mn, s->min, s->min_len);
        memcpy(mx, s->max, s->max_len);
        ci->min[j].len = s->min_len;
        ci->max[j].len = s->max_len;
    } else {
        ppq_stats_plain(s, c->stats_kind, c->width, mn, mx);
        ci->min[j].len = ci->max[j].len = c->width;
    }
    if (x->last != UINT32_MAX) { /* both bounds' order against the last page with bounds */
        int lo = bound_cmp(c, &ci->min[j], &ci->min[x->last]), hi = bound_cmp(c, &ci->max[j], &ci->max[x->last]);
        x->asc = (uint8_t)(x->asc && lo >= 0 && hi >= 0);
        x->desc = (uint8_t)(x->desc && lo <= 0 && hi <= 0);
    }
    x->last = j;
}
#endif

/* Write the page: finish its values, encode its levels, and append header,
 * levels and values to the column chunk (finish_page's, after AUTO's
 * decision: apart, so that the decision's encoders do not run below this
 * frame). */
static PPQ_NOINLINE ppq_status_t write_page(ppq_writer_t *w, ppq_col_t *c)
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
    uint8_t kind; /* the page's encoding */
    if (c->page_count == 0u) {
        return PPQ_OK;
    }
    close_run(c);
    kind = c->kind;
    switch (c->kind) {
    case K_PLAIN:
        st = ppq_plain_enc_finish(&c->enc.plain);
        if (SPLITS && c->split == 1u && COMPRESSED(c->codec)) { /* AUTO's: split into the compressor's input below
                                                                   (2: the chunk's first such page there tells) */
            kind = K_BSS;
        } else if (AUTO_BY_SIZE && PPQ_WRITER_AUTO_THOROUGH && st == PPQ_OK &&
                   plain_gives_way(w, c, c->chunk + c->chunk_len, dhead, &dhead_len)) {
            kind = K_DELTA; /* (and the chunk's next pages) */
        } else if (AUTO_BY_SIZE && AUTO_REDICT && st == PPQ_OK && plain_to_dict(w, c, c->chunk + c->chunk_len)) {
            kind = K_DICT; /* (and the chunk's next pages) */
        }
        break;
    case K_DICT:
        if (AUTO_BY_SIZE && ppq_dict_enc_page_values(c->own.dict) == 0u) {
            kind = K_PLAIN; /* nulls only: an empty PLAIN page, no dictionary page for it (AUTO) */
        } else if (BUILT(K_DICT)) {
            /* the data changed: many new entries (a dictionary that adds few
             * stays cheap, and weighing costs a pass over the page) */
            switch_to = AUTO_BY_SIZE && c->def->encoding == PPQ_COLUMN_AUTO &&
                        !(!c->dict_pages && ((REWEIGHS && COMPRESSED(c->codec)) ||
                                             (PPQ_WRITER_AUTO_THOROUGH && c->reweigh == 2u))) && /* (auto_first
                            weighed the chunk's first page at its end, or compressed: not again) */
                        (ppq_dict_enc_dict_bytes(c->own.dict) - c->page_dict_bytes) * 16u >
                            ppq_dict_enc_page_values(c->own.dict) * c->width &&
                        !dict_learned(w, c) &&
                        alt_smaller(w, c, ppq_dict_enc_page_values(c->own.dict),
                                    PPQ_WRITER_AUTO_THOROUGH && PPQ_COMPRESSORS != 0u && !c->dict_pages &&
                                            !COMPRESSED(c->codec) ? 3 : 1); /* (the first: as auto_first) */
            c->deciding = 0;
            if (SETTLES(c)) {
                settle_dict_stats(c);
            }
            if (AUTO_BY_SIZE && AUTO_REDICT && switch_to && dict_page_gives_way(w, c, dhead, &dhead_len, &st)) {
                kind = SPLITS && c->split == 1u && COMPRESSED(c->codec) && c->kind == K_PLAIN
                           ? (uint8_t)K_BSS /* (split into the compressor's input below, as a PLAIN page's) */
                           : c->kind; /* (this page too: the alternative's) */
            } else {
                st = ppq_dict_enc_flush_page(c->own.dict, &c->vals_sink);
                c->dict_pages = 1;
            }
        }
        break;
    case K_DELTA:
        if (BUILT(K_DELTA)) {
            st = ppq_delta_enc_finish(&c->enc.delta);
            dhead_len = ppq_delta_enc_header(&c->enc.delta, dhead);
        }
        break;
    case K_BSS: st = BUILT(K_BSS) ? ppq_bss_enc_finish(&c->enc.bss) : st; break;
    case K_DLBA: st = BUILT(K_DLBA) ? ppq_dlba_enc_finish(bytes_enc(c)) : st; break;
    case K_DBA: st = BUILT(K_DBA) ? ppq_dba_enc_finish(bytes_enc(c)) : st; break;
    default:
        st = BUILT(K_RLE) ? ppq_rle_enc_finish(&c->enc.rle) : st;
        if (AUTO_BY_SIZE && PPQ_WRITER_AUTO_THOROUGH && st == PPQ_OK && !COMPRESSED(c->codec) &&
            bools_as_plain(w, c, c->chunk + c->chunk_len, (size_t)-1)) {
            kind = K_PLAIN; /* (this page: the next tries RLE again; compressed: below) */
        }
        break;
    }
    if (st != PPQ_OK) {
        return st;
    }
#if PPQ_WRITER_NESTED
    if (NESTED(w)) { /* repetition and definition levels */
        levels_len = nest_levels(w, c);
        if (levels_len == SIZE_MAX) {
            return PPQ_ERR_NOSPACE; /* not reached: sized for page_values */
        }
        levels = leaf_of(w, c)->out;
    } else
#endif
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
    if (AUTO_BY_SIZE && PPQ_WRITER_AUTO_THOROUGH && COMPRESSED(c->codec) && c->kind == K_RLE) {
        size_t in = page_v2(&w->opts) ? 0u : levels_len; /* (v1: the levels before the values) */
        memcpy(w->zin, levels, in);
        if (bools_as_plain(w, c, c->chunk + c->chunk_len, in)) {
            kind = K_PLAIN; /* (smaller compressed) */
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
        int weighed = 0;
        memcpy(w->zin + in, dhead, dhead_len);
        if (SPLITS && c->split == 2u && c->kind == K_PLAIN) { /* smaller split, after the page's levels? */
            c->split = split_smaller(w, c, in + dhead_len);
            kind = c->split ? K_BSS : K_PLAIN;
            weighed = 1;
        }
        if (SPLITS && kind == K_BSS && c->kind == K_PLAIN) {
            split_values(c, w->zin + in + dhead_len);
        } else {
            memcpy(w->zin + in + dhead_len, c->vals_mem.buf, c->vals_mem.len);
        }
        st = ppq_compress((ppq_codec_t)c->codec, w->opts.codec_level, w->zin, in + dhead_len + c->vals_mem.len, w->zout,
                          w->zout_cap, &z, w->zwork, w->zwork_len);
        if (st != PPQ_OK) {
            return st;
        }
#if AUTO_REDICT
        if (SPLITS && c->kind == K_PLAIN && c->def->encoding == PPQ_COLUMN_AUTO && (weighed || c->split_ratio != 0u)) {
            /* a chunk's data may change after the page that chose: a GPS
             * standing, then moving (its longitudes split took 0.94 of
             * PLAIN's chunk under LZ4 where its first 4,096 had taken 1.28x)
             * -- the next page is weighed again where this one compressed an
             * eighth better or worse than the one weighed */
            size_t into = in + dhead_len + c->vals_mem.len;
            uint32_t ratio = 1u + (uint32_t)(into > 0u && z < into ? z * 127u / into : 127u);
            if (weighed) {
                c->split_ratio = (uint8_t)ratio;
            } else if (ratio * 8u > c->split_ratio * 9u || ratio * 8u < c->split_ratio * 7u) {
                c->split = 2u;
            }
        }
#else
        (void)weighed;
#endif
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
#if PPQ_WRITER_NESTED
        if (NESTED(w)) { /* records, and the two level streams' lengths */
            ppq_thrift_w_i32(&t, 3, (int32_t)leaf_of(w, c)->page_records);
            ppq_thrift_w_i32(&t, 4, page_encoding[kind]);
            ppq_thrift_w_i32(&t, 5, (int32_t)leaf_of(w, c)->def_len);
            ppq_thrift_w_i32(&t, 6, (int32_t)leaf_of(w, c)->rep_len);
        } else
#endif
        {
            ppq_thrift_w_i32(&t, 3, (int32_t)c->page_count); /* flat schema: a value per row */
            ppq_thrift_w_i32(&t, 4, page_encoding[kind]);
            ppq_thrift_w_i32(&t, 5, (int32_t)levels_len);
            ppq_thrift_w_i32(&t, 6, 0);
        }
        ppq_thrift_w_bool(&t, 7, COMPRESSED(c->codec)); /* (absent means compressed) */
        if (PPQ_WRITER_STATISTICS && !w->opts.no_statistics) {
            ppq_stats_write(&t, 8, &c->page_stats, order, width);
        }
    } else {
        data_header_v1(&t, c->page_count, kind);
        if (PPQ_WRITER_STATISTICS && !w->opts.no_statistics) {
            ppq_stats_write(&t, 5, &c->page_stats, order, width);
        }
    }
    st = header_close(w, &t, &hm);
    page_len = hm.len + levels_len + dhead_len + vals_len;
    if (st == PPQ_OK && !RECHUNKING(w) && page_len > c->chunk_cap - c->chunk_len) {
        st = PPQ_ERR_NOSPACE; /* the layout guarantees room: not reached */
    }
    if (st != PPQ_OK) {
        return st;
    }
#if RECHUNK
    if (RECHUNKING(w)) { /* rechunk's replay: the page counted, or to the file */
        st = replay_page(w, c, hm.len, levels, levels_len, dhead, dhead_len, vals, vals_len, raw);
        if (st != PPQ_OK) {
            return st;
        }
    } else
#endif
    { /* into the chunk: header, levels, delta header, values */
        uint8_t *at = c->chunk + c->chunk_len; /* (every part's pointer is valid, its length maybe 0) */
        memcpy(at, w->scratch, hm.len);
        at += hm.len;
        memcpy(at, levels, levels_len);
        at += levels_len;
        memcpy(at, dhead, dhead_len);
        memcpy(at + dhead_len, vals, vals_len);
        c->chunk_len += page_len;
        if (PPQ_COMPRESSORS != 0u) {
            c->chunk_raw += hm.len + raw;
        }
        chunk_grew(w, c);
        if (PPQ_WRITER_STATISTICS) {
            ppq_stats_merge(&c->chunk_stats, &c->page_stats, order);
        }
#if PPQ_WRITER_PAGE_INDEX
        if (c->pidx != NULL) {
            index_page(c, c->chunk_len - page_len, page_len);
        }
#endif
    }
#if PPQ_WRITER_NESTED
    if (NESTED(w)) {
        nest_page_done(w, c);
    }
#endif
    c->chunk_values += c->page_count;
    c->encodings |= 1u << page_encoding[kind];
    if (switch_to) {
        c->kind = c->alt_kind; /* the rest of the chunk */
        auto_forget(c);
    }
    return start_page(w, c);
}

/* End the page: AUTO's decision first where the page ends before it, then
 * write it. */
static ppq_status_t finish_page(ppq_writer_t *w, ppq_col_t *c)
{
    ppq_status_t st;
    if (AUTO_BY_SIZE && c->page_count > 0u && c->kind == K_DICT &&
        (c->deciding || (PPQ_WRITER_AUTO_THOROUGH && c->reweigh))) {
        st = auto_first(w, c, ppq_dict_enc_page_values(c->own.dict), 0); /* (before the decision, or again
                                                                             on the whole page) */
        if (PPQ_WRITER_AUTO_THOROUGH) {
            c->reweigh = 2; /* (weighed whole: write_page does not weigh it again) */
        }
        if (st != PPQ_OK) {
            return st;
        }
    }
    st = write_page(w, c);
    if (AUTO_BY_SIZE && PPQ_WRITER_AUTO_THOROUGH) {
        c->reweigh = 0;
    }
    return st;
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
            /* the spec's fallback: another encoding for the rest of the chunk
             * (AUTO: the smallest for these values; a dictionary that fills
             * in the chunk's first page gives way to it now, for this page
             * too, where that is smaller) */
            st = PPQ_OK;
            if (AUTO_BY_SIZE) {
                auto_forget(c);
            }
            if (AUTO_BY_SIZE && (c->deciding || !c->dict_pages)) { /* (a page it re-encodes goes on as
                                                                      the alternative) */
                st = auto_first(w, c, w->opts.page_values, 1);
            } else if (AUTO_BY_SIZE) {
                (void)alt_smaller_packed(w, c, w->opts.page_values, 0); /* (alt_kind) */
            }
            if (st == PPQ_OK && (!AUTO_BY_SIZE || c->kind == K_DICT)) {
                /* (AUTO, weighing thoroughly: a page whose dictionary holds none
                 * of its values, nulls so far, goes on as the alternative, not
                 * as a page of nulls, its header and levels, before it) */
                int thorough = AUTO_BY_SIZE && PPQ_WRITER_AUTO_THOROUGH;
                if (!thorough || ppq_dict_enc_page_values(c->own.dict) != 0u) {
                    st = finish_page(w, c);
                }
                c->kind = c->alt_kind;
                c->deciding = 0;
                if (st == PPQ_OK && thorough) { /* (finish_page started the next page: its encoder) */
                    st = start_encoder(w, c);
                    set_put(w, c);
                } else if (st == PPQ_OK) {
                    st = start_page(w, c);
                }
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
        st = auto_first(w, c, w->opts.page_values, 0); /* (this value is in the page it may re-encode, and in its statistics:
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

/* A number of `width` bytes new to the dictionary: added, as push_value
 * adds it (where the dictionary is full, put_slow falls back). */
static PPQ_NOINLINE ppq_status_t put_new_word(ppq_writer_t *w, ppq_col_t *c, const void *v, unsigned width)
{
    uint64_t word = number_bits(v, width);
    ppq_status_t st = ppq_dict_enc_put_word(c->own.dict, word);
    if (st != PPQ_OK) {
        return st == PPQ_DICT_FULL ? put_slow(w, c, v) : st;
    }
    if (PPQ_WRITER_STATISTICS) {
        (void)ppq_stats_add_word(&c->page_stats, c->stats_kind, width, word);
    }
    return put_done(c);
}

/* A number of `width` bytes the dictionary has. */
static PPQ_ALWAYS_INLINE ppq_status_t put_dict_word(ppq_writer_t *w, ppq_col_t *c, const void *v, unsigned width)
{
    uint32_t e;
    uint64_t word = number_bits(v, width);
    if ((e = ppq_dict_enc_find(c->own.dict, word, width)) == 0u) {
        return put_new_word(w, c, v, width);
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

/* A number (INT32, FLOAT, INT64, DOUBLE) into PLAIN (a dictionary's
 * fallback for FLOAT and DOUBLE, AUTO's choice for noisy numbers): its
 * bytes straight into the page's values, as ppq_plain_enc_put writes them
 * through vals_sink (whose offset no one reads), where vals_cap() left
 * room for the page's page_values numbers.  (One put for both widths:
 * flash.) */
static ppq_status_t put_plain(ppq_writer_t *w, ppq_col_t *c, const void *v)
{
    size_t len = c->vals_mem.len, width = c->width; /* (locals: the stores may alias them) */
    uint8_t *at = c->vals_mem.buf + len;
    uint64_t word;
    (void)w;
    if (width == 4u) {
        word = FIELD32(v);
        ppq_store_le32(at, (uint32_t)word);
    } else {
        word = FIELD64(v);
        if (PPQ_HOST_LE) {
            PPQ_COPY(at, v, 8); /* (its bytes: ppq_store_le64's code rebuilds the high word bytewise) */
        } else {
            ppq_store_le64(at, word);
        }
    }
    c->vals_mem.len = len + width;
    if (PPQ_WRITER_STATISTICS) {
        (void)ppq_stats_add_word(&c->page_stats, c->stats_kind, width, word);
    }
    return put_done(c);
}

/* A boolean that continues the page's open RLE run of 9 or more (its
 * statistics hold): counted, nothing else to do.  (A page's run never
 * nears the longest, PPQ_RLE_MAX_RUN: page_values is at most 2^20, and
 * the encoder starts anew with each page.) */
static ppq_status_t put_bool_again(ppq_writer_t *w, ppq_col_t *c, const void *v)
{
    ppq_rle_enc_t *r = &c->enc.rle;
    if (r->repeat_count <= 8u || r->repeat_value != (uint32_t)(*(const uint8_t *)v != 0u)) {
        return put_slow(w, c, v);
    }
    r->repeat_count++;
    return put_done(c);
}

/* Are the len bytes at a and b the same?  (Short strings: loads, not a
 * call; from the end, so that a string of 2 or 3 bytes takes one compare
 * of two and at most one of a byte.) */
static PPQ_ALWAYS_INLINE int same_bytes(const uint8_t *a, const uint8_t *b, uint32_t len)
{
    uint32_t k = len;
    while (k >= 4u) {
        k -= 4u;
        if (ppq_load_le32(a + k) != ppq_load_le32(b + k)) {
            return 0;
        }
    }
    if (k >= 2u) {
        k -= 2u;
        if (ppq_load_le16(a + k) != ppq_load_le16(b + k)) {
            return 0;
        }
    }
    return k == 0u || a[0] == b[0];
}

/* A byte array the same as the page's last (its dictionary index again). */
static ppq_status_t put_bytes_again(ppq_writer_t *w, ppq_col_t *c, const void *v)
{
    const ppq_bytes_t *b = (const ppq_bytes_t *)v;
    ppq_dict_enc_t *d = c->own.dict;
    uint32_t len = b->len, data = c->page_data, idx = c->again_idx; /* (locals: the page's store may alias */
    if (PPQ_DICT_NARROW || c->again == NULL || len != c->again_len || len > w->opts.page_bytes - data ||  /* them) */
        !same_bytes(c->again, b->ptr, len)) {
        return put_slow(w, c, v);
    }
    ((uint32_t *)d->page)[d->page_count++] = idx;
    c->page_data = data + len;
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

#if !PPQ_LEAN
/* write_record's put for a column whose record field has a presence
 * flag: a null where the flag is 0, else the page's put.  (Apart, so that
 * the other columns' calls test no flag.) */
static ppq_status_t put_present(ppq_writer_t *w, ppq_col_t *c, const void *v)
{
    const uint8_t *rec = (const uint8_t *)v - c->rec_value;
    return rec[c->rec_present] != 0u ? c->put(w, c, v) : put_slow(w, c, NULL);
}

/* c->rec_put for c->put and the record's field (ppq_writer_use_record). */
static void set_rec_put(ppq_col_t *c)
{
    c->rec_put = c->rec_present == PPQ_FIELD_ALWAYS ? c->put : put_present;
}
#endif

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
    } else if (c->kind == K_PLAIN && c->dict_word) {
        c->put = put_plain;
    } else if (BUILT(K_RLE) && c->kind == K_RLE) {
        c->put = put_bool_again;
    }
#if !PPQ_LEAN
    set_rec_put(c);
#endif
}

/* ---- dictionary page headers, page CRCs ------------------------------------------ */

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

static ppq_status_t crc_write(void *ctx, const uint8_t *data, size_t len)
{
    crc_sink_t *c = (crc_sink_t *)ctx;
    c->crc = ppq_crc32(c->crc, data, len);
    return ppq_sink_write(c->down, data, len);
}
