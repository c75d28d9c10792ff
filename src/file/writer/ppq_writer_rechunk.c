/* AUTO's chunks weighed again whole at their row group's end (page layout,
 * flat columns of numbers and byte arrays, 64-bit CPUs: RECHUNK).  AUTO
 * decides page by page on what it has seen, and a chunk's first pages can
 * mislead it: pages of 8 values, a dictionary that fills after its first
 * pages, a codec that favours one encoding's bytes over another's.  At the
 * row group's end the chunk is still in its buffer, so its values are read
 * back from its pages (rsrc_t) and replayed through the page writer as a
 * column of each fixed encoding would take them, its pages only counted;
 * where one takes fewer bytes, the values are replayed once more, their
 * pages written straight to the file.  (A unit of ppq_writer.c: see
 * ppq_writer_internal.h.) */

#if RECHUNK

#include "ppq_zstd.h"

/* Column c's values are byte arrays (FIXED_LEN_BYTE_ARRAY too). */
#define RC_BYTES(c) ((c)->def->type == PPQ_BYTE_ARRAY || (c)->def->type == PPQ_FIXED_LEN_BYTE_ARRAY)

/* A chunk's pages read back, a value at a time (decoded this many ahead). */
#define RSRC_AHEAD 64u

typedef struct rsrc {
    const uint8_t *at, *end; /* the next page's header in the chunk buffer, the chunk's end */
    uint32_t hdr_crcs;       /* the CRCs of the page headers read, summed (recovery) */
    uint32_t left;           /* values (nulls too) still to read in the page */
    int32_t enc;             /* the page's encoding */
    ppq_rle_dec_t lv;        /* its definition levels (OPTIONAL columns) */
    ppq_rle_dec_t ix;        /* RLE_DICTIONARY: its indices */
    ppq_delta_dec_t dd;      /* DELTA_BINARY_PACKED */
    const uint8_t *v;        /* PLAIN: the next value; BYTE_STREAM_SPLIT: the first stream */
    size_t vlen;             /* PLAIN: the bytes left at v */
    size_t n, i;             /* BYTE_STREAM_SPLIT: values in each stream, the next one */
    ppq_dlba_dec_t dl;       /* DELTA_LENGTH_BYTE_ARRAY */
    ppq_dba_dec_t db;        /* DELTA_BYTE_ARRAY, its values' bytes into buf (cap bytes) */
    uint8_t *buf;
    size_t cap;
    uint32_t got, next;      /* decoded ahead: entries (values and nulls), the next one */
    uint8_t null[RSRC_AHEAD];
    uint64_t word[RSRC_AHEAD]; /* ... a number's bits, in the order of the non-null entries */
    ppq_bytes_t bytes[RSRC_AHEAD]; /* ... or a byte array */
    uint32_t words, next_word;
    uint32_t word32;         /* the value handed out: an INT32's or FLOAT's bits */
    uint32_t ahead;          /* entries to decode ahead, where fewer than RSRC_AHEAD (0: those) */
} rsrc_t;

/* The header of the page at `at` (its chunk ends at `end`): f[] its type,
 * body bytes uncompressed and stored, values, encoding, nulls and levels'
 * bytes (v2), *compressed (v2: whether its values are), *hlen its length. */
static ppq_status_t page_head(const uint8_t *at, const uint8_t *end, int32_t f[7], int *compressed, size_t *hlen)
{
    ppq_thrift_r_t t;
    int16_t id;
    ppq_thrift_type_t ty;
    int32_t *put;
    int b;
    unsigned in = 0;
    ppq_status_t st;
    f[0] = f[1] = f[2] = f[3] = f[4] = -1;
    f[5] = f[6] = 0;
    *compressed = 1;
    ppq_thrift_r_init(&t, at, (size_t)(end - at));
    for (;;) {
        if ((st = ppq_thrift_r_field(&t, &id, &ty)) != PPQ_OK) {
            return st;
        }
        put = NULL;
        if (ty == PPQ_THRIFT_STOP) {
            if (in == 0u) {
                break;
            }
            in = 0;
            continue;
        }
        if (in == 0u && id >= 1 && id <= 3) {
            put = &f[id - 1];
        } else if (in == 0u && (id == 5 || id == 8)) {
            st = ppq_thrift_r_struct(&t, ty);
            in = (unsigned)id;
        } else if (in != 0u && id == 1) {
            put = &f[3];
        } else if ((in == 5u && id == 2) || (in == 8u && id == 4)) {
            put = &f[4];
        } else if (in == 8u && id == 2) {
            put = &f[5];
        } else if (in == 8u && id == 5) {
            put = &f[6];
        } else if (in == 8u && id == 7) {
            st = ppq_thrift_r_bool(&t, ty, &b);
            *compressed = b != 0;
        } else {
            st = ppq_thrift_r_skip(&t, ty);
        }
        if (st == PPQ_OK && put != NULL) {
            st = ppq_thrift_r_i32(&t, ty, put);
        }
        if (st != PPQ_OK) {
            return st;
        }
    }
    *hlen = ppq_thrift_r_offset(&t, at);
    if ((f[0] != PAGE_DATA && f[0] != PAGE_DATA_V2) || f[1] < 0 || f[2] < 0 || f[3] < 0 || f[6] < 0 ||
        (size_t)f[2] > (size_t)(end - at) - *hlen || f[6] > f[2]) {
        return PPQ_ERR_CORRUPT;
    }
    return PPQ_OK;
}

/* The chunk's first pages that hold `n` values or more: *values, and
 * their bytes (headers included). */
static uint64_t chunk_prefix(const ppq_col_t *c, uint32_t n, uint32_t *values)
{
    const uint8_t *at = c->chunk, *end = c->chunk + c->chunk_len;
    int32_t f[7];
    int compressed;
    size_t hlen;
    *values = 0;
    while (*values < n && at < end && page_head(at, end, f, &compressed, &hlen) == PPQ_OK) {
        at += hlen + (size_t)f[2];
        *values += (uint32_t)f[3];
    }
    return (uint64_t)(at - c->chunk);
}

/* ZSTD's decoder in the codec work memory where that (sized to compress
 * small pages) is below what ppq_decompress wants: its reduced tables,
 * which the pages of a few KB our encoder writes fit, or below those its
 * smallest (Huffman codes up to 9 bits: pages of a few hundred bytes;
 * a small arena's codec buffers of 5,168-5,312 bytes had left a GPS
 * speed's chunks in pages of 16 unweighed, 1.09x PLAIN's).  A page that
 * needs more is refused, PPQ_ERR_UNSUPPORTED, and its chunk written as it
 * is. */
#if (PPQ_DECOMPRESSORS & PPQ_CODEC_BIT(6)) != 0u
#define RZ_ZSTD_MIN(codec) ((codec) == PPQ_CODEC_ZSTD)
#else
#define RZ_ZSTD_MIN(codec) 0
#endif

/* The work memory an old page of `codec` needs decompressed. */
static size_t rz_work(uint8_t codec)
{
    return RZ_ZSTD_MIN(codec) ? PPQ_ZSTD_DEC_WORK_SMALL : ppq_decompress_work_size((ppq_codec_t)codec);
}

/* ... and what it has: the codec buffers together where the plan laid
 * them end to end (zin, zout, zwork: each free between two compressions,
 * and an old page is decompressed between them), else zwork alone.
 * (ZSTD's compressor for pages of 256 bytes works in 5 KB, its decoder
 * in 4.5 KB at least.) */
