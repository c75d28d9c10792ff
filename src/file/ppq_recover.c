/* Power-loss recovery (see ppq_recover.h for the records it reads). */
#include "ppq_recover.h"
#include "ppq_codec.h"
#include "ppq_config.h"
#include "ppq_internal.h"
#include "ppq_meta.h"
#include "ppq_thrift.h"

enum { PAGE_DATA = 0, PAGE_DICTIONARY = 2, PAGE_DATA_V2 = 3 };

#define HEADER_WINDOW 512u /* the longest page header read (the writer's are under 300 bytes) */
#define HEADER_SHORT 96u   /* enough for a page header with numeric statistics */
#define DESC_MAX (8u + 255u)
#define BOUND_MAX 255u

/* A page header as recovery needs it; the statistics' bounds point into
 * the header window. */
typedef struct page {
    uint32_t type, hdr_len, size, usize, crc, values, encoding;
    uint8_t has_crc, has_stats;
#if PPQ_WRITER_NESTED
    uint8_t nested;  /* a nested schema's page: its values (entries) are not its rows */
    uint32_t rows;   /* v2: the rows (records) it holds */
#endif
    ppq_stats_t stats;
} page_t;

/* Recovery state, in the arena (so the stack stays small): buffers, what
 * the header record says, the page and chunk being walked. */
typedef struct rc {
    const ppq_file_t *f;
    uint64_t size;       /* the file's length (in place: after the truncation too) */
    uint8_t *win;        /* a page header */
    uint8_t *desc;       /* a column descriptor */
    uint8_t *buf;        /* page bodies, copies */
    size_t buf_cap;
    uint32_t ncols;
    uint8_t stats;       /* pages carry statistics */
    uint8_t codec;       /* every page's codec (ppq_codec_t) */
    uint8_t pidx;        /* row groups carry a page index and its record */
#if PPQ_WRITER_NESTED
    uint8_t nested;      /* a nested schema: descriptors name paths, v2 pages count records */
#endif
    uint64_t ci, oi;     /* ... where the next column's ColumnIndex, OffsetIndex are */
    uint8_t bloom;       /* row groups carry a bloom filter record and filters */
    uint64_t bf;         /* ... where the next column's filter is */
    uint64_t desc_off;   /* the first column descriptor */
    uint64_t head_off, tail_off;
    uint32_t head_len, tail_len;
    uint64_t groups_off; /* the first row group */
    ppq_thrift_r_t tr;   /* reads a page header */
    page_t page;         /* the page header just read */
    ppq_stats_t cs;      /* the chunk's statistics */
    ppq_chunk_meta_t m;  /* the chunk's metadata */
} rc_t;

/* Read up to len bytes at off; *got short only at the end of the file.  A
 * read that stops short of the file's size failed (a flaky card): an I/O
 * error, never taken for a cut (which would truncate good data). */
static ppq_status_t read_at(rc_t *r, uint64_t off, uint8_t *buf, size_t len, size_t *got)
{
    ppq_status_t st = PPQ_OK;
    *got = 0;
    while (*got < len && st == PPQ_OK) {
        size_t n = 0;
        st = r->f->read_at(r->f->ctx, off + *got, buf + *got, len - *got, &n);
        st = st > 0 ? PPQ_ERR_IO : st;
        if (n == 0u || n > len - *got) {
            break;
        }
        *got += n;
    }
    if (st == PPQ_OK && *got < len && off + *got < r->size) {
        st = PPQ_ERR_IO;
    }
    return st;
}

/* Exactly len bytes at off, else PPQ_ERR_CORRUPT (the file ends first). */
static ppq_status_t read_exact(rc_t *r, uint64_t off, uint8_t *buf, size_t len)
{
    size_t got;
    ppq_status_t st = read_at(r, off, buf, len, &got);
    return st == PPQ_OK && got != len ? PPQ_ERR_CORRUPT : st; /* the file ends first */
}

/* CRC-32 of len bytes at off. */
static ppq_status_t crc_of(rc_t *r, uint64_t off, uint64_t len, uint32_t *crc)
{
    ppq_status_t st = PPQ_OK;
    *crc = 0;
    while (len > 0u && st == PPQ_OK) {
        size_t n = len < r->buf_cap ? (size_t)len : r->buf_cap;
        st = read_exact(r, off, r->buf, n);
        *crc = ppq_crc32(*crc, r->buf, n);
        off += n;
        len -= n;
    }
    return st;
}

/* Copy len bytes at off to out. */
static ppq_status_t copy_out(rc_t *r, uint64_t off, uint64_t len, ppq_sink_t *out)
{
    ppq_status_t st = PPQ_OK;
    while (len > 0u && st == PPQ_OK) {
        size_t n = len < r->buf_cap ? (size_t)len : r->buf_cap;
        st = read_exact(r, off, r->buf, n);
        st = st == PPQ_OK ? ppq_sink_write(out, r->buf, n) : st;
        off += n;
        len -= n;
    }
    return st;
}

/* ---- page headers ---------------------------------------------------------- */

