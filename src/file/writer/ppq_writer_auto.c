/* AUTO by size in the page layout: a dictionary or the column's
 * alternative, whichever is smaller; a dictionary page's statistics from
 * its indices.  (A unit of ppq_writer.c: see ppq_writer_internal.h.) */

/* ---- AUTO: a dictionary or the best alternative, by size ------------------
 * An AUTO column starts each chunk with a dictionary.  Once its first page
 * holds auto_decide_at() values (or the dictionary fills first), what a
 * page of such values takes is estimated each way from the values seen
 * (the dictionary keeps them all: entries plus indices): the dictionary,
 * PLAIN, and for integers DELTA_BINARY_PACKED, for byte arrays
 * DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY.  Where an alternative is
 * smaller the page is re-encoded as the smallest (alt_kind) and the
 * dictionary dropped.  With PPQ_WRITER_AUTO_THOROUGH a dictionary the
 * sample kept weighs again at the chunk's first page's end, on all its
 * values (c->reweigh: under a compressor, or where the page holds twice
 * the sample or more).  Each later dictionary page compares
 * again where the data changed (many new entries), and a dictionary that
 * fills falls back to the alternative smallest for its last page's values. */

/* Index i of the dictionary's page (32-bit indices: read in place). */
static PPQ_ALWAYS_INLINE uint32_t page_index(const ppq_dict_enc_t *d, uint32_t i)
{
    return PPQ_DICT_NARROW ? ppq_dict_enc_index_at(d, i) : ((const uint32_t *)d->page)[i];
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

/* About x * pv / n (n > 0), without a 64-bit division (libgcc's takes
 * 700 bytes of flash on Cortex-M): the quotient, and a sixteenth's
 * precision of the rest. */
static size_t scaled(uint32_t x, uint32_t n, uint32_t pv)
{
    uint32_t q = ppq_udiv32(x, n);
    return (size_t)((uint64_t)q * pv + (((uint64_t)ppq_udiv32((x - q * n) << 4, n) * pv) >> 4));
}

/* scaled(), exact where x * pv fits 32 bits: the compressed weighing's
 * sizes (a compressed page may take less than a byte a value, which
 * sixteenths of pv would round away). */
static size_t scaled_fine(uint32_t x, uint32_t n, uint32_t pv)
{
    return (uint64_t)x * pv <= 0xFFFFFFFFu ? ppq_udiv32(x * pv, n) : scaled(x, n, pv);
}

/* What a sequence of the page's values DELTA_BINARY_PACKED encodes (the
 * numbers, or of byte arrays their lengths, prefixes shared with the value
 * before, suffix lengths). */
enum { SEQ_NUMBER, SEQ_LENGTH, SEQ_PREFIX, SEQ_SUFFIX };

/* Byte array i of the dictionary's page. */
static const uint8_t *dict_bytes_at(const ppq_col_t *c, uint32_t i, uint32_t *len)
{
    return ppq_dict_enc_entry(c->own.dict, page_index(c->own.dict, i), len);
}

/* Bytes value i shares at its start with value i - 1 (0 for the first). */
static uint32_t prefix_at(const ppq_col_t *c, uint32_t i)
{
    uint32_t la, lb, k = 0;
    const uint8_t *a, *b;
    if (i == 0u) {
        return 0;
    }
    a = dict_bytes_at(c, i - 1u, &la);
    b = dict_bytes_at(c, i, &lb);
    while (k < la && k < lb && a[k] == b[k]) {
        k++;
    }
    return k;
}

/* Value i of a PLAIN page's integers (plain_gives_way). */
static int64_t plain_int_at(const ppq_col_t *c, uint32_t i)
{
    const uint8_t *p = c->vals_mem.buf + (size_t)c->width * i;
    return c->width == 4u ? (int64_t)(int32_t)ppq_load_le32(p) : (int64_t)ppq_load_le64(p);
}

/* Element i of sequence `seq` (numbers: of the dictionary's page, or of a
 * PLAIN page's values). */
static int64_t seq_at(const ppq_col_t *c, uint32_t i, int seq)
{
    uint32_t len;
    if (seq == SEQ_NUMBER) {
        return PPQ_WRITER_AUTO_THOROUGH && c->kind == K_PLAIN ? plain_int_at(c, i) : dict_int_at(c, i);
    }
    (void)dict_bytes_at(c, i, &len);
    return seq == SEQ_LENGTH ? (int64_t)len : seq == SEQ_PREFIX ? (int64_t)prefix_at(c, i)
                                                                : (int64_t)(len - prefix_at(c, i));
}

/* Bytes a page of pv values takes as DELTA_BINARY_PACKED of sequence `seq`,
 * at the rate of the page's n: each miniblock of 32 deltas as wide as its
 * largest above its block's least (blocks of 128, each with its least and
 * 4 widths), the sample's mean of those widths over pv - 1 deltas padded
 * to whole miniblocks, and the header. */
static size_t delta_bytes(const ppq_col_t *c, uint32_t n, int seq, uint32_t pv)
{
    uint32_t bits = 0, heads = 0, blocks = 0, b, m, i, pd = pv > 1u ? pv - 1u : 1u;
    int64_t first = seq_at(c, 0, seq);
    /* the header: block 128, 4 miniblocks, the count, the first (the count's
     * bytes where the weighing is thorough: flash) */
    size_t head = (PPQ_WRITER_AUTO_THOROUGH ? 4u + (pv >> 7 != 0u) + (pv >> 14 != 0u) : 3u) +
                  uleb_len(ppq_zigzag64_encode(first)); /* (a page holds at most 2^20 values) */
    for (b = 1; b < n; b += 128u) {
        uint32_t end = n - b > 128u ? b + 128u : n;
        int64_t prev = seq_at(c, b - 1u, seq), lo = INT64_MAX;
        for (i = b; i < end; i++) {
            int64_t v = seq_at(c, i, seq), d = (int64_t)((uint64_t)v - (uint64_t)prev);
            lo = d < lo ? d : lo;
            prev = v;
        }
        heads += (uint32_t)uleb_len(ppq_zigzag64_encode(lo)) + 4u;
        blocks++;
        prev = seq_at(c, b - 1u, seq);
        for (m = b; m < end; m += 32u) {
            uint32_t mend = end - m > 32u ? m + 32u : end;
            uint64_t hi = 0;
            for (i = m; i < mend; i++) {
                int64_t v = seq_at(c, i, seq);
                uint64_t d = (uint64_t)v - (uint64_t)prev - (uint64_t)lo;
                hi = d > hi ? d : hi;
                prev = v;
            }
            bits += (mend - m) * ppq_bit_width64(hi);
        }
    }
    if (blocks == 0u) { /* one value: its header, a block of zero width */
        return head + (pv > 1u ? 6u : 0u);
    }
    /* blocks' heads as the sample's, miniblocks at its mean bits a delta (in eighths) */
    return head + scaled(heads, blocks, (pd + 127u) / 128u) + (pd + 31u) / 32u * 4u * ppq_udiv32(bits * 8u, n - 1u) / 8u;
}

/* Bytes a page of pv values takes as PLAIN, at the rate of the page's n
 * (byte arrays: their mean length; with `lengths` 0, the bytes alone). */
static size_t plain_bytes(const ppq_col_t *c, uint32_t n, uint32_t pv, int lengths)
{
    uint32_t total = 0, i, len;
    if (c->def->type != PPQ_BYTE_ARRAY) {
        return (size_t)pv * ppq_plain_width(c->def->type, c->def->type_len);
    }
    for (i = 0; i < n; i++) { /* (a page holds at most page_bytes: no overflow) */
        (void)dict_bytes_at(c, i, &len);
        total += len;
    }
    return scaled(total, n, pv) + (lengths ? 4u * (size_t)pv : 0u);
}

/* Bytes of the suffixes DELTA_BYTE_ARRAY keeps of a page of pv values. */
static size_t suffix_bytes(const ppq_col_t *c, uint32_t n, uint32_t pv)
{
    uint32_t total = 0, i;
    for (i = 0; i < n; i++) {
        total += (uint32_t)seq_at(c, i, SEQ_SUFFIX);
    }
    return scaled(total, n, pv);
}

/* The bytes a page's n indices take as the RLE/bit-packed hybrid at
 * `width` bits (runs of 8 or more one index each, the rest bit-packed in
 * groups), in one pass: *runs the runs, *all the entries they use, *half
 * those the values before n / 2 use (entries are numbered as they come: the
 * highest index so far tells). */
static uint32_t index_bytes(const ppq_dict_enc_t *d, uint32_t n, uint32_t width, uint32_t *half, uint32_t *all,
                            uint32_t *runs)
{
    uint32_t i = 0, j, bits = 0, idx = 1; /* (the bit width) */
    *half = *all = *runs = 0;
    while (i < n) {
        uint32_t e = page_index(d, i);
        for (j = i + 1u; j < n && page_index(d, j) == e; j++) {
        }
        if (j - i >= 8u) {
            idx += (uint32_t)uleb_len((uint64_t)(j - i) << 1) + (width + 7u) / 8u;
        } else {
            bits += (j - i) * width;
        }
        *all = e + 1u > *all ? e + 1u : *all;
        *half = i < n / 2u ? *all : *half; /* (of the values before n / 2: this run's first is one) */
        ++*runs;
        i = j;
    }
    return idx + (bits + 7u) / 8u + (bits >> 12) + (bits > 0u ? 1u : 0u); /* (a header per 63 groups: 4,032 bits) */
}

/* Bytes the dictionary takes for a page of pv values at the rate of the
 * page's n: the entries it added (`added` bytes: raw, or compressed),
 * and as many again (raw) for the values to come (pv - n) as the second
 * half of the n added (a status column's few entries come early, a walk's
 * keep coming); its indices as the RLE/bit-packed hybrid (runs of 8 or
 * more one index each, the rest bit-packed in groups; a page of one run
 * as it is); the chunk's first adds the dictionary page's header.  One
 * pass over the indices' runs, but for a page's end (pv == n) where a
 * bound on them says it takes no less than `than` bytes: then `than` (a
 * walk's page weighs its dictionary against PLAIN, which the dictionary
 * surely beats while its indices stay narrow).  The bound: each index its
 * bits, a run's header (at most 3 bytes, but for a page of one run of
 * 2^20 values) and its index as if every 8 values were a run, the
 * bit-packed groups' headers. */
static size_t dict_page_bytes(const ppq_col_t *c, uint32_t n, uint32_t pv, size_t added, size_t than)
{
    const ppq_dict_enc_t *d = c->own.dict;
    uint32_t entries = ppq_dict_enc_entries(d), i, half, all, len, runs, idx;
    uint32_t width = ppq_bit_width32(entries > 1u ? entries - 1u : 1u);
    uint32_t late = 0;
    if (pv == n && added + 18u + (n / 8u) * (3u + (width + 7u) / 8u) + (n * width + 7u) / 8u + ((n * width) >> 12) <=
                       than) { /* (n * width < 2^26) */
        return than;
    }
    idx = index_bytes(d, n, width, &half, &all, &runs);
    for (i = half; i < all && pv > n; i++) {
        (void)ppq_dict_enc_entry(d, i, &len);
        late += len + (c->def->type == PPQ_BYTE_ARRAY ? 4u : 0u);
    }
    if (PPQ_WRITER_AUTO_THOROUGH && c->dict_word && late > 0u && added < ppq_dict_enc_dict_bytes(d) - c->page_dict_bytes) {
        /* the entries to come compressed as those added were (alt_smaller_packed:
         * a walk's doubles pack well as PLAIN, and as entries too) */
        late = (uint32_t)scaled(late, (uint32_t)(ppq_dict_enc_dict_bytes(d) - c->page_dict_bytes), (uint32_t)added);
    }
    return added + (pv > n ? scaled(late, n - n / 2u, pv - n) : 0u) + (runs == 1u ? idx : scaled(idx, n, pv)) +
           (c->dict_pages ? 0u : 16u);
}

/* The bits of a word dictionary's entry e (numbers of `width` bytes). */
static uint64_t entry_word(const ppq_dict_enc_t *d, uint32_t e, size_t width)
{
    return ppq_load_le_word(d->pool + (size_t)e * width, (unsigned)width);
}

/* The dictionary's page's n values into the page's encoder (c->kind, not
 * the dictionary). */
static ppq_status_t put_sample(ppq_col_t *c, uint32_t n)
{
    const ppq_dict_enc_t *d = c->own.dict;
    uint32_t i, len;
    size_t acc;
    ppq_status_t st = PPQ_OK;
#if PPQ_WRITER_FAST_BATCH
    if (c->kind == K_PLAIN && c->dict_word && !PPQ_DICT_NARROW) { /* numbers to PLAIN: 64 at a call, not one
                                                                     (a wide table's chunks each re-encode
                                                                     256 values: 112 instructions each) */
        union {
            uint32_t w32[64];
            uint64_t w64[64];
        } buf;
        uint32_t k, j;
        for (i = 0; i < n && st == PPQ_OK; i += k) {
            k = n - i < 64u ? n - i : 64u;
            for (j = 0; j < k; j++) {
                uint64_t x = entry_word(d, page_index(d, i + j), d->width);
                if (d->width == 4u) {
                    buf.w32[j] = (uint32_t)x;
                } else {
                    buf.w64[j] = x;
                }
            }
            st = ppq_plain_enc_put(&c->enc.plain, &buf, k);
        }
        return st;
    }
#endif
    for (i = 0; i < n && st == PPQ_OK; i++) {
        const uint8_t *p = ppq_dict_enc_entry(d, page_index(d, i), &len);
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
        if (BUILT(K_DELTA) && c->kind == K_DELTA) { /* (put_word: the writer's rows link no more of the encoder) */
            st = ppq_delta_enc_put_word(&c->enc.delta,
                                        c->def->type == PPQ_INT32 ? (uint64_t)(uint32_t)v.i32 : (uint64_t)v.i64);
        } else if (BUILT(K_DLBA) && c->kind == K_DLBA) {
            st = ppq_dlba_enc_put(bytes_enc(c), &v.bytes, 1, &acc);
        } else if (BUILT(K_DBA) && c->kind == K_DBA) {
            st = ppq_dba_enc_put(bytes_enc(c), &v.bytes, 1, &acc);
        } else {
            st = ppq_plain_enc_put(&c->enc.plain, &v, 1);
        }
    }
    return st;
}

/* The page's PLAIN numbers into `out` (the compressor's input) as
 * BYTE_STREAM_SPLIT: byte k of each value in stream k.  (AUTO takes
 * BYTE_STREAM_SPLIT only under a compressor, SPLITS: its pages are PLAIN
 * ones split on their way to it, no encoder nor its page of arena.) */
static void split_values(const ppq_col_t *c, uint8_t *out)
{
    const uint8_t *in = c->vals_mem.buf;
    size_t width = ppq_plain_width(c->def->type, c->def->type_len), m = c->vals_mem.len / width, i, k;
    for (k = 0; k < width; k++, out += m) {
        for (i = 0; i < m; i++) {
            out[i] = in[i * width + k];
        }
    }
}

/* Where an AUTO FLOAT or DOUBLE column under a compressor falls back to
 * PLAIN, its first PLAIN page compressed each way tells whether the rest
 * of the chunk is written BYTE_STREAM_SPLIT (c->split 2: split_smaller,
 * write_page); other columns, and other builds, PLAIN.  (Integers and
 * FIXED_LEN_BYTE_ARRAY only with opts.auto_all_encodings: the format
 * allows them split since 2.11, but DuckDB reads BYTE_STREAM_SPLIT only
 * for floats, and AUTO writes what readers open.) */
static void split_unknown(const ppq_writer_t *w, ppq_col_t *c)
{
#if AUTO_REDICT
    c->split_ratio = 0;
#endif
    if (SPLITS) {
        c->split = (uint8_t)(COMPRESSED(c->codec) && c->def->encoding == PPQ_COLUMN_AUTO &&
                                     AUTO_SPLIT_TYPE(&w->opts, c->def->type)
                                 ? 2u
                                 : 0u);
    }
}

/* Does the page's PLAIN numbers compress smaller split (SPLITS)?  Each
 * way through the compressor's buffers, after the `in` bytes the page's
 * body has before them there (v1: its levels). */
static uint8_t split_smaller(ppq_writer_t *w, const ppq_col_t *c, size_t in)
{
    size_t a, b;
    memcpy(w->zin + in, c->vals_mem.buf, c->vals_mem.len);
    if (ppq_compress((ppq_codec_t)c->codec, w->opts.codec_level, w->zin, in + c->vals_mem.len, w->zout, w->zout_cap, &a,
                     w->zwork, w->zwork_len) != PPQ_OK) {
        return 0;
    }
    split_values(c, w->zin + in);
    return ppq_compress((ppq_codec_t)c->codec, w->opts.codec_level, w->zin, in + c->vals_mem.len, w->zout,
                        w->zout_cap, &b, w->zwork, w->zwork_len) == PPQ_OK && b < a;
}

/* Under a compressor: the bytes the dictionary's page's n values take as
 * `kind` (not the dictionary), compressed by the column's codec, for pages
 * of pv of them; (size_t)-1 where that fails.  The page's values buffer,
 * empty while the dictionary holds the page, and the codec's buffers
 * take them for the while. */
static size_t packed_bytes(ppq_writer_t *w, ppq_col_t *c, uint32_t n, int kind, uint32_t pv)
{
    uint8_t dhead[PPQ_DELTA_HEADER_MAX], was = c->kind;
    size_t z = 0, dlen = 0;
    ppq_status_t st;
    c->kind = (uint8_t)kind;
    st = start_encoder(w, c);
    st = st == PPQ_OK ? put_sample(c, n) : st;
    if (st == PPQ_OK) {
        switch (kind) {
        case K_DELTA:
            st = BUILT(K_DELTA) ? ppq_delta_enc_finish(&c->enc.delta) : PPQ_ERR_STATE;
            dlen = st == PPQ_OK && BUILT(K_DELTA) ? ppq_delta_enc_header(&c->enc.delta, dhead) : 0u;
            break;
        case K_DLBA: st = BUILT(K_DLBA) ? ppq_dlba_enc_finish(bytes_enc(c)) : PPQ_ERR_STATE; break;
        case K_DBA: st = BUILT(K_DBA) ? ppq_dba_enc_finish(bytes_enc(c)) : PPQ_ERR_STATE; break;
        default: st = ppq_plain_enc_finish(&c->enc.plain); break;
        }
    }
    if (st == PPQ_OK) {
        memcpy(w->zin, dhead, dlen);
        memcpy(w->zin + dlen, c->vals_mem.buf, c->vals_mem.len);
        st = ppq_compress((ppq_codec_t)c->codec, w->opts.codec_level, w->zin, dlen + c->vals_mem.len, w->zout,
                          w->zout_cap, &z, w->zwork, w->zwork_len);
    }
    c->kind = was; /* (the dictionary's page goes on: its values buffer as it was) */
    ppq_arena_rewind(&c->codec_arena, 0);
    ppq_sink_init_mem(&c->vals_sink, &c->vals_mem, c->vals_mem.buf, c->vals_mem.cap);
    return st == PPQ_OK ? scaled_fine((uint32_t)z, n, pv) : (size_t)-1;
}

/* Values (not nulls) in a page of pv entries, as many as in the page so
 * far; at least the n it has.  Byte arrays (weighing thoroughly): as many
 * as page_bytes holds at the page's mean length where that is a quarter of
 * pv or less (the DELTA encodings' headers and miniblocks are paid per
 * page; a mean of a few values is a rough guess: pages of 7 noise strings
 * estimated where they held 10 chose PLAIN over DELTA_LENGTH_BYTE_ARRAY,
 * the sweep's case 163, so only pages much shorter than pv count). */
static uint32_t values_per_page(const ppq_writer_t *w, const ppq_col_t *c, uint32_t n, uint32_t pv)
{
    if (PPQ_WRITER_AUTO_THOROUGH && c->def->type == PPQ_BYTE_ARRAY && c->page_data > 0u) {
        uint32_t ends = (uint32_t)scaled(w->opts.page_bytes, c->page_data, c->page_count);
        pv = ends * 4u <= pv ? ends : pv;
    }
    if (c->page_count > n) {
        pv = (uint32_t)scaled(n, c->page_count, pv);
    }
    return pv > n ? pv : n;
}

/* What column c's dictionary did in the chunk its row group's flush
 * ended, where it was kept to its end: the rows it took and its entries,
 * for the next chunk's first decision (alt_beats_chunk). */
static void auto_remember(ppq_col_t *c)
{
#if AUTO_LEARNS
    if (c->kind == K_DICT && c->dict_pages) {
        uint32_t rows = c->chunk_values, e = ppq_dict_enc_entries(c->own.dict);
        c->last_rows = (uint16_t)(rows < 0xFFFFu ? rows : 0xFFFFu);
        c->last_entries = (uint16_t)(e < 0xFFFFu ? e : 0u);
    }
#else
    (void)c;
#endif
}

/* ... nothing, where the chunk's dictionary filled or went to the
 * alternative by weighing (a dictionary that filled in rows that short
 * tells of the row groups a full one made, not of the data). */
static void auto_forget(ppq_col_t *c)
{
#if AUTO_LEARNS
    c->last_rows = 0;
#else
    (void)c;
#endif
}

/* Did column c's chunk buffer, filling, end the row group (the last one
 * written, or the one rechunk is writing)?  (64-bit CPUs with
 * PPQ_WRITER_AUTO_LEARNS: elsewhere never.) */
static int buffer_cut(const ppq_writer_t *w, const ppq_col_t *c)
{
#if AUTO_LEARNS && SIZE_MAX > 0xFFFFFFFFu
    return w->rg_cut != 0u && COL(w, w->rg_cut - 1u) == c;
#else
    (void)w;
    (void)c;
    return 0;
#endif
}

/* Does column c keep its dictionary, whatever its pages weigh, while it
 * holds no more entries than the last chunk's did to its end (kept there,
 * or the whole chunk weighed again to one: rechunk), where this column's
 * buffer, filled by the alternative's pages, ended that chunk's row group?
 * A dictionary's row group would have gone on: its entries paid over more
 * values than the alternative's row group holds, and the pages that add
 * them (each weighed alone as if the entries were its own) are no sign of
 * the chunk.  A saw-tooth of 1,000 values, PLAIN in pages of 500, ended
 * row groups of 1,501 rows that DICTIONARY's held 11,001 of (each
 * weighed again to its dictionary: 3.1x DICTIONARY's file). */
static int dict_learned(const ppq_writer_t *w, const ppq_col_t *c)
{
#if AUTO_LEARNS && SIZE_MAX > 0xFFFFFFFFu
    uint32_t e = ppq_dict_enc_entries(c->own.dict);
    return buffer_cut(w, c) && c->last_rows == w->rg_last && e != 0u && e <= c->last_entries;
#else
    (void)w;
    (void)c;
    return 0;
#endif
}

/* About the bytes of a data page header of column c (which a dictionary
 * that fills costs where its page ends and the alternative's starts): the
 * fixed fields, a CRC, v2's counts and level lengths, statistics with a
 * fixed-width min and max (byte arrays' bounds not counted; v2 with CRC
 * and a FLOAT's statistics: about 50). */
static size_t data_head_bytes(const ppq_writer_t *w, const ppq_col_t *c)
{
    return 20u + (w->opts.page_crc ? 6u : 0u) + (page_v2(&w->opts) ? 8u : 0u) +
           (PPQ_WRITER_STATISTICS && !w->opts.no_statistics ? 12u + 2u * (size_t)c->width : 0u);
}

/* Does an alternative beat the dictionary on the current page's values,
 * for a page of pv of them?  An AUTO column's alt_kind becomes the
 * smallest of PLAIN and those its type and this build allow; other
 * columns fall back to PLAIN (the spec's choice); each uncompressed
 * (alt_smaller_packed: compressed).  With `weigh` 0 only
 * alt_kind is chosen (a dictionary that filled: the dictionary is not
 * weighed, no pass over its page's indices), and it returns 0; with 2 (a
 * dictionary that filled in the chunk's first page) alt_kind is chosen
 * for pages of pv values, and weighed against the dictionary on the
 * page's values alone; with 3 (the chunk's first page, uncompressed:
 * auto_first, write_page) the dictionary over the chunk as under a
 * compressor (alt_beats_chunk). */
static int alt_beats_chunk(const ppq_writer_t *w, const ppq_col_t *c, uint32_t n, size_t best, uint32_t pv,
                           size_t added, size_t page);

/* Is `best` smaller than the dictionary's page of n values for pages of
 * pv, with `more` bytes the dictionary costs beside (the bound's `than`,
 * dict_page_bytes, is the dictionary's side: best less those). */
static int beats_dict_page(const ppq_col_t *c, uint32_t n, uint32_t pv, size_t added, size_t best, size_t more)
{
    return best <= more || best - more < dict_page_bytes(c, n, pv, added, best - more);
}

static int alt_smaller(const ppq_writer_t *w, ppq_col_t *c, uint32_t pv, int weigh)
{
    uint32_t n = ppq_dict_enc_page_values(c->own.dict);
    size_t best, b, added, more = 0;
    c->alt_kind = K_PLAIN;
    split_unknown(w, c);
    if (n == 0u || c->def->encoding != PPQ_COLUMN_AUTO) {
        return 0;
    }
    pv = values_per_page(w, c, n, pv);
    added = ppq_dict_enc_dict_bytes(c->own.dict) - c->page_dict_bytes;
    best = plain_bytes(c, n, pv, 1);
    if (BUILT(K_DELTA) && (c->def->type == PPQ_INT32 || c->def->type == PPQ_INT64) &&
        (b = delta_bytes(c, n, SEQ_NUMBER, pv)) < best) {
        best = b;
        c->alt_kind = K_DELTA;
    }
    if (BUILT(K_DLBA) && c->def->type == PPQ_BYTE_ARRAY &&
        (b = delta_bytes(c, n, SEQ_LENGTH, pv) + plain_bytes(c, n, pv, 0)) < best) {
        best = b;
        c->alt_kind = K_DLBA;
    }
    if (BUILT(K_DBA) && AUTO_DBA_TYPE(&w->opts, c->def->type) &&
        (b = delta_bytes(c, n, SEQ_PREFIX, pv) + delta_bytes(c, n, SEQ_SUFFIX, pv) + suffix_bytes(c, n, pv)) < best) {
        best = b;
        c->alt_kind = K_DBA;
    }
    if (weigh == 2) { /* a full dictionary: its page's n values alone, the alternative's at its rate;
                         kept, it ends the page: a page header more (as alt_smaller_packed) */
        more = data_head_bytes(w, c); /* (weighing thoroughly: not the logger builds, for flash) */
        best = scaled((uint32_t)best, pv, n);
        pv = n;
    }
    if (PPQ_WRITER_AUTO_THOROUGH && PPQ_COMPRESSORS != 0u && weigh == 3) { /* (alt_beats_chunk: builds with codecs) */
        /* the chunk's first page, uncompressed: the dictionary's page and
         * entries are paid once, over the values the chunk may hold, as
         * under a compressor.  (A bloom filter that comes with a dictionary
         * chunk is not the chunk's bytes, and its columns asked for it:
         * not weighed, as under a compressor.  Weighed as a page's worth,
         * it sent constants in pages of 128 to DELTA_BINARY_PACKED at 1.2x
         * the dictionary's chunk.) */
        return alt_beats_chunk(w, c, n, best, pv, added, 16u);
    }
    return weigh && (PPQ_WRITER_AUTO_THOROUGH ? beats_dict_page(c, n, pv, added, best, more)
                                              : best < dict_page_bytes(c, n, pv, added, best));
}

/* The chunk's first decision (PPQ_WRITER_AUTO_THOROUGH): does the alternative
 * (`best` bytes for a page of pv values) beat the dictionary over the
 * values the chunk may still take, to where the dictionary would fill?
 * Its page (`page`: its header, and a codec's frame) and its entries
 * (`added`: the page's, compressed) are paid once, the entries growing as
 * they grew over the page's n values: each doubling of the values
 * multiplies them by the entries at the page's end over those by its
 * middle (a status column's stay, a walk's grow by about its square root,
 * noise's double); its indices widen with them.  The chunk's values: its
 * row group's rows left (as many as the last row group's, where that ended
 * early: another column's buffer filled), as far as its buffer (and
 * row_group_bytes, shared by the columns) holds them as the alternative. */
static int alt_beats_chunk(const ppq_writer_t *w, const ppq_col_t *c, uint32_t n, size_t best, uint32_t pv,
                           size_t added, size_t page)
{
    const ppq_dict_enc_t *d = c->own.dict;
    uint32_t half, all, runs, e = ppq_dict_enc_entries(d), eb = ppq_dict_enc_dict_bytes(d), v = n, width, idx;
    uint32_t h = w->opts.row_group_rows - c->chunk_values, room, grow, lv = 0, cap = 0;
    uint32_t per = (uint32_t)best, per_n = pv; /* (a value's bytes in the chunk buffer: per / per_n) */
    int own_cut = buffer_cut(w, c);
    if (dict_learned(w, c)) {
        return 0;
    }
    width = ppq_bit_width32(e > 1u ? e - 1u : 1u);
    idx = index_bytes(d, n, width, &half, &all, &runs);
    if (own_cut && idx > 0u) { /* this column's buffer ended the last row group, filled by the alternative's
        pages: a dictionary's row group would have gone on, its entries paid over the values its indices
        leave room for (a saw-tooth of 1,000 values, PLAIN in pages of 500, ended row groups of 1,501
        rows its dictionary would have held 11,001 of: 3.1x DICTIONARY's file) */
        per = idx;
        per_n = n;
    } else if (w->rg_last != 0u && w->rg_last < w->opts.row_group_rows) { /* (row groups end early: like the last) */
        h = w->rg_last > c->chunk_values ? w->rg_last - c->chunk_values : c->page_count;
    }
    if (c->page_count > n) {
        h = (uint32_t)scaled(n, c->page_count, h); /* (nulls: values in the rows left) */
    }
    room = c->chunk_cap - c->chunk_len > chunk_reserve(c) ? (uint32_t)(c->chunk_cap - c->chunk_len - chunk_reserve(c)) : 0u;
    if (per > 0u && scaled(room, per, per_n) < h) {
        h = (uint32_t)scaled(room, per, per_n);
    }
    if (per > 0u && w->opts.row_group_bytes != 0u &&
        scaled(ppq_udiv32(w->opts.row_group_bytes, w->ncols), per, per_n) < h) {
        h = (uint32_t)scaled(ppq_udiv32(w->opts.row_group_bytes, w->ncols), per, per_n);
    }
    if (PPQ_WRITER_AUTO_THOROUGH && w->flushing) {
        h = n; /* the row group ends with this page (flush): the chunk holds its values alone */
    }
#if AUTO_LEARNS
    lv = c->page_count > n ? (uint32_t)scaled(n, c->page_count, c->last_rows) : c->last_rows;
    if (c->last_entries >= e && e != 0u && lv >= h && h > n) {
        /* the last chunk's dictionary took as many values: as many entries
         * at most, where this page has no more yet (a logger's data, row
         * group to row group, says more than
         * a page of a few values: ADC readings' noise around a drift grew
         * as a walk's in pages of 8, where their dictionary of 8 held the
         * row groups' 49 rows; not past them: a dictionary's short row
         * groups would tell of themselves) */
        cap = c->last_entries > e ? c->last_entries : e;
    }
#endif
    /* the entries' growth a doubling of the values, in 128ths (from the
     * page's halves: whole entries there, so a fraction here; halves of 2
     * and 4 entries are no ratio of 1.41 in whole numbers) */
    grow = half > 0u ? ppq_udiv32(all << 7, half) : 0u;
    if (all > half && (((all < n - n / 4u || (n < 32u && all <= n - n / 8u)) && grow > 181u) || grow < 181u)) {
        grow = 181u; /* entries still coming grow as a walk's, as the square root of its values (x sqrt 2
                        a doubling): at most where values come back (in a sample under 32, where 2 of
                        16 did: a walk's first 16 values had 14 entries, taken as noise's, PLAIN for
                        two pages of a 16-entry dictionary's chunk, 1.063x), and at least (a page's
                        halves are too few values to tell: walks of 16-value pages looked slower) */
    }
    while (v < h && half > 0u && all > half) {
        uint32_t next = h / 2u < v ? h : 2u * v, step = next - v;
        uint32_t de = (uint32_t)scaled((uint32_t)(((uint64_t)e * grow + 127u) >> 7) - e, v, step); /* (rounded up:
                     a few entries rounded down each doubling never grew to a fill) */
        uint32_t db = (uint32_t)scaled((uint32_t)(((uint64_t)eb * grow + 127u) >> 7) - eb, v, step);
        if (AUTO_LEARNS && cap != 0u && next <= lv && e + de > cap) { /* (the last chunk's: see above) */
            db = de > 0u ? (uint32_t)scaled(db, de, cap > e ? cap - e : 0u) : db;
            de = cap > e ? cap - e : 0u;
        }
        if (e + de > d->cfg.max_entries || eb + db > d->cfg.max_bytes) { /* it fills on the way */
            uint32_t fe = de > 0u ? (uint32_t)scaled(d->cfg.max_entries > e ? d->cfg.max_entries - e : 0u, de, step)
                                  : step;
            uint32_t fb = db > 0u ? (uint32_t)scaled(d->cfg.max_bytes > eb ? d->cfg.max_bytes - eb : 0u, db, step)
                                  : step;
            next = v + (fe < fb ? fe : fb);
            h = next;
            de = (uint32_t)scaled(de, step, next - v);
        }
        e += de;
        eb += db;
        v = next;
    }
    if (all <= half) { /* entries that stopped coming: the page's for the rest */
        v = h > v ? h : v;
    }
    return scaled_fine((uint32_t)best, pv, v) <
           scaled((uint32_t)added, all, e) + scaled((uint32_t)scaled_fine(idx, n, v), width, ppq_bit_width32(e > 1u ? e - 1u : 1u)) + page;
}

/* The bytes column c's codec frames an empty input in: what a page more
 * costs beside its header (0 where the codec fails). */
static size_t empty_frame(ppq_writer_t *w, const ppq_col_t *c)
{
    size_t z;
    return ppq_compress((ppq_codec_t)c->codec, w->opts.codec_level, w->zin, 0, w->zout, w->zout_cap, &z, w->zwork,
                        w->zwork_len) == PPQ_OK ? z : 0u;
}

/* alt_smaller, but a column under a compressor weighs each encoding
 * compressed (PPQ_WRITER_AUTO_THOROUGH; the chunk's first decision and a
 * dictionary that fills: what compresses well as PLAIN may not as DELTA).
 * Apart from alt_smaller, so that the page writer's frame (which weighs
 * uncompressed where the data changed) is not below these encoders. */
static int alt_smaller_packed(ppq_writer_t *w, ppq_col_t *c, uint32_t pv, int weigh)
{
    uint32_t n = ppq_dict_enc_page_values(c->own.dict);
    size_t best = (size_t)-1, b, added;
    int k;
    if (!(PPQ_WRITER_AUTO_THOROUGH && COMPRESSED(c->codec)) || n == 0u || c->def->encoding != PPQ_COLUMN_AUTO) {
        return alt_smaller(w, c, pv, PPQ_WRITER_AUTO_THOROUGH && PPQ_COMPRESSORS != 0u && weigh == 1 ? 3 : weigh);
    }
    c->alt_kind = K_PLAIN;
    split_unknown(w, c);
    pv = values_per_page(w, c, n, pv);
    added = ppq_dict_enc_dict_bytes(c->own.dict) - c->page_dict_bytes;
    for (k = K_PLAIN; k <= K_DBA; k++) {
        if ((k == K_PLAIN || (k == K_DELTA && (c->def->type == PPQ_INT32 || c->def->type == PPQ_INT64)) ||
             (k == K_DLBA && c->def->type == PPQ_BYTE_ARRAY) || (k == K_DBA && AUTO_DBA_TYPE(&w->opts, c->def->type))) &&
            BUILT(k) && (b = packed_bytes(w, c, n, k, pv)) < best) {
            best = b;
            c->alt_kind = (uint8_t)k;
        }
    }
    /* the dictionary: its new entries compressed (its indices, bit-packed runs, little) */
    if (weigh && ppq_compress((ppq_codec_t)c->codec, w->opts.codec_level, c->own.dict->pool + c->page_dict_bytes, added,
                              w->zout, w->zout_cap, &b, w->zwork, w->zwork_len) == PPQ_OK) {
        added = b;
    }
    if (weigh == 2) { /* a full dictionary: this page alone, which as the alternative goes on,
                         where keeping it ends the page: a page more (its header and the
                         codec's frame) */
        size_t more = empty_frame(w, c) + data_head_bytes(w, c);
        best = best == (size_t)-1 ? best : scaled_fine((uint32_t)best, pv, n); /* (its page's n values alone) */
        return beats_dict_page(c, n, n, added, best, more);
    }
    return weigh && alt_beats_chunk(w, c, n, best, pv, added, 16u + empty_frame(w, c)); /* (the dictionary page:
                                                                      its header, about 16 bytes, and the frame) */
}

/* A later dictionary page of an AUTO number whose chunk goes on as the
 * alternative from its end (write_page's switch: it weighed smaller on
 * the page's values) written as the alternative too, where the page
 * added most of its values as new entries: its values from the
 * dictionary into the alternative's encoder, and the dictionary back to
 * the entries it had when the page began (runs, then unique values: the
 * first page of unique values had gone into a dictionary of 1,024 new
 * entries, 2.2x DELTA_BINARY_PACKED's chunk; 6.2x under LZ4_RAW).
 * Returns 1 where the page is the alternative's now (a DELTA header in
 * dhead), *st the encoders' status.  (AUTO_REDICT: 64-bit CPUs.) */
static int dict_page_gives_way(ppq_writer_t *w, ppq_col_t *c, uint8_t *dhead, size_t *dhead_len, ppq_status_t *st)
{
#if AUTO_REDICT
    ppq_dict_enc_t *d = c->own.dict;
    uint32_t n = ppq_dict_enc_page_values(d), keep, added;
    if (!c->dict_word || !c->dict_pages || (c->alt_kind != K_PLAIN && c->alt_kind != K_DELTA)) {
        return 0;
    }
    keep = ppq_udiv32(c->page_dict_bytes, (uint32_t)c->width); /* (numbers: the entries before the page) */
    added = ppq_dict_enc_entries(d) - keep;
    if (added * 2u < n) {
        return 0;
    }
    if (COMPRESSED(c->codec)) {
        /* (the switch weighed uncompressed: a DELTA page whose raw bytes are
         * 3/4 of the dictionary's page or less; a PLAIN page of 128 values
         * or more, 7/8 of them new entries: the dictionary page would hold
         * the same bytes, and the indices besides; a position's doubles in
         * short pages packed better as one dictionary page under LZ4) */
        size_t alt = c->alt_kind == K_DELTA ? delta_bytes(c, n, SEQ_NUMBER, n) : 0u;
        size_t dict = (size_t)added * c->width +
                      ((size_t)n * ppq_bit_width32(ppq_dict_enc_entries(d) - 1u) + 7u) / 8u;
        if (c->alt_kind == K_DELTA ? alt * 4u > dict * 3u : n < 128u || added * 8u < n * 7u) {
            return 0;
        }
    }
    c->kind = c->alt_kind;
    *st = start_encoder(w, c);
    *st = *st == PPQ_OK ? put_sample(c, n) : *st;
    if (BUILT(K_DELTA) && c->kind == K_DELTA) {
        *st = *st == PPQ_OK ? ppq_delta_enc_finish(&c->enc.delta) : *st;
        *dhead_len = ppq_delta_enc_header(&c->enc.delta, dhead);
    } else {
        *st = *st == PPQ_OK ? ppq_plain_enc_finish(&c->enc.plain) : *st;
    }
    ppq_dict_enc_truncate(d, keep);
    return 1;
#else
    (void)w;
    (void)c;
    (void)dhead;
    (void)dhead_len;
    (void)st;
    return 0;
#endif
}

/* The page's PLAIN values again (from `tmp`, where plain_gives_way or
 * plain_to_dict kept them), where their re-encoding did not pay: the next
 * page's start makes its PLAIN encoder. */
static void plain_again(ppq_col_t *c, const uint8_t *tmp, size_t len)
{
    c->kind = K_PLAIN;
    memcpy(c->vals_mem.buf, tmp, len);
    c->vals_mem.len = len;
}

/* An AUTO integer chunk's PLAIN page at its end (its first decision's
 * alternative, or a full dictionary's) re-encoded DELTA_BINARY_PACKED
 * where that takes less, the chunk's next pages too: a choice made on a
 * sample, or on the values a dictionary filled with, is not the chunk's
 * last word (a GPS fix held between 10 Hz updates filled a 16-entry
 * dictionary on its held runs and went PLAIN where it then moved, 3.3x
 * DELTA_BINARY_PACKED's chunk under LZ4; noise for AUTO's sample, then a
 * counter: 3.8x).  Uncompressed: where DELTA's bytes are an eighth less
 * (delta_bytes, exact to a few bytes); under a codec, where they are half
 * or less raw and fewer compressed (each way through the compressor; else
 * the PLAIN page again).  The PLAIN bytes go through `tmp` (free room of a
 * page at least).  Returns 1 where the page is DELTA's now (its header in
 * dhead, *dhead_len). */
static int plain_gives_way(ppq_writer_t *w, ppq_col_t *c, uint8_t *tmp, uint8_t *dhead, size_t *dhead_len)
{
    size_t len = c->vals_mem.len, d, a = 0, b = 0, at;
    uint32_t n;
    ppq_status_t st;
    if (!BUILT(K_DELTA) || c->def->encoding != PPQ_COLUMN_AUTO ||
        (c->def->type != PPQ_INT32 && c->def->type != PPQ_INT64)) {
        return 0;
    }
    n = (uint32_t)(len / c->width); /* (the page's values: its PLAIN bytes) */
    d = n < 2u ? len : delta_bytes(c, n, SEQ_NUMBER, n);
    if (COMPRESSED(c->codec) ? d * 2u > len
                             || ppq_compress((ppq_codec_t)c->codec, w->opts.codec_level, c->vals_mem.buf, len, w->zout,
                                             w->zout_cap, &a, w->zwork, w->zwork_len) != PPQ_OK
                             : d + d / 8u >= len) {
        return 0;
    }
    memcpy(tmp, c->vals_mem.buf, len);
    c->kind = K_DELTA;
    st = start_encoder(w, c);
    for (at = 0; at < len && st == PPQ_OK; at += c->width) {
        st = ppq_delta_enc_put_word(&c->enc.delta, ppq_load_le_word(tmp + at, (unsigned)c->width));
    }
    st = st == PPQ_OK ? ppq_delta_enc_finish(&c->enc.delta) : st;
    *dhead_len = st == PPQ_OK ? ppq_delta_enc_header(&c->enc.delta, dhead) : 0u;
    if (st == PPQ_OK && COMPRESSED(c->codec)) {
        memcpy(w->zin, dhead, *dhead_len);
        memcpy(w->zin + *dhead_len, c->vals_mem.buf, c->vals_mem.len);
        st = ppq_compress((ppq_codec_t)c->codec, w->opts.codec_level, w->zin, *dhead_len + c->vals_mem.len, w->zout,
                          w->zout_cap, &b, w->zwork, w->zwork_len);
        st = st == PPQ_OK && b < a ? PPQ_OK : PPQ_ERR_STATE; /* (PLAIN's fewer: its page again) */
    }
    if (st != PPQ_OK) {
        plain_again(c, tmp, len);
        *dhead_len = 0;
        return 0;
    }
    return 1;
}

#if AUTO_REDICT
/* Do the n words of a number's PLAIN page repeat?  A sample of 256 of
 * them, evenly spaced (a period shorter than the page repeats in it), in
 * a 512-bit sketch of their hashes: no more than 3/4 new bits (noise's
 * pages are not worth a pass through the dictionary, which costs several
 * times PLAIN's). */
static int repeats(const ppq_col_t *c, uint32_t n)
{
    uint32_t seen[16] = {0}, m = n < 256u ? n : 256u, k, fresh = 0;
    for (k = 0; k < m; k++) {
        uint64_t v = ppq_load_le_word(c->vals_mem.buf + (size_t)ppq_udiv32(k * n, m) * c->width, (unsigned)c->width);
        uint32_t h = (uint32_t)((v * 0x9E3779B97F4A7C15u) >> 55);
        fresh += (seen[h >> 5] >> (h & 31u) & 1u) ^ 1u;
        seen[h >> 5] |= 1u << (h & 31u);
    }
    return fresh * 4u <= m * 3u;
}
#endif

/* A PLAIN page of a chunk with no dictionary page yet (the chunk's first,
 * by AUTO's first decision on its sample, or a later one), at its end,
 * uncompressed: where its values through the dictionary (entries, the
 * dictionary page's header, indices) take an eighth less, the page goes
 * through it and the chunk keeps it, its dictionary page written before
 * its first data page at the row group's end (a periodic signal's first
 * 256 values add entries as a walk's would; its 4,096 repeat them: PLAIN's
 * page was 1.4x the dictionary's; noise, then a constant: 3.4x).  A later
 * page is weighed after a wait that doubles with each loss (noise's pages
 * would each be encoded twice).  The PLAIN bytes go through `tmp` (free
 * room of a page at least).  Returns 1 where the page is the dictionary's
 * now (its indices in the values buffer).  (AUTO_REDICT: 64-bit CPUs.) */
static int plain_to_dict(ppq_writer_t *w, ppq_col_t *c, uint8_t *tmp)
{
    ppq_dict_enc_t *d = c->own.dict;
    size_t len = c->vals_mem.len, at = 0, acc;
    uint32_t n;
    ppq_status_t st;
    if (!AUTO_REDICT || !BUILT(K_DICT) || c->def->encoding != PPQ_COLUMN_AUTO || c->dict_pages ||
        COMPRESSED(c->codec) || (!c->dict_word && c->def->type != PPQ_BYTE_ARRAY) ||
        c->page_count - c->page_nulls <= (c->chunk_values == 0u ? auto_decide_at(w) : 0u)) {
        return 0; /* (the first page: no longer than the sample its decision weighed; any: nulls only) */
    }
#if AUTO_REDICT
    if (c->chunk_values != 0u &&
        (c->redict_wait > 0u || (c->dict_word && !repeats(c, c->page_count - c->page_nulls)))) {
        c->redict_wait = (uint8_t)(c->redict_wait > 0u ? c->redict_wait - 1u : 0u);
        return 0;
    }
#endif
    memcpy(tmp, c->vals_mem.buf, len);
    ppq_dict_enc_reset(d);
    c->kind = K_DICT;
    st = start_encoder(w, c);
    while (st == PPQ_OK && at < len) {
        if (c->dict_word) {
            st = ppq_dict_enc_put_word(d, ppq_load_le_word(tmp + at, (unsigned)c->width));
            at += c->width;
        } else {
            ppq_bytes_t b;
            b.len = ppq_load_le32(tmp + at);
            b.ptr = tmp + at + 4;
            st = ppq_dict_enc_put(d, &b, 1, &acc);
            at += 4u + b.len;
        }
    }
    n = ppq_dict_enc_page_values(d);
    if (st != PPQ_OK || dict_page_bytes(c, n, n, ppq_dict_enc_dict_bytes(d), len - len / 8u) > len - len / 8u ||
        ppq_dict_enc_flush_page(d, &c->vals_sink) != PPQ_OK) {
        ppq_dict_enc_reset(d); /* (full, or no smaller) */
        plain_again(c, tmp, len);
#if AUTO_REDICT
        if (c->chunk_values != 0u) {
            c->redict_wait = c->redict_lost;
            c->redict_lost = (uint8_t)(c->redict_lost < 64u ? 2u * c->redict_lost + 1u : 127u);
        }
#endif
        return 0;
    }
#if AUTO_REDICT
    c->redict_lost = 0;
#endif
    c->dict_pages = 1;
    return 1;
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

/* An AUTO BOOLEAN page's values as PLAIN bits into `tmp` (free room of a
 * page at least): the runs read back from its RLE bytes.  Returns their
 * bytes. */
static size_t bools_plain(const ppq_col_t *c, uint8_t *tmp)
{
    const uint8_t *b = c->vals_mem.buf;
    uint32_t n = c->page_count - c->page_nulls, out = 0, k;
    size_t at = 4, len = c->vals_mem.len, plain = (n + 7u) / 8u;
    memset(tmp, 0, plain);
    while (at < len && out < n) {
        uint32_t h = 0, shift = 0, bit;
        do { /* a run's header: a ULEB128 varint */
            h |= (uint32_t)(b[at] & 0x7Fu) << shift;
            shift += 7u;
        } while ((b[at++] & 0x80u) != 0u && at < len && shift < 32u);
        for (k = 0; k < (h & 1u ? (h >> 1) * 8u : h >> 1) && out < n; k++, out++) {
            bit = h & 1u ? (uint32_t)b[at + k / 8u] >> (k % 8u) & 1u : b[at] & 1u; /* (bit-packed, or a run) */
            tmp[out / 8u] = (uint8_t)(tmp[out / 8u] | bit << (out % 8u));
        }
        at += h & 1u ? h >> 1 : 1u; /* (groups of 8 at width 1: a byte each; a run's value: a byte) */
    }
    return plain;
}

/* An AUTO BOOLEAN page whose RLE (its 4-byte length included) came out
 * larger than its values' PLAIN bits (noise, or a page of a few values)
 * is rewritten as PLAIN, through `tmp`; under a codec, where its PLAIN
 * bits compress smaller after the `in` bytes before them in the
 * compressor's input (v1: the page's levels; `in` (size_t)-1: not
 * compressed).  Returns 1 where it did. */
static int bools_as_plain(ppq_writer_t *w, ppq_col_t *c, uint8_t *tmp, size_t in)
{
    size_t plain = (c->page_count - c->page_nulls + 7u) / 8u, a, b;
    if (c->def->encoding != PPQ_COLUMN_AUTO || (in == (size_t)-1 && c->vals_mem.len <= plain)) {
        return 0;
    }
    plain = bools_plain(c, tmp);
    if (COMPRESSED(c->codec) && in != (size_t)-1) {
        memcpy(w->zin + in, c->vals_mem.buf, c->vals_mem.len);
        if (ppq_compress((ppq_codec_t)c->codec, w->opts.codec_level, w->zin, in + c->vals_mem.len, w->zout,
                         w->zout_cap, &a, w->zwork, w->zwork_len) != PPQ_OK) {
            return 0;
        }
        memcpy(w->zin + in, tmp, plain);
        if (ppq_compress((ppq_codec_t)c->codec, w->opts.codec_level, w->zin, in + plain, w->zout, w->zout_cap, &b,
                         w->zwork, w->zwork_len) != PPQ_OK ||
            b >= a) {
            return 0;
        }
    }
    memcpy(c->vals_mem.buf, tmp, plain);
    c->vals_mem.len = plain;
    return 1;
}

/* The chunk's first decision, for pages of pv values: keep the
 * dictionary, or re-encode the page as alt_kind and drop it.  (Nothing to
 * weigh yet, every value so far a null: it goes on deciding.)  `full`: the
 * dictionary filled in the chunk's first page (the rest of the chunk takes
 * alt_kind whatever this page does): this page's values weighed alone. */
static ppq_status_t auto_first(ppq_writer_t *w, ppq_col_t *c, uint32_t pv, int full)
{
    ppq_dict_enc_t *d = c->own.dict;
    uint32_t n = ppq_dict_enc_page_values(d);
    ppq_status_t st = PPQ_OK;
    if (n == 0u) {
        return PPQ_OK;
    }
    if (pv > c->page_count && w->opts.row_group_rows - c->chunk_values < pv) {
        pv = w->opts.row_group_rows - c->chunk_values; /* (a page the row group ends early; chunk_values:
                                                          the pages before this one) */
    }
    /* (a dictionary kept on a sample weighs again on the whole page at its
     * end, finish_page: under a compressor, and where the page holds twice
     * the sample or more: a GPS standing still for the first 256 values of
     * a 4,096-value page kept a dictionary of 2,267 entries when it moved,
     * 5.8x DELTA_BINARY_PACKED's page) */
    if (PPQ_WRITER_AUTO_THOROUGH) {
        c->reweigh = (uint8_t)(!full && c->deciding && (COMPRESSED(c->codec) || pv / 2u >= n));
    }
    c->deciding = 0;
    set_put(w, c);
    if (c->dict_pages || !alt_smaller_packed(w, c, pv, full ? 2 : 1)) {
        return PPQ_OK;
    }
    if (SETTLES(c)) {
        settle_dict_stats(c); /* (before the page stops being a dictionary page) */
    }
    c->kind = c->alt_kind;
    auto_forget(c);
    set_put(w, c);
    st = start_encoder(w, c);
    st = st == PPQ_OK ? put_sample(c, n) : st;
    ppq_dict_enc_reset(d);
    return st;
}