static void *rz_work_mem(const ppq_writer_t *w, size_t *len)
{
    uint8_t *zw = (uint8_t *)w->zwork;
    if (w->zin != NULL && w->zout == w->zin + PPQ_ARENA_ROUND(w->zin_cap) &&
        zw == w->zout + PPQ_ARENA_ROUND(w->zout_cap)) {
        *len = (size_t)(zw - w->zin) + w->zwork_len;
        return w->zin;
    }
    *len = w->zwork_len;
    return w->zwork;
}

/* The next page's header parsed and its body made ready to read. */
static ppq_status_t rsrc_page(ppq_writer_t *w, const ppq_col_t *c, rsrc_t *s)
{
    int32_t f[7];
    int compressed;
    size_t hlen, len;
    const uint8_t *body;
    int in_rz = 0; /* (the body decompressed into w->rz) */
    ppq_status_t st = page_head(s->at, s->end, f, &compressed, &hlen);
    if (st != PPQ_OK) {
        return st;
    }
    s->hdr_crcs += ppq_crc32(0, s->at, hlen);
    body = s->at + hlen;
    s->at = body + f[2];
    s->left = (uint32_t)f[3];
    s->enc = f[4];
    len = (size_t)f[2];
    if (f[0] == PAGE_DATA_V2) { /* the levels first, never compressed */
        if (c->def->optional && (st = ppq_rle_dec_init(&s->lv, 1, 0, body, (size_t)f[6], s->left)) != PPQ_OK) {
            return st;
        }
        body += f[6];
        len -= (size_t)f[6];
    }
    if (COMPRESSED(c->codec) && compressed) {
        size_t raw = (size_t)f[1] - (f[0] == PAGE_DATA_V2 ? (size_t)f[6] : 0u), got = 0, wlen;
        void *work = rz_work_mem(w, &wlen);
        if ((size_t)f[1] < (size_t)f[6] || raw > w->rz_cap) {
            return PPQ_ERR_CORRUPT;
        }
        st = RZ_ZSTD_MIN(c->codec) ? ppq_zstd_decompress(body, len, w->rz, raw, &got, work, wlen)
                                   : ppq_decompress((ppq_codec_t)c->codec, body, len, w->rz, raw, &got, work, wlen);
        if (st != PPQ_OK || got != raw) {
            return st != PPQ_OK ? st : PPQ_ERR_CORRUPT;
        }
        body = w->rz;
        len = raw;
        in_rz = 1;
    }
    if (f[0] == PAGE_DATA && c->def->optional) { /* v1: the levels, after their length */
        if ((st = ppq_rle_dec_init(&s->lv, 1, 1, body, len, s->left)) != PPQ_OK) {
            return st;
        }
        len -= (size_t)(ppq_rle_dec_end(&s->lv) - body);
        body = ppq_rle_dec_end(&s->lv);
    }
    s->v = body;
    s->vlen = len;
    switch (s->enc) {
    case PPQ_ENC_PLAIN: return PPQ_OK;
    case PPQ_ENC_DELTA_LENGTH_BYTE_ARRAY: return ppq_dlba_dec_init(&s->dl, body, len);
    case PPQ_ENC_DELTA_BYTE_ARRAY: { /* its last value, then the one it makes, after the page in w->rz
                                         (all of it: a v1 page's levels before the values too) */
        ppq_arena_t a;
        ppq_dba_cfg_t cfg; /* (its longest value: the column's, as the encoder's) */
        size_t used = in_rz ? (size_t)(body - w->rz) + len : 0u;
        dba_cfg_for(c->def, &w->opts, &cfg);
        ppq_arena_init(&a, w->rz + used, w->rz_cap - used);
        st = ppq_dba_dec_init(&s->db, c->def->type, c->def->type_len, body, len, &a);
        s->cap = a.size - a.used;
        s->buf = w->rz + used + a.used;
        return st == PPQ_OK && s->cap < cfg.max_value_len ? PPQ_ERR_NOSPACE : st;
    }
    case PPQ_ENC_RLE_DICTIONARY:
        if (len == 0u) {
            return s->left == 0u ? PPQ_OK : PPQ_ERR_CORRUPT; /* (no value: no width) */
        }
        return ppq_rle_dec_init(&s->ix, body[0], 0, body + 1, len - 1u, s->left);
    case PPQ_ENC_DELTA_BINARY_PACKED: return ppq_delta_dec_init(&s->dd, c->def->type, body, len);
    case PPQ_ENC_BYTE_STREAM_SPLIT:
        if (c->def->type == PPQ_BYTE_ARRAY) {
            return PPQ_ERR_UNSUPPORTED;
        }
        s->i = 0;
        if (c->def->type == PPQ_FIXED_LEN_BYTE_ARRAY) { /* (opts.auto_all_encodings) each value's bytes
                                                           gathered from the streams, after the page in w->rz */
            size_t used = in_rz ? (size_t)(body - w->rz) + len : 0u;
            s->n = c->def->type_len > 0u ? len / c->def->type_len : 0u;
            s->buf = w->rz + used;
            s->cap = w->rz_cap - used;
            return s->cap < c->def->type_len ? PPQ_ERR_NOSPACE : PPQ_OK;
        }
        s->n = len / c->width;
        return PPQ_OK;
    default: return PPQ_ERR_UNSUPPORTED;
    }
}

/* The byte arrays of the `m` non-null entries rsrc_ahead decodes. */
static ppq_status_t rsrc_bytes(const ppq_col_t *c, rsrc_t *s, uint32_t m)
{
    uint32_t idx[RSRC_AHEAD], k, len;
    size_t got = 0;
    ppq_status_t st = PPQ_OK;
    switch (s->enc) {
    case PPQ_ENC_PLAIN: { /* a length before each, or FIXED_LEN_BYTE_ARRAY's type_len each */
        size_t pre = c->def->type == PPQ_BYTE_ARRAY ? 4u : 0u;
        for (k = 0; k < m; k++) {
            if (s->vlen < pre || (len = pre ? ppq_load_le32(s->v) : c->def->type_len) > s->vlen - pre) {
                return PPQ_ERR_CORRUPT;
            }
            s->bytes[k].ptr = s->v + pre;
            s->bytes[k].len = len;
            s->v += pre + len;
            s->vlen -= pre + len;
        }
        return PPQ_OK;
    }
    case PPQ_ENC_RLE_DICTIONARY:
        if (m > 0u && ((st = ppq_rle_dec_get(&s->ix, idx, m, &got)) != PPQ_OK || got != m)) {
            return st != PPQ_OK ? st : PPQ_ERR_CORRUPT;
        }
        for (k = 0; k < m; k++) {
            if (idx[k] >= ppq_dict_enc_entries(c->own.dict)) {
                return PPQ_ERR_CORRUPT;
            }
            s->bytes[k].ptr = ppq_dict_enc_entry(c->own.dict, idx[k], &len);
            s->bytes[k].len = len;
        }
        return PPQ_OK;
    case PPQ_ENC_DELTA_LENGTH_BYTE_ARRAY: st = m > 0u ? ppq_dlba_dec_get(&s->dl, s->bytes, m, &got) : PPQ_OK; break;
    case PPQ_ENC_BYTE_STREAM_SPLIT: /* FIXED_LEN_BYTE_ARRAY, one at a time (m <= 1): into buf */
        for (k = 0; k < m; k++, s->i++) {
            uint32_t b;
            if (s->i >= s->n) {
                return PPQ_ERR_CORRUPT;
            }
            for (b = 0; b < c->def->type_len; b++) {
                s->buf[b] = s->v[b * s->n + s->i];
            }
            s->bytes[k].ptr = s->buf;
            s->bytes[k].len = c->def->type_len;
        }
        return PPQ_OK;
    default: st = m > 0u ? ppq_dba_dec_get(&s->db, s->bytes, m, s->buf, s->cap, &got) : PPQ_OK; break; /* (m <= 1) */
    }
    return st != PPQ_OK ? st : got != m ? PPQ_ERR_CORRUPT : PPQ_OK;
}