static ppq_status_t read_u32(ppq_thrift_r_t *t, ppq_thrift_type_t type, uint32_t *v)
{
    int32_t x = 0;
    ppq_status_t st = ppq_thrift_r_i32(t, type, &x);
    *v = (uint32_t)x;
    return st == PPQ_OK && x < 0 ? PPQ_ERR_CORRUPT : st;
}

static ppq_status_t read_count(ppq_thrift_r_t *t, ppq_thrift_type_t type, uint64_t *v)
{
    int64_t x = 0;
    ppq_status_t st = ppq_thrift_r_i64(t, type, &x);
    *v = (uint64_t)x;
    return st == PPQ_OK && x < 0 ? PPQ_ERR_CORRUPT : st;
}

/* A Statistics struct (entered) into p->stats. */
static ppq_status_t read_stats(ppq_thrift_r_t *t, page_t *p)
{
    ppq_stats_t *s = &p->stats;
    uint8_t got_min = 0, got_max = 0;
    int16_t id = 0;
    ppq_thrift_type_t type = PPQ_THRIFT_STOP;
    ppq_status_t st = ppq_thrift_r_field(t, &id, &type);
    ppq_stats_reset(s);
    s->min_exact = s->max_exact = 1;
    while (st == PPQ_OK && type != PPQ_THRIFT_STOP) {
        const uint8_t *b = NULL;
        uint32_t len = 0;
        int flag = 0;
        switch (id) {
        case 3: st = read_count(t, type, &s->nulls); break;
        case 9: st = read_count(t, type, &s->nans); break;
        case 5:
        case 6:
            st = ppq_thrift_r_binary(t, type, &b, &len);
            if (st == PPQ_OK && len > BOUND_MAX) {
                st = PPQ_ERR_CORRUPT;
            }
            if (id == 5) {
                s->max = (uint8_t *)(uintptr_t)b; /* read only: merged into the chunk's */
                s->max_len = (uint8_t)len;
                got_max = 1;
            } else {
                s->min = (uint8_t *)(uintptr_t)b;
                s->min_len = (uint8_t)len;
                got_min = 1;
            }
            break;
        case 7:
        case 8:
            st = ppq_thrift_r_bool(t, type, &flag);
            if (id == 7) {
                s->max_exact = (uint8_t)flag;
            } else {
                s->min_exact = (uint8_t)flag;
            }
            break;
        default: st = ppq_thrift_r_skip(t, type); break;
        }
        st = st == PPQ_OK ? ppq_thrift_r_field(t, &id, &type) : st;
    }
    s->has = got_min;
    s->no_max = (uint8_t)(got_min && !got_max); /* a byte array without an upper bound */
    p->has_stats = 1;
    return st;
}

/* The fields of a data (v1, v2) or dictionary page header struct
 * (entered) that recovery uses. */
static ppq_status_t read_page_kind(ppq_thrift_r_t *t, int16_t kind, page_t *p)
{
    int16_t id = 0;
    ppq_thrift_type_t type = PPQ_THRIFT_STOP;
    uint32_t rows = 0;
    int16_t stats_id = kind == 5 ? 5 : kind == 8 ? 8 : 0;
    int16_t enc_id = kind == 8 ? 4 : 2;
    ppq_status_t st = ppq_thrift_r_field(t, &id, &type);
    while (st == PPQ_OK && type != PPQ_THRIFT_STOP) {
        if (id == 1) {
            st = read_u32(t, type, &p->values);
        } else if (id == enc_id) {
            st = read_u32(t, type, &p->encoding);
        } else if (id == 3 && kind == 8) {
            st = read_u32(t, type, &rows);
        } else if (id == stats_id && stats_id != 0) {
            st = ppq_thrift_r_struct(t, type);
            st = st == PPQ_OK ? read_stats(t, p) : st;
        } else {
            st = ppq_thrift_r_skip(t, type);
        }
        st = st == PPQ_OK ? ppq_thrift_r_field(t, &id, &type) : st;
    }
#if PPQ_WRITER_NESTED
    p->rows = rows;
    if (st == PPQ_OK && kind == 8 && rows != p->values && !p->nested) {
        st = PPQ_ERR_CORRUPT; /* a flat schema has a value (or null) per row */
    }
#else
    if (st == PPQ_OK && kind == 8 && rows != p->values) {
        st = PPQ_ERR_CORRUPT; /* a flat schema has a value (or null) per row */
    }
#endif
    return st;
}

