/* AUTO by size in the page layout: a dictionary or the column's
 * alternative, whichever is smaller; a dictionary page's statistics from
 * its indices.  (A unit of ppq_writer.c: see ppq_writer_internal.h.) */

/* ---- AUTO: a dictionary or alt_kind, whichever is smaller ------------------
 * An AUTO column starts each chunk with a dictionary.  Once its first page
 * holds auto_decide_at() values, the sizes both ways are compared from the
 * values seen (the dictionary keeps them all: entries plus indices); where
 * alt_kind is smaller the page is re-encoded that way and the dictionary
 * dropped.  Each later dictionary page compares again (its new entries and
 * indices against alt_kind for its values) and the chunk goes on as
 * alt_kind from the next page where the data changed; a full dictionary
 * falls back to alt_kind too. */


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