/* Decode the page's next entries (up to RSRC_AHEAD; DELTA_BYTE_ARRAY and
 * a split FIXED_LEN_BYTE_ARRAY one, whose value's bytes take the buffer):
 * their nulls, and the values of the others as words or byte arrays. */
static ppq_status_t rsrc_ahead(const ppq_col_t *c, rsrc_t *s)
{
    uint32_t lv[RSRC_AHEAD], idx[RSRC_AHEAD], k, m = 0, n = s->left < RSRC_AHEAD ? s->left : RSRC_AHEAD;
    size_t got = 0, levels = 0, width = c->width;
    ppq_status_t st = PPQ_OK;
    n = (s->enc == PPQ_ENC_DELTA_BYTE_ARRAY || (s->enc == PPQ_ENC_BYTE_STREAM_SPLIT && RC_BYTES(c))) && n > 1u ? 1u
        : s->ahead != 0u && n > s->ahead ? s->ahead
                                          : n;
    if (c->def->optional) {
        if ((st = ppq_rle_dec_get(&s->lv, lv, n, &levels)) != PPQ_OK || levels != n) {
            return st != PPQ_OK ? st : PPQ_ERR_CORRUPT;
        }
    }
    for (k = 0; k < n; k++) {
        s->null[k] = (uint8_t)(c->def->optional && lv[k] == 0u);
        m += !s->null[k];
    }
    if (RC_BYTES(c)) {
        st = rsrc_bytes(c, s, m);
    } else {
        switch (s->enc) {
        case PPQ_ENC_PLAIN:
            if (s->vlen / width < m) {
                return PPQ_ERR_CORRUPT;
            }
            for (k = 0; k < m; k++, s->v += width) {
                s->word[k] = width == 4u ? ppq_load_le32(s->v) : ppq_load_le64(s->v);
            }
            s->vlen -= m * width;
            break;
        case PPQ_ENC_RLE_DICTIONARY: {
            uint32_t entries = ppq_dict_enc_entries(c->own.dict), len;
            if (m > 0u && ((st = ppq_rle_dec_get(&s->ix, idx, m, &got)) != PPQ_OK || got != m)) {
                return st != PPQ_OK ? st : PPQ_ERR_CORRUPT;
            }
            for (k = 0; k < m; k++) {
                const uint8_t *e;
                if (idx[k] >= entries) {
                    return PPQ_ERR_CORRUPT;
                }
                e = ppq_dict_enc_entry(c->own.dict, idx[k], &len);
                s->word[k] = width == 4u ? ppq_load_le32(e) : ppq_load_le64(e);
            }
            break;
        }
        case PPQ_ENC_DELTA_BINARY_PACKED:
            if (width == 4u) {
                int32_t v[RSRC_AHEAD];
                st = m > 0u ? ppq_delta_dec_get(&s->dd, v, m, &got) : PPQ_OK;
                for (k = 0; k < got; k++) {
                    s->word[k] = (uint32_t)v[k];
                }
            } else {
                st = m > 0u ? ppq_delta_dec_get(&s->dd, s->word, m, &got) : PPQ_OK; /* (int64_t: the bits) */
            }
            if (st != PPQ_OK || got != m) {
                return st != PPQ_OK ? st : PPQ_ERR_CORRUPT;
            }
            break;
        default: /* BYTE_STREAM_SPLIT */
            if (s->n - s->i < m) {
                return PPQ_ERR_CORRUPT;
            }
            for (k = 0; k < m; k++, s->i++) {
                uint64_t word = 0;
                size_t b;
                for (b = 0; b < width; b++) {
                    word |= (uint64_t)s->v[b * s->n + s->i] << (8u * b);
                }
                s->word[k] = word;
            }
            break;
        }
    }
    if (st != PPQ_OK) {
        return st;
    }
    s->left -= n;
    s->got = n;
    s->next = 0;
    s->words = m;
    s->next_word = 0;
    return PPQ_OK;
}

/* The chunk's next value, *v pointing at it in its C type (a number's
 * bits, a ppq_bytes_t), or a null: returns 1 for a value, 0 for a null,
 * -1 where *st says why not. */
static int rsrc_next(ppq_writer_t *w, const ppq_col_t *c, rsrc_t *s, const void **v, ppq_status_t *st)
{
    while (s->next == s->got) {
        if (s->left == 0u && s->at >= s->end) {
            *st = PPQ_ERR_CORRUPT; /* (fewer values than the chunk counted) */
            return -1;
        }
        if ((s->left == 0u && (*st = rsrc_page(w, c, s)) != PPQ_OK) || (*st = rsrc_ahead(c, s)) != PPQ_OK) {
            return -1;
        }
    }
    if (s->null[s->next++]) {
        return 0;
    }
    if (RC_BYTES(c)) {
        *v = &s->bytes[s->next_word++];
    } else if (c->width == 4u) {
        s->word32 = (uint32_t)s->word[s->next_word++];
        *v = &s->word32;
    } else {
        *v = &s->word[s->next_word++];
    }
    return 1;
}

/* A replay's page (write_page's, its header in w->scratch, its parts'
 * bytes): counted (rz_mode 1) or written to the file (2), with the
 * chunk's bookkeeping as a page into the chunk buffer has it (its page
 * index only from the file). */
static ppq_status_t replay_page(ppq_writer_t *w, ppq_col_t *c, size_t head, const uint8_t *levels, size_t levels_len,
                                const uint8_t *dhead, size_t dhead_len, const uint8_t *vals, size_t vals_len, size_t raw)
{
    size_t len = head + levels_len + dhead_len + vals_len;
    uint64_t at = w->out->offset - w->rz_at; /* (mode 2: from the chunk's first data page) */
    ppq_status_t st = PPQ_OK;
    if (w->rz_mode == 1u) {
        w->rz_at += len;
    } else if ((st = ppq_sink_write(w->out, w->scratch, head)) != PPQ_OK ||
               (st = ppq_sink_write(w->out, levels, levels_len)) != PPQ_OK ||
               (st = ppq_sink_write(w->out, dhead, dhead_len)) != PPQ_OK) {
        return st;
    } else {
        st = ppq_sink_write(w->out, vals, vals_len);
    }
    if (PPQ_COMPRESSORS != 0u) {
        c->chunk_raw += head + raw;
    }
    if (PPQ_WRITER_STATISTICS) {
        ppq_stats_merge(&c->chunk_stats, &c->page_stats, c->stats_kind);
    }
#if PPQ_WRITER_PAGE_INDEX
    if (c->pidx != NULL && w->rz_mode == 2u) {
        index_page(c, (size_t)at, len);
    }
#else
    (void)at;
#endif
    return st;
}