/* Parse the page header in the first `got` bytes of the header window. */
static ppq_status_t parse_page(rc_t *r, size_t got, page_t *p)
{
    ppq_thrift_r_t *t = &r->tr;
    int16_t id = 0, kind = 0;
    ppq_thrift_type_t type = PPQ_THRIFT_STOP;
    uint32_t usize = 0;
    ppq_status_t st;
    memset(p, 0, sizeof *p);
    p->encoding = 32u; /* none */
#if PPQ_WRITER_NESTED
    p->nested = r->nested;
#endif
    ppq_thrift_r_init(t, r->win, got);
    st = ppq_thrift_r_field(t, &id, &type);
    while (st == PPQ_OK && type != PPQ_THRIFT_STOP) {
        switch (id) {
        case 1: st = read_u32(t, type, &p->type); break;
        case 2: st = read_u32(t, type, &usize); break;
        case 3: st = read_u32(t, type, &p->size); break;
        case 4: {
            int32_t crc = 0; /* any bit pattern: the CRC as a signed i32 */
            st = ppq_thrift_r_i32(t, type, &crc);
            p->crc = (uint32_t)crc;
            p->has_crc = 1;
            break;
        }
        case 5:
        case 7:
        case 8:
            if (kind != 0) {
                st = PPQ_ERR_CORRUPT; /* two kinds of page */
                break;
            }
            kind = id;
            st = ppq_thrift_r_struct(t, type);
            st = st == PPQ_OK ? read_page_kind(t, id, p) : st;
            break;
        default: st = ppq_thrift_r_skip(t, type); break;
        }
        st = st == PPQ_OK ? ppq_thrift_r_field(t, &id, &type) : st;
    }
    if (st != PPQ_OK) {
        return PPQ_IS_IO(st) ? st : PPQ_ERR_CORRUPT;
    }
    p->hdr_len = (uint32_t)ppq_thrift_r_offset(t, r->win);
    /* what the writer writes: pages with a CRC (uncompressed: both sizes the same), of a kind
     * that matches the header struct, a known encoding */
    p->usize = usize;
    if (!p->has_crc || (r->codec == PPQ_CODEC_UNCOMPRESSED && usize != p->size) || p->encoding >= 32u ||
        !((p->type == PAGE_DATA && kind == 5) || (p->type == PAGE_DATA_V2 && kind == 8) ||
          (p->type == PAGE_DICTIONARY && kind == 7))) {
        return PPQ_ERR_CORRUPT;
    }
    return PPQ_OK;
}

/* Read and parse the page header at `off` (not its body): most fit a
 * short read; a longer one (byte-array statistics) is read again whole. */
static ppq_status_t read_page(rc_t *r, uint64_t off, page_t *p)
{
    size_t got = 0;
    ppq_status_t st = read_at(r, off, r->win, HEADER_SHORT, &got);
    st = st == PPQ_OK ? parse_page(r, got, p) : st;
    if (st == PPQ_ERR_CORRUPT && got == HEADER_SHORT) {
        st = read_at(r, off, r->win, HEADER_WINDOW, &got);
        st = st == PPQ_OK ? parse_page(r, got, p) : st;
    }
    return st;
}

/* ---- the header record ----------------------------------------------------- */

/* Check the header record after "PAR1" and note where its parts are. */
static ppq_status_t read_header(rc_t *r)
{
    uint8_t *b = r->win;
    uint32_t body, crc, i;
    uint64_t off;
    ppq_status_t st = read_exact(r, 0, b, 24);
    if (st != PPQ_OK) {
        return st;
    }
    body = ppq_load_le32(b + 8);
    if (memcmp(b, "PAR1", 4) != 0 || memcmp(b + 4, PPQ_RECOVER_HEADER_TAG, 4) != 0 || body < 16u ||
        body > r->size || b[12] != PPQ_RECOVER_FORMAT ||
        (b[13] & ~(1u | (PPQ_WRITER_PAGE_INDEX ? 2u : 0u) | (PPQ_WRITER_NESTED ? 4u : 0u) | (PPQ_WRITER_BLOOM ? 8u : 0u))) != 0u ||
        b[14] > (uint8_t)PPQ_CODEC_LZ4_RAW || b[15] != 0u) {
        return PPQ_ERR_CORRUPT;
    }
    r->stats = b[13] & 1u;
#if PPQ_WRITER_BLOOM
    r->bloom = (uint8_t)((b[13] >> 3) & 1u);
#endif
#if PPQ_WRITER_NESTED
    r->pidx = (uint8_t)((b[13] >> 1) & 1u);
    r->nested = (uint8_t)((b[13] >> 2) & 1u);
#else
    r->pidx = (uint8_t)(PPQ_WRITER_BLOOM ? (b[13] >> 1) & 1u : b[13] >> 1);
#endif
    r->codec = b[14];
    if (r->stats && !PPQ_WRITER_STATISTICS) {
        return PPQ_ERR_UNSUPPORTED; /* its footer would lose them: built without statistics */
    }
    r->ncols = ppq_load_le32(b + 16);
    r->head_len = ppq_load_le32(b + 20);
    st = read_exact(r, 24, b, 4);
    r->tail_len = ppq_load_le32(b);
    if (st != PPQ_OK) {
        return st;
    }
    st = crc_of(r, 4, 8u + (uint64_t)body, &crc);
    st = st == PPQ_OK ? read_exact(r, 12u + (uint64_t)body, b, 4) : st;
    if (st != PPQ_OK || ppq_load_le32(b) != crc) {
        return st != PPQ_OK ? st : PPQ_ERR_CORRUPT;
    }
    /* the descriptors, then head and tail, fill the body exactly */
    r->desc_off = 28;
    off = r->desc_off;
    for (i = 0; i < r->ncols && off < 12u + (uint64_t)body; i++) {
        st = read_exact(r, off, b, 8);
        if (st != PPQ_OK) {
            return st;
        }
        off += 8u + b[3];
    }
    r->head_off = off;
    r->tail_off = off + r->head_len;
    r->groups_off = 16u + (uint64_t)body;
    if (r->ncols == 0u || i != r->ncols || r->tail_off + r->tail_len != 12u + (uint64_t)body) {
        return PPQ_ERR_CORRUPT;
    }
    return PPQ_OK;
}