/* The bytes column c's dictionary page would take as it stands. */
static size_t dict_page_len(ppq_writer_t *w, ppq_col_t *c)
{
    const ppq_dict_enc_t *d = c->own.dict;
    size_t bytes = ppq_dict_enc_dict_bytes(d), z = bytes;
    uint32_t hdr_crcs = w->hdr_crcs;
    ppq_thrift_w_t t;
    ppq_sink_t hs;
    ppq_memsink_t hm;
    if (COMPRESSED(c->codec) && ppq_compress((ppq_codec_t)c->codec, w->opts.codec_level, d->pool, bytes, w->zout,
                                             w->zout_cap, &z, w->zwork, w->zwork_len) != PPQ_OK) {
        return SIZE_MAX;
    }
    header_open(w, &t, &hs, &hm, PAGE_DICTIONARY, bytes, z,
                w->opts.page_crc ? ppq_crc32(0, COMPRESSED(c->codec) ? w->zout : d->pool, z) : 0u);
    ppq_thrift_w_struct(&t, 7);
    ppq_thrift_w_i32(&t, 1, (int32_t)ppq_dict_enc_entries(d));
    ppq_thrift_w_i32(&t, 2, PPQ_ENC_PLAIN);
    (void)header_close(w, &t, &hm);
    w->hdr_crcs = hdr_crcs;
    return hm.len + z;
}

/* Replay the chunk's first `n` values (`whole`: all of them) into column
 * c as the caller set it up (as_candidate): mode 1 counts its pages' bytes
 * in w->rz_at, giving up with PPQ_ERR_NOSPACE where they pass `limit` or
 * are on their way to a quarter more; 2 writes them to the file.  The old
 * pages' header CRCs, summed, in *hdr_crcs. */
static ppq_status_t replay(ppq_writer_t *w, ppq_col_t *c, uint32_t n, uint8_t mode, uint64_t limit,
                           uint32_t *hdr_crcs, int whole)
{
    rsrc_t s;
    uint32_t k;
    ppq_status_t st;
    int dict = c->def->encoding == PPQ_COLUMN_DICTIONARY;
    uint64_t zpart = 1, zwhole = COMPRESSED(c->codec) ? 8u : 1u; /* (a dictionary's bytes count zpart/zwhole) */
    int measured = !COMPRESSED(c->codec) || !dict;
    uint64_t at = 0;
    memset(&s, 0, sizeof s);
    s.at = c->chunk;
    s.end = c->chunk + c->chunk_len;
    w->rz_mode = mode;
    w->rz_at = mode == 1u ? 0u : w->out->offset;
    c->chunk_values = 0;
    c->chunk_raw = 0;
    c->encodings = 0;
    c->dict_pages = 0;
    c->deciding = 0;
    c->reweigh = 0;
    chunk_stats_reset(c);
    c->own.dict->exact_width = 1; /* (its entries may be known from the start: each page as narrow as its indices) */
    st = start_page(w, c);
    for (k = 0; k < n && st == PPQ_OK; k++) {
        const void *v = NULL;
        int got = rsrc_next(w, c, &s, &v, &st);
        if (got >= 0) {
            st = put_any(w, c, got ? v : NULL, 1);
        }
        if (mode == 1u && w->rz_at != at) { /* a page counted: the chunk so far, and its dictionary (an eighth
                                                of it under a codec), already larger, or on its way to a quarter more */
            uint64_t so_far = w->rz_at + (dict ? ppq_dict_enc_dict_bytes(c->own.dict) * zpart / zwhole : 0u);
            at = w->rz_at;
            if (!measured && (so_far > limit || (k >= n / 4u && so_far / 4u * n > limit / 4u * 5u * k))) {
                /* about to give up: the dictionary compressed, once, for its ratio (long strings
                 * sharing prefixes: under ZSTD 87x, not 8x; their dictionary had lost, its
                 * chunks 1.07x AUTO's) */
                size_t z = dict_page_len(w, c), bytes = ppq_dict_enc_dict_bytes(c->own.dict);
                measured = 1;
                if (z != SIZE_MAX && bytes > 0u) {
                    zpart = z;
                    zwhole = bytes;
                }
                so_far = w->rz_at + bytes * zpart / zwhole;
            }
            if (so_far > limit || (k >= n / 4u && so_far / 4u * n > limit / 4u * 5u * k)) {
                st = PPQ_ERR_NOSPACE;
                w->rz_at = so_far * n / (k + 1u); /* (given up: its bytes as they were heading) */
            }
        }
    }
    st = st == PPQ_OK ? finish_page(w, c) : st;
    c->own.dict->exact_width = 0;
    *hdr_crcs = s.hdr_crcs;
    return st == PPQ_OK && whole && (s.left != 0u || s.next != s.got || s.at != s.end) ? PPQ_ERR_CORRUPT : st;
}

/* Column c's state that a replay changes. */
typedef struct rsaved {
    const ppq_column_t *def;
    uint8_t kind, alt_kind, split, dict_pages;
    uint32_t chunk_values, encodings, entries, hdr_crcs;
    size_t chunk_raw;
    ppq_stats_t chunk_stats;
    uint8_t bounds[2u * STAT_MAX]; /* ... a byte array's min and max */
    uint8_t rg_due, pending;
    uint8_t value[sizeof(((ppq_col_t *)0)->value)]; /* (a row the setters began before a flush) */
#if AUTO_LEARNS
    uint16_t last_rows, last_entries;
#endif
} rsaved_t;

static void rsave(const ppq_writer_t *w, const ppq_col_t *c, rsaved_t *r)
{
    r->def = c->def;
    r->kind = c->kind;
    r->alt_kind = c->alt_kind;
    r->split = c->split;
    r->dict_pages = c->dict_pages;
    r->chunk_values = c->chunk_values;
    r->encodings = c->encodings;
    r->entries = ppq_dict_enc_entries(c->own.dict);
    r->hdr_crcs = w->hdr_crcs;
    r->chunk_raw = c->chunk_raw;
    r->chunk_stats = c->chunk_stats;
    if (RC_BYTES(c) && PPQ_WRITER_STATISTICS) {
        memcpy(r->bounds, c->chunk_stats.min, c->chunk_stats.cap);
        memcpy(r->bounds + STAT_MAX, c->chunk_stats.max, c->chunk_stats.cap);
    }
    r->rg_due = w->rg_due;
    r->pending = c->pending;
    memcpy(r->value, &c->value, sizeof r->value);
#if AUTO_LEARNS
    r->last_rows = c->last_rows;
    r->last_entries = c->last_entries;
#endif
}

/* Back to the saved state (chunk: its pages' bookkeeping too, else that of
 * the replay that wrote them), the page encoder restarted for its kind. */
static ppq_status_t rrestore(ppq_writer_t *w, ppq_col_t *c, const rsaved_t *r, int chunk)
{
    c->def = r->def;
    c->kind = r->kind;
    c->alt_kind = r->alt_kind;
    c->split = r->split;
    w->rz_mode = 0;
    w->rg_due = r->rg_due;
    c->pending = r->pending;
    memcpy(&c->value, r->value, sizeof r->value);
#if AUTO_LEARNS
    c->last_rows = r->last_rows;
    c->last_entries = r->last_entries;
#endif
    if (chunk) {
        c->dict_pages = r->dict_pages;
        c->chunk_values = r->chunk_values;
        c->encodings = r->encodings;
        c->chunk_raw = r->chunk_raw;
        c->chunk_stats = r->chunk_stats;
        if (RC_BYTES(c) && PPQ_WRITER_STATISTICS) {
            memcpy(c->chunk_stats.min, r->bounds, c->chunk_stats.cap);
            memcpy(c->chunk_stats.max, r->bounds + STAT_MAX, c->chunk_stats.cap);
        }
        w->hdr_crcs = r->hdr_crcs;
        if (ppq_dict_enc_entries(c->own.dict) != r->entries) {
            ppq_dict_enc_truncate(c->own.dict, r->entries);
        }
    }
    ppq_dict_enc_drop_page(c->own.dict); /* (a replay given up in a page) */
    return start_page(w, c);
}

/* A chunk of more than twice this many values is weighed first on its
 * first pages that hold these (rechunk's work bounded on large chunks). */
#define RC_SAMPLE 2048u

/* Skip the chunk's next k entries (values and nulls) or more: whole pages
 * by their headers, a REQUIRED number's PLAIN or BYTE_STREAM_SPLIT values
 * by their offset; in other pages (decoded, not sought) to the next page.
 * *skipped: how many. */
static ppq_status_t rsrc_skip(ppq_writer_t *w, const ppq_col_t *c, rsrc_t *s, uint32_t k, uint32_t *skipped)
{
    ppq_status_t st = PPQ_OK;
    *skipped = 0;
    while (*skipped < k && st == PPQ_OK) {
        uint32_t n = k - *skipped, j;
        if (s->next < s->got) { /* (decoded ahead) */
            n = s->got - s->next < n ? s->got - s->next : n;
            for (j = 0; j < n; j++) {
                s->next_word += !s->null[s->next++];
            }
        } else if (s->left > 0u && (RC_BYTES(c) || (s->enc != PPQ_ENC_PLAIN && s->enc != PPQ_ENC_BYTE_STREAM_SPLIT))) {
            n = s->left; /* (the rest of the page) */
            s->left = 0;
        } else if (s->left == 0u) {
            int32_t f[7];
            int compressed;
            size_t hlen;
            if (s->at >= s->end || (st = page_head(s->at, s->end, f, &compressed, &hlen)) != PPQ_OK) {
                return st != PPQ_OK ? st : PPQ_ERR_CORRUPT;
            }
            if ((uint32_t)f[3] <= n) { /* (the whole page) */
                s->at += hlen + (size_t)f[2];
                n = (uint32_t)f[3];
            } else {
                st = rsrc_page(w, c, s);
                n = 0;
            }
        } else { /* (a number's PLAIN or BYTE_STREAM_SPLIT values: sought, past their levels' values) */
            uint32_t vals;
            n = s->left < n ? s->left : n;
            n = c->def->optional && n > RSRC_AHEAD ? RSRC_AHEAD : n;
            vals = n;
            if (c->def->optional) {
                uint32_t lv[RSRC_AHEAD], x;
                size_t got = 0;
                if ((st = ppq_rle_dec_get(&s->lv, lv, n, &got)) != PPQ_OK || got != n) {
                    return st != PPQ_OK ? st : PPQ_ERR_CORRUPT;
                }
                for (x = 0, vals = 0; x < n; x++) {
                    vals += lv[x] != 0u;
                }
            }
            if (s->enc == PPQ_ENC_PLAIN ? s->vlen / c->width < vals : s->n - s->i < vals) {
                return PPQ_ERR_CORRUPT;
            }
            s->v += s->enc == PPQ_ENC_PLAIN ? (size_t)vals * c->width : 0u;
            s->vlen -= s->enc == PPQ_ENC_PLAIN ? (size_t)vals * c->width : 0u;
            s->i += s->enc == PPQ_ENC_PLAIN ? 0u : vals;
            s->left -= n;
        }
        *skipped += n;
    }
    return st;
}

/* The bytes a dictionary might take of column c's chunk, uncompressed
 * (its page, and indices as wide as its entries need), from the low end
 * of an estimate of the chunk's distinct values (SIZE_MAX: no repeats
 * seen, more than its dictionary holds, or the pages unread).  The sample
 * of the chunk's first pages cannot see values that repeat only later (a
 * saw-tooth or a sine longer than the sample: 2.5x DICTIONARY's chunk).
 * Runs of RC_RUN values, one at random in each of up to RC_RUNS stretches
 * of the chunk (an eighth of it: runs of 32 in a 16th had missed a
 * saw-tooth whose period aliased with them, and 10,000 prices' repeats),
 * can: the first half's values are marked in a bitmap of RC_BITS (their
 * count from its bits: -m ln(1 - b/m) to its third term), the second
 * half's looked up there.  A share h of the second half's values found
 * (less the bitmap's false hits) says the chunk holds about (first half's
 * distinct) / h.  Halves, not every pair of runs: a random walk's nearby
 * runs share values that the whole chunk does not repeat. */
/* Would a dictionary hold chunk c whatever its values repeat: an
 * integer's that span fewer values than its entries?  Part of the chunk's
 * likeness to the last one weighed (rechunk_enc's RC_SPAN_FITS): a gyro
 * at rest, its readings in 13 values, after chunks in motion that filled
 * 16 entries, had been taken as like them, not weighed, and kept DELTA at
 * 1.3x its dictionary's chunk. */
#define RC_SPAN_FITS 0x8000u /* (above every encoding's bit) */
static int span_fits_dict(const ppq_col_t *c)
{
    const ppq_dict_enc_t *d = c->own.dict;
    uint64_t span = c->chunk_stats.hi - c->chunk_stats.lo;
    return PPQ_WRITER_STATISTICS && (c->def->type == PPQ_INT32 || c->def->type == PPQ_INT64) &&
           c->chunk_stats.has && span < d->cfg.max_entries && (span + 1u) * c->width <= d->cfg.max_bytes;
}

/* e^-x for x >= 0, as (1 - x/1024)^1024 (within 0.5% of it where it
 * matters; 0 past x = 1,024). */
static double exp_neg(double x)
{
    double y = x < 1024.0 ? 1.0 - x / 1024.0 : 0.0;
    unsigned k;
    for (k = 0; k < 10u; k++) {
        y *= y;
    }
    return y;
}