/* The descriptor at *off into r->desc; *off moves to the next. */
static ppq_status_t read_desc(rc_t *r, uint64_t *off)
{
    uint8_t order, cap;
    uint32_t width;
    ppq_status_t st = read_exact(r, *off, r->desc, 8);
    st = st == PPQ_OK ? read_exact(r, *off + 8u, r->desc + 8, r->desc[3]) : st;
    *off += 8u + r->desc[3];
    order = r->desc[1];
    cap = r->desc[2];
    width = ppq_load_le32(r->desc + 4);
    /* numeric bounds are whole values the statistics code can hold */
    if (st == PPQ_OK && (order > PPQ_ORDER_BYTES || (order == PPQ_ORDER_BOOL && width != 1u) ||
                         ((order == PPQ_ORDER_SIGNED || order == PPQ_ORDER_UNSIGNED || order == PPQ_ORDER_FLOAT) &&
                          width != 4u && width != 8u) ||
                         (order != PPQ_ORDER_NONE && order != PPQ_ORDER_BYTES && cap < width))) {
        st = PPQ_ERR_CORRUPT;
    }
    return st;
}

/* ---- row groups ------------------------------------------------------------ */

/* A check of a flat schema's chunk (a value or null per row), not a nested one's. */
#if PPQ_WRITER_NESTED
#define FLAT_ONLY(x) (!r->nested && (x))
#else
#define FLAT_ONLY(x) (x)
#endif

/*
 * Walk the pages of one column chunk from *pos, `rows` values in all,
 * described by r->desc.  `check`: verify each body's CRC.  Fills *m (its
 * statistics in `cs`) and adds each header's CRC to *hdr_sum.
 */