#define RC_RUNS 128u
#define RC_RUN 16u
#define RC_RUN_BITS 512u
#define RC_BITS 65536u
static size_t chunk_dict_est(ppq_writer_t *w, const ppq_col_t *c)
{
    uint32_t seen[RC_BITS / 32u], run[RC_RUN_BITS / 32u], b = 0, j, m = 0, hits = 0, e = 0, nn = 0, pos = 0,
             rnd = c->chunk_values, runs, q;
    uint64_t bytes = 0;
    double d, vals, found;
    int plain = !c->def->optional && !RC_BYTES(c);
    rsrc_t s;
    ppq_status_t st = PPQ_OK;
    const ppq_dict_enc_t *dict = c->own.dict;
    memset(seen, 0, sizeof seen);
    memset(&s, 0, sizeof s);
    s.at = c->chunk;
    s.end = c->chunk + c->chunk_len;
    s.ahead = RC_RUN;
    runs = c->chunk_values / (8u * RC_RUN); /* (an eighth of the chunk, from 16 runs to RC_RUNS) */
    runs = runs < 16u ? 16u : runs > RC_RUNS ? RC_RUNS : runs;
    for (j = 0; j < runs && st == PPQ_OK; j++) {
        uint32_t from = (uint32_t)((uint64_t)c->chunk_values * j / runs), span, k;
        span = (uint32_t)((uint64_t)c->chunk_values * (j + 1u) / runs) - from;
        rnd = rnd * 1664525u + 1013904223u;
        from += span > RC_RUN ? (uint32_t)(((uint64_t)(rnd >> 8) * (span - RC_RUN)) >> 24) : 0u;
        if (from > pos) {
            uint32_t skipped;
            st = rsrc_skip(w, c, &s, from - pos, &skipped);
            pos += skipped;
        }
        memset(run, 0, sizeof run);
        for (k = 0; k < RC_RUN && st == PPQ_OK && pos < c->chunk_values; k++, pos++) {
            const void *v = NULL;
            uint64_t h = 0;
            unsigned i, y;
            int got;
            if (plain && s.next == s.got && s.left > 0u && s.enc == PPQ_ENC_PLAIN && s.vlen >= c->width) {
                h = c->width == 4u ? ppq_load_le32(s.v) : ppq_load_le64(s.v); /* (straight from the page) */
                s.v += c->width;
                s.vlen -= c->width;
                s.left--;
                got = 1;
            } else {
                got = rsrc_next(w, c, &s, &v, &st);
            }
            e++;
            if (got <= 0) {
                continue;
            }
            nn++;
            if (v == NULL) {
            } else if (RC_BYTES(c)) {
                const ppq_bytes_t *x = (const ppq_bytes_t *)v;
                h = 0xCBF29CE484222325u;
                for (y = 0; y < x->len; y++) {
                    h = (h ^ x->ptr[y]) * 0x100000001B3u;
                }
                bytes += x->len;
            } else {
                h = c->width == 4u ? *(const uint32_t *)v : *(const uint64_t *)v;
            }
            h = (h ^ h >> 29) * 0x9E3779B97F4A7C15u;
            h ^= h >> 32; /* (a double's low bits are often 0: its product's low bits too) */
            y = (unsigned)h & (RC_RUN_BITS - 1u);
            if (run[y >> 5] >> (y & 31u) & 1u) {
                continue; /* (a repeat within the run, a walk's step back, tells nothing of the chunk's
                             distinct values; now and then another value, counted no more) */
            }
            run[y >> 5] |= 1u << (y & 31u);
            i = (unsigned)(h >> 48); /* (16 bits: RC_BITS) */
            if (2u * j < runs) {
                b += (seen[i >> 5] >> (i & 31u) & 1u) ^ 1u;
                seen[i >> 5] |= 1u << (i & 31u);
            } else {
                hits += seen[i >> 5] >> (i & 31u) & 1u;
                m++;
            }
        }
    }
    if (st != PPQ_OK || m < 32u) {
        return SIZE_MAX;
    }
    found = hits - (double)m * b / RC_BITS; /* (less the false hits) */
    if (found < m / 64u + 4u) {
        return SIZE_MAX; /* (few repeats: noise, or a walk) */
    }
    d = (double)b * (1.0 + b / (2.0 * RC_BITS) + (double)b * b / (3.0 * RC_BITS * RC_BITS)) * m / found;
    for (q = 1; (q + 1u) * (q + 1u) <= (uint32_t)found; q++) {
    }
    d *= q > 4u ? 1.0 - 2.0 / q : 0.5; /* (its low end, two standard errors down (about 1/sqrt(found) of it): where a
                           dictionary may pay, dict_pays has its replay weigh it exactly) */
    vals = (double)c->chunk_values * nn / e; /* (the chunk's values, nulls not counted) */
    d *= 1.0 - exp_neg(vals / d); /* (as many as its values draw of d: 20,000 of 10,000 prices, 8,647) */
    bytes = RC_BYTES(c) ? bytes / nn + 4u : c->width; /* (an entry's: a byte array's mean, and its length) */
    if (d / 2 > dict->cfg.max_entries || d / 2 * (double)bytes > dict->cfg.max_bytes) {
        return SIZE_MAX; /* (it would fill, and fall back; the count is rough) */
    }
    return (size_t)(d * (double)bytes + vals * ppq_bit_width32(d > 1.0 ? (uint32_t)d - 1u : 1u) / 8);
}

/* Whether a dictionary may take a 32nd less than the chunk's `raw` bytes
 * (uncompressed), by chunk_dict_est's low end (counted once: *est, 0
 * before): its replay then weighs it exactly.  (A tenth, at the estimate
 * itself: prices of two decimals, 10,000 drawn from 10,000, estimated 8%
 * smaller, 17% as written.) */
static int dict_pays(ppq_writer_t *w, const ppq_col_t *c, size_t *est, size_t raw)
{
    if (*est == 0u) {
        *est = chunk_dict_est(w, c);
    }
    return *est != SIZE_MAX && *est < raw - raw / 32u;
}

/* The candidates: a fixed encoding's column (its kind, its pages split for
 * the compressor); the dictionary falls back to PLAIN as the spec's
 * (RC_DICT), or to AUTO's alternative (RC_DICT_ALT, where that differs and
 * RC_DICT's filled). */
enum { RC_PLAIN, RC_SPLIT, RC_DELTA, RC_DLBA, RC_DBA, RC_DICT, RC_DICT_ALT, RC_COUNT };

/* Each one's column encoding (RC_SPLIT: PLAIN pages, split). */
static const uint8_t rc_encoding[RC_COUNT] = {
    PPQ_COLUMN_PLAIN,  PPQ_COLUMN_PLAIN,      PPQ_COLUMN_DELTA_BINARY_PACKED, PPQ_COLUMN_DELTA_LENGTH_BYTE_ARRAY,
    PPQ_COLUMN_DELTA_BYTE_ARRAY, PPQ_COLUMN_DICTIONARY, PPQ_COLUMN_DICTIONARY,
};

/* Column c as candidate k's column: its def a copy with that encoding
 * (every AUTO weighing then stands aside), its kind. */
static void as_candidate(ppq_col_t *c, ppq_column_t *fixed, const rsaved_t *r, unsigned k)
{
    *fixed = *r->def;
    fixed->encoding = (ppq_column_encoding_t)rc_encoding[k];
    c->def = fixed;
    c->kind = rc_encoding[k]; /* (the kinds are the column encodings) */
    c->split = (uint8_t)(k == RC_SPLIT || (k == RC_DICT_ALT && r->split == 1u));
    c->alt_kind = k == RC_DICT_ALT ? r->alt_kind : k == RC_DICT ? (uint8_t)K_PLAIN : c->kind;
    if (rc_encoding[k] == PPQ_COLUMN_DICTIONARY && !r->dict_pages) {
        ppq_dict_enc_reset(c->own.dict); /* (entries of a page AUTO wrote otherwise, not in the file) */
    }
}

/* Should candidate k be weighed for column c's chunk (its encodings as
 * saved in r; `filled`: RC_DICT's replay fell back)?  Not where the type
 * cannot take it, nor where it would write the chunk as it is: one
 * encoding throughout, or a dictionary that filled (its replay fills where
 * the chunk's did, then takes the same alternative), unless the chunk
 * holds other pages than its dictionary's and PLAIN: a dictionary AUTO
 * took mid-chunk (after DELTA pages) filled with other entries than one
 * from the chunk's start (hashed event ids, 1.15x DICTIONARY's chunk). */
static int candidate_ok(const ppq_writer_t *w, const ppq_col_t *c, const rsaved_t *r, unsigned k, int filled)
{
    ppq_type_t t = c->def->type;
    const ppq_dict_enc_t *d = c->own.dict;
    switch (k) {
    case RC_PLAIN: return r->encodings != 1u << PPQ_ENC_PLAIN;
    case RC_SPLIT:
        return SPLITS && COMPRESSED(c->codec) && AUTO_SPLIT_TYPE(&w->opts, t) &&
               r->encodings != 1u << PPQ_ENC_BYTE_STREAM_SPLIT;
    case RC_DELTA:
        return BUILT(K_DELTA) && (t == PPQ_INT32 || t == PPQ_INT64) && r->encodings != 1u << PPQ_ENC_DELTA_BINARY_PACKED;
    case RC_DLBA:
        return BUILT(K_DLBA) && t == PPQ_BYTE_ARRAY && r->encodings != 1u << PPQ_ENC_DELTA_LENGTH_BYTE_ARRAY;
    case RC_DBA: return BUILT(K_DBA) && AUTO_DBA_TYPE(&w->opts, t) && r->encodings != 1u << PPQ_ENC_DELTA_BYTE_ARRAY;
    default: {
        int full = r->dict_pages && (ppq_dict_enc_entries(d) == d->cfg.max_entries ||
                                     d->cfg.max_bytes - ppq_dict_enc_dict_bytes(d) < (t == PPQ_BYTE_ARRAY ? 4u : c->width));
        if (r->encodings == 1u << PPQ_ENC_RLE_DICTIONARY) {
            return 0;
        }
        int mixed = (r->encodings & ~(1u << PPQ_ENC_PLAIN | 1u << PPQ_ENC_RLE | 1u << PPQ_ENC_RLE_DICTIONARY)) != 0u;
        return k == RC_DICT ? !(full && r->alt_kind == K_PLAIN && !mixed) : filled && !full && r->alt_kind != K_PLAIN;
    }
    }
}

/* Weigh AUTO column c's chunk (flushed, in its buffer) against each fixed
 * encoding's, and where one takes fewer bytes write the chunk so, its
 * dictionary page first where it has one: returns 1 (the chunk written,
 * *data_start its first data page, *st the status), or 0 (the caller
 * writes the chunk as it is). */