static ppq_status_t walk_chunk(rc_t *r, uint64_t *pos, uint64_t end, uint32_t rows, int check, uint32_t *hdr_sum)
{
    page_t *p = &r->page;
    ppq_stats_t *cs = &r->cs;
    ppq_chunk_meta_t *m = &r->m;
    uint64_t values = 0;
    uint8_t order = r->desc[1], cap = r->desc[2];
    uint32_t width = ppq_load_le32(r->desc + 4);
    ppq_status_t st = PPQ_OK;
#if PPQ_WRITER_NESTED
    uint32_t recs = 0; /* a nested chunk: records so far (its pages' v2 row counts) */
#endif
    m->name = (const char *)(r->desc + 8);
    m->name_len = r->desc[3];
    m->type = r->desc[0];
    m->order = order;
    m->width = width;
    m->encodings = 1u << PPQ_ENC_RLE; /* levels */
    m->values = rows;
    m->start = m->data_start = *pos;
#if PPQ_WRITER_NESTED
    m->depth = 0;
    m->path = NULL;
    if (r->nested) { /* the path's names, apart by a NUL */
        uint32_t k;
        m->depth = 1;
        for (k = 0; k < m->name_len; k++) {
            m->depth += m->name[k] == '\0';
        }
    }
#endif
    m->codec = r->codec;
    m->raw_size = 0; /* the pages uncompressed, headers included */
    m->stats = r->stats ? cs : NULL;
    cs->cap = cap;
    ppq_stats_reset(cs);
#if PPQ_WRITER_NESTED
    while ((r->nested ? recs : values) < rows && st == PPQ_OK) {
#else
    while (values < rows && st == PPQ_OK) {
#endif
        uint32_t crc = 0;
        st = read_page(r, *pos, p);
        if (st != PPQ_OK) {
            break;
        }
        if (*pos + p->hdr_len + p->size > end) {
            return PPQ_ERR_CORRUPT; /* runs into the record */
        }
        if (p->type == PAGE_DICTIONARY) {
            if (*pos != m->start) {
                return PPQ_ERR_CORRUPT; /* only the first page */
            }
            m->data_start = *pos + p->hdr_len + p->size;
        } else {
#if PPQ_WRITER_NESTED
            if (r->nested) { /* v2 pages, each a whole number of records */
                if (p->type != PAGE_DATA_V2 || p->rows == 0u || p->rows > rows - recs || p->values < p->rows) {
                    return PPQ_ERR_CORRUPT;
                }
                recs += p->rows;
            }
#endif
            if (p->values == 0u || FLAT_ONLY(p->values > rows - values) || (r->stats && !p->has_stats) ||
                (p->has_stats && p->stats.nulls > p->values) ||
                (p->has_stats && p->stats.has &&
                 (p->stats.min_len > cap || p->stats.max_len > cap ||
                  (order != PPQ_ORDER_BYTES && (p->stats.min_len != width || p->stats.max_len != width))))) {
                return PPQ_ERR_CORRUPT;
            }
            values += p->values;
            if (r->stats && order != PPQ_ORDER_NONE) {
                if (order != PPQ_ORDER_BYTES && p->stats.has) { /* numbers merge by their keys */
                    p->stats.lo = ppq_stats_key(order, width, p->stats.min);
                    p->stats.hi = ppq_stats_key(order, width, p->stats.max);
                }
                ppq_stats_merge(cs, &p->stats, order);
            } else if (r->stats) {
                cs->nulls += p->stats.nulls;
            }
        }
        m->encodings |= 1u << p->encoding;
        m->raw_size += p->hdr_len + p->usize;
        *hdr_sum += ppq_crc32(0, r->win, p->hdr_len);
        if (check) {
            st = crc_of(r, *pos + p->hdr_len, p->size, &crc);
            if (st == PPQ_OK && crc != p->crc) {
                st = PPQ_ERR_CORRUPT;
            }
        }
        *pos += p->hdr_len + p->size;
    }
    m->end = *pos;
#if PPQ_WRITER_NESTED
    if (r->nested) {
        m->values = values; /* entries */
    }
#endif
    return st;
}

/* The row-group record at `off`: its rows, checked against ordinal `g`. */
static ppq_status_t read_record(rc_t *r, uint64_t off, uint32_t g, uint32_t *rows, uint32_t *hdr_sum)
{
    uint8_t *b = r->win; /* free between page headers */
    ppq_status_t st = read_exact(r, off, b, PPQ_RECOVER_GROUP_RECORD);
    if (st != PPQ_OK) {
        return st;
    }
    *rows = ppq_load_le32(b + 4);
    *hdr_sum = ppq_load_le32(b + 12);
    if (memcmp(b, PPQ_RECOVER_GROUP_TAG, 4) != 0 || ppq_load_le32(b + 16) != ppq_crc32(0, b, 16) ||
        ppq_load_le32(b + 8) != g || *rows == 0u || *rows > 0x7FFFFFFFu) {
        return PPQ_ERR_CORRUPT;
    }
    return PPQ_OK;
}

#if PPQ_WRITER_PAGE_INDEX
/* Step *pos over the page index record there and the index after it. */
static PPQ_NOINLINE ppq_status_t skip_index(rc_t *r, uint64_t *pos)
{
    uint8_t b[4];
    ppq_status_t st = read_exact(r, *pos + 4u, b, 4);
    *pos += 12u + 8u * (uint64_t)r->ncols + ppq_load_le32(b);
    return st == PPQ_OK && *pos > r->size ? PPQ_ERR_CORRUPT : st;
}
#endif

#if PPQ_WRITER_BLOOM
/* Step *pos over the bloom filter record there and the filters after it. */
static PPQ_NOINLINE ppq_status_t skip_blooms(rc_t *r, uint64_t *pos)
{
    uint8_t b[4];
    ppq_status_t st = read_exact(r, *pos + 4u, b, 4);
    *pos += 12u + 4u * (uint64_t)r->ncols + ppq_load_le32(b);
    return st == PPQ_OK && *pos > r->size ? PPQ_ERR_CORRUPT : st;
}
#endif

/* Where the row group starting at `pos` ends: its record, found by
 * stepping over page headers (and its page index's record, at *pqi, and
 * the index after it; its bloom filter record, at *pqb, and the filters
 * after it). */
static ppq_status_t find_record(rc_t *r, uint64_t pos, uint64_t *rec, uint64_t *pqi, uint64_t *pqb)
{
    uint8_t tag[4];
    page_t *p = &r->page;
    (void)pqi;
    (void)pqb;
    for (;;) {
        ppq_status_t st = read_exact(r, pos, tag, 4);
        if (st != PPQ_OK) {
            return st;
        }
        if (memcmp(tag, PPQ_RECOVER_GROUP_TAG, 4) == 0) {
            *rec = pos;
            return PPQ_OK;
        }
#if PPQ_WRITER_PAGE_INDEX
        if (r->pidx && memcmp(tag, PPQ_RECOVER_INDEX_TAG, 4) == 0) {
            *pqi = pos;
            st = skip_index(r, &pos);
            if (st != PPQ_OK) {
                return st;
            }
            continue;
        }
#endif
#if PPQ_WRITER_BLOOM
        if (r->bloom && memcmp(tag, PPQ_RECOVER_BLOOM_TAG, 4) == 0) {
            *pqb = pos;
            st = skip_blooms(r, &pos);
            if (st != PPQ_OK) {
                return st;
            }
            continue;
        }
#endif
        st = read_page(r, pos, p);
        if (st != PPQ_OK) {
            return st;
        }
        pos += p->hdr_len + p->size;
        if (pos > r->size) {
            return PPQ_ERR_CORRUPT;
        }
    }
}

#if PPQ_WRITER_PAGE_INDEX
/* The page index record at `pqi` of the row group whose record is at
 * `rec`: checked, and where its indexes start (r->ci: the ColumnIndexes,
 * r->oi: the OffsetIndexes), *crc the CRC of the index bytes. */
static PPQ_NOINLINE ppq_status_t read_index_record(rc_t *r, uint64_t pqi, uint64_t rec, uint32_t *crc)
{
    uint8_t b[8];
    uint64_t cis = 0, all = 0, len, at = pqi + 8u;
    uint32_t i, sum;
    ppq_status_t st;
    if (pqi == UINT64_MAX) {
        return PPQ_ERR_CORRUPT; /* no index record */
    }
    st = read_exact(r, pqi, b, 8);
    len = ppq_load_le32(b + 4);
    sum = ppq_crc32(0, b, 8);
    for (i = 0; i < r->ncols && st == PPQ_OK; i++, at += 8u) {
        st = read_exact(r, at, b, 8);
        sum = ppq_crc32(sum, b, 8);
        cis += ppq_load_le32(b);
        all += (uint64_t)ppq_load_le32(b) + ppq_load_le32(b + 4);
        if (ppq_load_le32(b) != 0u && ppq_load_le32(b + 4) == 0u) {
            st = PPQ_ERR_CORRUPT; /* a ColumnIndex without its OffsetIndex */
        }
    }
    st = st == PPQ_OK ? read_exact(r, at, b, 4) : st;
    if (st == PPQ_OK && (ppq_load_le32(b) != sum || all != len || at + 4u + len != rec)) {
        st = PPQ_ERR_CORRUPT;
    }
    r->ci = at + 4u;
    r->oi = r->ci + cis;
    return st == PPQ_OK ? crc_of(r, r->ci, len, crc) : st;
}

/* Column i's indexes (its lengths in the record at `pqi`) into r->m: at
 * r->ci and r->oi, which move past them. */
static PPQ_NOINLINE ppq_status_t chunk_index(rc_t *r, uint64_t pqi, uint32_t i)
{
    uint8_t b[8];
    ppq_status_t st = read_exact(r, pqi + 8u + 8u * (uint64_t)i, b, 8);
    r->m.ci_len = ppq_load_le32(b);
    r->m.oi_len = ppq_load_le32(b + 4);
    r->m.ci_offset = r->ci;
    r->m.oi_offset = r->oi;
    r->ci += r->m.ci_len;
    r->oi += r->m.oi_len;
    return st;
}
#endif

#if PPQ_WRITER_BLOOM
/* The bloom filter record at `pqb` of the row group whose record is at
 * `rec`: checked, r->bf where its filters start, *crc the CRC of their
 * bytes. */
static PPQ_NOINLINE ppq_status_t read_bloom_record(rc_t *r, uint64_t pqb, uint64_t rec, uint32_t *crc)
{
    uint8_t b[8];
    uint64_t all = 0, len, at = pqb + 8u;
    uint32_t i, sum;
    ppq_status_t st;
    st = read_exact(r, pqb, b, 8);
    len = ppq_load_le32(b + 4);
    sum = ppq_crc32(0, b, 8);
    for (i = 0; i < r->ncols && st == PPQ_OK; i++, at += 4u) {
        st = read_exact(r, at, b, 4);
        sum = ppq_crc32(sum, b, 4);
        all += ppq_load_le32(b);
    }
    st = st == PPQ_OK ? read_exact(r, at, b, 4) : st;
    if (st == PPQ_OK && (ppq_load_le32(b) != sum || all != len || at + 4u + len != rec)) {
        st = PPQ_ERR_CORRUPT;
    }
    r->bf = at + 4u;
    return st == PPQ_OK ? crc_of(r, r->bf, len, crc) : st;
}

/* Column i's filter (its length in the record at `pqb`) into r->m: at
 * r->bf, which moves past it. */
static PPQ_NOINLINE ppq_status_t chunk_bloom(rc_t *r, uint64_t pqb, uint32_t i)
{
    uint8_t b[4] = {0, 0, 0, 0}; /* (no record: no filter) */
    ppq_status_t st = pqb != UINT64_MAX ? read_exact(r, pqb + 8u + 4u * (uint64_t)i, b, 4) : PPQ_OK;
    r->m.bloom_len = ppq_load_le32(b);
    r->m.bloom_offset = r->bf;
    r->bf += r->m.bloom_len;
    return st;
}
#endif

/*
 * The row group `g` at *pos: verify it (check) and/or write its RowGroup
 * metadata to t (NULL: none).  On success *pos is past its record and
 * *rows its row count.
 */
static ppq_status_t do_group(rc_t *r, uint64_t *pos, uint32_t g, int check, ppq_thrift_w_t *t,
                             uint32_t *rows)
{
    uint64_t rec = 0, p = *pos, desc = r->desc_off, raw = 0, pqi = UINT64_MAX, pqb = UINT64_MAX, end;
    uint32_t i, sum = 0, want = 0;
    ppq_status_t st = find_record(r, *pos, &rec, &pqi, &pqb);
#if PPQ_WRITER_PAGE_INDEX || PPQ_WRITER_BLOOM
    uint32_t icrc = 0;
#endif
    st = st == PPQ_OK ? read_record(r, rec, g, rows, &want) : st;
    end = rec;
#if PPQ_WRITER_BLOOM
    if (st == PPQ_OK && r->bloom && pqb != UINT64_MAX) { /* the filters come last: the chunks (or index)
                                                            end at their record (none: no filters) */
        st = read_bloom_record(r, pqb, rec, &icrc);
        sum += icrc;
        end = pqb;
    }
#endif
#if PPQ_WRITER_PAGE_INDEX
    if (st == PPQ_OK && r->pidx) { /* the chunks end at the index's record */
        st = read_index_record(r, pqi, end, &icrc);
        sum += icrc;
        end = pqi;
    }
#endif
    if (t != NULL) {
        ppq_thrift_w_elem_struct(t);
        ppq_thrift_w_list(t, 1, PPQ_THRIFT_STRUCT, r->ncols);
    }
    for (i = 0; i < r->ncols && st == PPQ_OK; i++) {
        st = read_desc(r, &desc);
        st = st == PPQ_OK ? walk_chunk(r, &p, end, *rows, check, &sum) : st;
#if PPQ_WRITER_PAGE_INDEX
        if (st == PPQ_OK && r->pidx) { /* where its indexes are */
            st = chunk_index(r, pqi, i);
        }
#endif
#if PPQ_WRITER_BLOOM
        if (st == PPQ_OK && r->bloom) { /* where its filter is */
            st = chunk_bloom(r, pqb, i);
        }
#endif
        raw += r->m.raw_size;
        if (st == PPQ_OK && t != NULL) {
            ppq_meta_write_chunk(t, &r->m);
        }
    }
    if (st == PPQ_OK && (p != end || sum != want)) {
        st = PPQ_ERR_CORRUPT; /* chunks do not fill the row group, or a header changed */
    }
    if (st == PPQ_OK && t != NULL) {
        ppq_meta_write_row_group_end(t, raw, end - *pos, *rows, *pos, g);
    }
    *pos = rec + PPQ_RECOVER_GROUP_RECORD;
    return st;
}

/* ---- the API --------------------------------------------------------------- */

/* Check the arguments and lay out the arena: *rp is the state. */
static ppq_status_t setup(rc_t **rp, const ppq_file_t *f, void *arena, size_t len, ppq_recover_result_t *res)
{
    ppq_arena_t a;
    rc_t *r;
    if (f == NULL || f->read_at == NULL || arena == NULL || res == NULL) {
        return PPQ_ERR_ARG;
    }
    memset(res, 0, sizeof *res);
    if (len < PPQ_RECOVER_ARENA_MIN) {
        return PPQ_ERR_ARENA;
    }
    ppq_arena_init(&a, arena, len);
    r = (rc_t *)ppq_arena_alloc(&a, sizeof *r);
    if (r == NULL) {
        return PPQ_ERR_ARENA;
    }
    memset(r, 0, sizeof *r);
    r->f = f;
    r->size = f->size;
    r->win = (uint8_t *)ppq_arena_alloc(&a, HEADER_WINDOW);
    r->desc = (uint8_t *)ppq_arena_alloc(&a, DESC_MAX);
    r->cs.min = (uint8_t *)ppq_arena_alloc(&a, BOUND_MAX);
    r->cs.max = (uint8_t *)ppq_arena_alloc(&a, BOUND_MAX);
    r->buf_cap = (a.size - a.used) & ~(size_t)(PPQ_ARENA_ALIGN - 1u);
    r->buf = (uint8_t *)ppq_arena_alloc(&a, r->buf_cap);
    *rp = r;
    return r->buf != NULL && r->buf_cap >= 256u ? PPQ_OK : PPQ_ERR_ARENA;
}

/* Does the file end with a footer?  For another Parquet file its length
 * must fit and the file start and end with "PAR1"; for a picoparquet file
 * see below. */
static ppq_status_t has_footer(rc_t *r, int picoparquet, int *yes)
{
    uint8_t b[8];
    uint64_t size = r->size, footer, at, in, left, rec = 0;
    uint32_t g;
    size_t n;
    ppq_status_t st;
    *yes = 0;
    if (size < 12u) {
        return PPQ_OK;
    }
    st = read_exact(r, size - 8u, b, 8);
    if (st != PPQ_OK || memcmp(b + 4, "PAR1", 4) != 0 || ppq_load_le32(b) > size - 12u) {
        return st;
    }
    footer = size - 8u - ppq_load_le32(b);
    if (!picoparquet) {
        st = read_exact(r, 0, b, 4);
        *yes = st == PPQ_OK && memcmp(b, "PAR1", 4) == 0;
        return st;
    }
    if (ppq_load_le32(b) < r->head_len || footer < r->groups_off) {
        return PPQ_OK;
    }
    /* it starts with the header record's head (the schema) ... */
    for (at = r->head_off, left = r->head_len, in = footer; left > 0u; at += n, in += n, left -= n) {
        n = left < r->buf_cap / 2u ? (size_t)left : r->buf_cap / 2u;
        st = read_exact(r, at, r->buf, n);
        st = st == PPQ_OK ? read_exact(r, in, r->buf + r->buf_cap / 2u, n) : st;
        if (st != PPQ_OK || memcmp(r->buf, r->buf + r->buf_cap / 2u, n) != 0) {
            return PPQ_IS_IO(st) ? st : PPQ_OK;
        }
    }
    /* ... right where the chain of page headers and records ends: bodies are
     * stepped over by their sizes, so logged bytes cannot pose as a footer
     * (the tail is not compared: key-value metadata may change until close) */
    for (at = r->groups_off, g = 0; at < footer; at = rec + PPQ_RECOVER_GROUP_RECORD, g++) {
        uint32_t rows, sum;
        uint64_t pqi, pqb;
        st = find_record(r, at, &rec, &pqi, &pqb);
        st = st == PPQ_OK ? read_record(r, rec, g, &rows, &sum) : st;
        if (st != PPQ_OK) {
            return PPQ_IS_IO(st) ? st : PPQ_OK;
        }
    }
    *yes = at == footer;
    return PPQ_OK;
}

/* Fill *res: is there a footer, else which row groups are complete. */
static ppq_status_t scan(rc_t *r, ppq_recover_result_t *res)
{
    uint64_t pos;
    uint32_t rows = 0;
    int valid = 0;
    ppq_status_t st = read_header(r);
    if (PPQ_IS_IO(st)) {
        return st;
    }
    res->recoverable = st == PPQ_OK;
    st = has_footer(r, res->recoverable, &valid);
    if (st != PPQ_OK) {
        return st;
    }
    if (valid) {
        res->was_valid = 1;
        res->kept_bytes = res->size = r->size;
        return PPQ_OK;
    }
    if (!res->recoverable) {
        return PPQ_ERR_CORRUPT;
    }
    pos = r->groups_off;
    res->kept_bytes = pos;
    while (res->row_groups < 0x7FFFu) {
        st = do_group(r, &pos, res->row_groups, 1, NULL, &rows);
        if (st != PPQ_OK) {
            break;
        }
        res->row_groups++;
        res->rows += rows;
        res->kept_bytes = pos;
    }
    if (PPQ_IS_IO(st)) {
        return st;
    }
    res->dropped_bytes = r->size - res->kept_bytes;
    return res->row_groups > 0u ? PPQ_OK : PPQ_ERR_CORRUPT;
}

/* The new footer for the row groups the scan kept, to out. */
static ppq_status_t write_footer(rc_t *r, const ppq_recover_result_t *res, ppq_sink_t *out)
{
    ppq_thrift_w_t t;
    uint64_t start = out->offset, pos = r->groups_off;
    uint32_t g, rows = 0;
    uint8_t tail[8];
    ppq_status_t st = copy_out(r, r->head_off, r->head_len, out);
    if (st != PPQ_OK) {
        return st;
    }
    ppq_thrift_w_init(&t, out);
    ppq_thrift_w_after(&t, 2); /* the head ends with the schema */
    ppq_thrift_w_i64(&t, 3, (int64_t)res->rows);
    ppq_thrift_w_list(&t, 4, PPQ_THRIFT_STRUCT, res->row_groups);
    for (g = 0; g < res->row_groups && st == PPQ_OK; g++) {
        st = do_group(r, &pos, g, 0, &t, &rows); /* checked by the scan: headers only */
    }
    st = st == PPQ_OK ? ppq_thrift_w_status(&t) : st;
    st = st == PPQ_OK ? copy_out(r, r->tail_off, r->tail_len, out) : st;
    ppq_store_le32(tail, (uint32_t)(out->offset - start));
    memcpy(tail + 4, "PAR1", 4);
    return st == PPQ_OK ? ppq_sink_write(out, tail, 8) : st;
}

ppq_status_t ppq_recover_scan(const ppq_file_t *in, void *arena, size_t len, ppq_recover_result_t *res)
{
    rc_t *r = NULL;
    ppq_status_t st = setup(&r, in, arena, len, res);
    return st == PPQ_OK ? scan(r, res) : st;
}

ppq_status_t ppq_recover_copy(const ppq_file_t *in, ppq_sink_t *out, void *arena, size_t len,
                              ppq_recover_result_t *res)
{
    rc_t *r = NULL;
    uint64_t start;
    ppq_status_t st = setup(&r, in, arena, len, res);
    if (st == PPQ_OK && out == NULL) {
        st = PPQ_ERR_ARG;
    }
    st = st == PPQ_OK ? scan(r, res) : st;
    if (st != PPQ_OK) {
        return st;
    }
    start = out->offset;
    st = copy_out(r, 0, res->kept_bytes, out);
    if (st == PPQ_OK && !res->was_valid) {
        st = write_footer(r, res, out);
    }
    res->size = out->offset - start;
    return st;
}

ppq_status_t ppq_recover_in_place(const ppq_file_t *f, void *arena, size_t len, ppq_recover_result_t *res)
{
    rc_t *r = NULL;
    ppq_sink_t out;
    ppq_status_t st = setup(&r, f, arena, len, res);
    if (st == PPQ_OK && (f->truncate == NULL || f->append == NULL)) {
        st = PPQ_ERR_ARG;
    }
    st = st == PPQ_OK ? scan(r, res) : st;
    if (st != PPQ_OK || res->was_valid) {
        return st;
    }
    st = f->truncate(f->ctx, res->kept_bytes);
    st = st > 0 ? PPQ_ERR_IO : st;
    r->size = res->kept_bytes;
    out.write = f->append;
    out.ctx = f->ctx;
    out.offset = 0;
    st = st == PPQ_OK ? write_footer(r, res, &out) : st;
    res->size = res->kept_bytes + out.offset;
    return st;
}