static int rechunk(ppq_writer_t *w, ppq_col_t *c, uint64_t *data_start, ppq_status_t *st)
{
    ppq_type_t t = c->def->type;
    ppq_column_t fixed;
    rsaved_t r;
    uint64_t as_is, best;
    uint32_t crcs = 0;
    size_t dict_raw = 0;
    uint8_t dict_pages = 0;
    unsigned k, pick = RC_COUNT;
    int near, filled = 0, own_cut = 0, waiting;
    uint64_t closest = UINT64_MAX;
    uint32_t bpv, sample = 0;
    uint64_t as_is_m = 0;
    size_t wlen = 0, dict_est = 0, as_raw;
    uint16_t enc;
    (void)rz_work_mem(w, &wlen);
    if (NESTED(w) || c->def->encoding != PPQ_COLUMN_AUTO || !c->dict_kind || c->chunk_values == 0u ||
        !(t == PPQ_INT32 || t == PPQ_INT64 || t == PPQ_FLOAT || t == PPQ_DOUBLE || RC_BYTES(c)) ||
        (COMPRESSED(c->codec) && rz_work(c->codec) > wlen)) {
        return 0;
    }
    if (COMPRESSED(c->codec) || RC_BYTES(c)) { /* an old page decompressed (and a DELTA_BYTE_ARRAY
                                                           page's values) go where a chunk buffer has most room left */
        uint32_t i;
        w->rz_cap = 0;
        for (i = 0; i < w->ncols; i++) {
            ppq_col_t *o = COL(w, i);
            if (o->chunk_cap - o->chunk_len > w->rz_cap) {
                w->rz = o->chunk + o->chunk_len;
                w->rz_cap = o->chunk_cap - o->chunk_len;
            }
        }
    }
    bpv = (uint32_t)(((c->chunk_len + (c->dict_pages ? ppq_dict_enc_dict_bytes(c->own.dict) : 0u)) << 4) /
                     c->chunk_values); /* (its dictionary's bytes too: indices as wide, more entries) */
    bpv = bpv < 0xFFFFu ? bpv : 0xFFFFu;
    enc = (uint16_t)(c->encodings | (span_fits_dict(c) ? RC_SPAN_FITS : 0u));
    /* a chunk like the last one weighed, its bytes a value within a 16th,
     * none of whose rivals were much smaller (within an 8th, a GPS fix's
     * chunks standing more than the last kept BYTE_STREAM_SPLIT under LZ4
     * where PLAIN took 14% less), waits: a compressed chunk of up to 2 *
     * RC_SAMPLE values has its candidates tried on its first eighth, and is weighed
     * whole where one takes a 16th less there (a latitude under SNAPPY
     * whose chunk like the last took 19% less PLAIN, between two that took
     * more, had been left BYTE_STREAM_SPLIT).  A chunk of 64 values or
     * fewer never waits: its replays cost little, and whether a small
     * dictionary holds its values is not in its bytes a value (a heading
     * in row groups of 18 rows and 3 entries, PLAIN at up to 1.10x) */
    waiting = c->rechunk_wait > 0u && c->chunk_values > 64u && enc == c->rechunk_enc &&
              bpv - bpv / 16u <= c->rechunk_bpv && c->rechunk_bpv - c->rechunk_bpv / 16u <= bpv;
    if (waiting && (!COMPRESSED(c->codec) || c->chunk_values > 2u * RC_SAMPLE)) {
        c->rechunk_wait--; /* (uncompressed, its bytes a value tell its rivals' too; a large chunk's
                              first pages are a sample of its own when weighed) */
        return 0;
    }
    own_cut = w->rg_due && buffer_cut(w, c) && c->kind != K_DICT; /* (learned from: dict_learned) */
    (void)own_cut; /* (never, but on 64-bit CPUs with PPQ_WRITER_AUTO_LEARNS) */
    as_is = c->chunk_len + (c->dict_pages ? dict_page_len(w, c) : 0u);
    as_raw = COMPRESSED(c->codec) ? c->chunk_raw + (c->dict_pages ? ppq_dict_enc_dict_bytes(c->own.dict) : 0u)
                                  : (size_t)as_is;
    best = as_is - as_is / 64u; /* (a candidate must take a 64th less) */
    if (waiting || (c->chunk_values > 2u * RC_SAMPLE && c->chunk_values - c->chunk_stats.nulls > 2u * RC_SAMPLE)) { /* a large
        chunk: candidates on its first pages first (not a sparse one's: their few values had lost a
        dictionary a sine's 200 values in 20,000 rows took in 0.75x PLAIN's bytes; its whole replay is short) */
        uint64_t head = chunk_prefix(c, waiting ? c->chunk_values / 8u : RC_SAMPLE, &sample);
        as_is_m = head + (as_is - c->chunk_len);
        sample = head * c->chunk_values >= (uint64_t)c->chunk_len * sample / 8u ? sample : 0u; /* (not where
            those pages hold under an eighth of their share of its bytes: nulls, or a constant, that tell
            little of the rest) */
        if (sample != 0u && as_is * sample / c->chunk_values > as_is_m) { /* (nor less than the chunk's
            bytes for as many values: its later pages larger, a dictionary given up after them had kept
            a version string PLAIN at 4.2x DICTIONARY's chunk) */
            as_is_m = as_is * sample / c->chunk_values;
        }
    }
    if (waiting && sample == 0u) {
        c->rechunk_wait--; /* (its first pages tell little: it waits as before) */
        return 0;
    }
    rsave(w, c, &r);
    for (k = 0; k < RC_COUNT; k++) {
        ppq_status_t s;
        uint64_t bytes;
        if (!candidate_ok(w, c, &r, k, filled) ||
            (k == RC_PLAIN && PPQ_WRITER_STATISTICS && !COMPRESSED(c->codec) && t != PPQ_BYTE_ARRAY &&
             (r.chunk_values - c->chunk_stats.nulls) * c->width >= best)) {
            continue; /* (uncompressed PLAIN takes its values' bytes at least) */
        }
        if (sample != 0u) { /* (only one a 20th smaller there, a 32nd under a codec, a 16th where
                               it waits, is weighed whole; under a codec, in a chunk of up to 16
                               samples, one whose replay there stayed within the chunk's bytes
                               for those values (it gives up past them, at a page's end) and took
                               at most a 32nd more: a compressed page takes fewer bytes a value as
                               it grows, and a status's dictionary under LZ4 had been kept at
                               1.06x PLAIN's chunk, PLAIN 2% larger on its first 4,660 values.
                               In longer chunks the whole replays cost more than they found: the
                               sensor bench's chunks of 131,072 values under ZSTD took 14% more
                               instructions for 0.14% fewer bytes) */
            uint64_t pass = COMPRESSED(c->codec) && !waiting && c->chunk_values <= 16u * RC_SAMPLE
                                ? as_is_m + as_is_m / 32u
                                : as_is_m - as_is_m / (waiting ? 16u : COMPRESSED(c->codec) ? 32u : 20u);
            as_candidate(c, &fixed, &r, k);
            s = replay(w, c, sample, 1, as_is_m, &crcs, 0);
            bytes = w->rz_at + (c->dict_pages ? dict_page_len(w, c) : 0u);
            if (rrestore(w, c, &r, 1) != PPQ_OK || (s != PPQ_OK && s != PPQ_ERR_NOSPACE)) {
                return 0; /* (not reached: the chunk as it is) */
            }
            if ((s != PPQ_OK || bytes > pass) &&
                (rc_encoding[k] != PPQ_COLUMN_DICTIONARY || !dict_pays(w, c, &dict_est, as_raw))) {
                continue; /* (a dictionary's too, unless the whole chunk's distinct values say it pays) */
            }
        }
        as_candidate(c, &fixed, &r, k);
        s = replay(w, c, r.chunk_values, 1, best, &crcs, 1);
        bytes = w->rz_at + (c->dict_pages ? dict_page_len(w, c) : 0u);
        closest = bytes < closest ? bytes : closest;
        filled |= k == RC_DICT && c->kind != K_DICT; /* (given up before a fill: RC_DICT_ALT, as large, is too) */
        if (s == PPQ_OK && bytes < best) {
            best = bytes;
            pick = k;
        }
        if (rrestore(w, c, &r, 1) != PPQ_OK || (s != PPQ_OK && s != PPQ_ERR_NOSPACE)) {
            return 0; /* (not reached: the chunk as it is) */
        }
    }
    if (waiting && closest == UINT64_MAX) {
        c->rechunk_wait--; /* (none weighed whole: the wait goes on) */
        return 0;
    }
    c->rechunk_enc = enc;
    c->rechunk_bpv = (uint16_t)bpv;
    near = best <= as_is - as_is / 20u || closest <= as_is + as_is / 8u; /* (a twentieth smaller, or a close
        contest: the next chunk is weighed too) */
    c->rechunk_wait = near ? 0u : c->rechunk_lost;
    c->rechunk_lost = near ? 0u : (uint8_t)(c->rechunk_lost < 32u ? 2u * c->rechunk_lost + 1u : 63u);
    if (pick == RC_COUNT) {
        return 0;
    }
    as_candidate(c, &fixed, &r, pick);
    c->chunk_raw = 0;
    if (rc_encoding[pick] == PPQ_COLUMN_DICTIONARY) { /* its dictionary: the replay's, counted again, then its page */
        *st = replay(w, c, r.chunk_values, 1, UINT64_MAX, &crcs, 1);
        w->rz_mode = 0;
        c->chunk_raw = 0;
        w->hdr_crcs = r.hdr_crcs;
#if PPQ_WRITER_BLOOM
        if (*st == PPQ_OK && BLOOM(&w->opts) && c->bloom != NULL) {
            c->bloom->n = bloom_size(w, c);
        }
#endif
        if (*st == PPQ_OK && c->dict_pages) {
            *st = write_dict_page(w, c);
            dict_raw = c->chunk_raw;
            dict_pages = 1;
#if AUTO_LEARNS && SIZE_MAX > 0xFFFFFFFFu
            if (c->kind == K_DICT && own_cut) { /* (kept to the chunk's end, where this column's buffer, full
                of other pages, ended the row group: the next chunk learns it (dict_learned), as
                auto_remember's, else the alternative fills the buffer as soon again: a saw-tooth's 1,000
                values in PLAIN pages of 500 took row groups of 1,501 rows, each weighed again to its
                dictionary, 3.1x DICTIONARY's file of 11,001-row groups) */
                r.last_rows = (uint16_t)(r.chunk_values < 0xFFFFu ? r.chunk_values : 0xFFFFu);
                r.last_entries = (uint16_t)(ppq_dict_enc_entries(c->own.dict) < 0xFFFFu ? ppq_dict_enc_entries(c->own.dict) : 0u);
            }
#endif
        }
        ppq_dict_enc_truncate(c->own.dict, r.dict_pages ? r.entries : 0u); /* (its entries come in again as
            they came when counted: a page's indices as narrow as then, the same indices) */
    }
#if PPQ_WRITER_PAGE_INDEX
    if (c->pidx != NULL) {
        index_reset(c->pidx);
    }
#endif
    *data_start = w->out->offset;
    if (*st == PPQ_OK) {
        as_candidate(c, &fixed, &r, pick); /* (again: the dictionary's replay may have ended on its fallback) */
        *st = replay(w, c, r.chunk_values, 2, UINT64_MAX, &crcs, 1);
        w->hdr_crcs -= crcs; /* (the old pages' headers out, the new ones' in) */
        c->chunk_raw += dict_raw;
        c->dict_pages = (uint8_t)(c->dict_pages | dict_pages);
        c->encodings |= dict_pages ? 1u << PPQ_ENC_PLAIN : 0u;
    }
    if (*st == PPQ_OK) {
        *st = rrestore(w, c, &r, 0);
    }
#if PPQ_WRITER_BLOOM
    if (rc_encoding[pick] != PPQ_COLUMN_DICTIONARY && BLOOM(&w->opts) && c->bloom != NULL) {
        c->bloom->n = 0;
    }
#endif
    return 1;
}

#endif
