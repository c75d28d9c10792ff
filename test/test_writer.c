/* The file writer: file framing and footer fields read back with the
 * Thrift reader, page bytes checked against the spec's PLAIN layout,
 * statistics semantics, rejected rows, schema validation, sink failures at
 * every byte, arena sizing, a full footer store.  Values through whole
 * files are checked by independent readers in test/interop. */
#include <string.h>

#include "ppq_port.h" /* (stdint.h: SIZE_MAX) */

/* The compact layout's 64-bit refinements (PPQ_WRITER_COMPACT_LEND and
 * _FLAT) are built on 64-bit CPUs of either byte order and the compact
 * layout: their tests run there (s390x too). */
#define COMPACT_64 (SIZE_MAX > 0xFFFFFFFFu && PPQ_WRITER_COMPACT)
#ifdef PPQ_WRITER_REDICT_BITS
#define PPQ_TEST_REDICT_BITS PPQ_WRITER_REDICT_BITS /* (a build's switch: check-switches) */
#else
#define PPQ_TEST_REDICT_BITS 13
#endif
#include "test_util.h"
#include "recover_util.h"
#include "ppq_delta_internal.h" /* (PPQ_DELTA_SMALL) */
#include "ppq_zstd.h"                /* (the decoder's work sizes) */

#define FILE_CAP (PPQ_TEST_BUF) /* every file here fits one test buffer */

static uint8_t *file_buf;
static ppq_memsink_t file_mem;
static ppq_sink_t file_sink;

static int setup(void)
{
    test_setup();
    file_buf = (uint8_t *)test_alloc(FILE_CAP);
    if (file_buf == NULL) {
        return 0;
    }
    ppq_sink_init_mem(&file_sink, &file_mem, file_buf, FILE_CAP);
    return 1;
}

/* Small pages and buffers, so every test fits the small-RAM profile. */
static void small_options(ppq_writer_options_t *o)
{
    memset(o, 0, sizeof *o);
    o->page_values = 8;
    o->page_bytes = 32;
    o->footer_bytes = 1024;
    o->dict_entries = 8;
    o->dict_bytes = 64;
    o->row_group_rows = 16; /* the default chunk buffers then hold a few pages */
}

#define COL(n, t, opt, enc) {n, t, 0, opt, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, enc}

/* ---- a minimal footer walk --------------------------------------------- */

typedef struct chunk_meta {
    int64_t num_values, data_page_offset, dict_page_offset, null_count, nan_count;
    uint32_t encodings; /* bit per encoding */
    const uint8_t *min, *max;
    uint32_t min_len, max_len;
    int64_t oi_off, ci_off; /* the page index (ColumnChunk 4-7; lengths 0: none) */
    int32_t oi_len, ci_len;
} chunk_meta_t;

typedef struct footer {
    int64_t num_rows;
    uint32_t row_groups;
    const uint8_t *created_by;
    uint32_t created_by_len;
    chunk_meta_t col[4]; /* of row group 0 */
} footer_t;

static ppq_status_t walk_stats(ppq_thrift_r_t *r, chunk_meta_t *m)
{
    int16_t id;
    ppq_thrift_type_t t;
    ppq_status_t st = ppq_thrift_r_struct(r, PPQ_THRIFT_STRUCT);
    while (st == PPQ_OK) {
        st = ppq_thrift_r_field(r, &id, &t);
        if (st != PPQ_OK || t == PPQ_THRIFT_STOP) {
            break;
        }
        if (id == 3) {
            st = ppq_thrift_r_i64(r, t, &m->null_count);
        } else if (id == 9) {
            st = ppq_thrift_r_i64(r, t, &m->nan_count);
        } else if (id == 5) {
            st = ppq_thrift_r_binary(r, t, &m->max, &m->max_len);
        } else if (id == 6) {
            st = ppq_thrift_r_binary(r, t, &m->min, &m->min_len);
        } else {
            st = ppq_thrift_r_skip(r, t);
        }
    }
    return st;
}

static ppq_status_t walk_meta(ppq_thrift_r_t *r, chunk_meta_t *m)
{
    int16_t id;
    ppq_thrift_type_t t;
    ppq_status_t st = ppq_thrift_r_struct(r, PPQ_THRIFT_STRUCT);
    while (st == PPQ_OK) {
        st = ppq_thrift_r_field(r, &id, &t);
        if (st != PPQ_OK || t == PPQ_THRIFT_STOP) {
            break;
        }
        if (id == 2) {
            ppq_thrift_type_t et;
            uint32_t n, i;
            int32_t e;
            st = ppq_thrift_r_list(r, t, &et, &n);
            for (i = 0; i < n && st == PPQ_OK; i++) {
                st = ppq_thrift_r_i32(r, et, &e);
                m->encodings |= 1u << (e & 31);
            }
        } else if (id == 5) {
            st = ppq_thrift_r_i64(r, t, &m->num_values);
        } else if (id == 9) {
            st = ppq_thrift_r_i64(r, t, &m->data_page_offset);
        } else if (id == 11) {
            st = ppq_thrift_r_i64(r, t, &m->dict_page_offset);
        } else if (id == 12) {
            st = walk_stats(r, m);
        } else {
            st = ppq_thrift_r_skip(r, t);
        }
    }
    return st;
}

/* A page header's fields used here (-1: absent). */
typedef struct page_header {
    int32_t type, raw, size, crc, count; /* count: a data page's num_values */
    chunk_meta_t stats;                 /* a v1 data page's statistics */
    const uint8_t *body;                /* where the page's bytes start */
} page_header_t;

/* Read the page header at file[at..len). */
static ppq_status_t page_at(const uint8_t *file, size_t len, size_t at, page_header_t *h)
{
    ppq_thrift_r_t r;
    int16_t id;
    ppq_thrift_type_t t;
    ppq_status_t st;
    memset(h, 0, sizeof *h);
    h->type = h->raw = h->size = h->crc = h->count = -1;
    ppq_thrift_r_init(&r, file + at, len - at);
    for (;;) {
        st = ppq_thrift_r_field(&r, &id, &t);
        if (st != PPQ_OK || t == PPQ_THRIFT_STOP) {
            break;
        }
        if (id == 5) { /* DataPageHeader: num_values, statistics */
            int16_t id2;
            ppq_thrift_type_t t2;
            st = ppq_thrift_r_struct(&r, t);
            while (st == PPQ_OK && (st = ppq_thrift_r_field(&r, &id2, &t2)) == PPQ_OK && t2 != PPQ_THRIFT_STOP) {
                st = id2 == 1 ? ppq_thrift_r_i32(&r, t2, &h->count)
                     : id2 == 5 ? walk_stats(&r, &h->stats)
                                : ppq_thrift_r_skip(&r, t2);
            }
        } else {
            st = id == 1   ? ppq_thrift_r_i32(&r, t, &h->type)
                 : id == 2 ? ppq_thrift_r_i32(&r, t, &h->raw)
                 : id == 3 ? ppq_thrift_r_i32(&r, t, &h->size)
                 : id == 4 ? ppq_thrift_r_i32(&r, t, &h->crc)
                           : ppq_thrift_r_skip(&r, t);
        }
        if (st != PPQ_OK) {
            break;
        }
    }
    h->body = r.pos;
    return st;
}

/* Check the framing of file_buf and read the footer's fields used here. */
static ppq_status_t read_footer(footer_t *f)
{
    size_t len = file_mem.len;
    uint32_t flen;
    ppq_thrift_r_t r;
    int16_t id;
    ppq_thrift_type_t t;
    ppq_status_t st = PPQ_OK;
    memset(f, 0, sizeof *f);
    if (len < 12 || memcmp(file_buf, "PAR1", 4) != 0 || memcmp(file_buf + len - 4, "PAR1", 4) != 0) {
        return PPQ_ERR_CORRUPT;
    }
    flen = ppq_load_le32(file_buf + len - 8);
    if (flen > len - 12) {
        return PPQ_ERR_CORRUPT;
    }
    ppq_thrift_r_init(&r, file_buf + len - 8 - flen, flen);
    while (st == PPQ_OK) {
        st = ppq_thrift_r_field(&r, &id, &t);
        if (st != PPQ_OK || t == PPQ_THRIFT_STOP) {
            break;
        }
        if (id == 3) {
            st = ppq_thrift_r_i64(&r, t, &f->num_rows);
        } else if (id == 6) {
            st = ppq_thrift_r_binary(&r, t, &f->created_by, &f->created_by_len);
        } else if (id == 4) {
            ppq_thrift_type_t et;
            uint32_t g;
            st = ppq_thrift_r_list(&r, t, &et, &f->row_groups);
            for (g = 0; g < f->row_groups && st == PPQ_OK; g++) {
                int16_t gid;
                ppq_thrift_type_t gt;
                st = ppq_thrift_r_struct(&r, et);
                while (st == PPQ_OK) {
                    st = ppq_thrift_r_field(&r, &gid, &gt);
                    if (st != PPQ_OK || gt == PPQ_THRIFT_STOP) {
                        break;
                    }
                    if (gid == 1 && g == 0) {
                        ppq_thrift_type_t ct;
                        uint32_t n, c;
                        st = ppq_thrift_r_list(&r, gt, &ct, &n);
                        for (c = 0; c < n && st == PPQ_OK; c++) {
                            int16_t cid;
                            ppq_thrift_type_t cty;
                            st = ppq_thrift_r_struct(&r, ct);
                            while (st == PPQ_OK) {
                                st = ppq_thrift_r_field(&r, &cid, &cty);
                                if (st != PPQ_OK || cty == PPQ_THRIFT_STOP) {
                                    break;
                                }
                                st = c >= 4     ? ppq_thrift_r_skip(&r, cty)
                                     : cid == 3 ? walk_meta(&r, &f->col[c])
                                     : cid == 4 ? ppq_thrift_r_i64(&r, cty, &f->col[c].oi_off)
                                     : cid == 5 ? ppq_thrift_r_i32(&r, cty, &f->col[c].oi_len)
                                     : cid == 6 ? ppq_thrift_r_i64(&r, cty, &f->col[c].ci_off)
                                     : cid == 7 ? ppq_thrift_r_i32(&r, cty, &f->col[c].ci_len)
                                                : ppq_thrift_r_skip(&r, cty);
                            }
                        }
                    } else {
                        st = ppq_thrift_r_skip(&r, gt);
                    }
                }
            }
        } else {
            st = ppq_thrift_r_skip(&r, t);
        }
    }
    return st;
}

#if PPQ_WRITER_PAGE_INDEX && PPQ_WRITER_STATISTICS
/* The page index of a file of one row group: each column's OffsetIndex and
 * ColumnIndex, parsed back with the project's decoders, against the pages
 * themselves (their headers at each location, their statistics, which
 * statistics_per_page checks against the values) and the values written:
 * a rising timestamp (ASCENDING), a falling counter (DESCENDING), an
 * optional float with all-null pages and a NaN, strings longer than the
 * index's 32-byte bounds, an all-NaN page (no ColumnIndex then), v1 and v2
 * pages, uncompressed and SNAPPY (where built). */
static void page_index_written(void)
{
    static const ppq_column_t schema[] = {
        {"ts", PPQ_INT64, 0, 0, {PPQ_LOGICAL_TIMESTAMP, 0, 0, 1, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},
        COL("down", PPQ_INT32, 0, PPQ_COLUMN_PLAIN),
        COL("temp", PPQ_FLOAT, 1, PPQ_COLUMN_AUTO),
        COL("name", PPQ_BYTE_ARRAY, 1, PPQ_COLUMN_AUTO),
    };
    enum { ROWS = 70, PV = 8 };
    static const char long_name[] = "a name of forty bytes, cut to thirty-two";
    ppq_writer_options_t o;
    ppq_writer_t w;
    footer_t f;
    int variant, i;
    for (variant = 0; variant < 4; variant++) {
        uint32_t c;
        if (variant >= 2 && !(PPQ_COMPRESSORS & (1u << PPQ_CODEC_SNAPPY))) {
            continue;
        }
        PPQ_CHECK(setup());
        small_options(&o);
        o.page_values = PV;
        o.page_bytes = 256;
        o.row_group_rows = ROWS;
        o.dict_entries = 64;
        o.dict_bytes = 2048;
        o.page_v2 = (uint8_t)(variant & 1);
        o.codec = variant >= 2 ? PPQ_CODEC_SNAPPY : PPQ_CODEC_UNCOMPRESSED;
        if (o.page_v2 && !PPQ_WRITER_PAGE_V2) {
            continue;
        }
        PPQ_CHECK_OK(ppq_writer_init(&w, schema, 4, &o, &file_sink, test_arena_ptr, test_arena_size));
        for (i = 0; i < ROWS; i++) {
            char name[48];
            PPQ_CHECK_OK(ppq_writer_set_i64(&w, 0, 1700000000000ll + i * 1000));
            PPQ_CHECK_OK(ppq_writer_set_i32(&w, 1, 1000 - i * 3));
            if (i / PV == 2) { /* page 2: nulls only */
                PPQ_CHECK_OK(ppq_writer_set_null(&w, 2));
            } else {
                uint32_t nan = 0x7FC00000u;
                float v = (float)(i % 7) - 2.5f;
                if (i % 11 == 5) {
                    memcpy(&v, &nan, 4);
                }
                PPQ_CHECK_OK(i % 5 == 1 ? ppq_writer_set_null(&w, 2) : ppq_writer_set_float(&w, 2, v));
            }
            memcpy(name, long_name, sizeof long_name);
            name[i % 3] = (char)('a' + i % 26); /* (the first bytes differ) */
            PPQ_CHECK_OK(i % 4 == 3 ? ppq_writer_set_null(&w, 3)
                                    : ppq_writer_set_bytes(&w, 3, name, i % 2 ? 40u : (uint32_t)(i % 9)));
            PPQ_CHECK_OK(ppq_writer_commit_row(&w));
        }
        PPQ_CHECK_OK(ppq_writer_close(&w));
        PPQ_CHECK_OK(read_footer(&f));
        PPQ_CHECK_EQ(f.row_groups, 1);
        for (c = 0; c < 4; c++) {
            const chunk_meta_t *m = &f.col[c];
            ppq_page_location_t loc[16];
            uint8_t null_pages[16], store[16 * 2 * 32];
            ppq_bytes_t mn[16], mx[16];
            int64_t nulls[16];
            ppq_column_index_t ci;
            ppq_thrift_r_t r;
            uint32_t n = 0, j;
            uint64_t row = 0;
            PPQ_CHECK(m->oi_len > 0 && m->ci_len > 0);
            /* the indexes follow the row group's chunks: all ColumnIndexes, then all OffsetIndexes */
            PPQ_CHECK(m->ci_off > f.col[3].data_page_offset && m->oi_off >= f.col[3].ci_off + f.col[3].ci_len);
            PPQ_CHECK((size_t)m->oi_off + (size_t)m->oi_len <= file_mem.len);
            ppq_thrift_r_init(&r, file_buf + m->oi_off, (size_t)m->oi_len);
            PPQ_CHECK_OK(ppq_offset_index_parse(&r, loc, 16, &n));
            PPQ_CHECK_EQ(ppq_thrift_r_offset(&r, file_buf + m->oi_off), (size_t)m->oi_len);
            PPQ_CHECK_EQ(n, (ROWS + PV - 1) / PV);
            PPQ_CHECK_EQ(loc[0].offset, (uint64_t)m->data_page_offset);
            memset(&ci, 0, sizeof ci);
            ci.null_pages = null_pages;
            ci.min = mn;
            ci.max = mx;
            ci.null_counts = nulls;
            ci.cap = 16;
            ci.store = store;
            ci.store_cap = sizeof store;
            ppq_thrift_r_init(&r, file_buf + m->ci_off, (size_t)m->ci_len);
            PPQ_CHECK_OK(ppq_column_index_parse(&r, &ci));
            PPQ_CHECK_EQ(ppq_thrift_r_offset(&r, file_buf + m->ci_off), (size_t)m->ci_len);
            PPQ_CHECK(ci.pages == n && ci.has_null_counts);
            PPQ_CHECK_EQ(ci.boundary_order,
                         c == 0 ? PPQ_BOUNDARY_ASCENDING : c == 1 ? PPQ_BOUNDARY_DESCENDING : PPQ_BOUNDARY_UNORDERED);
            for (j = 0; j < n; j++) {
                page_header_t h;
                uint32_t k, count = j + 1u < n ? PV : ROWS - j * PV, want_nulls = 0;
                PPQ_CHECK_EQ(loc[j].first_row_index, row);
                /* a data page starts there, and the next one where it ends */
                PPQ_CHECK_OK(page_at(file_buf, file_mem.len, (size_t)loc[j].offset, &h));
                PPQ_CHECK(h.type == (o.page_v2 ? 3 : 0));
                PPQ_CHECK_EQ((size_t)(h.body - file_buf) + (size_t)h.size, (size_t)(loc[j].offset + loc[j].compressed_page_size));
                if (j + 1u < n) {
                    PPQ_CHECK_EQ(loc[j + 1u].offset, loc[j].offset + loc[j].compressed_page_size);
                }
                for (k = (uint32_t)row; k < row + count; k++) {
                    want_nulls += c == 2 ? (k / PV == 2 || k % 5 == 1) : c == 3 ? k % 4 == 3 : 0;
                }
                PPQ_CHECK_EQ(nulls[j], (int64_t)want_nulls);
                PPQ_CHECK_EQ(null_pages[j], want_nulls == count);
                if (want_nulls == count) {
                    PPQ_CHECK(mn[j].len == 0 && mx[j].len == 0);
                } else if (c == 3) { /* strings: exact up to 32 bytes, else cut: min a prefix, max above */
                    PPQ_CHECK(mn[j].len <= 32 && mx[j].len <= 32 && mx[j].len > 0);
                    PPQ_CHECK(o.page_v2 || (h.stats.min != NULL && memcmp(h.stats.min, mn[j].ptr, mn[j].len) == 0));
                    PPQ_CHECK(o.page_v2 || h.stats.max == NULL ||
                              memcmp(h.stats.max, mx[j].ptr, mx[j].len) <= 0);
                } else { /* numbers: the page's statistics, PLAIN */
                    uint32_t width = c == 0 ? 8u : 4u;
                    PPQ_CHECK(mn[j].len == width && mx[j].len == width);
                    if (c == 0) {
                        PPQ_CHECK_EQ(ppq_load_le64(mn[j].ptr), (uint64_t)(1700000000000ll + (int64_t)row * 1000));
                        PPQ_CHECK_EQ(ppq_load_le64(mx[j].ptr), (uint64_t)(1700000000000ll + (int64_t)(row + count - 1u) * 1000));
                    } else if (c == 1) {
                        PPQ_CHECK_EQ((int32_t)ppq_load_le32(mn[j].ptr), 1000 - (int32_t)(row + count - 1u) * 3);
                        PPQ_CHECK_EQ((int32_t)ppq_load_le32(mx[j].ptr), 1000 - (int32_t)row * 3);
                    } else if (!o.page_v2) {
                        PPQ_CHECK(h.stats.min_len == 4 && memcmp(h.stats.min, mn[j].ptr, 4) == 0);
                        PPQ_CHECK(h.stats.max_len == 4 && memcmp(h.stats.max, mx[j].ptr, 4) == 0);
                    }
                }
                row += count;
            }
            PPQ_CHECK_EQ(loc[n - 1u].offset + loc[n - 1u].compressed_page_size,
                         (uint64_t)(c < 3 ? f.col[c + 1u].dict_page_offset > 0 ? f.col[c + 1u].dict_page_offset
                                                                               : f.col[c + 1u].data_page_offset
                                          : f.col[0].ci_off));
        }
    }
    /* an all-NaN page: no ColumnIndex for that chunk (the OffsetIndex stays); no_page_index: neither */
    for (variant = 0; variant < 2; variant++) {
        static const ppq_column_t fs[] = {COL("x", PPQ_FLOAT, 0, PPQ_COLUMN_PLAIN)};
        uint32_t nan = 0x7FC00000u;
        float v;
        PPQ_CHECK(setup());
        small_options(&o);
        o.no_page_index = (uint8_t)variant;
        PPQ_CHECK_OK(ppq_writer_init(&w, fs, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
        for (i = 0; i < 16; i++) {
            v = (float)i;
            if (i >= 8) {
                memcpy(&v, &nan, 4);
            }
            PPQ_CHECK_OK(ppq_writer_set_float(&w, 0, v));
            PPQ_CHECK_OK(ppq_writer_commit_row(&w));
        }
        PPQ_CHECK_OK(ppq_writer_close(&w));
        PPQ_CHECK_OK(read_footer(&f));
        PPQ_CHECK_EQ(f.col[0].ci_len, 0);
        PPQ_CHECK(variant ? f.col[0].oi_len == 0 : f.col[0].oi_len > 0);
    }
    /* more pages than index_pages: that chunk keeps no index */
    {
        static const ppq_column_t fs[] = {COL("x", PPQ_INT32, 0, PPQ_COLUMN_PLAIN)};
        PPQ_CHECK(setup());
        small_options(&o);
        o.index_pages = 1;
        PPQ_CHECK_OK(ppq_writer_init(&w, fs, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
        for (i = 0; i < 16; i++) {
            PPQ_CHECK_OK(ppq_writer_set_i32(&w, 0, i));
            PPQ_CHECK_OK(ppq_writer_commit_row(&w));
        }
        PPQ_CHECK_OK(ppq_writer_close(&w));
        PPQ_CHECK_OK(read_footer(&f));
        PPQ_CHECK(f.col[0].oi_len == 0 && f.col[0].ci_len == 0);
    }
}
#endif

/* E11's column: REQUIRED INT32 x = 1, 2, 3, PLAIN.  The page body is the
 * spec's PLAIN layout; the footer says 3 rows and min 1, max 3. */
static void int32_column_like_e11(void)
{
    static const ppq_column_t schema[] = {COL("x", PPQ_INT32, 0, PPQ_COLUMN_PLAIN)};
    ppq_writer_options_t o;
    ppq_writer_t w;
    footer_t f;
    ppq_thrift_r_t r;
    int16_t id;
    ppq_thrift_type_t t;
    int32_t v, body = 0;
    int i;
    PPQ_CHECK(setup());
    small_options(&o);
    PPQ_CHECK_OK(ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
    for (i = 1; i <= 3; i++) {
        PPQ_CHECK_OK(ppq_writer_set_i32(&w, 0, i));
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK_EQ(f.num_rows, 3);
    PPQ_CHECK_EQ(f.row_groups, 1);
    PPQ_CHECK_EQ(f.created_by_len, strlen(PPQ_CREATED_BY));
    PPQ_CHECK_MEM(f.created_by, PPQ_CREATED_BY, f.created_by_len);
    PPQ_CHECK_EQ(f.col[0].num_values, 3);
    PPQ_CHECK_EQ(f.col[0].data_page_offset, 4); /* right after "PAR1" */
    if (PPQ_WRITER_STATISTICS) { /* a build without them writes none */
        PPQ_CHECK_EQ(f.col[0].null_count, 0);
        PPQ_CHECK(f.col[0].min_len == 4 && ppq_load_le32(f.col[0].min) == 1u);
        PPQ_CHECK(f.col[0].max_len == 4 && ppq_load_le32(f.col[0].max) == 3u);
    }
    PPQ_CHECK(f.col[0].encodings & (1u << PPQ_ENC_PLAIN));
    /* the page header at offset 4: DATA_PAGE, body 12 bytes, 3 PLAIN values */
    ppq_thrift_r_init(&r, file_buf + 4, file_mem.len - 4);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_OK(ppq_thrift_r_i32(&r, t, &v));
    PPQ_CHECK_EQ(v, 0);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_OK(ppq_thrift_r_i32(&r, t, &body));
    PPQ_CHECK_EQ(body, 12);
    PPQ_CHECK_OK(ppq_thrift_r_skip(&r, PPQ_THRIFT_STRUCT)); /* the rest of the header, through its stop */
    PPQ_CHECK_MEM(r.pos, "\x01\x00\x00\x00\x02\x00\x00\x00\x03\x00\x00\x00", 12);
}

/* A v2 data page: DATA_PAGE_V2 with its counts and level length in the
 * header, the levels without a length prefix, then the PLAIN values. */
static void page_v2_layout(void)
{
    static const ppq_column_t schema[] = {COL("x", PPQ_INT32, 1, PPQ_COLUMN_PLAIN)};
    ppq_writer_options_t o;
    ppq_writer_t w;
    ppq_thrift_r_t r;
    ppq_rle_dec_t dec;
    int16_t id;
    ppq_thrift_type_t t;
    int32_t v, fields[9] = {0};
    int is_compressed = 1, i;
    uint32_t levels[5];
    size_t got;
    PPQ_CHECK(setup());
    small_options(&o);
    o.page_v2 = 1;
    o.no_statistics = 1;
    if (!PPQ_WRITER_PAGE_V2) { /* built without v2 pages (ppq_config.h): refused */
        PPQ_CHECK_EQ(ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, test_arena_size), PPQ_ERR_ARG);
        PPQ_CHECK_EQ(ppq_writer_arena_size(schema, 1, &o), 0);
        PPQ_CHECK_EQ(file_mem.len, 0);
        return;
    }
    PPQ_CHECK_OK(ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
    for (i = 0; i < 5; i++) { /* x, null, x, x, null */
        PPQ_CHECK_OK(i == 1 || i == 4 ? ppq_writer_set_null(&w, 0) : ppq_writer_set_i32(&w, 0, 10 * i));
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
    ppq_thrift_r_init(&r, file_buf + 4, file_mem.len - 4);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_OK(ppq_thrift_r_i32(&r, t, &v));
    PPQ_CHECK_EQ(v, 3); /* DATA_PAGE_V2 */
    for (;;) { /* to field 8, the DataPageHeaderV2 */
        PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
        PPQ_CHECK(id != 0 && id != 5);
        if (id == 8) {
            break;
        }
        PPQ_CHECK_OK(ppq_thrift_r_skip(&r, t));
    }
    PPQ_CHECK_OK(ppq_thrift_r_struct(&r, t));
    for (;;) {
        PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
        if (id == 0) {
            break;
        }
        if (id == 7) {
            PPQ_CHECK_OK(ppq_thrift_r_bool(&r, t, &is_compressed));
        } else {
            PPQ_CHECK(id >= 1 && id <= 6);
            PPQ_CHECK_OK(ppq_thrift_r_i32(&r, t, &fields[id]));
        }
    }
    PPQ_CHECK_EQ(fields[1], 5); /* num_values */
    PPQ_CHECK_EQ(fields[2], 2); /* num_nulls */
    PPQ_CHECK_EQ(fields[3], 5); /* num_rows */
    PPQ_CHECK_EQ(fields[4], PPQ_ENC_PLAIN);
    PPQ_CHECK(fields[5] > 0);   /* definition levels' bytes */
    PPQ_CHECK_EQ(fields[6], 0); /* no repetition levels */
    PPQ_CHECK_EQ(is_compressed, 0);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t)); /* the PageHeader's stop */
    PPQ_CHECK_EQ(id, 0);
    /* levels with no prefix, decoded by the RLE decoder; then the 3 values */
    PPQ_CHECK_OK(ppq_rle_dec_init(&dec, 1, 0, r.pos, (size_t)fields[5], 5));
    PPQ_CHECK_OK(ppq_rle_dec_get(&dec, levels, 5, &got));
    PPQ_CHECK_EQ(got, 5);
    PPQ_CHECK(levels[0] == 1 && levels[1] == 0 && levels[2] == 1 && levels[3] == 1 && levels[4] == 0);
    PPQ_CHECK_MEM(r.pos + fields[5], "\x00\x00\x00\x00\x14\x00\x00\x00\x1e\x00\x00\x00", 12);
}

#if PPQ_WRITER_STATISTICS /* (a build without them: statistics_left_out below) */
/* Statistics as the spec wants them: NaN never a bound (an all-NaN float
 * chunk has none), a zero max is +0.0 and a zero min -0.0. */
static void statistics_floats(void)
{
    static const ppq_column_t schema[] = {COL("nan", PPQ_FLOAT, 0, PPQ_COLUMN_PLAIN),
                                          COL("zero", PPQ_DOUBLE, 0, PPQ_COLUMN_PLAIN)};
    ppq_writer_options_t o;
    ppq_writer_t w;
    footer_t f;
    uint32_t nanbits = 0x7FC00000u;
    float nan;
    int i;
    PPQ_CHECK(setup());
    memcpy(&nan, &nanbits, 4);
    small_options(&o);
    PPQ_CHECK_OK(ppq_writer_init(&w, schema, 2, &o, &file_sink, test_arena_ptr, test_arena_size));
    for (i = 0; i < 5; i++) {
        PPQ_CHECK_OK(ppq_writer_set_float(&w, 0, nan));
        PPQ_CHECK_OK(ppq_writer_set_double(&w, 1, i % 2 ? 0.0 : -0.0));
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK(f.col[0].min == NULL && f.col[0].max == NULL);
    PPQ_CHECK_EQ(f.col[0].nan_count, 5);
    PPQ_CHECK(f.col[1].min_len == 8 && f.col[1].max_len == 8);
    PPQ_CHECK_EQ(f.col[1].min[7], 0x80); /* -0.0: the sign bit, little-endian */
    PPQ_CHECK_EQ(f.col[1].max[7], 0x00); /* +0.0 */
}

/* NaN, NaN, NaN, 1.5, NaN, NaN in each encoding a float takes: every NaN
 * counted (a dictionary's repeated entry too), 1.5 both bounds. */
static void statistics_nan_counts(void)
{
    static const ppq_column_t schemas[][1] = {{COL("plain", PPQ_FLOAT, 0, PPQ_COLUMN_PLAIN)},
                                              {COL("dict", PPQ_FLOAT, 0, PPQ_COLUMN_DICTIONARY)},
                                              {COL("auto", PPQ_DOUBLE, 0, PPQ_COLUMN_AUTO)}};
    ppq_writer_options_t o;
    ppq_writer_t w;
    footer_t f;
    uint32_t nanbits = 0x7FC00000u;
    uint64_t dnanbits = 0x7FF8000000000000ull;
    float nan;
    double dnan;
    int i, k;
    memcpy(&nan, &nanbits, 4);
    memcpy(&dnan, &dnanbits, 8);
    for (k = 0; k < 3; k++) {
        int wide = schemas[k][0].type == PPQ_DOUBLE;
        PPQ_CHECK(setup());
        small_options(&o);
        PPQ_CHECK_OK(ppq_writer_init(&w, schemas[k], 1, &o, &file_sink, test_arena_ptr, test_arena_size));
        for (i = 0; i < 6; i++) {
            PPQ_CHECK_OK(wide ? ppq_writer_set_double(&w, 0, i == 3 ? 1.5 : dnan)
                              : ppq_writer_set_float(&w, 0, i == 3 ? 1.5f : nan));
            PPQ_CHECK_OK(ppq_writer_commit_row(&w));
        }
        PPQ_CHECK_OK(ppq_writer_close(&w));
        PPQ_CHECK_OK(read_footer(&f));
        PPQ_CHECK_EQ(f.col[0].nan_count, 5);
        PPQ_CHECK(f.col[0].min != NULL && f.col[0].max != NULL);
        PPQ_CHECK_EQ(f.col[0].min_len, wide ? 8 : 4);
        PPQ_CHECK_MEM(f.col[0].min, wide ? "\x00\x00\x00\x00\x00\x00\xf8\x3f" : "\x00\x00\xc0\x3f", f.col[0].min_len);
        PPQ_CHECK_MEM(f.col[0].max, wide ? "\x00\x00\x00\x00\x00\x00\xf8\x3f" : "\x00\x00\xc0\x3f", f.col[0].max_len);
    }
}

/* AUTO decides on the chunk's first page at a value that is a NaN, and
 * PLAIN wins (three distinct values and a NaN in pages of 4): the NaN
 * counts once, in the page's statistics and in the chunk's. */
static void auto_decides_on_a_nan(void)
{
    static const ppq_column_t schema[] = {COL("f", PPQ_FLOAT, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    ppq_writer_t w;
    page_header_t h;
    footer_t f;
    uint32_t nanbits = 0x7FC00000u;
    float v[4] = {1.0f, 2.0f, 3.0f, 0.0f};
    int i;
    memcpy(&v[3], &nanbits, 4);
    PPQ_CHECK(setup());
    small_options(&o);
    o.page_values = 4;
    PPQ_CHECK_OK(ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
    for (i = 0; i < 4; i++) {
        PPQ_CHECK_OK(ppq_writer_set_float(&w, 0, v[i]));
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK_EQ(f.col[0].nan_count, 1);
    PPQ_CHECK_OK(page_at(file_buf, file_mem.len, 4, &h));
    PPQ_CHECK_EQ(h.type, 0);
    PPQ_CHECK_EQ(h.count, 4);
    PPQ_CHECK_EQ(h.stats.nan_count, 1);
}

/* A column whose dictionary fell back keeps room in its chunk for two
 * pages, not the dictionary's three (the full page and the fallback page
 * one row may end, and the open page the flush ends): an AUTO walk whose
 * 16-entry dictionary fills in its first page ends its first row group no
 * earlier than a PLAIN column of the same values and options does (its
 * pages are no larger).  With the third page kept it ended a page sooner. */
static void fallen_back_row_groups(void)
{
    static const ppq_column_t auto_col[] = {COL("f", PPQ_FLOAT, 0, PPQ_COLUMN_AUTO)};
    static const ppq_column_t plain_col[] = {COL("f", PPQ_FLOAT, 0, PPQ_COLUMN_PLAIN)};
    ppq_writer_options_t o;
    ppq_writer_t w;
    footer_t f;
    int64_t first[2];
    int k;
#ifdef PPQ_TEST_SMALL
    return; /* (chunks of five 1 KB pages: more than a 4 KB test arena) */
#endif
    for (k = 0; k < 2; k++) {
        uint32_t r, seed = 12345u;
        float level = 20.0f;
        PPQ_CHECK(setup());
        memset(&o, 0, sizeof o);
        o.page_values = 256;
        o.dict_entries = 16;
        o.dict_bytes = 64;
        o.chunk_bytes = 5u * 1024u;
        o.footer_bytes = 4096;
        PPQ_CHECK_OK(ppq_writer_init(&w, k == 0 ? auto_col : plain_col, 1, &o, &file_sink, test_arena_ptr,
                                     test_arena_size));
        for (r = 0; r < 3000u; r++) {
            seed = seed * 1664525u + 1013904223u;
            level += (float)((int)(seed >> 28) - 8) * 0.01f;
            PPQ_CHECK_OK(ppq_writer_set_float(&w, 0, level));
            PPQ_CHECK_OK(ppq_writer_commit_row(&w));
        }
        PPQ_CHECK_OK(ppq_writer_close(&w));
        PPQ_CHECK_OK(read_footer(&f));
        PPQ_CHECK_EQ(f.num_rows, 3000);
        PPQ_CHECK(f.row_groups >= 2u); /* (the chunk buffer ends them, not the rows) */
        first[k] = f.col[0].num_values;
    }
    PPQ_CHECK(first[0] >= first[1]);
    PPQ_CHECK(first[1] >= 512); /* (two pages at least before PLAIN's ends) */
}

/* Each data page's statistics (header) are its values' bounds and NaN
 * count, computed here from the values written: a dictionary float column
 * (repeated entries, NaNs), a DELTA timestamp that mostly rises, an AUTO
 * integer.  By rows and by column batches (on hosts the dictionary's runs,
 * whose page statistics wait for the page's end); pages of 8 values (on
 * the host more than 255 a column, where the per-entry page stamps start
 * again; more dictionary entries than a page has values) and of 64 (fewer). */
static void page_stats_case(int batches, uint32_t page_values)
{
    static const ppq_column_t schema[] = {COL("f", PPQ_FLOAT, 0, PPQ_COLUMN_DICTIONARY),
                                          COL("ts", PPQ_INT64, 0, PPQ_COLUMN_DELTA_BINARY_PACKED),
                                          COL("n", PPQ_INT32, 0, PPQ_COLUMN_AUTO)};
#ifdef PPQ_TEST_SMALL
    enum { ROWS = 32, RG = 16, NCOLS = 2 }; /* (4 KB of test arena, 512 B of footer) */
#else
    enum { ROWS = 2400, RG = ROWS, NCOLS = 3 }; /* one dictionary over all pages */
#endif
    float *fv;
    int64_t *tv;
    int32_t *nv;
    ppq_writer_options_t o;
    ppq_writer_t w;
    uint32_t x = 12345u, at[3] = {0, 0, 0}, pages = 0, nanbits = 0x7FC00000u;
    size_t pos = 4, end;
    int i, level = 20;
    int64_t t = 1000;
    PPQ_CHECK(setup());
    fv = (float *)test_alloc(ROWS * sizeof *fv);
    tv = (int64_t *)test_alloc(ROWS * sizeof *tv);
    nv = (int32_t *)test_alloc(ROWS * sizeof *nv);
    PPQ_CHECK(fv != NULL && tv != NULL && nv != NULL);
    small_options(&o);
    o.row_group_rows = RG;
    o.dict_entries = ROWS < 64 ? 8u : 64u; /* (small boards: a fallback to PLAIN too) */
    o.dict_bytes = o.dict_entries * 8u;
    o.footer_bytes = 512u;
    o.page_values = page_values;
    o.page_bytes = 4u * page_values;
    o.no_page_index = 1; /* (the walk below takes pages from row group to row group: */
    o.no_bloom = 1;      /* no index or filter between them) */
    PPQ_CHECK_OK(ppq_writer_init(&w, schema, NCOLS, &o, &file_sink, test_arena_ptr, test_arena_size));
    for (i = 0; i < ROWS; i++) {
        x = x * 1103515245u + 12345u;
        level += (int)((x >> 16) % 3u) - 1;
        level = level < 1 ? 1 : level > 40 ? 40 : level;
        fv[i] = (float)level * 0.25f;
        if ((x >> 20) % 29u == 0u) {
            memcpy(&fv[i], &nanbits, 4);
        }
        if (i == 3 || i == 4 || i == 255 * 8 + 3) { /* the max of pages 0 and 255 only: one page stamp */
            fv[i] = 99.0f;
        }
        if (batches && i / 64 % 3 == 1 && i % 64 == i / 64 * 5 % 64) { /* a page's own max, once, at */
            fv[i] = 50.0f + (float)(i / 64);                            /* places all along it */
        }
        t += (x >> 24) % 17u == 0u ? -3 : (int64_t)((x >> 8) % 4u);
        tv[i] = t;
        nv[i] = (int32_t)((x >> 12) % 50u) - 25;
        if (batches) {
            continue;
        }
        PPQ_CHECK_OK(ppq_writer_set_float(&w, 0, fv[i]));
        PPQ_CHECK_OK(ppq_writer_set_i64(&w, 1, tv[i]));
        if (NCOLS == 3) {
            PPQ_CHECK_OK(ppq_writer_set_i32(&w, 2, nv[i]));
        }
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    for (i = 0; batches && i < ROWS; i += 100) { /* (batches of 100 rows: runs that cross pages) */
        ppq_column_batch_t b[3] = {{NULL, NULL, NULL}, {NULL, NULL, NULL}, {NULL, NULL, NULL}};
        b[0].values = fv + i;
        b[1].values = tv + i;
        b[2].values = nv + i;
        PPQ_CHECK_OK(ppq_writer_write_batch(&w, b, ROWS - i < 100 ? (uint32_t)(ROWS - i) : 100u, NULL));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
    end = file_mem.len - 8u - ppq_load_le32(file_buf + file_mem.len - 8u);
    while (pos < end) { /* every page in file order: the columns' chunks one after another */
        page_header_t h;
        int32_t c;
        PPQ_CHECK_OK(page_at(file_buf, end, pos, &h));
        PPQ_CHECK(h.size >= 0 && (size_t)(h.body - file_buf) + (size_t)h.size <= end);
        pos = (size_t)(h.body - file_buf) + (size_t)h.size;
        if (h.type != 0) {
            continue; /* the dictionary page */
        }
        { /* which column: a row group's chunks one after another */
            uint32_t rg_end = (at[NCOLS - 1] / RG + 1u) * RG;
            rg_end = rg_end > ROWS ? ROWS : rg_end;
            c = at[0] < rg_end ? 0 : at[1] < rg_end ? 1 : 2;
        }
        PPQ_CHECK(h.count > 0 && at[c] + (uint32_t)h.count <= ROWS && h.stats.min != NULL && h.stats.max != NULL);
        {
            uint32_t k, nans = 0;
            uint8_t lo[8], hi[8];
            if (c == 0) {
                float a = 0.0f, b = 0.0f;
                int any = 0;
                for (k = at[0]; k < at[0] + (uint32_t)h.count; k++) {
                    if (fv[k] != fv[k]) {
                        nans++;
                    } else {
                        a = !any || fv[k] < a ? fv[k] : a;
                        b = !any || fv[k] > b ? fv[k] : b;
                        any = 1;
                    }
                }
                PPQ_CHECK(any);
                { /* the PLAIN bytes: the float's bits, little-endian */
                    uint32_t la, lb;
                    memcpy(&la, &a, 4);
                    memcpy(&lb, &b, 4);
                    ppq_store_le32(lo, la);
                    ppq_store_le32(hi, lb);
                }
                PPQ_CHECK_EQ(h.stats.nan_count, nans);
                PPQ_CHECK(h.stats.min_len == 4 && h.stats.max_len == 4);
                PPQ_CHECK(memcmp(h.stats.min, lo, 4) == 0 && memcmp(h.stats.max, hi, 4) == 0);
            } else { /* the integers, INT64 or INT32 */
                uint32_t width = c == 1 ? 8u : 4u;
                int64_t a = c == 1 ? tv[at[1]] : nv[at[2]], b = a, y;
                for (k = at[c]; k < at[c] + (uint32_t)h.count; k++) {
                    y = c == 1 ? tv[k] : nv[k];
                    a = y < a ? y : a;
                    b = y > b ? y : b;
                }
                PPQ_CHECK(h.stats.min_len == width && h.stats.max_len == width);
                PPQ_CHECK_EQ(width == 8u ? (int64_t)ppq_load_le64(h.stats.min) : (int32_t)ppq_load_le32(h.stats.min), a);
                PPQ_CHECK_EQ(width == 8u ? (int64_t)ppq_load_le64(h.stats.max) : (int32_t)ppq_load_le32(h.stats.max), b);
            }
        }
        at[c] += (uint32_t)h.count;
        pages++;
    }
    PPQ_CHECK(at[0] == ROWS && at[1] == ROWS && at[2] == (NCOLS == 3 ? ROWS : 0u));
    PPQ_CHECK(pages >= NCOLS * ROWS / page_values); /* (pages of 8: more than 255 a column on the host) */
}

static void statistics_per_page(void)
{
    page_stats_case(0, 8u);
}

static void statistics_per_page_batches(void)
{
#ifndef PPQ_TEST_SMALL
    page_stats_case(1, 64u); /* (small boards: the 4 KB test arena holds pages of 8) */
#endif
    page_stats_case(1, 8u);
}

/* Unsigned INT compares unsigned; byte arrays compare as unsigned bytes;
 * nulls are counted. */
static void statistics_orders(void)
{
    static const ppq_column_t schema[] = {
        {"u32", PPQ_INT32, 0, 0, {PPQ_LOGICAL_INT, 32, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_PLAIN},
        COL("s", PPQ_BYTE_ARRAY, 1, PPQ_COLUMN_PLAIN)};
    static const char *const strs[] = {"b", "\xff", "a", "ab"};
    ppq_writer_options_t o;
    ppq_writer_t w;
    footer_t f;
    int i;
    PPQ_CHECK(setup());
    small_options(&o);
    PPQ_CHECK_OK(ppq_writer_init(&w, schema, 2, &o, &file_sink, test_arena_ptr, test_arena_size));
    for (i = 0; i < 5; i++) {
        PPQ_CHECK_OK(ppq_writer_set_i32(&w, 0, i == 3 ? -1 : i)); /* -1 is 0xFFFFFFFF: the max */
        if (i == 4) {
            PPQ_CHECK_OK(ppq_writer_set_null(&w, 1));
        } else {
            PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 1, strs[i], (uint32_t)strlen(strs[i])));
        }
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK(ppq_load_le32(f.col[0].min) == 0u && ppq_load_le32(f.col[0].max) == 0xFFFFFFFFu);
    PPQ_CHECK(f.col[1].min_len == 1 && f.col[1].min[0] == 'a');
    PPQ_CHECK(f.col[1].max_len == 1 && f.col[1].max[0] == 0xFF);
    PPQ_CHECK_EQ(f.col[1].null_count, 1);
}

/* Wrong types and nulls in REQUIRED columns are refused; the writer goes on
 * and the file holds exactly the good rows. */
/* A byte array with no upper bound of 64 bytes or fewer (100 bytes of
 * 0xFF): the chunk keeps its min and writes no max, whatever comes next. */
static void statistics_unbounded_max(void)
{
    static const ppq_column_t schema[] = {COL("s", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_PLAIN)};
    uint8_t ff[100];
    ppq_writer_options_t o;
    ppq_writer_t w;
    footer_t f;
    PPQ_CHECK(setup());
    small_options(&o);
    o.page_bytes = 256;
    memset(ff, 0xFF, sizeof ff);
    PPQ_CHECK_OK(ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
    PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 0, "b", 1));
    PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 0, ff, sizeof ff));
    PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 0, "c", 1));
    PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 0, "a", 1));
    PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK(f.col[0].min_len == 1 && f.col[0].min[0] == 'a');
    PPQ_CHECK(f.col[0].max == NULL);
}

/* A FIXED_LEN_BYTE_ARRAY longer than the 64 bytes a bound keeps has no
 * min/max (a 64-byte prefix is not a value of a 100-byte type); one of 64
 * keeps them whole.  (One column a file, pages of 4: small boards' arena.) */
static void statistics_long_fixed(void)
{
    static const ppq_column_t schema[] = {
        {"f", PPQ_FIXED_LEN_BYTE_ARRAY, 100, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_PLAIN},
        {"g", PPQ_FIXED_LEN_BYTE_ARRAY, 64, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_PLAIN}};
    uint8_t v[100];
    ppq_writer_options_t o;
    ppq_writer_t w;
    footer_t f;
    int i, k;
    for (k = 0; k < 2; k++) {
        PPQ_CHECK(setup());
        small_options(&o);
        o.page_values = 4;
        o.row_group_rows = 4;
        o.footer_bytes = 512;
        PPQ_CHECK_OK(ppq_writer_init(&w, &schema[k], 1, &o, &file_sink, test_arena_ptr, test_arena_size));
        for (i = 0; i < 3; i++) {
            memset(v, 'a' + i, sizeof v);
            PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 0, v, schema[k].type_len));
            PPQ_CHECK_OK(ppq_writer_commit_row(&w));
        }
        PPQ_CHECK_OK(ppq_writer_close(&w));
        PPQ_CHECK_OK(read_footer(&f));
        if (k == 0) {
            PPQ_CHECK(f.col[0].min == NULL && f.col[0].max == NULL);
        } else {
            PPQ_CHECK(f.col[0].min_len == 64 && f.col[0].min[0] == 'a' && f.col[0].min[63] == 'a');
            PPQ_CHECK(f.col[0].max_len == 64 && f.col[0].max[0] == 'c' && f.col[0].max[63] == 'c');
        }
    }
}

#endif

#if !PPQ_WRITER_STATISTICS
/* A build without statistics (PPQ_WRITER_STATISTICS 0): the statistics
 * tests above do not apply; the footer has no min/max, whatever the
 * options say. */
static void statistics_left_out(void)
{
    static const ppq_column_t schema[] = {COL("i", PPQ_INT32, 0, PPQ_COLUMN_PLAIN)};
    ppq_writer_options_t o;
    ppq_writer_t w;
    footer_t f;
    PPQ_CHECK(setup());
    small_options(&o);
    o.no_statistics = 0;
    PPQ_CHECK_OK(ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
    PPQ_CHECK_OK(ppq_writer_set_i32(&w, 0, 42));
    PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK(f.col[0].min == NULL && f.col[0].max == NULL);
}
#endif

static void rejected_rows(void)
{
    static const ppq_column_t schema[] = {COL("a", PPQ_INT64, 0, PPQ_COLUMN_PLAIN),
                                          COL("b", PPQ_BYTE_ARRAY, 1, PPQ_COLUMN_PLAIN)};
    ppq_writer_options_t o;
    ppq_writer_t w;
    footer_t f;
    PPQ_CHECK(setup());
    small_options(&o);
    PPQ_CHECK_OK(ppq_writer_init(&w, schema, 2, &o, &file_sink, test_arena_ptr, test_arena_size));
    PPQ_CHECK_EQ(ppq_writer_set_i32(&w, 0, 1), PPQ_ERR_ARG);   /* wrong type */
    PPQ_CHECK_EQ(ppq_writer_set_null(&w, 0), PPQ_ERR_ARG);     /* REQUIRED */
    PPQ_CHECK_EQ(ppq_writer_set_i64(&w, 5, 1), PPQ_ERR_ARG);   /* no such column */
    PPQ_CHECK_EQ(ppq_writer_set_bytes(&w, 1, "x", 33), PPQ_ERR_ARG); /* over page_bytes */
    PPQ_CHECK_EQ(ppq_writer_commit_row(&w), PPQ_ERR_ARG);      /* a is unset */
    PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 1, "dropped", 7));
    PPQ_CHECK_EQ(ppq_writer_commit_row(&w), PPQ_ERR_ARG);      /* still no a: row dropped */
    PPQ_CHECK_OK(ppq_writer_set_i64(&w, 0, 7));
    PPQ_CHECK_OK(ppq_writer_commit_row(&w));                   /* b unset: null */
    PPQ_CHECK_EQ(ppq_writer_rows(&w), 1);
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_EQ(ppq_writer_close(&w), PPQ_ERR_STATE);
    PPQ_CHECK_EQ(ppq_writer_commit_row(&w), PPQ_ERR_STATE);
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK_EQ(f.num_rows, 1);
    PPQ_CHECK_EQ(f.col[1].null_count, PPQ_WRITER_STATISTICS ? 1 : 0); /* (0: no statistics written) */
}

/* Records: what write_record refuses drops the row and changes nothing:
 * the file equals the one the setters write of the accepted rows. */
typedef struct rec_row {
    int64_t a;
    ppq_bytes_t b;
    uint8_t b_valid, a_valid;
    ppq_bytes_t f; /* FIXED_LEN_BYTE_ARRAY(3), always there */
} rec_row_t;

static void record_refusals(void)
{
    static const ppq_column_t schema[] = {COL("a", PPQ_INT64, 0, PPQ_COLUMN_PLAIN),
                                          COL("b", PPQ_BYTE_ARRAY, 1, PPQ_COLUMN_PLAIN),
                                          {"f", PPQ_FIXED_LEN_BYTE_ARRAY, 3, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0},
                                           PPQ_COLUMN_PLAIN}};
    static const ppq_field_t fields[] = {PPQ_FIELD(rec_row_t, a), PPQ_FIELD_OPTIONAL(rec_row_t, b, b_valid),
                                         PPQ_FIELD(rec_row_t, f)};
    static const ppq_field_t flagged[] = {PPQ_FIELD_OPTIONAL(rec_row_t, a, a_valid),
                                          PPQ_FIELD_OPTIONAL(rec_row_t, b, b_valid), PPQ_FIELD(rec_row_t, f)};
    ppq_writer_options_t o;
    ppq_writer_t w;
    rec_row_t r;
    uint8_t *first;
    size_t first_len = 0;
    int pass;
    PPQ_CHECK(setup());
    first = (uint8_t *)test_alloc(FILE_CAP);
    PPQ_CHECK(first != NULL);
    small_options(&o);
    o.chunk_bytes = 1; /* (the least: the small boards' 4 KB test arena) */
    o.footer_bytes = 256;
    for (pass = 0; pass < 2; pass++) { /* 0: the accepted rows by the setters; 1: by records */
        ppq_sink_init_mem(&file_sink, &file_mem, file_buf, FILE_CAP);
        PPQ_CHECK_OK(ppq_writer_init(&w, schema, 3, &o, &file_sink, test_arena_ptr, test_arena_size));
        memset(&r, 0, sizeof r);
        r.a = 41;
        r.b.ptr = (const uint8_t *)"ok";
        r.b.len = 2;
        r.b_valid = 1;
        r.a_valid = 1;
        r.f.ptr = (const uint8_t *)"xyz";
        r.f.len = 3;
        if (pass == 0) {
            PPQ_CHECK_OK(ppq_writer_set_i64(&w, 0, 41));
            PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 1, "ok", 2));
            PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 2, "xyz", 3));
            PPQ_CHECK_OK(ppq_writer_commit_row(&w));
            PPQ_CHECK_OK(ppq_writer_set_i64(&w, 0, 42));
            PPQ_CHECK_OK(ppq_writer_set_null(&w, 1));
            PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 2, "xyz", 3));
            PPQ_CHECK_OK(ppq_writer_commit_row(&w));
        } else {
            PPQ_CHECK_EQ(ppq_writer_write_record(&w, &r), PPQ_ERR_STATE); /* no layout yet */
            PPQ_CHECK_EQ(ppq_writer_use_record(&w, NULL), PPQ_ERR_ARG);
            PPQ_CHECK_OK(ppq_writer_use_record(&w, fields));
            PPQ_CHECK_EQ(ppq_writer_write_record(&w, NULL), PPQ_ERR_ARG);
            PPQ_CHECK_OK(ppq_writer_set_i64(&w, 0, 99)); /* a row the setters began: discarded */
            PPQ_CHECK_OK(ppq_writer_write_record(&w, &r));
            r.b.len = 33; /* over page_bytes */
            PPQ_CHECK_EQ(ppq_writer_write_record(&w, &r), PPQ_ERR_ARG);
            r.b.len = 2;
            r.b.ptr = NULL; /* NULL with a length */
            PPQ_CHECK_EQ(ppq_writer_write_record(&w, &r), PPQ_ERR_ARG);
            r.b.ptr = (const uint8_t *)"ok";
            r.f.len = 2; /* FLBA of another length */
            PPQ_CHECK_EQ(ppq_writer_write_record(&w, &r), PPQ_ERR_ARG);
            r.f.len = 3;
            PPQ_CHECK_OK(ppq_writer_use_record(&w, flagged));
            r.a_valid = 0; /* a null in a REQUIRED column */
            PPQ_CHECK_EQ(ppq_writer_write_record(&w, &r), PPQ_ERR_ARG);
            r.a_valid = 1;
            r.a = 42;
            r.b_valid = 0; /* b's null, its value ignored */
            r.b.len = 1000;
            PPQ_CHECK_OK(ppq_writer_write_record(&w, &r));
            PPQ_CHECK_EQ(ppq_writer_commit_row(&w), PPQ_ERR_ARG); /* the discarded row's a is gone */
        }
        PPQ_CHECK_EQ(ppq_writer_rows(&w), 2);
        PPQ_CHECK_OK(ppq_writer_close(&w));
        PPQ_CHECK_EQ(ppq_writer_write_record(&w, &r), PPQ_ERR_STATE);
        if (pass == 0) {
            memcpy(first, file_buf, file_mem.len);
            first_len = file_mem.len;
        }
    }
    PPQ_CHECK_EQ(file_mem.len, first_len);
    PPQ_CHECK_MEM(file_buf, first, first_len);
}

/* Records of a dictionary's strings that repeat (the row path's
 * shortcut compares each with the page's last), of 1-9 bytes, among
 * strings of the same length that differ only in the first, the last or
 * the middle byte, and nulls by the presence flag: read back as written. */
static uint32_t read_back_strings(size_t len, int optional, size_t (*want)(uint32_t r, uint8_t *out));

typedef struct str_row {
    ppq_bytes_t s;
    uint8_t s_valid;
} str_row_t;

static size_t str_again_want(uint32_t r, uint8_t *v)
{
    uint32_t len = 1u + (r / 24u) % 9u, k = r % 24u;
    if (k == 15u) {
        return 0; /* a null */
    }
    memcpy(v, "abcdefghi", len);
    v[0] = (uint8_t)('a' + (r / 24u) % 5u);
    if (k == 10u || k == 12u || k == 14u) { /* near misses: the first, last, middle byte */
        v[k == 10u ? 0u : k == 12u ? len - 1u : len / 2u] = 'Z';
    }
    return len;
}

static void record_repeated_strings(void)
{
    static const ppq_column_t schema[] = {COL("s", PPQ_BYTE_ARRAY, 1, PPQ_COLUMN_DICTIONARY)};
    static const ppq_field_t fields[] = {PPQ_FIELD_OPTIONAL(str_row_t, s, s_valid)};
    ppq_writer_options_t o;
    ppq_writer_t w;
    str_row_t row;
    uint8_t v[32];
    uint32_t r, rows = 9u * 24u;
    PPQ_CHECK(setup());
    memset(&o, 0, sizeof o);
    o.page_values = 16;
    o.page_bytes = 64;
    o.footer_bytes = 768;
    o.dict_entries = 16;
    o.dict_bytes = 128;
    o.row_group_rows = 48;
#ifdef PPQ_TEST_SMALL
    o.chunk_bytes = 1; /* (the least chunk buffers: the small boards' 4 KB test arena) */
#endif
    ppq_sink_init_mem(&file_sink, &file_mem, file_buf, FILE_CAP);
    PPQ_CHECK_OK(ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
    PPQ_CHECK_OK(ppq_writer_use_record(&w, fields));
    for (r = 0; r < rows; r++) {
        size_t n = str_again_want(r, v);
        row.s.ptr = n > 0u ? v : NULL;
        row.s.len = (uint32_t)n;
        row.s_valid = (uint8_t)(n > 0u);
        PPQ_CHECK_OK(ppq_writer_write_record(&w, &row));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
#ifndef PPQ_TEST_SMALL /* (a reader and a column reader: more than the microbit's 4 KB test arena) */
    PPQ_CHECK_EQ(read_back_strings(file_mem.len, 1, str_again_want), rows);
#endif
}

static void invalid_schemas(void)
{
    static const ppq_column_t dup[] = {COL("a", PPQ_INT32, 0, PPQ_COLUMN_AUTO), COL("a", PPQ_INT64, 0, PPQ_COLUMN_AUTO)};
    static const ppq_column_t empty[] = {COL("", PPQ_INT32, 0, PPQ_COLUMN_AUTO)};
    static const ppq_column_t flba0[] = {{"f", PPQ_FIXED_LEN_BYTE_ARRAY, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO}};
    static const ppq_column_t dec[] = {{"d", PPQ_INT32, 0, 0, {PPQ_LOGICAL_DECIMAL, 0, 0, 0, PPQ_UNIT_MILLIS, 10, 2}, PPQ_COLUMN_AUTO}};
    static const ppq_column_t scale[] = {{"d", PPQ_INT64, 0, 0, {PPQ_LOGICAL_DECIMAL, 0, 0, 0, PPQ_UNIT_MILLIS, 5, 6}, PPQ_COLUMN_AUTO}};
    static const ppq_column_t str[] = {{"s", PPQ_INT32, 0, 0, {PPQ_LOGICAL_STRING, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO}};
    static const ppq_column_t ts[] = {{"t", PPQ_INT32, 0, 0, {PPQ_LOGICAL_TIMESTAMP, 0, 0, 1, PPQ_UNIT_MICROS, 0, 0}, PPQ_COLUMN_AUTO}};
    static const ppq_column_t uuid[] = {{"u", PPQ_FIXED_LEN_BYTE_ARRAY, 15, 0, {PPQ_LOGICAL_UUID, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO}};
    static const ppq_column_t enc[] = {COL("x", PPQ_FLOAT, 0, PPQ_COLUMN_DELTA_BINARY_PACKED)};
    static const ppq_column_t dlba[] = {COL("x", PPQ_INT32, 0, PPQ_COLUMN_DELTA_LENGTH_BYTE_ARRAY)};
    static const ppq_column_t dba[] = {COL("x", PPQ_DOUBLE, 0, PPQ_COLUMN_DELTA_BYTE_ARRAY)};
    static const ppq_column_t *const bad[] = {dup, empty, flba0, dec, scale, str, ts, uuid, enc, dlba, dba};
    static const uint32_t n[] = {2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    ppq_writer_t w;
    size_t i;
    PPQ_CHECK(setup());
    for (i = 0; i < ARRAY_LEN(bad); i++) {
        PPQ_CHECK_EQ(ppq_writer_init(&w, bad[i], n[i], NULL, &file_sink, test_arena_ptr, test_arena_size), PPQ_ERR_ARG);
        PPQ_CHECK_EQ(ppq_writer_arena_size(bad[i], n[i], NULL), 0);
        PPQ_CHECK_EQ(file_mem.len, 0); /* nothing written */
    }
}

/* The compact layout: options it cannot take are PPQ_ERR_ARG (or
 * PPQ_ERR_UNSUPPORTED: a codec this build cannot compress) with nothing
 * written; ppq_writer_arena_size is exact for it. */
static void compact_rejects_and_sizes(void)
{
    static const ppq_column_t ok[] = {COL("i", PPQ_INT32, 1, PPQ_COLUMN_AUTO), COL("s", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_AUTO)};
    static const ppq_column_t bss[] = {COL("f", PPQ_FLOAT, 0, PPQ_COLUMN_BYTE_STREAM_SPLIT)};
    static const ppq_column_t dlba[] = {COL("s", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_DELTA_LENGTH_BYTE_ARRAY)};
#ifndef PPQ_TEST_SMALL
    static ppq_column_t many[128]; /* (5 KB: hosts) */
    static char names[128][4];
#endif
    ppq_writer_options_t o;
    ppq_writer_t w;
    size_t need, i;
    PPQ_CHECK(setup());
    memset(&o, 0, sizeof o);
    o.compact = 1;
    o.chunk_bytes = 64;
    o.page_bytes = 32;
    o.dict_entries = 32;
    o.footer_bytes = 1;
    need = ppq_writer_arena_size(ok, 2, &o);
    PPQ_CHECK_EQ(need > 0u, PPQ_WRITER_COMPACT != 0);
    if (!PPQ_WRITER_COMPACT) {
        PPQ_CHECK_EQ(ppq_writer_init(&w, ok, 2, &o, &file_sink, test_arena_ptr, test_arena_size), PPQ_ERR_ARG);
        return;
    }
    PPQ_CHECK(need <= test_arena_size);
    PPQ_CHECK_EQ(ppq_writer_init(&w, ok, 2, &o, &file_sink, test_arena_ptr, need - 8), PPQ_ERR_ARENA);
    PPQ_CHECK_OK(ppq_writer_init(&w, ok, 2, &o, &file_sink, test_arena_ptr, need));
    file_mem.len = 0;
    PPQ_CHECK_EQ(ppq_writer_init(&w, bss, 1, &o, &file_sink, test_arena_ptr, test_arena_size), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_writer_init(&w, dlba, 1, &o, &file_sink, test_arena_ptr, test_arena_size), PPQ_ERR_ARG);
    o.page_v2 = 1;
    PPQ_CHECK_EQ(ppq_writer_init(&w, ok, 2, &o, &file_sink, test_arena_ptr, test_arena_size), PPQ_ERR_ARG);
    o.page_v2 = 0;
    o.recovery = 1;
    PPQ_CHECK_EQ(ppq_writer_init(&w, ok, 2, &o, &file_sink, test_arena_ptr, test_arena_size),
                 PPQ_WRITER_RECOVERY ? PPQ_ERR_ARG : PPQ_ERR_ARG);
    o.recovery = 0;
    o.codec = PPQ_CODEC_SNAPPY;
    PPQ_CHECK(ppq_writer_init(&w, ok, 2, &o, &file_sink, test_arena_ptr, test_arena_size) != PPQ_OK);
    o.codec = PPQ_CODEC_UNCOMPRESSED;
#ifndef PPQ_TEST_SMALL
    for (i = 0; i < 128u; i++) { /* 127 columns at most (a stream id is a byte) */
        names[i][0] = (char)('a' + i / 26u % 26u);
        names[i][1] = (char)('a' + i % 26u);
        names[i][2] = (char)('0' + i / 100u);
        many[i] = ok[1];
        many[i].name = names[i];
    }
    PPQ_CHECK_EQ(ppq_writer_arena_size(many, 128, &o), 0);
    PPQ_CHECK(ppq_writer_arena_size(many, 127, &o) > 0u);
#else
    (void)i;
#endif
    PPQ_CHECK_EQ(file_mem.len, 0); /* nothing written by the refusals */
}

/* The compact layout's row groups end where the store would overflow,
 * never past it: rows of every kind of compact column into a small store,
 * each row group holding whole rows, the writer never failing; a null in
 * a REQUIRED column and a too-long byte array are refused and lose nothing. */
static void compact_row_groups(void)
{
    static const ppq_column_t schema[] = {
        COL("ts", PPQ_INT64, 0, PPQ_COLUMN_AUTO),     COL("x", PPQ_FLOAT, 1, PPQ_COLUMN_AUTO),
        COL("n", PPQ_INT32, 0, PPQ_COLUMN_DELTA_BINARY_PACKED), COL("b", PPQ_BOOLEAN, 1, PPQ_COLUMN_AUTO),
        COL("s", PPQ_BYTE_ARRAY, 1, PPQ_COLUMN_DICTIONARY), COL("p", PPQ_DOUBLE, 0, PPQ_COLUMN_PLAIN)};
    static const char *const words[] = {"ok", "warm", "a-much-longer-status", ""};
    ppq_writer_options_t o;
    ppq_writer_t w;
    uint32_t r, rows = 600;
    footer_t f;
    PPQ_CHECK(setup());
#ifdef PPQ_TEST_SMALL
    return; /* six columns and a footer store for many row groups: more than a 4 KB test arena */
#endif
    if (!PPQ_WRITER_COMPACT) {
        return;
    }
    memset(&o, 0, sizeof o);
    o.compact = 1;
    o.footer_bytes = 32768;
    o.chunk_bytes = 1; /* the least store: many row groups */
    o.page_bytes = 24;
    o.dict_entries = 48;
    o.page_crc = 1;
    PPQ_CHECK_OK(ppq_writer_init(&w, schema, 6, &o, &file_sink, test_arena_ptr, test_arena_size));
    for (r = 0; r < rows; r++) {
        uint32_t x = r * 2654435761u;
        PPQ_CHECK_OK(ppq_writer_set_i64(&w, 0, 1700000000000000 + (int64_t)r * 1000000 + (int64_t)(x % 7u) * ((r % 97u) == 3u ? 1000000000 : 1)));
        PPQ_CHECK_OK(x % 9u == 0u ? ppq_writer_set_null(&w, 1) : ppq_writer_set_float(&w, 1, (float)((int)(x % 40u) - 20) / 4.0f));
        PPQ_CHECK_OK(ppq_writer_set_i32(&w, 2, (int32_t)(r % 50u == 7u ? x : r)));
        PPQ_CHECK_OK(ppq_writer_set_bool(&w, 3, (x >> 7) % 13u == 0u));
        PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 4, words[(x >> 9) % 4u], (uint32_t)strlen(words[(x >> 9) % 4u])));
        PPQ_CHECK_OK(ppq_writer_set_double(&w, 5, (double)x));
        if (r == 100u) { /* refused rows: nothing of them goes in */
            PPQ_CHECK_EQ(ppq_writer_set_null(&w, 0), PPQ_ERR_ARG);
            PPQ_CHECK_EQ(ppq_writer_set_bytes(&w, 4, "0123456789012345678901234", 25), PPQ_ERR_ARG);
        }
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK_EQ(f.num_rows, rows);
    PPQ_CHECK(f.row_groups >= 3u);
    PPQ_CHECK(w.store_cap < 1024u); /* (the least store) */
}

/* The compact layout keeps room for what an encoder still holds on rows
 * where its column is null: a DELTA block left open by 100 values, then
 * only nulls in it while another column fills the store, and a nullable
 * BOOLEAN's byte of bits; every row goes in, row groups end as the store
 * fills, the file closes (a reservation short by the open block failed
 * the flush, and the writer after it). */
static void compact_nulls_keep_room(void)
{
    static const ppq_column_t schema[] = {COL("d", PPQ_INT32, 1, PPQ_COLUMN_DELTA_BINARY_PACKED),
                                          COL("b", PPQ_BOOLEAN, 1, PPQ_COLUMN_PLAIN),
                                          COL("p", PPQ_INT64, 0, PPQ_COLUMN_PLAIN)};
    ppq_writer_options_t o;
    ppq_writer_t w;
    uint32_t r, rows = 2000;
    footer_t f;
    ppq_status_t st;
    PPQ_CHECK(setup());
    if (!PPQ_WRITER_COMPACT || (PPQ_WRITER_ENCODINGS & PPQ_WRITER_ENC_DELTA_BINARY_PACKED) == 0u) {
        return;
    }
    memset(&o, 0, sizeof o);
    o.compact = 1;
    o.chunk_bytes = 512;
    o.footer_bytes = 4096;
    st = ppq_writer_init(&w, schema, 3, &o, &file_sink, test_arena_ptr, test_arena_size);
#ifdef PPQ_TEST_SMALL
    if (st == PPQ_ERR_ARENA) {
        return;
    }
#endif
    PPQ_CHECK_OK(st);
    for (r = 0; r < rows; r++) {
        uint32_t k = r % 500u; /* per 500 rows: 100 values (no block of 128 completes), then nulls */
        PPQ_CHECK_OK(k < 100u ? ppq_writer_set_i32(&w, 0, (int32_t)((r * 7919u) % 1000u)) : ppq_writer_set_null(&w, 0));
        PPQ_CHECK_OK(k % 3u == 0u ? ppq_writer_set_bool(&w, 1, (r & 1u) != 0u) : ppq_writer_set_null(&w, 1));
        PPQ_CHECK_OK(ppq_writer_set_i64(&w, 2, (int64_t)r));
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK_EQ(f.num_rows, rows);
    PPQ_CHECK(f.row_groups >= 3u);
}

/* Options of the compact layout: chunk_bytes, footer_bytes and
 * dict_entries as given, the rest 0 (the defaults). */
static void compact_options(ppq_writer_options_t *o, uint32_t chunk_bytes, uint32_t footer_bytes, uint32_t dict_entries)
{
    memset(o, 0, sizeof *o);
    o->compact = 1;
    o->chunk_bytes = chunk_bytes;
    o->footer_bytes = footer_bytes;
    o->dict_entries = dict_entries;
}

/* AUTO in the compact layout against a fixed encoding: the bytes of the
 * file `rows` rows of row(r) make with schema s (n columns, every one
 * taking `enc` unless PPQ_COLUMN_AUTO) to *bytes, 0 where the arena is
 * too small (PPQ_TEST_SMALL) or the build lacks the layout. */
typedef void (*compact_row_fn)(ppq_writer_t *w, uint32_t r);
static void compact_bytes(const ppq_column_t *s, uint32_t n, ppq_column_encoding_t enc, const ppq_writer_options_t *o,
                          uint32_t rows, compact_row_fn row, size_t *bytes)
{
    ppq_column_t cols[8];
    ppq_writer_t w;
    uint32_t i, r;
    ppq_status_t st;
    *bytes = 0;
    if (!setup() || !PPQ_WRITER_COMPACT || n > 8u) {
        return;
    }
    for (i = 0; i < n; i++) {
        cols[i] = s[i];
        cols[i].encoding = enc == PPQ_COLUMN_AUTO ? s[i].encoding : enc;
    }
    st = ppq_writer_init(&w, cols, n, o, &file_sink, test_arena_ptr, test_arena_size);
    if (st == PPQ_ERR_ARENA) {
        return;
    }
    PPQ_CHECK_OK(st);
    for (r = 0; r < rows; r++) {
        row(&w, r);
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
    *bytes = file_mem.len;
}

/* A reader of the file in file_buf (len bytes), its state and the
 * file's in the arena `a` (from the test arena's start); NULL where it
 * does not open (checked). */
static ppq_reader_t *file_reader(size_t len, ppq_arena_t *a, ppq_file_t *f, mfile_t *m)
{
    ppq_reader_t *rd;
    ppq_arena_init(a, test_arena_ptr, test_arena_size);
    rd = (ppq_reader_t *)ppq_arena_alloc(a, sizeof *rd);
    mfile_init(f, m, file_buf, len, len);
    if (rd == NULL || ppq_reader_open(rd, f, a) != PPQ_OK) {
        ppq_test_fail(__FILE__, __LINE__, "the file opens");
        return NULL;
    }
    return rd;
}

static uint32_t chunk_sizes(size_t len, int64_t *out, int64_t *rows, uint32_t *enc, uint32_t max);

/* Column `col` (REQUIRED, values of 4 bytes: want32; or of 8: want64,
 * their bits) of the file in file_buf (len bytes) read back, row group by
 * row group, each value's bits against want(r).  Returns the values read. */
static uint32_t read_back_values(size_t len, uint32_t col, uint32_t (*want32)(uint32_t), uint64_t (*want64)(uint32_t))
{
    ppq_column_reader_t *cr;
    ppq_file_t f;
    mfile_t m;
    ppq_arena_t a;
    ppq_reader_t *rd = file_reader(len, &a, &f, &m);
    uint32_t rg, r = 0;
    cr = rd != NULL ? (ppq_column_reader_t *)ppq_arena_alloc(&a, sizeof *cr) : NULL;
    for (rg = 0; cr != NULL && rg < rd->nrg; rg++) {
        size_t mark = ppq_arena_mark(&a), levels = 1, count = 0, i;
        ppq_status_t st = ppq_column_reader_init(cr, rd, rg, col, &a);
        while (st == PPQ_OK && levels > 0u) {
            uint64_t v[64]; /* (as uint32_t[] or 8-byte values) */
            st = ppq_column_reader_read(cr, 64, v, NULL, NULL, &levels, &count);
            for (i = 0; st == PPQ_OK && i < count; i++, r++) {
                uint32_t v32;
                uint64_t w64 = want64 != NULL ? want64(r) : 0u;
                memcpy(&v32, (const uint8_t *)v + 4u * i, 4);
                if (want64 == NULL && v32 != want32(r)) {
                    ppq_test_fail_eq(__FILE__, __LINE__, "v[i]", "want(r)", v32, want32(r));
                    return r; /* (the values read back so far) */
                }
                if (want64 != NULL && v[i] != w64) {
                    ppq_test_fail(__FILE__, __LINE__, "v[i] == want(r)");
                    return r;
                }
            }
        }
        if (st != PPQ_OK) {
            ppq_test_fail_eq(__FILE__, __LINE__, "st", "PPQ_OK", st, PPQ_OK);
            return r;
        }
        ppq_arena_rewind(&a, mark);
    }
    return r;
}

static uint32_t read_back32(size_t len, uint32_t (*want)(uint32_t))
{
    return read_back_values(len, 0, want, NULL);
}

static void row_all_null(ppq_writer_t *w, uint32_t r)
{
    uint32_t i;
    (void)r;
    for (i = 0; i < 5u; i++) {
        PPQ_CHECK_OK(ppq_writer_set_null(w, i));
    }
}

/* A compact AUTO chunk of nulls only costs what PLAIN's does: no empty
 * dictionary page, index width, DELTA header or BOOLEAN RLE length (each
 * a few bytes a chunk: 1.2-1.6x PLAIN's, issue 27's sweep). */
static void compact_auto_all_nulls(void)
{
    static const ppq_column_t schema[] = {COL("i", PPQ_INT32, 1, PPQ_COLUMN_AUTO), COL("l", PPQ_INT64, 1, PPQ_COLUMN_AUTO),
                                          COL("f", PPQ_FLOAT, 1, PPQ_COLUMN_AUTO), COL("s", PPQ_BYTE_ARRAY, 1, PPQ_COLUMN_AUTO),
                                          COL("b", PPQ_BOOLEAN, 1, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t plain, mine;
    compact_options(&o, 300, 2048, 64);
    o.row_group_rows = 100;
    compact_bytes(schema, 5, PPQ_COLUMN_PLAIN, &o, 300, row_all_null, &plain);
    compact_bytes(schema, 5, PPQ_COLUMN_AUTO, &o, 300, row_all_null, &mine);
    PPQ_CHECK(mine <= plain);
}

static void row_walk_i32(ppq_writer_t *w, uint32_t r)
{
    uint32_t x = r * 2654435761u;
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, (int32_t)(3700u + r / 20u + (x >> 31))));
    PPQ_CHECK_OK(ppq_writer_set_double(w, 1, (double)x));
}

/* An AUTO INT32 in a small store, whose DELTA buffer the store lends
 * (64-bit hosts: PPQ_WRITER_COMPACT_LEND), with row groups that end at
 * row_group_rows, not with the store full: the lent room cost no rows, so
 * the walk stays DELTA (it weighed the lend as 512 bytes and took its
 * dictionary, about 3x DELTA's bytes: issue 27's sweep). */
static void compact_auto_lend_free(void)
{
    static const ppq_column_t schema[] = {COL("i", PPQ_INT32, 0, PPQ_COLUMN_AUTO), COL("d", PPQ_DOUBLE, 0, PPQ_COLUMN_PLAIN)};
    ppq_writer_options_t o;
    size_t delta, mine;
    if (!COMPACT_64) {
        return; /* (no lending: such a column takes a dictionary or PLAIN) */
    }
    compact_options(&o, 3000, 4096, 256); /* a store of 6000 (below 16 DELTA blocks: lent) */
    o.row_group_rows = 500;
    compact_bytes(schema, 2, PPQ_COLUMN_AUTO, &o, 5000, row_walk_i32, &mine);
    o.chunk_bytes = 3000;
    {
        ppq_column_t fixed[2];
        fixed[0] = schema[0];
        fixed[1] = schema[1];
        fixed[0].encoding = PPQ_COLUMN_DELTA_BINARY_PACKED;
        compact_bytes(fixed, 2, PPQ_COLUMN_AUTO, &o, 5000, row_walk_i32, &delta);
    }
    PPQ_CHECK(mine * 100u <= delta * 105u);
}

/* Timestamps 1000 apart with a jitter of 0..7, a clock set at row 700 (a
 * delta past 2 bytes), beside a double. */
static int32_t ts_jump(uint32_t r)
{
    return (int32_t)(1000u * r + ((r * 2654435761u) >> 29)) + (r >= 760u ? 40000000 : 0);
}

static void row_ts_jump(ppq_writer_t *w, uint32_t r)
{
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, ts_jump(r)));
    PPQ_CHECK_OK(ppq_writer_set_double(w, 1, (double)(r * 2654435761u >> 8)));
}

/* An AUTO INT32 in a small compact store (64-bit hosts: the store lends
 * DELTA's buffer, PPQ_WRITER_COMPACT_LEND) takes DELTA with its deltas in
 * a byte (144 bytes lent, not 520): sorted timestamps had gone PLAIN at 4
 * bytes a row in 1-2 KB stores, 13-17x DELTA's chunk (issue 27's sweep).
 * Within 1.05x of fixed DELTA's file; the clock set makes the rest of its
 * row group PLAIN in the store (a DELTA page, then PLAIN), which is
 * written DELTA over all its values (smaller: no row group of the file
 * has a PLAIN page); every value read back. */
static uint32_t ts_jump_bits(uint32_t r)
{
    return (uint32_t)ts_jump(r);
}

static void compact_auto_small_deltas(void)
{
    static const ppq_column_t schema[] = {COL("ts", PPQ_INT32, 0, PPQ_COLUMN_AUTO), COL("d", PPQ_DOUBLE, 0, PPQ_COLUMN_PLAIN)};
    ppq_writer_options_t o;
    size_t delta, mine;
    ppq_column_t fixed[2];
    int64_t sizes[64];
    uint32_t enc[64], rg, n;
    uint32_t plain = 0;
    if (!COMPACT_64 || !PPQ_DELTA_SMALL) {
        return; /* (no lending, or 4-byte deltas: 520 bytes lent, the store's least passed) */
    }
    compact_options(&o, 700, 4096, 64); /* a store of 1,400 bytes */
    fixed[0] = schema[0];
    fixed[1] = schema[1];
    fixed[0].encoding = PPQ_COLUMN_DELTA_BINARY_PACKED;
    compact_bytes(fixed, 2, PPQ_COLUMN_AUTO, &o, 1500, row_ts_jump, &delta);
    compact_bytes(schema, 2, PPQ_COLUMN_AUTO, &o, 1500, row_ts_jump, &mine);
    PPQ_CHECK(delta > 0u && mine * 100u <= delta * 105u);
    PPQ_CHECK_EQ(read_back32(file_mem.len, ts_jump_bits), 1500u); /* (AUTO's file) */
    n = chunk_sizes(file_mem.len, sizes, NULL, enc, 64);
    for (rg = 0; rg < n; rg++) {
        plain |= enc[rg] >> PPQ_ENC_PLAIN & 1u;
    }
    PPQ_CHECK(n > 0u && plain == 0u);
}

/* Event ids (64-bit hashes, each held 20 rows: deltas past 32 bits) beside
 * a 10 ms clock and an ADC reading. */
static void row_event_ids(ppq_writer_t *w, uint32_t r)
{
    uint64_t id = (uint64_t)(r / 20u + 1u) * 0x9E3779B97F4A7C15u;
    PPQ_CHECK_OK(ppq_writer_set_i64(w, 0, 1700000000000 + 10 * (int64_t)r));
    PPQ_CHECK_OK(ppq_writer_set_i64(w, 1, (int64_t)(id ^ id >> 29)));
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 2, (int32_t)(2000u + r / 50u + (r * 2654435761u >> 30))));
}

/* An AUTO INT64 whose deltas pass 32 bits (DELTA's compact buffer keeps 32)
 * in a file its footer store bounds (no spill, below 64 KiB): the rest of
 * its row group is a PLAIN page (64-bit hosts), not the row group's end
 * at the jump.  Hashed event ids ended row groups after 16 and 7 rows and
 * filled an 8 KiB arena's file at 23 rows (issue 27's sweep; here 20, the
 * first new id, where 122 fit). */
static void compact_auto_jump_keeps_rows(void)
{
    static const ppq_column_t schema[] = {COL("ts", PPQ_INT64, 0, PPQ_COLUMN_AUTO), COL("ev", PPQ_INT64, 0, PPQ_COLUMN_AUTO),
                                          COL("adc", PPQ_INT32, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    ppq_writer_t w;
    ppq_status_t st = PPQ_OK;
    uint32_t r;
    if (!COMPACT_64 || !PPQ_DELTA_SMALL || !setup()) {
        return; /* (the split is built on 64-bit hosts only: PPQ_DELTA_SMALL) */
    }
    compact_options(&o, 400, 500, 64); /* a footer store of one row group */
    PPQ_CHECK_OK(ppq_writer_init(&w, schema, 3, &o, &file_sink, test_arena_ptr, test_arena_size));
    for (r = 0; r < 5000u && st == PPQ_OK; r++) {
        row_event_ids(&w, r);
        st = ppq_writer_commit_row(&w);
        PPQ_CHECK(st == PPQ_OK || st == PPQ_ERR_NOSPACE);
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK(ppq_writer_rows(&w) >= 100u); /* (the row group ended at the first new id: 20) */
}

static void row_distinct(ppq_writer_t *w, uint32_t r)
{
    static char b[12] = "k-"; /* (a value stays the caller's until the row is committed) */
    uint32_t x = r * 2654435761u, i;
    for (i = 0; i < 8u; i++) {
        b[2u + i] = "0123456789abcdef"[(x >> (4u * i)) & 15u]; /* (distinct: x is r times an odd number) */
    }
    PPQ_CHECK_OK(ppq_writer_set_bytes(w, 0, b, 10));
    PPQ_CHECK_OK(ppq_writer_set_float(w, 1, (float)x));
}

/* A compact AUTO dictionary of distinct values only is its entries as
 * PLAIN values (no dictionary page, index width or indices), one page
 * where its index width grew past 8 bits at 256 entries: no larger than
 * PLAIN's (it was 1.1-1.5x: issue 27's sweep, high-cardinality
 * strings). */
static void compact_auto_distinct_flat(void)
{
    static const ppq_column_t schema[] = {COL("s", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_AUTO), COL("f", PPQ_FLOAT, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t plain, mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 8000, 2048, 1024);
    o.page_bytes = 256;
    o.row_group_rows = 400; /* (past 256 entries: a split) */
    compact_bytes(schema, 2, PPQ_COLUMN_PLAIN, &o, 800, row_distinct, &plain);
    compact_bytes(schema, 2, PPQ_COLUMN_AUTO, &o, 800, row_distinct, &mine);
    PPQ_CHECK(mine <= plain);
}

static void row_one_then_ok(ppq_writer_t *w, uint32_t r)
{
    if (r < 50u && r != 0u) {
        PPQ_CHECK_OK(ppq_writer_set_null(w, 0));
    } else {
        PPQ_CHECK_OK(ppq_writer_set_bytes(w, 0, "ok", 2));
    }
}

/* A compact row group of one value tells nothing of how its values
 * repeat: AUTO keeps its dictionary (a first row group of one value, its
 * dictionary a byte over PLAIN, sent a status column of one word to PLAIN
 * for 8 row groups at up to 2.2x the dictionary's bytes: issue 27's
 * sweep, a 1-row row group beside long strings). */
static void compact_auto_one_value(void)
{
    static const ppq_column_t schema[] = {COL("tag", PPQ_BYTE_ARRAY, 1, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t dict, mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 1000, 4096, 64);
    o.page_bytes = 64;
    o.row_group_rows = 50;
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 400, row_one_then_ok, &mine);
    compact_bytes(schema, 1, PPQ_COLUMN_DICTIONARY, &o, 400, row_one_then_ok, &dict);
    PPQ_CHECK(mine * 100u <= dict * 105u);
}

static void row_far_codes(ppq_writer_t *w, uint32_t r)
{
    static const int64_t codes[4] = {7, 5000000000ll, -3000000000ll, 12};
    PPQ_CHECK_OK(ppq_writer_set_i64(w, 0, codes[(r * 2654435761u) >> 30]));
}

/* An AUTO integer whose deltas passed 32 bits takes PLAIN as its own, and
 * PLAIN's bytes are known: while its dictionary takes less it stays a
 * dictionary, without tries of PLAIN (8, 16, ... row groups apart, each
 * 5x the dictionary's bytes: issue 27's sweep, 1.17x over a file). */
static void compact_auto_plain_known(void)
{
    static const ppq_column_t schema[] = {COL("code", PPQ_INT64, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t dict, mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 2000, 32768, 64); /* (200 row groups) */
    o.row_group_rows = 100;
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 20000, row_far_codes, &mine);
    compact_bytes(schema, 1, PPQ_COLUMN_DICTIONARY, &o, 20000, row_far_codes, &dict);
    PPQ_CHECK(mine * 100u <= dict * 105u);
}

static void row_settles(ppq_writer_t *w, uint32_t r)
{
    /* a sensor warming up (a distinct reading a row), then settled on a
     * few readings */
    double v = r < 50u ? 20.0 + 0.01 * (double)r : 21.0 + 0.01 * (double)((r * 2654435761u) >> 30);
    PPQ_CHECK_OK(ppq_writer_set_double(w, 0, v));
}

/* A compact AUTO DOUBLE whose dictionary lost a row group (distinct
 * values) takes PLAIN, and counts what its dictionary would take of each
 * row group it writes so: its dictionary again once that takes less, the
 * row group after (it waited 8 row groups, each about 4x the dictionary's
 * chunk: this file 1.16x DICTIONARY's, now 1.02x; issue 27's sweep, walks
 * of DOUBLEs in an 8 KiB arena, chunks up to 2.19x DICTIONARY's). */
static void compact_auto_dict_counted(void)
{
    static const ppq_column_t schema[] = {COL("level", PPQ_DOUBLE, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t dict, mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 2000, 16384, 64); /* (100 row groups) */
    o.row_group_rows = 50;
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 5000, row_settles, &mine);
    compact_bytes(schema, 1, PPQ_COLUMN_DICTIONARY, &o, 5000, row_settles, &dict);
    PPQ_CHECK(mine * 100u <= dict * 105u);
}

/* Compact, 17 FLOAT columns of three values each in a shared dictionary
 * of 16 entries, AUTO and DICTIONARY: every row is written (the row
 * group's first row had never fitted: PPQ_ERR_NOSPACE at row 0), in row
 * groups of hundreds of rows (once it fitted, the dictionary ended every
 * row group after one row, and the default footer store filled at row
 * 310): the
 * columns that fill it take PLAIN for a while (compact_yield). */
static void compact_more_columns_than_entries(void)
{
#ifndef PPQ_TEST_SMALL /* (17 columns: more than a 4 KB arena, and their schema a third of a 2 KB stack) */
    static const char *const names[17] = {"c0", "c1", "c2",  "c3",  "c4",  "c5",  "c6",  "c7", "c8",
                                          "c9", "ca", "cb", "cc", "cd", "ce", "cf", "cg"};
    ppq_column_t cols[17];
    ppq_writer_options_t o;
    ppq_writer_t w;
    footer_t f;
    uint32_t i, r;
    int k;
    ppq_status_t st;
    for (k = 0; k < 2 && PPQ_WRITER_COMPACT && setup(); k++) {
        for (i = 0; i < 17u; i++) {
            memset(&cols[i], 0, sizeof cols[i]);
            cols[i].name = names[i];
            cols[i].type = PPQ_FLOAT;
            cols[i].encoding = k == 0 ? PPQ_COLUMN_AUTO : PPQ_COLUMN_DICTIONARY;
        }
        compact_options(&o, 6000, 16384, 16);
        st = ppq_writer_init(&w, cols, 17, &o, &file_sink, test_arena_ptr, test_arena_size);
        if (st == PPQ_ERR_ARENA) {
            return; /* (a board's arena) */
        }
        PPQ_CHECK_OK(st);
        for (r = 0; r < 600u; r++) {
            for (i = 0; i < 17u; i++) {
                PPQ_CHECK_OK(ppq_writer_set_float(&w, i, (float)(r % 3u) + (float)i));
            }
            PPQ_CHECK_OK(ppq_writer_commit_row(&w));
        }
        PPQ_CHECK_OK(ppq_writer_close(&w));
        PPQ_CHECK_OK(read_footer(&f));
        PPQ_CHECK(f.num_rows == 600 && f.row_groups <= 12u);
    }
#endif
}

static void row_sorted_id(ppq_writer_t *w, uint32_t r)
{
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, 100000 + (int32_t)(r * 3u + r % 2u)));
    PPQ_CHECK_OK(ppq_writer_set_null(w, 1));
}

/* A compact AUTO INT32 of sorted ids beside a nullable string in a store
 * at its least (room for two rows of a 256-byte string: no DELTA buffer to
 * lend, so the ids go PLAIN into the store, 4 bytes a row): the chunks are
 * still written DELTA_BINARY_PACKED, read back from the store (redelta),
 * under half the bytes of the file with the ids PLAIN, which stores them
 * the same way (AUTO's had been that file, but for its first row group: the
 * sweep's nulls table in 8 KiB, 13.4x DELTA's chunks). */
static void compact_plain_store_delta_file(void)
{
    static const ppq_column_t mine[] = {COL("id", PPQ_INT32, 0, PPQ_COLUMN_AUTO),
                                        COL("s", PPQ_BYTE_ARRAY, 1, PPQ_COLUMN_AUTO)};
    static const ppq_column_t plain[] = {COL("id", PPQ_INT32, 0, PPQ_COLUMN_PLAIN),
                                         COL("s", PPQ_BYTE_ARRAY, 1, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t a, b;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 202, 16384, 96);
    o.page_bytes = 256;
    compact_bytes(mine, 2, PPQ_COLUMN_AUTO, &o, 3000, row_sorted_id, &a);
    compact_bytes(plain, 2, PPQ_COLUMN_AUTO, &o, 3000, row_sorted_id, &b);
    PPQ_CHECK(a != 0u && b != 0u);
    PPQ_CHECK(a * 2u <= b);
}

static int32_t setpoint(uint32_t r)
{
    /* two levels far apart, alternating, for 100 rows; then held 100 rows at a time */
    return r < 100u ? (r % 2u != 0u ? 100000 : 0) : 5 + (int32_t)(r / 100u);
}

static void row_setpoint(ppq_writer_t *w, uint32_t r)
{
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, setpoint(r)));
}

/* A compact AUTO INT32 in row groups of 20 rows: two levels far apart for
 * 100 rows (a dictionary of 2 entries beats DELTA's 18-bit deltas, so AUTO
 * keeps one in the store for the next row groups), then a setpoint held 100
 * rows at a time: those row groups, a dictionary of one entry in the store,
 * are written DELTA_BINARY_PACKED, 27 bytes where the dictionary's page and
 * indices took 37 (redelta: the sweep's field log had them 1.37x DELTA's
 * chunks); every value read back. */
static uint32_t setpoint_bits(uint32_t r)
{
    return (uint32_t)setpoint(r);
}

static void compact_dict_store_delta_file(void)
{
    static const ppq_column_t mine[] = {COL("mode", PPQ_INT32, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    int64_t sizes[64], rows[64], at = 0;
    uint32_t enc[64], rg, n;
    size_t len;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 2000, 16384, 64);
    o.row_group_rows = 20;
    compact_bytes(mine, 1, PPQ_COLUMN_AUTO, &o, 1000, row_setpoint, &len);
    PPQ_CHECK(len > 0u);
    n = chunk_sizes(len, sizes, rows, enc, 64);
    for (rg = 0; rg < n; at += rows[rg++]) {
        if (at >= 100) { /* (held: DELTA, no dictionary page) */
            PPQ_CHECK((enc[rg] >> PPQ_ENC_DELTA_BINARY_PACKED & 1u) && !(enc[rg] >> PPQ_ENC_RLE_DICTIONARY & 1u));
        }
    }
    PPQ_CHECK_EQ(at, 1000);
    PPQ_CHECK_EQ(read_back32(len, setpoint_bits), 1000u);
}

static void row_status_word(ppq_writer_t *w, uint32_t r)
{
    /* a status word that flips a bit for one row in 300 */
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, r % 300u == 150u ? 0x1011 : 0x1010));
}

/* The compressed bytes of column 0's chunk in each row group of the file
 * in file_buf (len bytes), up to `max` of them, and (not NULL) each row
 * group's rows and the chunk's encodings; returns the row groups. */
static uint32_t chunk_sizes(size_t len, int64_t *out, int64_t *rows, uint32_t *enc, uint32_t max)
{
    ppq_reader_t *rd;
    ppq_file_t f;
    mfile_t m;
    ppq_arena_t a;
    uint32_t rg;
    if (len == 0u || (rd = file_reader(len, &a, &f, &m)) == NULL) {
        return 0; /* (no file: the arena too small for it, PPQ_TEST_SMALL) */
    }
    for (rg = 0; rg < rd->nrg && rg < max; rg++) {
        out[rg] = ppq_reader_chunk(rd, rg, 0)->compressed_size;
        if (rows != NULL) {
            rows[rg] = rd->rg_rows[rg];
        }
        if (enc != NULL) {
            enc[rg] = ppq_reader_chunk(rd, rg, 0)->encodings;
        }
    }
    return rg;
}

/* The row groups whose chunk in AUTO's compact file (column s, `rows` rows
 * of row(r)) is over 1.05x the smaller of fixed encodings e1's and e2's
 * chunks of the same rows; each file `rgs` row groups (checked). */
static uint32_t compact_overs(const ppq_column_t *s, ppq_column_encoding_t e1, ppq_column_encoding_t e2,
                              const ppq_writer_options_t *o, uint32_t rows, compact_row_fn row, uint32_t rgs)
{
    const ppq_column_encoding_t enc[3] = {PPQ_COLUMN_AUTO, e1, e2};
    int64_t sizes[3][48];
    uint32_t n[3], rg, k, over = 0;
    size_t len;
    for (k = 0; k < 3u; k++) {
        compact_bytes(s, 1, enc[k], o, rows, row, &len);
        n[k] = chunk_sizes(len, sizes[k], NULL, NULL, 48);
    }
    if (n[0] != rgs || n[1] != rgs || n[2] != rgs) {
        ppq_test_fail(__FILE__, __LINE__, "n[0] == rgs && n[1] == rgs && n[2] == rgs");
        return rgs; /* (every row group over) */
    }
    for (rg = 0; rg < rgs; rg++) {
        int64_t best = sizes[1][rg] < sizes[2][rg] ? sizes[1][rg] : sizes[2][rg];
        over += sizes[0][rg] * 100 > best * 105;
    }
    return over;
}

/* A compact AUTO INT32 status word, one row in 300 a bit flipped, in row
 * groups of 140: its dictionary's row groups are weighed by the bytes its
 * indices took in the store (runs: a few bytes), so a constant one no
 * longer sends it back to DELTA, whose next flip widens a whole block
 * (the fourth generator's status words: 2-5.8x the dictionary's chunks in
 * every other row group).  Each chunk within 1.05x of the smaller of
 * DELTA's and DICTIONARY's for its rows, those where AUTO tries DELTA
 * again (after 8 row groups, then 16) too: such a row group, DELTA in the
 * store, is written as a dictionary of its values where that takes less
 * (redict, its indices' runs RLE). */
static void compact_status_word_keeps_dict(void)
{
    static const ppq_column_t mine[] = {COL("status", PPQ_INT32, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 2000, 16384, 64);
    o.row_group_rows = 140;
    /* (12 over before; then 2: DELTA tried again after 8 row groups, then 16, ...) */
    PPQ_CHECK_EQ(compact_overs(mine, PPQ_COLUMN_DELTA_BINARY_PACKED, PPQ_COLUMN_DICTIONARY, &o, 6000, row_status_word, 43),
                 0u);
}

/* Event id of series s held `hold` rows (a hash: deltas past 32 bits). */
static uint64_t series_id(uint32_t r, uint32_t hold, uint32_t s)
{
    uint64_t x = ((uint64_t)(r / hold) + ((uint64_t)s << 32) + 1u) * 0x9E3779B97F4A7C15ull;
    return x ^ x >> 29;
}

/* An event id held for 8 rows. */
static uint64_t held_id(uint32_t r)
{
    return series_id(r, 8, 0);
}

static void row_held_ids(ppq_writer_t *w, uint32_t r)
{
    PPQ_CHECK_OK(ppq_writer_set_i64(w, 0, (int64_t)held_id(r)));
}

/* Row r of a channel that is noise for 100 rows in 400, then quiet (three levels). */
static int quiet_row(uint32_t r)
{
    return r % 400u >= 100u;
}

static void row_phases(ppq_writer_t *w, uint32_t r)
{
    uint32_t x = r * 2654435761u;
    x ^= x >> 15;
    PPQ_CHECK_OK(ppq_writer_set_float(w, 0, quiet_row(r) ? (float)(r % 3u) : (float)(x % 100000u)));
}

/* A compact AUTO FLOAT that is noise for 100 rows in 400, then quiet at
 * three levels, in row groups of 100: a noisy row group sends it PLAIN for
 * the next ones (its dictionary lost), whose quiet values, PLAIN in the
 * store, are written as a dictionary where that takes less (redict):
 * every row group of quiet rows only is a dictionary chunk (PLAIN at 4
 * bytes a value had been 8x it; the fourth generator's ADC channels up to
 * 2x). */
static void compact_plain_store_dict_file(void)
{
    static const ppq_column_t mine[] = {COL("adc", PPQ_FLOAT, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    int64_t sizes[64], rows[64], at = 0;
    uint32_t enc[64], n, rg, quiet = 0;
    size_t len;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 4000, 16384, 256);
    o.row_group_rows = 100;
    compact_bytes(mine, 1, PPQ_COLUMN_AUTO, &o, 4000, row_phases, &len);
    n = chunk_sizes(len, sizes, rows, enc, 64);
    for (rg = 0; rg < n; at += rows[rg++]) {
        if (quiet_row((uint32_t)at) && quiet_row((uint32_t)(at + rows[rg] - 1)) && at % 400 + rows[rg] <= 400) {
            PPQ_CHECK(enc[rg] >> PPQ_ENC_RLE_DICTIONARY & 1u);
            quiet++;
        }
    }
    PPQ_CHECK(at == 4000 && quiet >= 20u);
}

static void row_levels_noise(ppq_writer_t *w, uint32_t r)
{
    uint32_t x = r * 2654435761u;
    x ^= x >> 15;
    /* row groups of 100: 48 levels, then noise, in turn */
    PPQ_CHECK_OK(ppq_writer_set_float(w, 0, r / 100u % 2u == 0u ? (float)(x % 48u) * 0.5f : (float)(x % 100000u)));
}

/* A compact AUTO FLOAT whose row groups of 100 take 48 levels and noise
 * in turn: a noisy row group that goes into the store as a dictionary
 * (the levels' weighing), its values mostly new, is written PLAIN, read
 * through its entries, where that takes less (replain).  Each chunk
 * within 1.05x of the smaller of PLAIN's and DICTIONARY's (its dictionary
 * had been 1.25x PLAIN's; the fourth generator's periodic channels
 * 1.1-1.3x). */
static void compact_dict_store_plain_file(void)
{
    static const ppq_column_t mine[] = {COL("adc", PPQ_FLOAT, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 4000, 16384, 256);
    o.row_group_rows = 100;
    PPQ_CHECK_EQ(compact_overs(mine, PPQ_COLUMN_PLAIN, PPQ_COLUMN_DICTIONARY, &o, 4000, row_levels_noise, 40), 0u);
}

static void row_noise_i32(ppq_writer_t *w, uint32_t r)
{
    uint32_t x = r * 2654435761u;
    x ^= x >> 13;
    x *= 0x5BD1E995u;
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, (int32_t)((x ^ x >> 15) >> 1))); /* (deltas within 32 bits) */
}

/* A compact AUTO INT32 of noise over the whole range: its deltas take 33
 * bits, and the row groups where AUTO tries DELTA again, DELTA in the
 * store, are written PLAIN, read back from the DELTA stream (replain):
 * no chunk larger than PLAIN's (they had been 1.04x). */
static void compact_delta_store_plain_file(void)
{
    static const ppq_column_t mine[] = {COL("n", PPQ_INT32, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    int64_t sizes[2][48], rows[48], at = 0, head;
    uint32_t n[2], rg, larger = 0;
    size_t len;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 4000, 16384, 64);
    o.row_group_rows = 128;
    compact_bytes(mine, 1, PPQ_COLUMN_PLAIN, &o, 5120, row_noise_i32, &len);
    n[0] = chunk_sizes(len, sizes[0], NULL, NULL, 48);
    compact_bytes(mine, 1, PPQ_COLUMN_AUTO, &o, 5120, row_noise_i32, &len);
    n[1] = chunk_sizes(len, sizes[1], rows, NULL, 48);
    head = sizes[0][0] - 4 * 128; /* (a PLAIN chunk: its page header, then 4 bytes a row) */
    PPQ_CHECK(n[0] == 40u && n[1] > 30u && n[1] < 48u);
    for (rg = 0; rg < n[1]; at += rows[rg++]) {
        /* (the first: a DELTA page, then a PLAIN page from the delta its
         * 2-byte buffer did not take, compact_split_delta) */
        larger += rg > 0u && sizes[1][rg] > head + 4 * rows[rg];
    }
    PPQ_CHECK(at == 5120 && larger == 0u);
}

static void row_constant_i32(ppq_writer_t *w, uint32_t r)
{
    (void)r;
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, -7));
}

/* A compact AUTO INT32 constant through a row group of 4,096 in a file its
 * footer store bounds: one DELTA block of one miniblock, least delta 0 and
 * width 0 (a header and 2 bytes), no more than DICTIONARY's file (DELTA's
 * blocks of 128 had taken 160 bytes more: 4.8x the dictionary's chunk);
 * every value read back. */
static void compact_constant_one_block(void)
{
    static const ppq_column_t mine[] = {COL("c", PPQ_INT32, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    int64_t sizes[4];
    size_t dict, len;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 4000, 2048, 64);
    compact_bytes(mine, 1, PPQ_COLUMN_DICTIONARY, &o, 4096, row_constant_i32, &dict);
    compact_bytes(mine, 1, PPQ_COLUMN_AUTO, &o, 4096, row_constant_i32, &len);
    PPQ_CHECK(dict != 0u && len != 0u && len <= dict);
    PPQ_CHECK_EQ(chunk_sizes(len, sizes, NULL, NULL, 4), 1u);
    PPQ_CHECK(sizes[0] < 40);
}

/* A compact AUTO INT64 of event ids held 8 rows each in a file the footer
 * store does not bound (64 KiB: no split page, a delta past 32 bits ends
 * the row group, and soon DELTA is out): its row groups take the smaller
 * of PLAIN and a dictionary as last weighed, a dictionary here, within
 * 1.1x of DICTIONARY's file (they went PLAIN: 5x, the sweep's IMU table
 * in 64 KiB with a spill). */
static void compact_no_delta_takes_dict(void)
{
    static const ppq_column_t schema[] = {COL("event", PPQ_INT64, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t dict, mine;
    if (!COMPACT_64) {
        return; /* (an arena of 100 KB and more: 64-bit hosts) */
    }
    compact_options(&o, 30000, 65536, 1024);
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 4000, row_held_ids, &mine);
    compact_bytes(schema, 1, PPQ_COLUMN_DICTIONARY, &o, 4000, row_held_ids, &dict);
    PPQ_CHECK(mine != 0u && dict != 0u);
    PPQ_CHECK(mine * 10u <= dict * 11u);
}

/* A compact AUTO INT64 of event ids held 8 rows each, 125 in a row group:
 * its dictionary's count goes on past the sketch's 48 bits, one value in
 * 16, and the column takes its dictionary: under half PLAIN's file (it
 * gave the count up as a dictionary too large to win and stayed DELTA at
 * 8 bytes a row, PLAIN's size: 5.9x DICTIONARY's file; then 1.6x, the
 * row groups the ids' first jumps past 32 bits split still paying, until
 * compact_split_ids_one_page). */
static void compact_auto_counts_many_ids(void)
{
    static const ppq_column_t schema[] = {COL("event", PPQ_INT64, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t plain, mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 12000, 16384, 1024);
    o.row_group_rows = 1000;
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 8000, row_held_ids, &mine);
    compact_bytes(schema, 1, PPQ_COLUMN_PLAIN, &o, 8000, row_held_ids, &plain);
    PPQ_CHECK(plain != 0u && mine != 0u);
    PPQ_CHECK(mine * 2u <= plain);
}

/* The same ids in row groups of 1,000 in a file its footer store bounds:
 * each id's first jump past 32 bits splits the row group (a DELTA page,
 * then PLAIN: compact_split_delta), and the split row group is written as
 * one page of a dictionary of its values where that takes less (2.2x
 * DICTIONARY's file before; the sweep's IMU event ids up to 2.9x): within
 * 1.05x of it. */
static void compact_split_ids_one_page(void)
{
    static const ppq_column_t schema[] = {COL("event", PPQ_INT64, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t dict, mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 12000, 4096, 1024);
    o.row_group_rows = 1000;
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 8000, row_held_ids, &mine);
    compact_bytes(schema, 1, PPQ_COLUMN_DICTIONARY, &o, 8000, row_held_ids, &dict);
    PPQ_CHECK(mine != 0u && dict != 0u && mine * 100u <= dict * 105u);
}

static void row_ts_held_ids(ppq_writer_t *w, uint32_t r)
{
    PPQ_CHECK_OK(ppq_writer_set_i64(w, 0, 1700000000000 + (int64_t)r * 10));
    PPQ_CHECK_OK(ppq_writer_set_i64(w, 1, (int64_t)held_id(r)));
}

/* Event ids held 8 rows each beside a timestamp, in a compact file of
 * 64 shared dictionary entries that the footer store does not bound: a
 * dictionary of the ids ends a row group every 500-odd rows, and its
 * entries and indices with each row group's metadata still take a
 * fraction of PLAIN's 8 bytes a row, so the column takes it (it went
 * PLAIN: 4.7x the file with the ids DICTIONARY; the sweep's IMU event ids
 * 2.8x DICTIONARY's column, their file 1.53x what it is now): within 1.1x
 * of that file, every id read back. */
static void compact_ids_dictionary_ends_row_groups(void)
{
    static const ppq_column_t mine_s[] = {COL("ts", PPQ_INT64, 0, PPQ_COLUMN_DELTA_BINARY_PACKED),
                                          COL("event", PPQ_INT64, 0, PPQ_COLUMN_AUTO)};
    static const ppq_column_t dict_s[] = {COL("ts", PPQ_INT64, 0, PPQ_COLUMN_DELTA_BINARY_PACKED),
                                          COL("event", PPQ_INT64, 0, PPQ_COLUMN_DICTIONARY)};
    ppq_writer_options_t o;
    size_t dict, mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 12000, 65536, 64);
    compact_bytes(dict_s, 2, PPQ_COLUMN_AUTO, &o, 6000, row_ts_held_ids, &dict);
    compact_bytes(mine_s, 2, PPQ_COLUMN_AUTO, &o, 6000, row_ts_held_ids, &mine);
    PPQ_CHECK(mine != 0u && dict != 0u);
    PPQ_CHECK(mine * 10u <= dict * 11u);
    PPQ_CHECK_EQ(read_back_values(mine, 1, NULL, held_id), 6000u);
}

static uint64_t id_held_4(uint32_t r)
{
    return series_id(r, 4, 0);
}

static uint64_t id_held_2(uint32_t r)
{
    return series_id(r, 2, 1);
}

static uint32_t id32_held_4(uint32_t r)
{
    return (uint32_t)series_id(r, 4, 1);
}

static void row_ids_4_2(ppq_writer_t *w, uint32_t r)
{
    PPQ_CHECK_OK(ppq_writer_set_i64(w, 0, (int64_t)id_held_4(r)));
    PPQ_CHECK_OK(ppq_writer_set_i64(w, 1, (int64_t)id_held_2(r)));
}

static void row_ids_64_32(ppq_writer_t *w, uint32_t r)
{
    PPQ_CHECK_OK(ppq_writer_set_i64(w, 0, (int64_t)id_held_4(r)));
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 1, (int32_t)id32_held_4(r)));
}

/* A timestamp and an id held 8 rows, null 19 rows in 20. */
static void row_ts_sparse_ids(ppq_writer_t *w, uint32_t r)
{
    PPQ_CHECK_OK(ppq_writer_set_i64(w, 0, 1700000000000 + (int64_t)r * 10));
    if (series_id(r, 1, 2) % 20u == 0u) {
        PPQ_CHECK_OK(ppq_writer_set_i64(w, 1, (int64_t)series_id(r, 8, 3)));
    } else {
        PPQ_CHECK_OK(ppq_writer_set_null(w, 1));
    }
}

/* Compact ids whose deltas pass 32 bits, in a shared dictionary of 1 to 3
 * entries, where a dictionary would end row groups every few rows: two
 * ids held 4 and 2 rows had taken it in turn, by compact_weigh's count of
 * a row group of 2 rows (row groups of 2 rows, 5.9x PLAIN's file; before
 * dict_fill_pays too); an INT64 id beside an INT32 one had taken it by a
 * row group the jump ended after 4 rows of one id (2.2x PLAIN's file;
 * with 64 KiB of footer store, full before the 4,500th row); an id null
 * 19 rows in 20 had counted its nulls as values (4.2x).  Each file within
 * 1.1x of the ids PLAIN, the ids read back. */
static void compact_ids_small_dictionary(void)
{
    static const ppq_column_t two[] = {COL("a", PPQ_INT64, 0, PPQ_COLUMN_AUTO), COL("b", PPQ_INT64, 0, PPQ_COLUMN_AUTO)};
    static const ppq_column_t wide[] = {COL("a", PPQ_INT64, 0, PPQ_COLUMN_AUTO), COL("b", PPQ_INT32, 0, PPQ_COLUMN_AUTO)};
    static const ppq_column_t sparse[] = {COL("ts", PPQ_INT64, 0, PPQ_COLUMN_DELTA_BINARY_PACKED),
                                          COL("event", PPQ_INT64, 1, PPQ_COLUMN_AUTO)};
    static const ppq_column_t sparse_plain[] = {COL("ts", PPQ_INT64, 0, PPQ_COLUMN_DELTA_BINARY_PACKED),
                                                COL("event", PPQ_INT64, 1, PPQ_COLUMN_PLAIN)};
    ppq_writer_options_t o;
    size_t plain, mine;
    uint32_t entries;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 4000, 65536, 3);
    compact_bytes(sparse_plain, 2, PPQ_COLUMN_AUTO, &o, 6000, row_ts_sparse_ids, &plain);
    compact_bytes(sparse, 2, PPQ_COLUMN_AUTO, &o, 6000, row_ts_sparse_ids, &mine);
    PPQ_CHECK(mine != 0u && plain != 0u && mine * 10u <= plain * 11u);
    for (entries = 1; entries <= 2u; entries++) {
        compact_options(&o, 6000, 65536, entries);
        compact_bytes(two, 2, PPQ_COLUMN_PLAIN, &o, 3000, row_ids_4_2, &plain);
        compact_bytes(two, 2, PPQ_COLUMN_AUTO, &o, 3000, row_ids_4_2, &mine);
        PPQ_CHECK(mine != 0u && plain != 0u && mine * 10u <= plain * 11u);
        PPQ_CHECK_EQ(read_back_values(mine, 0, NULL, id_held_4), 3000u);
        PPQ_CHECK_EQ(read_back_values(mine, 1, NULL, id_held_2), 3000u);
    }
    compact_options(&o, 12000, 65536, 2);
    compact_bytes(wide, 2, PPQ_COLUMN_PLAIN, &o, 4500, row_ids_64_32, &plain);
    compact_bytes(wide, 2, PPQ_COLUMN_AUTO, &o, 4500, row_ids_64_32, &mine);
    PPQ_CHECK(mine != 0u && plain != 0u && mine * 10u <= plain * 11u);
    PPQ_CHECK_EQ(read_back_values(mine, 0, NULL, id_held_4), 4500u);
    PPQ_CHECK_EQ(read_back_values(mine, 1, id32_held_4, NULL), 4500u);
}

/* A reading of 500 with a spike every 100 rows, null but its first 400
 * rows in 2,000 (-1: a null). */
static int64_t spikes_nulls(uint32_t r)
{
    return r % 2000u >= 400u ? -1 : r % 100u == 50u ? (int64_t)(r * 2654435761u >> 2) : 500;
}

static void row_spikes_nulls(ppq_writer_t *w, uint32_t r)
{
    if (spikes_nulls(r) < 0) {
        PPQ_CHECK_OK(ppq_writer_set_null(w, 0));
    } else {
        PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, (int32_t)spikes_nulls(r)));
    }
}

/* An OPTIONAL compact AUTO INT32, a constant with rare spikes and nulls, in
 * row groups of 1,000 in a small store: each spike past the lent buffer's
 * 1-2 byte deltas splits the row group (a DELTA page, then PLAIN), and the
 * split row group of an OPTIONAL column is now rewritten too, its levels
 * (each side's) joined in one page with a dictionary of its values (it
 * was kept DELTA then PLAIN: 2.4x DICTIONARY's file, its first row group
 * 16x; helper-43's constant with spikes, 50x its chunk): within 1.05x of
 * DICTIONARY's file, every value and null read back. */
static void compact_split_optional_rewritten(void)
{
    static const ppq_column_t schema[] = {COL("x", PPQ_INT32, 1, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    ppq_column_reader_t *cr;
    ppq_reader_t *rd;
    ppq_file_t f;
    mfile_t m;
    ppq_arena_t a;
    size_t dict, mine;
    uint32_t rg, r = 0;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 3000, 8192, 176);
    o.page_bytes = 128;
    o.row_group_rows = 1000;
    compact_bytes(schema, 1, PPQ_COLUMN_DICTIONARY, &o, 8000, row_spikes_nulls, &dict);
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 8000, row_spikes_nulls, &mine);
    PPQ_CHECK(mine != 0u && dict != 0u && mine * 100u <= dict * 105u);
    rd = file_reader(mine, &a, &f, &m);
    cr = rd != NULL ? (ppq_column_reader_t *)ppq_arena_alloc(&a, sizeof *cr) : NULL;
    for (rg = 0; cr != NULL && rg < rd->nrg; rg++) {
        size_t mark = ppq_arena_mark(&a), levels = 1, count = 0, i, k;
        ppq_status_t st = ppq_column_reader_init(cr, rd, rg, 0, &a);
        while (st == PPQ_OK && levels > 0u) {
            int32_t v[64];
            int16_t def[64];
            st = ppq_column_reader_read(cr, 64, v, def, NULL, &levels, &count);
            for (i = 0, k = 0; st == PPQ_OK && i < levels; i++, r++) {
                PPQ_CHECK_EQ(def[i], spikes_nulls(r) >= 0);
                if (def[i] && k < count) {
                    PPQ_CHECK_EQ(v[k++], spikes_nulls(r));
                }
            }
        }
        PPQ_CHECK_OK(st);
        ppq_arena_rewind(&a, mark);
    }
    PPQ_CHECK_EQ(r, 8000u);
}

static void row_prices16(ppq_writer_t *w, uint32_t r)
{
    /* a price as a big-endian DECIMAL in 16 bytes: 10 new ones, then 5 in turn */
    static uint8_t v[16];
    uint32_t cents = r < 10u ? 1000u + r * 37u : 199u + r % 5u * 100u;
    memset(v, 0, sizeof v);
    v[14] = (uint8_t)(cents >> 8);
    v[15] = (uint8_t)cents;
    PPQ_CHECK_OK(ppq_writer_set_bytes(w, 0, v, 16));
}

/* A compact AUTO FIXED_LEN_BYTE_ARRAY(16) of prices in row groups of 10:
 * the first row group's are all new and its dictionary loses to PLAIN;
 * then five prices come back in turn.  Its PLAIN row groups now count what
 * a dictionary would take (compact_plain_dict, as for FLOAT and DOUBLE),
 * and it tries its dictionary again at once: within 1.02x of DICTIONARY's
 * file (it waited 8 row groups on PLAIN: 1.09x). */
static void compact_fixed_len_counts_its_dictionary(void)
{
    static const ppq_column_t schema[] = {{"price", PPQ_FIXED_LEN_BYTE_ARRAY, 16, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0},
                                           PPQ_COLUMN_AUTO}};
    ppq_writer_options_t o;
    size_t dict, mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 4000, 8192, 64);
    o.row_group_rows = 10;
    compact_bytes(schema, 1, PPQ_COLUMN_DICTIONARY, &o, 200, row_prices16, &dict);
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 200, row_prices16, &mine);
    PPQ_CHECK(mine != 0u && dict != 0u && mine * 100u <= dict * 102u);
}

/* The compact file in file_mem (len bytes) read back: `rows` values of
 * its FIXED_LEN_BYTE_ARRAY(width) column 0, each zero but its last two
 * bytes, big-endian want(r). */
static void fixed_tail_read_back(size_t len, uint32_t width, uint32_t rows, uint32_t (*want)(uint32_t))
{
    ppq_column_reader_t *cr;
    ppq_reader_t *rd;
    ppq_file_t f;
    mfile_t m;
    ppq_arena_t a;
    uint32_t rg, r = 0;
    rd = len != 0u ? file_reader(len, &a, &f, &m) : NULL;
    cr = rd != NULL ? (ppq_column_reader_t *)ppq_arena_alloc(&a, sizeof *cr) : NULL;
    for (rg = 0; cr != NULL && rg < rd->nrg; rg++) {
        size_t mark = ppq_arena_mark(&a), levels = 1, count = 0, i;
        ppq_status_t st = ppq_column_reader_init(cr, rd, rg, 0, &a);
        while (st == PPQ_OK && levels > 0u) {
            ppq_bytes_t v[64];
            st = ppq_column_reader_read(cr, 64, v, NULL, NULL, &levels, &count);
            for (i = 0; st == PPQ_OK && i < count; i++, r++) {
                uint32_t b, zeros = 0;
                PPQ_CHECK(v[i].len == width);
                for (b = 0; v[i].len == width && b + 2u < width; b++) {
                    zeros += v[i].ptr[b] == 0u;
                }
                PPQ_CHECK_EQ(zeros, width - 2u);
                PPQ_CHECK_EQ((uint32_t)v[i].ptr[width - 2u] << 8 | v[i].ptr[width - 1u], want(r));
            }
        }
        PPQ_CHECK_OK(st);
        ppq_arena_rewind(&a, mark);
    }
    PPQ_CHECK_EQ(r, rows);
}

static uint32_t ids2_new(uint32_t r)
{
    return (r * 40503u) & 0xFFFFu; /* (odd: 65536 rows all different) */
}

static void row_ids2_new(ppq_writer_t *w, uint32_t r)
{
    static uint8_t v[2]; /* (the writer reads it at the commit) */
    v[0] = (uint8_t)(ids2_new(r) >> 8);
    v[1] = (uint8_t)ids2_new(r);
    PPQ_CHECK_OK(ppq_writer_set_bytes(w, 0, v, 2));
}

/* Compact AUTO FIXED_LEN_BYTE_ARRAY(2) ids, every one new, in row groups
 * of 2,000: their row groups go PLAIN into the store, and redict_bytes
 * weighs a dictionary of them.  Its entries' bytes (4 KB) hold 2,048 of 2
 * bytes, its hash 1,024 slots: it must stop at REDICT_PLAIN (it had
 * looked for a free slot forever: helper-45), and every value read back. */
static void compact_fixed_len_redict_many_narrow(void)
{
    static const ppq_column_t schema[] = {{"id", PPQ_FIXED_LEN_BYTE_ARRAY, 2, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0},
                                           PPQ_COLUMN_AUTO}};
    ppq_writer_options_t o;
    size_t mine;
    if (!COMPACT_64) {
        return;
    }
    compact_options(&o, 16000, 8192, 64);
    o.row_group_rows = 2000;
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 8000, row_ids2_new, &mine);
    PPQ_CHECK(mine != 0u);
    fixed_tail_read_back(mine, 2, 8000, ids2_new);
}

static void row_held_steps(ppq_writer_t *w, uint32_t r)
{
    /* 400 levels, each held for 20 rows, in a hashed order */
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, (int32_t)((r / 20u) * 7919u % 100003u)));
}

/* A compact AUTO INT32 of 400 levels held 20 rows each, in one row group
 * of 8,000: an integer's first row group goes into the store DELTA (its
 * jumps 17 bits wide), and is written as a dictionary where that takes
 * less (redict, its entries on the stack): 256 entries had left it DELTA
 * at 6.4x DICTIONARY's file; 512 hold it, within 1.1x (its one page's
 * runs all at 9 bits, a byte more each than DICTIONARY's first pages'
 * narrower ones: 1.086x). */
static void compact_redict_held_steps(void)
{
    static const ppq_column_t schema[] = {COL("x", PPQ_INT32, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t dict, mine;
    if (!COMPACT_64 || PPQ_TEST_REDICT_BITS < 10) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT; its 400 levels need a table of 512) */
    }
    compact_options(&o, 24000, 8192, 1024);
    o.row_group_rows = 8000;
    compact_bytes(schema, 1, PPQ_COLUMN_DICTIONARY, &o, 8000, row_held_steps, &dict);
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 8000, row_held_steps, &mine);
    PPQ_CHECK(mine != 0u && dict != 0u && mine * 100u <= dict * 110u);
}

static void row_min_max(ppq_writer_t *w, uint32_t r)
{
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, r % 2u != 0u ? INT32_MAX : INT32_MIN));
}

/* A compact AUTO INT32 of MIN and MAX in turn: DELTA in the store (its
 * deltas +1 and -1 wrapped, 2 bits a value), a dictionary of two entries
 * in the file (redict); the next row groups a dictionary in the store, its
 * indices at 3 bits (twice the entries counted, and 3 at least).  Its
 * indices at the 1 bit the entries need are weighed before DELTA is (it
 * had gone DELTA at 2 bits, about 2x DICTIONARY's chunks): within 1.05x
 * of DICTIONARY's file. */
static void compact_dict_narrow_before_delta(void)
{
    static const ppq_column_t schema[] = {COL("x", PPQ_INT32, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t dict, mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 16000, 8192, 64);
    o.row_group_rows = 2000;
    compact_bytes(schema, 1, PPQ_COLUMN_DICTIONARY, &o, 8000, row_min_max, &dict);
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 8000, row_min_max, &mine);
    PPQ_CHECK(mine != 0u && dict != 0u && mine * 100u <= dict * 105u);
}

static uint32_t few_then_many(uint32_t r)
{
    /* 4 values, then 200 (new ones first): as FLOAT bits */
    float f = (float)(r < 3000u ? r * 7u % 4u : 4u + r * 37u % 200u) * 0.5f;
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static void row_few_then_many(ppq_writer_t *w, uint32_t r)
{
    float f;
    uint32_t b = few_then_many(r);
    memcpy(&f, &b, 4);
    PPQ_CHECK_OK(ppq_writer_set_float(w, 0, f));
}

/* A compact AUTO FLOAT row group of 4 values, then 200: its dictionary's
 * indices fit 2 bits until the fifth value comes, 8 after.  They are
 * written in pages of growing width (width_pages): the first 3,000 at 2
 * bits, the rest at 8 (one page at the store's width before: 5,057
 * bytes); every value read back. */
static void compact_dict_pages_of_growing_width(void)
{
    static const ppq_column_t schema[] = {COL("x", PPQ_FLOAT, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 16000, 8192, 256);
    o.row_group_rows = 4000;
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 4000, row_few_then_many, &mine);
    /* the entries 204 x 4 bytes, 3,000 indices at 2 bits, 1,000 at 8: 2,566
     * bytes; the pages' headers and the footer less than 300 */
    PPQ_CHECK(mine != 0u && mine <= 2566u + 300u);
    PPQ_CHECK_EQ(read_back32(mine, few_then_many), 4000u);
}

static void row_few_then_many_nulls(ppq_writer_t *w, uint32_t r)
{
    float f;
    uint32_t b = few_then_many(r - r / 5u); /* (the value's number) */
    memcpy(&f, &b, 4);
    PPQ_CHECK_OK(r % 5u == 4u ? ppq_writer_set_null(w, 0) : ppq_writer_set_float(w, 0, f));
}

/* The same values, OPTIONAL, a null after each 4: each page's levels are
 * its rows' (written again from the store's one stream; one page before:
 * 5,766 bytes). */
static void compact_dict_pages_of_growing_width_nulls(void)
{
    static const ppq_column_t schema[] = {COL("x", PPQ_FLOAT, 1, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 16000, 8192, 256);
    o.row_group_rows = 5000;
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 5000, row_few_then_many_nulls, &mine);
    PPQ_CHECK(mine != 0u && mine <= 2566u + 625u + 300u); /* (and its levels, 625 bytes) */
    PPQ_CHECK_EQ(read_back32(mine, few_then_many), 4000u);
}

static uint32_t thirds(uint32_t r)
{
    /* a cycle of 5, noise of +-1,000, a counter: 2,000 rows each */
    uint32_t x = r * 2654435761u;
    return r < 2000u ? 1001u + r % 5u : r < 4000u ? 10000u + (x ^ x >> 13) % 2001u - 1000u : 50000u + r;
}

static void row_thirds(ppq_writer_t *w, uint32_t r)
{
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, (int32_t)thirds(r)));
}

/* A compact AUTO INT32 in a store too small to lend DELTA its 4-byte
 * buffer: the cycle's deltas fit the 1 byte lent, the noise's do not,
 * and its row group splits (a DELTA page, then PLAIN).  The split row
 * group is written as DELTA over all its values where that takes less
 * (it was kept DELTA, then PLAIN: 1.25x DELTA_BINARY_PACKED's file):
 * within 1.05x of it; every value read back. */
static void compact_split_written_delta(void)
{
    static const ppq_column_t schema[] = {COL("x", PPQ_INT32, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t delta, mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 2048, 8192, 64);
    compact_bytes(schema, 1, PPQ_COLUMN_DELTA_BINARY_PACKED, &o, 6000, row_thirds, &delta);
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 6000, row_thirds, &mine);
    PPQ_CHECK(mine != 0u && delta != 0u && mine * 100u <= delta * 105u);
    PPQ_CHECK_EQ(read_back32(mine, thirds), 6000u);
}

static double new_then_1500(uint32_t r)
{
    /* 400 new values, then 1,500 in a hashed order */
    uint32_t x = r * 2654435761u;
    return r < 400u ? 0.5 + r : (double)((x ^ x >> 15) % 1500u);
}

static void row_new_then_1500(ppq_writer_t *w, uint32_t r)
{
    PPQ_CHECK_OK(ppq_writer_set_double(w, 0, new_then_1500(r)));
}

static uint64_t new_then_1500_bits(uint32_t r)
{
    double v = new_then_1500(r);
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    return bits;
}

/* A compact AUTO DOUBLE whose first row group, of new values only, loses
 * its dictionary: the next, PLAIN in the store, holds 1,500 values over
 * thousands of rows.  Its values are counted at the row group's end in
 * a table of 4,096 (PPQ_WRITER_REDICT_BITS 13: 512 before, which left it
 * PLAIN, 2.26x DICTIONARY's file) and written as their dictionary: within
 * 1.35x of DICTIONARY's file (whose one row group of 15,488 rows holds
 * the entries once, where AUTO's store, PLAIN, ended its row group
 * sooner); every value read back. */
static void compact_redict_many_values(void)
{
    static const ppq_column_t schema[] = {COL("v", PPQ_DOUBLE, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t dict, mine;
    if (!COMPACT_64 || PPQ_TEST_REDICT_BITS < 12) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT; a table of 2,048 at least) */
    }
    compact_options(&o, 60000, 8192, 4096);
    compact_bytes(schema, 1, PPQ_COLUMN_DICTIONARY, &o, 16000, row_new_then_1500, &dict);
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 16000, row_new_then_1500, &mine);
    PPQ_CHECK(mine != 0u && dict != 0u && mine * 100u <= dict * 135u);
    PPQ_CHECK_EQ(read_back_values(mine, 0, NULL, new_then_1500_bits), 16000u);
}

/* Read column 0 of the file in file_buf (len bytes), a BYTE_ARRAY of up to
 * 32 bytes (OPTIONAL or not), against want(r) (its bytes to out, their
 * count; 0: a null);
 * returns the rows read back before the first difference (checked). */
static uint32_t read_back_strings(size_t len, int optional, size_t (*want)(uint32_t r, uint8_t *out))
{
    ppq_column_reader_t *cr;
    ppq_reader_t *rd;
    ppq_file_t f;
    mfile_t m;
    ppq_arena_t a;
    uint32_t rg, r = 0;
    rd = file_reader(len, &a, &f, &m);
    cr = rd != NULL ? (ppq_column_reader_t *)ppq_arena_alloc(&a, sizeof *cr) : NULL;
    for (rg = 0; cr != NULL && rg < rd->nrg; rg++) {
        size_t mark = ppq_arena_mark(&a), levels = 1, count = 0, i, k;
        ppq_status_t st = ppq_column_reader_init(cr, rd, rg, 0, &a);
        while (st == PPQ_OK && levels > 0u) {
            ppq_bytes_t v[64];
            int16_t def[64];
            st = ppq_column_reader_read(cr, 64, v, optional ? def : NULL, NULL, &levels, &count);
            for (i = 0, k = 0; st == PPQ_OK && i < levels; i++, r++) {
                uint8_t w[32];
                size_t n = want(r, w);
                int has = !optional || def[i] != 0;
                int ok = has == (n != 0u) && (n == 0u || (k < count && v[k].len == n && memcmp(v[k].ptr, w, n) == 0));
                k += has ? 1u : 0u;
                if (!ok) {
                    ppq_test_fail(__FILE__, __LINE__, "the value (or null) read back is the one written");
                    return r;
                }
            }
        }
        if (st != PPQ_OK) {
            ppq_test_fail_eq(__FILE__, __LINE__, "st", "PPQ_OK", st, PPQ_OK);
            return r;
        }
        ppq_arena_rewind(&a, mark);
    }
    return r;
}

static size_t name_new_then_five(uint32_t r, uint8_t *v)
{
    /* 100 new names, then 5 in turn, then 100 new ones, ... by 1,000 rows */
    uint32_t k = r % 1000u < 100u ? r : r % 5u, n;
    memcpy(v, "sensor-node-", 12);
    for (n = 12; n < 17u; n++) {
        v[n] = (uint8_t)('a' + k % 26u);
        k /= 26u;
    }
    return 17;
}

static void row_names_new_then_five(ppq_writer_t *w, uint32_t r)
{
    static uint8_t v[17]; /* (the writer reads it at the commit) */
    name_new_then_five(r, v);
    PPQ_CHECK_OK(ppq_writer_set_bytes(w, 0, v, 17));
}

/* A compact AUTO BYTE_ARRAY in row groups of 100: each row group of new
 * names loses its dictionary and sends the column PLAIN for the next 8,
 * of 5 names in turn.  Such a row group, PLAIN in the store, is written as
 * its dictionary (redict_var; PLAIN before: 1.98x DICTIONARY's file):
 * within 1.05x of DICTIONARY's file, every name read back.  With a footer
 * store of 64 KiB and with one of 16 KiB, which bounds the file (there the
 * rewrite had been left out: 1.98x). */
static void compact_names_plain_redict(void)
{
    static const ppq_column_t schema[] = {COL("name", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_AUTO)};
    static const uint32_t footer[] = {65536, 16384};
    ppq_writer_options_t o;
    size_t dict, mine;
    uint32_t f;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    for (f = 0; f < 2u; f++) {
        compact_options(&o, 8000, footer[f], 256);
        o.row_group_rows = 100;
        compact_bytes(schema, 1, PPQ_COLUMN_DICTIONARY, &o, 6000, row_names_new_then_five, &dict);
        compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 6000, row_names_new_then_five, &mine);
        PPQ_CHECK(mine != 0u && dict != 0u && mine * 100u <= dict * 105u);
        PPQ_CHECK_EQ(read_back_strings(mine, 0, name_new_then_five), 6000u); /* every name read back */
    }
}

/* A status of "ok" 2 rows in 3, an error code the third (short strings). */
static size_t status_ok_err(uint32_t r, uint8_t *out)
{
    if (r % 3u != 2u) {
        memcpy(out, "ok", 2);
        return 2;
    }
    out[0] = 'e';
    out[1] = (uint8_t)('0' + r / 3u % 10u);
    out[2] = (uint8_t)('0' + r / 30u % 10u);
    return 3;
}

static void row_status_ok_err(ppq_writer_t *w, uint32_t r)
{
    static uint8_t v[3]; /* (valid until the commit) */
    size_t n = status_ok_err(r, v);
    PPQ_CHECK_OK(ppq_writer_set_bytes(w, 0, v, (uint32_t)n));
}

/* A hash held 2 rows. */
static uint32_t hash_held_2(uint32_t r)
{
    return (r / 2u) * 2654435761u;
}

static void row_hash_held_2(ppq_writer_t *w, uint32_t r)
{
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, (int32_t)hash_held_2(r)));
}

/* Random bytes, 1..16 of them (a 1-byte value 1 row in 16: some repeat),
 * null 1 row in 12 (0: a null). */
static size_t random_string(uint32_t r, uint8_t *out)
{
    uint32_t y = r * 2654435761u ^ 0x5bd1e995u, n, b;
    if (r % 12u == 7u) {
        return 0;
    }
    n = 1u + (y >> 27) % 16u;
    for (b = 0; b < n; b++) {
        y = y * 1103515245u + 12345u;
        out[b] = (uint8_t)(y >> 16);
    }
    return n;
}

static void row_random_string(ppq_writer_t *w, uint32_t r)
{
    static uint8_t v[16]; /* (valid until the commit) */
    size_t n = random_string(r, v);
    if (n == 0u) {
        PPQ_CHECK_OK(ppq_writer_set_null(w, 0));
    } else {
        PPQ_CHECK_OK(ppq_writer_set_bytes(w, 0, v, (uint32_t)n));
    }
}

/* Compact AUTO in row groups of a few rows, where PLAIN's values take
 * less than another encoding's header: a hash held for a row group of 2,
 * in the store as DELTA's one block (a header, the first value, 11 bytes
 * to PLAIN's 8), and short statuses in row groups of 3, in the store as
 * their dictionary (its page's header, the entries and the indices, 40
 * bytes to PLAIN's 38, issue 27's random sweep); and random bytes, few
 * repeated, OPTIONAL, in row groups of 500, in the store as their
 * dictionary split in two pages past 8 bits (1.07x PLAIN's chunk).  Each
 * chunk is now written PLAIN (one page, the levels joined): each file
 * within PLAIN's bytes, every value and null read back. */
static void compact_tiny_row_groups_plain(void)
{
    static const ppq_column_t hash[] = {COL("h", PPQ_INT32, 0, PPQ_COLUMN_AUTO)};
    static const ppq_column_t status[] = {COL("s", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_AUTO)};
    static const ppq_column_t opt_string[] = {COL("s", PPQ_BYTE_ARRAY, 1, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t plain, mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 2000, 65536, 64);
    o.row_group_rows = 2;
    compact_bytes(hash, 1, PPQ_COLUMN_PLAIN, &o, 600, row_hash_held_2, &plain);
    compact_bytes(hash, 1, PPQ_COLUMN_AUTO, &o, 600, row_hash_held_2, &mine);
    PPQ_CHECK(mine != 0u && plain != 0u && mine <= plain);
    PPQ_CHECK_EQ(read_back_values(mine, 0, hash_held_2, NULL), 600u);
    o.row_group_rows = 3;
    compact_bytes(status, 1, PPQ_COLUMN_PLAIN, &o, 600, row_status_ok_err, &plain);
    compact_bytes(status, 1, PPQ_COLUMN_AUTO, &o, 600, row_status_ok_err, &mine);
    PPQ_CHECK(mine != 0u && plain != 0u && mine <= plain);
    PPQ_CHECK_EQ(read_back_strings(mine, 0, status_ok_err), 600u);
    compact_options(&o, 12000, 65536, 2048); /* (row groups of 500: their dictionaries past 8 bits, split) */
    o.row_group_rows = 500;
    compact_bytes(opt_string, 1, PPQ_COLUMN_PLAIN, &o, 600, row_random_string, &plain);
    compact_bytes(opt_string, 1, PPQ_COLUMN_AUTO, &o, 600, row_random_string, &mine);
    PPQ_CHECK(mine != 0u && plain != 0u && mine <= plain);
    PPQ_CHECK_EQ(read_back_strings(mine, 1, random_string), 600u);
}

/* A hash of i (test data the same each file). */
static uint32_t mix32(uint32_t i)
{
    uint32_t x = i * 2654435761u;
    x ^= x >> 15;
    x *= 2246822519u;
    x ^= x >> 13;
    return x;
}

/* A status enum: one of 6 words, but 1 row in 30 an error code "E_0000"
 * .. "E_0FFF" (hashed from the row; 0: never a null). */
static size_t status_enum(uint32_t r, uint8_t *out)
{
    static const char *const words[6] = {"IDLE", "BUSY", "RETRY", "OK", "WARN_TEMP", "SLEEP"};
    uint32_t x = mix32(r ^ 0x51u);
    if (x % 30u == 0u) {
        static const char hex[] = "0123456789ABCDEF";
        uint32_t code = x >> 20;
        memcpy(out, "E_0", 3);
        out[3] = (uint8_t)hex[code >> 8 & 15u];
        out[4] = (uint8_t)hex[code >> 4 & 15u];
        out[5] = (uint8_t)hex[code & 15u];
        return 6;
    }
    memcpy(out, words[x / 30u % 6u], strlen(words[x / 30u % 6u]));
    return strlen(words[x / 30u % 6u]);
}

static void row_status_enum(ppq_writer_t *w, uint32_t r)
{
    static uint8_t v[16]; /* (valid until the commit) */
    size_t n = status_enum(r, v);
    PPQ_CHECK_OK(ppq_writer_set_bytes(w, 0, v, (uint32_t)n));
}

/* A compact AUTO enum alone in a dictionary of 7 entries, which its error
 * codes fill every 15-90 rows (a footer store of 64 KiB: its row groups'
 * metadata do not bound the file).  A row group of fewer than 16 rows
 * gave the dictionary up (compact_yield, for columns that share its
 * entries) and the column (a fixed DICTIONARY one too) went PLAIN for
 * row groups of hundreds of rows (the random sweep's: to the file's end,
 * 1.5x DICTIONARY's file); one column alone keeps it where it takes less
 * than PLAIN: AUTO's file under 0.8x PLAIN's and within 1.05x of
 * DICTIONARY's, every value read back.  In a dictionary of 1 entry, whose
 * row groups would hold a row or two (a file of 22,554 row groups where
 * PLAIN's had 1,829, the random sweep's), it is given up: within 1.05x of
 * PLAIN's file. */
static void compact_enum_alone_keeps_dictionary(void)
{
    static const ppq_column_t schema[] = {COL("status", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t plain, dict, mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 4000, 65536, 7);
    compact_bytes(schema, 1, PPQ_COLUMN_PLAIN, &o, 3000, row_status_enum, &plain);
    compact_bytes(schema, 1, PPQ_COLUMN_DICTIONARY, &o, 3000, row_status_enum, &dict);
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 3000, row_status_enum, &mine);
    PPQ_CHECK(mine != 0u && dict != 0u && mine * 100u <= dict * 105u);
    PPQ_CHECK(mine * 10u <= plain * 8u);
    PPQ_CHECK_EQ(read_back_strings(mine, 0, status_enum), 3000u);
    compact_options(&o, 4000, 65536, 1); /* (a dictionary of 1 entry: row groups of a row or two, given up) */
    compact_bytes(schema, 1, PPQ_COLUMN_PLAIN, &o, 3000, row_status_enum, &plain);
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 3000, row_status_enum, &mine);
    PPQ_CHECK(mine != 0u && plain != 0u && mine * 100u <= plain * 105u);
}

/* A 20-letter id, hashed from the 50-row block r is in. */
static size_t id_held_50(uint32_t r, uint8_t *out)
{
    uint32_t b;
    for (b = 0; b < 20u; b++) {
        out[b] = (uint8_t)('a' + mix32(r / 50u * 31u + b) % 26u);
    }
    return 20;
}

static void row_id_and_noise(ppq_writer_t *w, uint32_t r)
{
    static uint8_t v[20]; /* (valid until the commit) */
    (void)id_held_50(r, v);
    PPQ_CHECK_OK(ppq_writer_set_bytes(w, 0, v, 20));
    PPQ_CHECK_OK(ppq_writer_set_float(w, 1, (float)(mix32(r ^ 0x77u) % 100000u) / 7.0f));
    PPQ_CHECK_OK(ppq_writer_set_double(w, 2, (double)mix32(r ^ 0x99u) / 3.0));
}

/* Compact AUTO: a 20-byte id held 50 rows beside a FLOAT and a DOUBLE of
 * noise, in a shared dictionary of 4 entries, which the first row fills
 * (a row group of a row, then of a few).  compact_yield had taken the
 * entries of the column with the most, the first on a tie: the id, PLAIN
 * for 8 row groups and more (the random sweep's file, 1.5x DELTA's).  It
 * now takes those of the column that saves least an entry against its
 * alternative, or on a tie the narrowest: the noise.  AUTO's file within
 * 1.1x of the best fixed one (the id DICTIONARY, the noise PLAIN), every
 * id read back. */
static void compact_yield_keeps_wide_ids(void)
{
    static const ppq_column_t schema[] = {COL("id", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_AUTO),
                                          COL("f", PPQ_FLOAT, 0, PPQ_COLUMN_AUTO),
                                          COL("d", PPQ_DOUBLE, 0, PPQ_COLUMN_AUTO)};
    static const ppq_column_t fixed[] = {COL("id", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_DICTIONARY),
                                         COL("f", PPQ_FLOAT, 0, PPQ_COLUMN_PLAIN),
                                         COL("d", PPQ_DOUBLE, 0, PPQ_COLUMN_PLAIN)};
    ppq_writer_options_t o;
    size_t best, mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 2000, 65536, 4);
    compact_bytes(fixed, 3, PPQ_COLUMN_AUTO, &o, 2500, row_id_and_noise, &best);
    compact_bytes(schema, 3, PPQ_COLUMN_AUTO, &o, 2500, row_id_and_noise, &mine);
    PPQ_CHECK(mine != 0u && best != 0u && mine * 10u <= best * 11u);
    PPQ_CHECK_EQ(read_back_strings(mine, 0, id_held_50), 2500u);
}

/* A step function: a level of 0..4095 (hashed) held 30-49 rows. */
static uint32_t step_held(uint32_t r)
{
    static uint32_t level, left, at = UINT32_MAX; /* (rows asked in order from 0) */
    if (r == 0u || r != at + 1u) {
        level = 0;
        left = 0;
    }
    if (left == 0u) {
        level = mix32(r ^ 0x5eedu) % 4096u;
        left = 30u + mix32(r) % 20u;
    }
    left--;
    at = r;
    return level;
}

static void row_step_held(ppq_writer_t *w, uint32_t r)
{
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, (int32_t)step_held(r)));
}

/* A compact AUTO INT32 step function in a dictionary of 8 entries: its
 * levels fill the dictionary every ~300 rows, where DELTA takes 2.4
 * bytes a value (a jump a miniblock) and its dictionary, each row group
 * ending where it fills, about a tenth of that.  AUTO had gone back to
 * DELTA at each fill (the random sweep's, 3.3x DICTIONARY's file); it
 * keeps the dictionary while its row groups take under two thirds of
 * DELTA's bytes a row (fill_beats_delta): AUTO's file under 0.5x DELTA_BINARY_PACKED's and
 * within 1.1x of DICTIONARY's (its first row group DELTA's, cut short:
 * compact_probe),
 * every value read back. */
static void compact_step_keeps_filling_dictionary(void)
{
    static const ppq_column_t schema[] = {COL("level", PPQ_INT32, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t delta, dict, mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 4000, 65536, 8);
    compact_bytes(schema, 1, PPQ_COLUMN_DELTA_BINARY_PACKED, &o, 30000, row_step_held, &delta);
    compact_bytes(schema, 1, PPQ_COLUMN_DICTIONARY, &o, 30000, row_step_held, &dict);
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 30000, row_step_held, &mine);
    PPQ_CHECK(mine != 0u && delta != 0u && dict != 0u && mine * 2u <= delta);
    PPQ_CHECK(mine * 10u <= dict * 11u);
    PPQ_CHECK_EQ(read_back_values(mine, 0, step_held, NULL), 30000u);
}

/* A FLOAT's bits: 4 values in turn for 80 rows, then 24 new ones, two
 * rows each. */
static uint32_t four_then_new(uint32_t r)
{
    float f = (float)(r < 80u ? r % 4u : 4u + (r - 80u) / 2u) * 0.25f;
    uint32_t bits;
    memcpy(&bits, &f, 4);
    return bits;
}

static void row_four_then_new(ppq_writer_t *w, uint32_t r)
{
    uint32_t bits = four_then_new(r);
    float f;
    memcpy(&f, &bits, 4);
    PPQ_CHECK_OK(ppq_writer_set_float(w, 0, f));
}

/* A compact AUTO FLOAT in row groups of 64 whose dictionary, its index
 * width sized by the first row group's 4 entries (4 bits), outgrows it
 * mid second row group, at 28 entries: the store holds two pages, each
 * its width (compact_split).  Written as one page at 5 bits, the second
 * page's header saved: AUTO's file at least 8 bytes under DICTIONARY's
 * (which keeps the two pages; AUTO had written the same bytes), every
 * value read back; OPTIONAL (no nulls), its levels joined, also 8 bytes
 * under (the sweep reads such pages' values back). */
static void compact_split_dictionary_one_page(void)
{
    static const ppq_column_t schema[] = {COL("f", PPQ_FLOAT, 0, PPQ_COLUMN_AUTO)};
    static const ppq_column_t optional[] = {COL("f", PPQ_FLOAT, 1, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t dict, mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 4000, 65536, 64);
    o.row_group_rows = 64;
    compact_bytes(schema, 1, PPQ_COLUMN_DICTIONARY, &o, 128, row_four_then_new, &dict);
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 128, row_four_then_new, &mine);
    PPQ_CHECK(mine != 0u && dict != 0u && mine + 8u <= dict);
    PPQ_CHECK_EQ(read_back32(mine, four_then_new), 128u);
    compact_bytes(optional, 1, PPQ_COLUMN_DICTIONARY, &o, 128, row_four_then_new, &dict);
    compact_bytes(optional, 1, PPQ_COLUMN_AUTO, &o, 128, row_four_then_new, &mine);
    PPQ_CHECK(mine != 0u && dict != 0u && mine + 8u <= dict);
}

static uint32_t step_of(uint32_t k)
{
    /* 0, 1 or 2, from a hash of k */
    uint32_t y = k * 2654435761u;
    y ^= y >> 15;
    y *= 0x2C1B3C6Du;
    y ^= y >> 12;
    return y % 3u;
}

static uint32_t far_then_walk(uint32_t r)
{
    /* 4 far levels at random for 1,000 rows, then a walk of steps -1, 0,
     * +1 (rows asked in order: the last one's value kept) */
    static uint32_t v;
    if (r < 1000u) {
        return 2100u + 200u * step_of(r) + 200u * (r % 2u);
    }
    v = r == 1000u ? 2100u : v + step_of(r) - 1u;
    return v;
}

/* A DOUBLE walk in steps of 0.01, as issue 27's random sweep made it
 * (seed 102, case 410): each row's step, -1, 0 or +1 hundredths, from
 * 20.99 (21 + k * 0.01, as the sweep computes it); beside an INT32 in runs of 464, 464 and 132 rows. */
static const char walk_steps[] =
    "0-000+0+++-0-++-++0++0+-+++-000--0+++-+-++0--0+-0--00-0+-+-0-0--0+00-0-0---0---0----00+-+-0++++0"
    "+0++000+-0++++-+0+0++-+++-+0-+++00-0-+0--000++-000+0+0-+++--+0+000++-0++0+0++++----0000-0+--0+-+"
    "0++--0--0+++0+00++-0000-++-00-0+0+--+++-+0-0-0000-00--0+00++++++-+-+-+++---0000-0-++-+--+-+-+-+0"
    "--00+++0-++00+-+-++0+++0+-0--+--+++-++-0-0-+0++++-+++0+0-00-0-0-0-0--+-+00-++--0+--000--0+0-+-0-"
    "+00-0000+0+++-++-++-+-0-00--00+00-++000+0+++-0+-++--0+0--0--+-0+-0-0+---0--0++++++0-0-+0+-0+++-+"
    "++0+-0+0+++--00+000-++++++00--0+-0-+0-00+0000+00+++-+0---+0-0-0-++0--0+-00+-0+0++0+-0-++--00---+"
    "---+0-+00-++--++++-00--00+00+--++--++0+++++++--0+-+0+-0-+-+-+---0000+-+--+00+000++--0---+--000+0"
    "+0+00-0-00+++0-00-00-000+-0-+-0-00+00-00-0-0-+----0-+0-+++0-0+++-+-++-0+-0000++++0-00+++00-+++-+"
    "--+00++0-0--+00000+--+-----+--0++0-00+000--+0++++++-0--0--0+0-+--+-0++-0+-+-+0-0+0-+-+0++-+++0-+"
    "++-0++--0-+-0++0+--0---+0++++00-0+-0-0--0-0++-+-0++0-+0-++-000+0++0+-0--0-+0+-0++0000+0-0+0000+-"
    "0--0++0++--000-0+0+--00-+0++---0+-+0+000-0--+-0-000-00--+00+++-+00---+0-00+0+---0-+-++00+0---+0+"
    "++0";

static double walk_at(uint32_t r) /* (rows asked in order) */
{
    static int32_t cents;
    cents = r == 0u ? 2099 : cents + (walk_steps[r - 1u] == '+') - (walk_steps[r - 1u] == '-');
    return 21.0 + (double)(cents - 2100) * 0.01; /* (as the sweep's) */
}

static uint64_t walk_bits(uint32_t r)
{
    double v = walk_at(r);
    uint64_t b;
    memcpy(&b, &v, 8);
    return b;
}

static void row_walk_steps(ppq_writer_t *w, uint32_t r)
{
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, r < 464u ? 42213 : r < 928u ? 825243 : 681090));
    PPQ_CHECK_OK(ppq_writer_set_double(w, 1, walk_at(r)));
}

/* Compact AUTO with 10 shared dictionary entries: the walk's third row
 * group, 12 rows of a descent, takes more as its dictionary (99 bytes)
 * than PLAIN (96).  The walk's dictionary had been given up there for 8
 * row groups (its entries the most, beside the INT32's one, in
 * compact_yield; its bytes over PLAIN's, in compact_weigh), the store's
 * row groups of 8 bytes a row then: 1.57x DICTIONARY's file.  Now the
 * INT32's dictionary goes back to DELTA (written as its dictionary where
 * that takes less), and the walk's weighs its row groups together: within
 * 1.05x of DICTIONARY's file, every value read back. */
static void compact_walk_keeps_dictionary(void)
{
    static const ppq_column_t schema[] = {COL("k", PPQ_INT32, 0, PPQ_COLUMN_AUTO), COL("x", PPQ_DOUBLE, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t dict, mine;
    ppq_reader_t *rd;
    ppq_file_t f;
    mfile_t m;
    ppq_arena_t a;
    uint32_t rg;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 3591, 65536, 10);
    o.dict_bytes = 111;
    o.no_statistics = 1;
    compact_bytes(schema, 2, PPQ_COLUMN_DICTIONARY, &o, 1060, row_walk_steps, &dict);
    compact_bytes(schema, 2, PPQ_COLUMN_AUTO, &o, 1060, row_walk_steps, &mine);
    PPQ_CHECK(mine != 0u && dict != 0u && mine * 100u <= dict * 105u);
    rd = file_reader(mine, &a, &f, &m);
    PPQ_CHECK(rd != NULL && rd->nrg > 5u);
    for (rg = 0; rd != NULL && rg < rd->nrg; rg++) { /* (the walk's dictionary in every row group) */
        PPQ_CHECK((ppq_reader_chunk(rd, rg, 1)->encodings & 1u << PPQ_ENC_RLE_DICTIONARY) != 0u);
    }
    PPQ_CHECK_EQ(read_back_values(mine, 1, NULL, walk_bits), 1060u);
}

static uint32_t row_base; /* (the first row's number: a file of the rows after it) */

static void row_far_then_walk(ppq_writer_t *w, uint32_t r)
{
    r += row_base;
    PPQ_CHECK_OK(r % 7u == 3u ? ppq_writer_set_null(w, 0) : ppq_writer_set_i32(w, 0, (int32_t)far_then_walk(r)));
}

/* A compact AUTO OPTIONAL INT32: 4 far levels, whose dictionary beats
 * DELTA (the next 8 row groups take it), then a walk whose row groups'
 * dictionaries outgrow their index width mid row group (two pages,
 * compact_split) where DELTA takes 2 bits a value.  A split dictionary is
 * read back through both pages' widths and written DELTA, its levels
 * joined, where that takes less (an ADC reading had kept its dictionary:
 * 2.5x DELTA's chunk in the sweep; here the first of the walk's row
 * groups, 1.9x): each of the walk's chunks within 1.05x of
 * DELTA_BINARY_PACKED's chunk of the same rows. */
static void compact_split_dictionary_rewritten(void)
{
    static const ppq_column_t schema[] = {COL("adc", PPQ_INT32, 1, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    int64_t delta[16], auto_[16];
    uint32_t n, rg;
    size_t bytes;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 8192, 8192, 4096);
    o.row_group_rows = 200;
    row_base = 1000;
    compact_bytes(schema, 1, PPQ_COLUMN_DELTA_BINARY_PACKED, &o, 2000, row_far_then_walk, &bytes);
    PPQ_CHECK_EQ(chunk_sizes(bytes, delta, NULL, NULL, 16), 10u);
    row_base = 0;
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 3000, row_far_then_walk, &bytes);
    n = chunk_sizes(bytes, auto_, NULL, NULL, 16);
    PPQ_CHECK_EQ(n, 15u);
    for (rg = 5; n == 15u && rg < 15u; rg++) { /* (the walk's row groups: 1,000 rows on) */
        PPQ_CHECK(auto_[rg] * 100 <= delta[rg - 5u] * 105);
    }
}

static uint32_t prices16_turns(uint32_t r)
{
    /* row groups of 20: new prices, then three in turn, then new ones ... */
    return r / 20u % 2u == 0u ? 1000u + r * 37u : 199u + r % 3u * 100u;
}

static void row_prices16_turns(ppq_writer_t *w, uint32_t r)
{
    static uint8_t v[16];
    memset(v, 0, sizeof v);
    v[14] = (uint8_t)(prices16_turns(r) >> 8);
    v[15] = (uint8_t)prices16_turns(r);
    PPQ_CHECK_OK(ppq_writer_set_bytes(w, 0, v, 16));
}

/* Compact AUTO FIXED_LEN_BYTE_ARRAY(16) prices in row groups of 20, new
 * ones and three in turn by turns: each row group of new ones sends the
 * column PLAIN for the next, whose three prices its dictionary would
 * take in a fifth of the bytes.  The chunk is written as that dictionary
 * (redict_bytes, as a number's redict): within 1.02x of DICTIONARY's file
 * (1.6x before). */
static void compact_fixed_len_plain_redict(void)
{
    static const ppq_column_t schema[] = {{"price", PPQ_FIXED_LEN_BYTE_ARRAY, 16, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0},
                                           PPQ_COLUMN_AUTO}};
    ppq_writer_options_t o;
    size_t dict, mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 4000, 8192, 64);
    o.row_group_rows = 20;
    compact_bytes(schema, 1, PPQ_COLUMN_DICTIONARY, &o, 400, row_prices16_turns, &dict);
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 400, row_prices16_turns, &mine);
    PPQ_CHECK(mine != 0u && dict != 0u && mine * 100u <= dict * 102u);
    fixed_tail_read_back(mine, 16, 400, prices16_turns); /* every value read back */
}

static void row_new_then_300(ppq_writer_t *w, uint32_t r)
{
    /* 600 new values, then 300 in a hashed order */
    uint32_t x = r * 2654435761u;
    PPQ_CHECK_OK(ppq_writer_set_double(w, 0, r < 600u ? 0.5 + r : (double)((x ^ x >> 15) % 300u)));
}

/* A compact AUTO DOUBLE whose first row group holds new values only (its
 * dictionary loses, and ends it at 512 entries), then 300 values in turn,
 * in row groups the store ends: a PLAIN row group counts its values'
 * distinct ones again on one value in 16 where they fill the 256-bit
 * sketch, and tries its dictionary again at once (300 values were too
 * many to count: it stayed PLAIN, 4.1x DICTIONARY's file): within 1.5x of
 * it (its second row group PLAIN). */
static void compact_plain_counts_many_values(void)
{
    static const ppq_column_t schema[] = {COL("v", PPQ_DOUBLE, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t dict, mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 16000, 8192, 4096);
    compact_bytes(schema, 1, PPQ_COLUMN_DICTIONARY, &o, 12000, row_new_then_300, &dict);
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 12000, row_new_then_300, &mine);
    PPQ_CHECK(mine != 0u && dict != 0u && mine * 10u <= dict * 15u);
}

static void row_versions_null_runs(ppq_writer_t *w, uint32_t r)
{
    /* a firmware version, a new one every 1,000 rows, null in runs of 300 */
    static char v[8] = "fw-1.00";
    if (r / 300u % 2u == 0u) {
        PPQ_CHECK_OK(ppq_writer_set_null(w, 0));
        return;
    }
    v[6] = (char)('0' + r / 1000u % 10u);
    PPQ_CHECK_OK(ppq_writer_set_bytes(w, 0, v, 7));
}

/* A compact AUTO OPTIONAL BYTE_ARRAY of a few values, null in runs of 300
 * rows, in row groups of 100: a row group of nulls no longer counts as
 * its dictionary's loss (no values: nothing learnt; it had sent the
 * column PLAIN for 8, 16, ... row groups, 3.7x DICTIONARY's file): within
 * 1.05x of it.  The same values as FIXED_LEN_BYTE_ARRAY(7) too (the row
 * group after each of nulls went PLAIN: 2.2x; helper-44). */
static void compact_bytes_null_groups_keep_dictionary(void)
{
    static const ppq_column_t schema[] = {COL("fw", PPQ_BYTE_ARRAY, 1, PPQ_COLUMN_AUTO)};
    static const ppq_column_t fixed[] = {{"fw", PPQ_FIXED_LEN_BYTE_ARRAY, 7, 1, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0},
                                          PPQ_COLUMN_AUTO}};
    ppq_writer_options_t o;
    size_t dict, mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 2048, 16384, 64);
    o.row_group_rows = 100;
    compact_bytes(schema, 1, PPQ_COLUMN_DICTIONARY, &o, 6000, row_versions_null_runs, &dict);
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 6000, row_versions_null_runs, &mine);
    PPQ_CHECK(mine != 0u && dict != 0u && mine * 100u <= dict * 105u);
    compact_bytes(fixed, 1, PPQ_COLUMN_DICTIONARY, &o, 6000, row_versions_null_runs, &dict);
    compact_bytes(fixed, 1, PPQ_COLUMN_AUTO, &o, 6000, row_versions_null_runs, &mine);
    PPQ_CHECK(mine != 0u && dict != 0u && mine * 100u <= dict * 105u);
}

static void row_counter_i32(ppq_writer_t *w, uint32_t r)
{
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, (int32_t)r + 1));
}

/* A compact AUTO INT32 counter in a store too small to hold DELTA's
 * buffer beside its least (its row groups go into the store as a
 * dictionary): a row group of distinct values only is read through its
 * entries, DELTA where that takes less than PLAIN (it was written as its
 * entries, PLAIN: 2.4x DELTA's chunk, the sweep's field_log sequence
 * numbers in 8 KiB): within 1.05x of DELTA's chunks. */
static void compact_counter_distinct_delta(void)
{
    static const ppq_column_t mine[] = {COL("seq", PPQ_INT32, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    int64_t sizes[2][4];
    size_t len;
    uint32_t n[2], rg;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 100, 2048, 160);
    o.row_group_rows = 12;
    compact_bytes(mine, 1, PPQ_COLUMN_DELTA_BINARY_PACKED, &o, 24, row_counter_i32, &len);
    n[0] = chunk_sizes(len, sizes[0], NULL, NULL, 4);
    compact_bytes(mine, 1, PPQ_COLUMN_AUTO, &o, 24, row_counter_i32, &len);
    n[1] = chunk_sizes(len, sizes[1], NULL, NULL, 4);
    PPQ_CHECK(n[0] == 2u && n[1] == 2u);
    for (rg = 0; rg < 2u && n[0] == 2u && n[1] == 2u; rg++) {
        PPQ_CHECK(sizes[1][rg] * 100 <= sizes[0][rg] * 105);
    }
}

static void row_many_then_four(ppq_writer_t *w, uint32_t r)
{
    /* 200 values in the first row group of 1,000, then 4 in turn */
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, r < 1000u ? (int32_t)(r % 200u) * 7 : (int32_t)(r % 4u) * 7));
}

/* A compact DICTIONARY INT32 whose second row group of 1,000 takes 4 of
 * the first's 200 values, in turn (no runs): the store took its indices at
 * the width the first row group sized (twice its entries: 9 bits, 1,125
 * bytes), and the chunk writes them at the 2 bits its 4 entries need (250
 * bytes, the spec's bit-packing of 1,000 indices; with the pages' headers,
 * the width byte, a run header and 16 bytes of entries, under 350). */
static void compact_dict_narrows_indices(void)
{
    static const ppq_column_t mine[] = {COL("v", PPQ_INT32, 0, PPQ_COLUMN_DICTIONARY)};
    ppq_writer_options_t o;
    int64_t sizes[4];
    size_t len;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT) */
    }
    compact_options(&o, 8000, 16384, 1024);
    o.row_group_rows = 1000;
    compact_bytes(mine, 1, PPQ_COLUMN_AUTO, &o, 2000, row_many_then_four, &len);
    PPQ_CHECK_EQ(chunk_sizes(len, sizes, NULL, NULL, 4), 2u);
    PPQ_CHECK(sizes[1] < 350);
}

/* ---- compact files of random shapes and stores, read back ------------------ */

enum { RT_COLS = 4, RT_ROWS = 1200 };

typedef struct rt_col {
    ppq_type_t type;
    uint8_t optional, shape;
    uint32_t hold, levels;
    uint64_t base, state;
} rt_col_t;

/* Row r of a column: the value's bits (INT32 and FLOAT in the low 32), or
 * a null (*null). Shapes: counter, held ids, a status word whose bit
 * flips, noise, few levels, a constant, 64-bit extremes. */
static uint64_t rt_value(rt_col_t *c, uint32_t r, int *null)
{
    uint64_t x = (uint64_t)r * 0x9E3779B97F4A7C15ull ^ c->base, v;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 31;
    *null = c->optional && (x >> 60) == 0u; /* (1 in 16) */
    switch (c->shape) {
    case 0: v = c->base + (uint64_t)r * (c->hold + 1u); break;
    case 1: v = (uint64_t)(r / c->hold + 1u) * 0x9E3779B97F4A7C15ull ^ c->base; break;
    case 2: c->state ^= (x & 1023u) == 0u ? 1u << (x >> 10 & 7u) : 0u; v = c->state; break;
    case 3: v = x; break;
    case 4: v = c->base + x % c->levels; break;
    case 5: v = c->base; break;
    default: v = (x & 1u) ? 0x8000000000000000ull : 0x7FFFFFFFFFFFFFFFull; break;
    }
    switch (c->type) {
    case PPQ_BOOLEAN: return v & 1u;
    case PPQ_INT32: return v & 0xFFFFFFFFu;
    case PPQ_FLOAT: { float f = (float)(int32_t)(uint32_t)(v & 0xFFFFFu) * 0.25f; uint32_t b; memcpy(&b, &f, 4); return b; }
    case PPQ_DOUBLE: { double d = (double)(int64_t)(v & 0xFFFFFFFFFFull) * 0.01; uint64_t b; memcpy(&b, &d, 8); return b; }
    default: return v;
    }
}

static ppq_status_t rt_set(ppq_writer_t *w, uint32_t i, ppq_type_t t, uint64_t v)
{
    switch (t) {
    case PPQ_BOOLEAN: return ppq_writer_set_bool(w, i, v != 0u);
    case PPQ_INT32: return ppq_writer_set_i32(w, i, (int32_t)(uint32_t)v);
    case PPQ_INT64: return ppq_writer_set_i64(w, i, (int64_t)v);
    case PPQ_FLOAT: { float f; uint32_t b = (uint32_t)v; memcpy(&f, &b, 4); return ppq_writer_set_float(w, i, f); }
    default: { double d; memcpy(&d, &v, 8); return ppq_writer_set_double(w, i, d); }
    }
}

/* Compact files of 1-4 AUTO columns (every number type and BOOLEAN,
 * REQUIRED and OPTIONAL, the shapes above) in random small stores,
 * dictionaries and row groups, with and without page CRCs, written until
 * the file is full: every value and null read back (the chunks written in
 * another encoding than the store's, redelta, redict, replain and narrower
 * indices, among them on 64-bit CPUs). */
static void compact_random_round_trip(void)
{
    static const ppq_type_t types[] = {PPQ_BOOLEAN, PPQ_INT32, PPQ_INT64, PPQ_FLOAT, PPQ_DOUBLE};
    static const char *const names[RT_COLS] = {"a", "b", "c", "d"};
    uint32_t seed, written = 0, trials = COMPACT_64 ? 160u : 0u;
    for (seed = 0; seed < trials; seed++) {
        ppq_column_t schema[RT_COLS];
        rt_col_t cols[RT_COLS], again[RT_COLS];
        ppq_writer_options_t o;
        ppq_writer_t w;
        ppq_reader_t *rd;
        ppq_column_reader_t *cr;
        ppq_file_t f;
        mfile_t m;
        ppq_arena_t a;
        uint32_t n = 1u + (uint32_t)ppq_test_below(RT_COLS), i, r = 0, rg, rows;
        ppq_status_t st = PPQ_OK;
        if (!setup()) {
            return;
        }
        for (i = 0; i < n; i++) {
            cols[i].type = types[ppq_test_below(5)];
            cols[i].optional = (uint8_t)ppq_test_below(2);
            cols[i].shape = (uint8_t)ppq_test_below(7);
            cols[i].hold = 1u + (uint32_t)ppq_test_below(40);
            cols[i].levels = 1u + (uint32_t)ppq_test_below(300);
            cols[i].base = ppq_test_rand();
            cols[i].state = 0;
            schema[i] = (ppq_column_t)COL(names[i], cols[i].type, cols[i].optional, PPQ_COLUMN_AUTO);
            again[i] = cols[i];
        }
        compact_options(&o, 60u + (uint32_t)ppq_test_below(2000), 512u + (uint32_t)ppq_test_below(8192),
                        8u + (uint32_t)ppq_test_below(512));
        o.row_group_rows = ppq_test_below(2) ? 10u + (uint32_t)ppq_test_below(600) : 0u;
        o.page_crc = (uint8_t)ppq_test_below(2);
        if (ppq_writer_init(&w, schema, n, &o, &file_sink, test_arena_ptr, test_arena_size) != PPQ_OK) {
            continue; /* (a store smaller than a row) */
        }
        for (; r < RT_ROWS && st == PPQ_OK; r++) {
            for (i = 0; i < n && st == PPQ_OK; i++) {
                int null;
                uint64_t v = rt_value(&cols[i], r, &null);
                st = null ? ppq_writer_set_null(&w, i) : rt_set(&w, i, cols[i].type, v);
            }
            st = st == PPQ_OK ? ppq_writer_commit_row(&w) : st;
        }
        PPQ_CHECK(st == PPQ_OK || st == PPQ_ERR_NOSPACE); /* (the footer store full: the file ends) */
        rows = st == PPQ_OK ? r : r - 1u;
        PPQ_CHECK_OK(ppq_writer_close(&w));
        rd = file_reader(file_mem.len, &a, &f, &m);
        cr = rd != NULL ? (ppq_column_reader_t *)ppq_arena_alloc(&a, sizeof *cr) : NULL;
        if (cr == NULL) {
            PPQ_CHECK(0);
            return;
        }
        for (i = 0; i < n; i++) {
            uint32_t at = 0;
            for (rg = 0; rg < rd->nrg; rg++) {
                size_t mark = ppq_arena_mark(&a), levels = 1, count = 0, k, v = 0;
                ppq_status_t rs = ppq_column_reader_init(cr, rd, rg, i, &a);
                while (rs == PPQ_OK && levels > 0u) {
                    uint64_t got[64];
                    int16_t def[64];
                    rs = ppq_column_reader_read(cr, 64, got, cols[i].optional ? def : NULL, NULL, &levels, &count);
                    for (k = 0, v = 0; rs == PPQ_OK && k < levels; k++, at++) {
                        int null;
                        uint64_t want = rt_value(&again[i], at, &null), have = 0;
                        PPQ_CHECK(!cols[i].optional || (def[k] == 0) == (null != 0));
                        if (null) {
                            continue;
                        }
                        switch (cols[i].type) { /* (the reader's in-memory types) */
                        case PPQ_BOOLEAN: have = ((const uint8_t *)got)[v] != 0u; break;
                        case PPQ_INT32:
                        case PPQ_FLOAT: have = ((const uint32_t *)(const void *)got)[v]; break;
                        default: have = got[v]; break;
                        }
                        v++;
                        if (have != want) {
                            PPQ_CHECK(have == want);
                            return;
                        }
                    }
                }
                PPQ_CHECK_OK(rs);
                ppq_arena_rewind(&a, mark);
            }
            PPQ_CHECK_EQ(at, rows);
        }
        written++;
    }
    PPQ_CHECK(written * 2u >= trials);
}

static void row_clock_set(ppq_writer_t *w, uint32_t r)
{
    /* milliseconds since boot, then the clock set (NTP) at row 100 */
    int64_t ts = (r < 100u ? 5000ll : 1700000000000ll) + (int64_t)r * 1000 + (int64_t)(r % 7u) - 3;
    PPQ_CHECK_OK(ppq_writer_set_i64(w, 0, ts));
}

/* A compact INT64 whose delta passes 32 bits once (a clock set by NTP at
 * row 100, a counter's reset) ends its row group there and keeps
 * DELTA_BINARY_PACKED in the next, which starts at the new value; AUTO
 * and DELTA_BINARY_PACKED within a quarter of PLAIN's bytes (they were
 * PLAIN for the rest of the file: 49,694 bytes of 6,000 rows, now 2,933;
 * issue 27's sweep, the field table's energy counter with resets, 3.6-4.1x
 * DELTA's chunks cut at the same rows). */
static void compact_delta_after_jump(void)
{
    static const ppq_column_t schema[] = {COL("ts", PPQ_INT64, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t plain, mine, delta;
    if (!COMPACT_64) {
        return; /* (the compact layout on 64-bit hosts, as its neighbours: files of 50 KB) */
    }
    compact_options(&o, 2000, 0x10000, 64);
    o.row_group_rows = 4000;
    compact_bytes(schema, 1, PPQ_COLUMN_PLAIN, &o, 6000, row_clock_set, &plain);
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 6000, row_clock_set, &mine);
    compact_bytes(schema, 1, PPQ_COLUMN_DELTA_BINARY_PACKED, &o, 6000, row_clock_set, &delta);
    PPQ_CHECK(plain > 0u && mine * 4u <= plain && delta * 4u <= plain);
}

static void row_noise_bool(ppq_writer_t *w, uint32_t r)
{
    PPQ_CHECK_OK(ppq_writer_set_bool(w, 0, ((r * 2654435761u) >> 17 & 1u) != 0u));
}

/* A compact AUTO BOOLEAN chunk whose RLE (runs of one or two: noise)
 * takes more than its values' PLAIN bits is written as those bits, in a
 * footer store of 64 KiB and in one of 4 KiB that bounds the file too
 * (where it had stayed RLE): no larger than PLAIN's (it was 1.2-1.25x:
 * issue 27's sweep, noise BOOLEAN; status bits 1.2x). */
static void compact_auto_bools_plain(void)
{
    static const ppq_column_t schema[] = {COL("b", PPQ_BOOLEAN, 0, PPQ_COLUMN_AUTO)};
    static const uint32_t footer[] = {0x10000, 4096};
    ppq_writer_options_t o;
    size_t plain, mine;
    uint32_t k;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT; the compact layout) */
    }
    for (k = 0; k < 2u; k++) {
        memset(&o, 0, sizeof o);
        o.compact = 1;
        o.chunk_bytes = 1000;
        o.footer_bytes = footer[k];
        o.row_group_rows = 700;
        compact_bytes(schema, 1, PPQ_COLUMN_PLAIN, &o, 7000, row_noise_bool, &plain);
        compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 7000, row_noise_bool, &mine);
        PPQ_CHECK(plain > 0u && mine <= plain);
    }
}

static void row_const_i64(ppq_writer_t *w, uint32_t r)
{
    (void)r;
    PPQ_CHECK_OK(ppq_writer_set_i64(w, 0, 1234567890123ll));
}

/* A compact AUTO INT64 (DELTA its own) whose values are all the same
 * (a footer store of 64 KiB: not the file's bound): within 1.05x of
 * DICTIONARY (DELTA's 5 bytes a block were 1.2x over a row group of
 * 4,096: issue 27's sweep, const INT64; now one block,
 * compact_constant_one_block). */
static void compact_auto_const_dict(void)
{
    static const ppq_column_t schema[] = {COL("c", PPQ_INT64, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    size_t dict, mine;
    if (!COMPACT_64) {
        return; /* (built on 64-bit hosts only: PPQ_WRITER_COMPACT_FLAT; the compact layout) */
    }
    compact_options(&o, 2000, 0x10000, 64);
    o.row_group_rows = 4000;
    compact_bytes(schema, 1, PPQ_COLUMN_AUTO, &o, 8000, row_const_i64, &mine);
    compact_bytes(schema, 1, PPQ_COLUMN_DICTIONARY, &o, 8000, row_const_i64, &dict);
    PPQ_CHECK(dict > 0u && mine * 100u <= dict * 105u);
}

/* ppq_writer_arena_size is exactly what init needs. */
static void arena_size_is_exact(void)
{
    static const ppq_column_t schema[] = {COL("i", PPQ_INT32, 1, PPQ_COLUMN_PLAIN), COL("b", PPQ_BOOLEAN, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    ppq_writer_t w;
    size_t need;
    PPQ_CHECK(setup());
    small_options(&o);
    need = ppq_writer_arena_size(schema, 2, &o);
    PPQ_CHECK(need > 0 && need <= test_arena_size);
    PPQ_CHECK_EQ(ppq_writer_init(&w, schema, 2, &o, &file_sink, test_arena_ptr, need - 8), PPQ_ERR_ARENA);
    PPQ_CHECK_EQ(file_mem.len, 0);
    PPQ_CHECK_OK(ppq_writer_init(&w, schema, 2, &o, &file_sink, test_arena_ptr, need));
}

/* Delta byte-array columns: their encoders live in the arena too, sized
 * exactly; a row of them writes and the file closes. */
static void delta_byte_array_columns(void)
{
    static const ppq_column_t schema[] = {COL("l", PPQ_BYTE_ARRAY, 1, PPQ_COLUMN_DELTA_LENGTH_BYTE_ARRAY),
                                          COL("k", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_DELTA_BYTE_ARRAY)};
    ppq_writer_options_t o;
    ppq_writer_t w;
    footer_t f;
    size_t need;
    int i;
    PPQ_CHECK(setup());
    small_options(&o);
    o.footer_bytes = 1; /* one row group */
    need = ppq_writer_arena_size(schema, 2, &o);
    if ((PPQ_WRITER_ENCODINGS & (PPQ_WRITER_ENC_DELTA_LENGTH_BYTE_ARRAY | PPQ_WRITER_ENC_DELTA_BYTE_ARRAY)) !=
        (PPQ_WRITER_ENC_DELTA_LENGTH_BYTE_ARRAY | PPQ_WRITER_ENC_DELTA_BYTE_ARRAY)) {
        return; /* not built: encodings_built checks the refusal */
    }
#ifdef PPQ_TEST_SMALL
    /* Over 5 KB (the delta encoders buffer 128-value blocks): more than the
     * small boards' 4 KB test arena, so only the clean refusal is checked
     * there (board_main says so). */
    PPQ_CHECK(need > test_arena_size);
    PPQ_CHECK_EQ(ppq_writer_init(&w, schema, 2, &o, &file_sink, test_arena_ptr, test_arena_size), PPQ_ERR_ARENA);
    PPQ_CHECK_EQ(file_mem.len, 0);
    (void)f;
    (void)i;
    return;
#endif
    PPQ_CHECK(need > 0 && need <= test_arena_size);
    PPQ_CHECK_EQ(ppq_writer_init(&w, schema, 2, &o, &file_sink, test_arena_ptr, need - 8), PPQ_ERR_ARENA);
    PPQ_CHECK_OK(ppq_writer_init(&w, schema, 2, &o, &file_sink, test_arena_ptr, need));
    for (i = 0; i < 7; i++) {
        char key[16];
        key[0] = 'k';
        key[1] = (char)('a' + i / 10);
        key[2] = (char)('0' + i % 10);
        PPQ_CHECK_OK(i % 4 == 0 ? ppq_writer_set_null(&w, 0) : ppq_writer_set_bytes(&w, 0, "value", (uint32_t)(i % 6)));
        PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 1, key, 3));
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK_EQ(f.num_rows, 7);
    PPQ_CHECK(f.col[0].encodings & (1u << PPQ_ENC_DELTA_LENGTH_BYTE_ARRAY));
    PPQ_CHECK(f.col[1].encodings & (1u << PPQ_ENC_DELTA_BYTE_ARRAY));
}

/* The encodings this build has (PPQ_WRITER_ENCODINGS, ppq_config.h; make
 * test runs the suite with every one and with the sensor logger's few):
 * a column asking for one left out is refused, one built is taken, and
 * AUTO picks PLAIN where its usual choice is left out. */
static void encodings_built(void)
{
    static const ppq_column_t cols[] = {COL("dict", PPQ_INT32, 0, PPQ_COLUMN_DICTIONARY),
                                        COL("delta", PPQ_INT64, 0, PPQ_COLUMN_DELTA_BINARY_PACKED),
                                        COL("bss", PPQ_FLOAT, 0, PPQ_COLUMN_BYTE_STREAM_SPLIT),
                                        COL("rle", PPQ_BOOLEAN, 0, PPQ_COLUMN_RLE),
                                        COL("dlba", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_DELTA_LENGTH_BYTE_ARRAY),
                                        COL("dba", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_DELTA_BYTE_ARRAY)};
    static const ppq_column_t autos[] = {COL("f", PPQ_FLOAT, 0, PPQ_COLUMN_AUTO)};
    unsigned by_size, by_type;
    ppq_writer_options_t o;
    ppq_writer_t w;
    footer_t f;
    size_t i;
    PPQ_CHECK(setup());
    small_options(&o);
    for (i = 0; i < ARRAY_LEN(cols); i++) {
        unsigned built = (PPQ_WRITER_ENCODINGS >> cols[i].encoding) & 1u;
        size_t need = ppq_writer_arena_size(&cols[i], 1, &o);
        if (!built) {
            PPQ_CHECK_EQ(need, 0);
            PPQ_CHECK_EQ(ppq_writer_init(&w, &cols[i], 1, &o, &file_sink, test_arena_ptr, test_arena_size), PPQ_ERR_ARG);
            PPQ_CHECK_EQ(file_mem.len, 0);
        } else {
            PPQ_CHECK(need > 0);
            if (need <= test_arena_size) { /* DLBA and DBA take more than the small boards' test arena */
                PPQ_CHECK_OK(ppq_writer_init(&w, &cols[i], 1, &o, &file_sink, test_arena_ptr, test_arena_size));
                ppq_sink_init_mem(&file_sink, &file_mem, file_buf, FILE_CAP);
            }
        }
    }
    /* AUTO by size: one value is smaller PLAIN than as a dictionary entry
     * plus an index; eight of two values smaller as a dictionary.  AUTO by
     * type (PPQ_WRITER_AUTO_BY_SIZE 0 or no dictionary): BYTE_STREAM_SPLIT
     * where built, else PLAIN.  (RLE: the levels' encoding, always listed) */
    by_size = PPQ_WRITER_AUTO_BY_SIZE != 0 && (PPQ_WRITER_ENCODINGS & PPQ_WRITER_ENC_DICTIONARY) != 0u;
    by_type = (PPQ_WRITER_ENCODINGS & PPQ_WRITER_ENC_BYTE_STREAM_SPLIT) ? 1u << PPQ_ENC_BYTE_STREAM_SPLIT : 1u << PPQ_ENC_PLAIN;
    PPQ_CHECK_OK(ppq_writer_init(&w, autos, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
    PPQ_CHECK_OK(ppq_writer_set_float(&w, 0, 1.5f));
    PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK_EQ(f.col[0].encodings & ~(1u << PPQ_ENC_RLE), by_size ? 1u << PPQ_ENC_PLAIN : by_type);
    PPQ_CHECK(setup());
    PPQ_CHECK_OK(ppq_writer_init(&w, autos, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
    for (i = 0; i < 8; i++) {
        PPQ_CHECK_OK(ppq_writer_set_float(&w, 0, i % 3u ? 1.5f : 2.25f));
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK_EQ(f.col[0].encodings & ~(1u << PPQ_ENC_RLE),
                 by_size ? 1u << PPQ_ENC_RLE_DICTIONARY | 1u << PPQ_ENC_PLAIN : by_type);
}

/* A sink that stops at byte k: the writer reports the I/O error, keeps
 * reporting it, and the bytes out never end in a footer unless all fit. */
static void sink_failure_every_byte(void)
{
#ifdef PPQ_TEST_SMALL
    /* a PLAIN string column: a dictionary's arena does not fit beside it in 4 KB */
    static const ppq_column_t schema[] = {COL("i", PPQ_INT32, 1, PPQ_COLUMN_PLAIN), COL("s", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_PLAIN)};
#else
    static const ppq_column_t schema[] = {COL("i", PPQ_INT32, 1, PPQ_COLUMN_PLAIN), COL("s", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_AUTO)};
#endif
    ppq_writer_options_t o;
    size_t full = 0, k;
    PPQ_CHECK(setup());
    small_options(&o);
    for (k = 0;; k++) {
        ppq_writer_t w;
        ppq_sink_t sink;
        tsink_t ts;
        ppq_status_t st;
        int i;
        tsink_init(&sink, &ts, file_buf, FILE_CAP, k);
        st = ppq_writer_init(&w, schema, 2, &o, &sink, test_arena_ptr, test_arena_size);
        for (i = 0; i < 30 && st == PPQ_OK; i++) {
            st = i % 4 == 1 ? ppq_writer_set_null(&w, 0) : ppq_writer_set_i32(&w, 0, i * 3);
            if (st == PPQ_OK) {
                st = ppq_writer_set_bytes(&w, 1, "sensor", 1u + (uint32_t)(i % 6));
            }
            if (st == PPQ_OK) {
                st = ppq_writer_commit_row(&w);
            }
        }
        if (st == PPQ_OK) {
            st = ppq_writer_close(&w);
        }
        if (st == PPQ_OK) {
            full = ts.len;
            PPQ_CHECK(k >= full);
            break;
        }
        PPQ_CHECK_EQ(st, PPQ_ERR_IO);
        PPQ_CHECK_EQ(ppq_writer_commit_row(&w), PPQ_ERR_IO);
        PPQ_CHECK_EQ(ppq_writer_close(&w), PPQ_ERR_IO);
        PPQ_CHECK(ts.len <= k);
        PPQ_CHECK(ts.len < 8 || memcmp(file_buf + ts.len - 4, "PAR1", 4) != 0 || ts.len == 4);
        PPQ_CHECK(k < FILE_CAP);
    }
    PPQ_CHECK(full > 100);
}

/* With room for one row group's metadata only, the writer says when to
 * close; the file closes with the row groups it has. */
static void footer_store_full(void)
{
    static const ppq_column_t schema[] = {COL("v", PPQ_INT32, 0, PPQ_COLUMN_PLAIN)};
    ppq_writer_options_t o;
    ppq_writer_t w;
    footer_t f;
    ppq_status_t st = PPQ_OK;
    int i;
    PPQ_CHECK(setup());
    small_options(&o);
    o.row_group_rows = 10;
    o.footer_bytes = 1; /* the minimum: one row group's worth */
    PPQ_CHECK_OK(ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
    for (i = 0; i < 100 && st == PPQ_OK; i++) {
        PPQ_CHECK_OK(ppq_writer_set_i32(&w, 0, i));
        st = ppq_writer_commit_row(&w);
    }
    PPQ_CHECK_EQ(st, PPQ_ERR_NOSPACE);
    PPQ_CHECK_EQ(i, 11); /* ten rows made the first row group; the eleventh had no room */
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK_EQ(f.num_rows, 10);
    PPQ_CHECK_EQ(f.row_groups, 1);
}

/* The footer store keeps row groups' metadata packed (the default build,
 * PPQ_WRITER_PACKED_FOOTER): a file's footer, the Thrift of its row
 * groups, takes more than 1.5 times the store that held them (which also
 * kept room for the next row group's at its widest); each row group's
 * statistics, sizes and offsets read back as written.  (Row groups of 4
 * rows: the file fits the small boards' 2 KB buffer.) */
static void footer_store_packed(void)
{
    static const ppq_column_t schema[] = {COL("s", PPQ_BYTE_ARRAY, 1, PPQ_COLUMN_DICTIONARY),
                                          COL("d", PPQ_DOUBLE, 0, PPQ_COLUMN_PLAIN)};
    ppq_writer_options_t o;
    ppq_writer_t w;
    ppq_reader_t *rd;
    ppq_file_t f;
    mfile_t m;
    ppq_arena_t a;
    ppq_status_t st = PPQ_OK;
    size_t cap;
    int i;
    uint32_t rg;
    char s[8];
    PPQ_CHECK(setup());
    small_options(&o);
    o.row_group_rows = 4;
    o.footer_bytes = 400;
    o.no_page_index = 1; /* (the same room on every board: builds without it) */
    PPQ_CHECK_OK(ppq_writer_init(&w, schema, 2, &o, &file_sink, test_arena_ptr, test_arena_size));
    cap = w.footer_cap;
    for (i = 0; i < 400 && st == PPQ_OK; i++) {
        memcpy(s, "key-", 4);
        s[4] = (char)('a' + i % 4);
        if (i % 4 != 3) { /* a null in each row group */
            PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 0, s, 5));
        }
        PPQ_CHECK_OK(ppq_writer_set_double(&w, 1, 0.5 * i));
        st = ppq_writer_commit_row(&w);
    }
    PPQ_CHECK_EQ(st, PPQ_ERR_NOSPACE); /* (the store, not the rows, ended the file) */
    PPQ_CHECK_OK(ppq_writer_close(&w));
    if ((rd = file_reader(file_mem.len, &a, &f, &m)) == NULL) {
        return;
    }
    PPQ_CHECK(!PPQ_WRITER_PACKED_FOOTER || rd->footer_len > cap + cap / 2u);
    PPQ_CHECK_EQ(rd->nrg, (uint32_t)(i - 1) / 4u);
    for (rg = 0; rg < rd->nrg; rg++) {
        const ppq_chunk_info_t *cs = ppq_reader_chunk(rd, rg, 0), *cd = ppq_reader_chunk(rd, rg, 1);
        uint64_t lo = 0, hi = 0;
        double dl = 0, dh = 0;
        PPQ_CHECK_EQ(rd->rg_rows[rg], 4);
        PPQ_CHECK_EQ(cs->num_values, 4);
        /* the chunks one after the other, the strings' dictionary page first */
        PPQ_CHECK(cs->data_page_offset > cs->dict_page_offset);
        PPQ_CHECK_EQ(cd->data_page_offset, cs->dict_page_offset + cs->compressed_size);
        if (!PPQ_WRITER_STATISTICS) {
            continue;
        }
        PPQ_CHECK_EQ(cs->stats.null_count, 1);
        PPQ_CHECK(cs->stats.min_len == 5 && memcmp(cs->stats.min, "key-a", 5) == 0);
        PPQ_CHECK(cs->stats.max_len == 5 && memcmp(cs->stats.max, "key-c", 5) == 0);
        PPQ_CHECK_EQ(cd->stats.null_count, 0);
        PPQ_CHECK(cd->stats.min_len == 8 && cd->stats.max_len == 8);
        if (cd->stats.min_len == 8 && cd->stats.max_len == 8) {
            lo = ppq_load_le64(cd->stats.min);
            hi = ppq_load_le64(cd->stats.max);
        }
        memcpy(&dl, &lo, 8);
        memcpy(&dh, &hi, 8);
        PPQ_CHECK(dl == 2.0 * rg && dh == 2.0 * rg + 1.5); /* rows 4rg..4rg+3 halved */
    }
}

/* A logger's rotation (issue 27): PPQ_ERR_NOSPACE leaves the row out, so
 * committing it to the next file loses none; ppq_writer_row_groups_left()
 * never promises a row group the file then refuses.  Each file read back:
 * its rows, and where its store was short, byte-array bounds cut to 16
 * bytes as the format allows (a prefix for the min; for the max a prefix
 * with its last byte raised, both inexact). */
static const ppq_column_t rotate_schema[] = {COL("v", PPQ_INT32, 0, PPQ_COLUMN_PLAIN),
                                             COL("s", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_PLAIN)};

static uint8_t rotate_bounds[48];

static void rotate_row(char *s, int i)
{
    memcpy(s, "row-0000-padding-padding", 24); /* 24 bytes: past the cut */
    s[4] = (char)('0' + i / 1000 % 10);
    s[5] = (char)('0' + i / 100 % 10);
    s[6] = (char)('0' + i / 10 % 10);
    s[7] = (char)('0' + i % 10);
}

/* Rows 0..total-1 over as many files as they take, with footer stores of
 * `extra` bytes beyond the room kept for a row group's metadata; *files
 * and the first file's footer come back. */
static int rotate_files(size_t extra, int total, int *files, footer_t *first)
{
    ppq_writer_options_t o;
    ppq_writer_t w;
    char s[24];
    int i = 0, done = 0, ok = 1;
    small_options(&o);
    o.row_group_rows = 8;
    o.footer_bytes = 1;
    if (ppq_writer_init(&w, rotate_schema, 2, &o, &file_sink, test_arena_ptr, test_arena_size) != PPQ_OK) {
        return 0;
    }
    o.footer_bytes = (uint32_t)(w.footer_cap + extra); /* (the least store: a row group's room) */
    *files = 0;
    while (i < total && ok) {
        uint32_t promised, groups, need;
        ppq_status_t st;
        file_mem.len = 0;
        file_sink.offset = 0;
        ok = ppq_writer_init(&w, rotate_schema, 2, &o, &file_sink, test_arena_ptr, test_arena_size) == PPQ_OK;
        promised = ok ? ppq_writer_row_groups_left(&w) : 0u;
        groups = 0;
        need = promised + 1u; /* row groups the file surely writes, the open one too */
        for (st = PPQ_OK; ok && i < total; i++) {
            if (w.row_groups != groups) { /* a row group ended: the promise holds on */
                groups = w.row_groups;
                promised = ppq_writer_row_groups_left(&w); /* (0 too when full: no open one then) */
                need = promised > 0u && groups + promised + 1u > need ? groups + promised + 1u : need;
            }
            rotate_row(s, i);
            st = ppq_writer_set_i32(&w, 0, i);
            st = st == PPQ_OK ? ppq_writer_set_bytes(&w, 1, s, 24) : st;
            st = st == PPQ_OK ? ppq_writer_commit_row(&w) : st;
            if (st != PPQ_OK) {
                break; /* (row i not written: the next file takes it) */
            }
        }
        ok = ok && (st == PPQ_OK || st == PPQ_ERR_NOSPACE);
        /* a full file wrote at least the row groups it promised after the open one */
        ok = ok && (st != PPQ_ERR_NOSPACE || w.row_groups >= need);
        ok = ok && ppq_writer_rows(&w) == (uint64_t)(i - done) && ppq_writer_close(&w) == PPQ_OK;
        if (ok && *files == 0) { /* (its bounds copied: the next file overwrites the buffer) */
            ok = read_footer(first) == PPQ_OK && first->num_rows == i - done && first->col[1].min_len <= 24u &&
                 first->col[1].max_len <= 24u;
            if (ok) {
                memcpy(rotate_bounds, first->col[1].min, first->col[1].min_len);
                memcpy(rotate_bounds + 24, first->col[1].max, first->col[1].max_len);
                first->col[1].min = rotate_bounds;
                first->col[1].max = rotate_bounds + 24;
            }
        }
        done = i;
        (*files)++;
    }
    return ok && done == total;
}

static void rotate_files_losing_no_row(void)
{
    footer_t f;
    char s[24];
    int files = 0, rows = 200;
    PPQ_CHECK(setup());
    /* room for a few row groups a file */
    /* (packed row groups: files under the small boards' 2 KB) */
    PPQ_CHECK(rotate_files(PPQ_WRITER_PACKED_FOOTER ? 200u : 400u, rows, &files, &f));
    PPQ_CHECK(files > 1 && files < rows / 8);
    if (!PPQ_WRITER_STATISTICS) { /* (a build without them: the rotation alone) */
        return;
    }
    PPQ_CHECK_EQ(f.col[1].min_len, 24); /* room for full bounds: kept */
    /* room for one row group a file, less than its full bounds take: cut */
    PPQ_CHECK(rotate_files(0, 40, &files, &f));
    PPQ_CHECK(f.num_rows > 1 && files == 40 / (int)f.num_rows); /* (row groups of the chunk buffers' rows) */
    rotate_row(s, (int)f.num_rows - 1); /* the greatest value */
    s[15] = (char)(s[15] + 1);          /* 'g' -> 'h' */
    PPQ_CHECK_EQ(f.col[1].min_len, 16);
    PPQ_CHECK_EQ(f.col[1].max_len, 16);
    PPQ_CHECK(f.col[1].min_len == 16 && memcmp(f.col[1].min, "row-0000-padding", 16) == 0);
    PPQ_CHECK(f.col[1].max_len == 16 && memcmp(f.col[1].max, s, 16) == 0);
}

/* A dictionary that fills mid-chunk: pages before are RLE_DICTIONARY, the
 * rest PLAIN, and a dictionary page comes first in the chunk. */
static void dictionary_fallback(void)
{
    static const ppq_column_t schema[] = {COL("d", PPQ_INT32, 0, PPQ_COLUMN_DICTIONARY)};
    ppq_writer_options_t o;
    ppq_writer_t w;
    footer_t f;
    int i;
    PPQ_CHECK(setup());
    small_options(&o);
    o.chunk_bytes = 2048; /* all 40 rows in one chunk */
    o.row_group_rows = 40;
    PPQ_CHECK_OK(ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
    for (i = 0; i < 40; i++) {
        PPQ_CHECK_OK(ppq_writer_set_i32(&w, 0, i < 20 ? i % 3 : i)); /* 8 entries max */
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK(f.col[0].encodings & (1u << PPQ_ENC_RLE_DICTIONARY));
    PPQ_CHECK(f.col[0].encodings & (1u << PPQ_ENC_PLAIN));
    PPQ_CHECK_EQ(f.col[0].dict_page_offset, 4);
    PPQ_CHECK(f.col[0].data_page_offset > 4);
    PPQ_CHECK_EQ(f.col[0].num_values, 40);
}

/* ---- AUTO against the fixed encodings (issue 27) -------------------------
 * With AUTO by size and its thorough weighing (ppq_writer_internal.h's
 * default), where the test arena holds such files (not the 16 KB boards':
 * their RAM has no room for these tests' values either). */
#if PPQ_WRITER_AUTO_BY_SIZE && (PPQ_WRITER_ENCODINGS & PPQ_WRITER_ENC_DICTIONARY) && \
    (!defined(PPQ_WRITER_AUTO_THOROUGH) || PPQ_WRITER_AUTO_THOROUGH) && !defined(PPQ_TEST_SMALL)
#define AUTO_VS_FIXED 1
#else
#define AUTO_VS_FIXED 0
#endif

#if AUTO_VS_FIXED
/* The same byte arrays written by one column of `enc` (a NULL pointer is a
 * null): the file's bytes, 0 where the arena or the build has not the
 * room.  Files that differ only in that column's chunk (the same footer
 * fields and page count but for its encoding) compare as its chunks do. */
static void bytes_file(int enc, int optional, const ppq_writer_options_t *o, const ppq_bytes_t *v, uint32_t n,
                       size_t *len)
{
    ppq_column_t col[1] = {COL("s", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_t w;
    uint32_t i;
    *len = 0;
    col[0].optional = (uint8_t)optional;
    col[0].encoding = (ppq_column_encoding_t)enc;
    if (!setup() || ppq_writer_arena_size(col, 1, o) == 0u || ppq_writer_arena_size(col, 1, o) > test_arena_size) {
        return;
    }
    PPQ_CHECK_OK(ppq_writer_init(&w, col, 1, o, &file_sink, test_arena_ptr, test_arena_size));
    for (i = 0; i < n; i++) {
        if (v[i].ptr != NULL) {
            PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 0, v[i].ptr, v[i].len));
        }
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
    *len = file_mem.len;
}

/* Sixteen 40-byte strings, each new, the first row a null: a dictionary
 * of 16 bytes takes none of them.  AUTO's first page goes on as its
 * alternative (PLAIN), not as a page of the null alone before it: no more
 * bytes than PLAIN's file. */
static void auto_full_dictionary_after_nulls(void)
{
    static uint8_t pool[16 * 40];
    ppq_bytes_t v[17];
    ppq_writer_options_t o;
    size_t plain, automatic;
    uint32_t i;
    small_options(&o);
    o.page_bytes = 128;
    o.dict_bytes = 16;
    o.row_group_rows = 17;
    o.chunk_bytes = 4096; /* (one row group each: a dictionary column's chunk keeps more room) */
    v[0].ptr = NULL;
    v[0].len = 0;
    for (i = 0; i < 16u * 40u; i++) {
        pool[i] = (uint8_t)('a' + (i * 7u + i / 40u) % 26u);
    }
    for (i = 1; i < 17u; i++) {
        v[i].ptr = pool + (i - 1u) * 40u;
        v[i].len = 40;
    }
    bytes_file(PPQ_COLUMN_PLAIN, 1, &o, v, 17, &plain);
    bytes_file(PPQ_COLUMN_AUTO, 1, &o, v, 17, &automatic);
    if (plain != 0u && automatic != 0u) {
        PPQ_CHECK(automatic <= plain);
    }
}

/* Keys like "site-03/sensor-00017/9e3779b9" in pages page_bytes ends at
 * four of them (page_values 16), a dictionary that fills at the fifth: AUTO
 * weighs the alternatives for pages of four values, where
 * DELTA_LENGTH_BYTE_ARRAY is smaller than DELTA_BYTE_ARRAY (for pages of
 * 16 it would not be): no more bytes than DELTA_LENGTH_BYTE_ARRAY's file. */
static void auto_weighs_pages_page_bytes_ends(void)
{
    static const char hex[] = "0123456789abcdef";
    static uint8_t pool[32 * 29];
    ppq_bytes_t v[32];
    ppq_writer_options_t o;
    size_t dlba, automatic;
    uint32_t i, k, x = 12345u;
    small_options(&o);
    o.page_values = 16;
    o.page_bytes = 128;
    o.dict_entries = 16;
    o.dict_bytes = 128;
    o.row_group_rows = 32;
    o.chunk_bytes = 4096;
    for (i = 0; i < 32u; i++) {
        uint8_t *p = pool + i * 29u;
        x = x * 1103515245u + 12345u;
        memcpy(p, "site-00/sensor-00000/", 21);
        p[5] = (uint8_t)('0' + (x >> 16) % 12u / 10u);
        p[6] = (uint8_t)('0' + (x >> 16) % 12u % 10u);
        p[18] = (uint8_t)('0' + i / 10u);
        p[19] = (uint8_t)('0' + i % 10u);
        for (k = 0; k < 8u; k++) {
            x = x * 1103515245u + 12345u;
            p[21u + k] = (uint8_t)hex[(x >> 20) & 15u];
        }
        v[i].ptr = p;
        v[i].len = 29;
    }
    bytes_file(PPQ_COLUMN_DELTA_LENGTH_BYTE_ARRAY, 0, &o, v, 32, &dlba);
    bytes_file(PPQ_COLUMN_AUTO, 0, &o, v, 32, &automatic);
    if (dlba != 0u && automatic != 0u) {
        PPQ_CHECK(automatic <= dlba);
    }
}

/* Row i's value of an AUTO comparison's column (ppq_writer_set_*, or
 * nothing: a null). */
typedef void (*row_fn)(ppq_writer_t *w, uint32_t i);

/* Rows 0..n-1 of `row` in a column `type` of `enc`: the file's bytes (0
 * where the arena or the build has not the room). */
static uint32_t rows_flba_len = 2u; /* rows_file's FIXED_LEN_BYTE_ARRAY length (2: a FLOAT16's) */

static void rows_file(ppq_type_t type, int enc, int optional, const ppq_writer_options_t *o, row_fn row, uint32_t n,
                      size_t *len)
{
    ppq_column_t col[1] = {COL("x", PPQ_INT32, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_t w;
    uint32_t i;
    *len = 0;
    col[0].type = type;
    col[0].type_len = type == PPQ_FIXED_LEN_BYTE_ARRAY ? rows_flba_len : 0u;
    col[0].optional = (uint8_t)optional;
    col[0].encoding = (ppq_column_encoding_t)enc;
    if (!setup() || ppq_writer_arena_size(col, 1, o) == 0u || ppq_writer_arena_size(col, 1, o) > test_arena_size) {
        return;
    }
    PPQ_CHECK_OK(ppq_writer_init(&w, col, 1, o, &file_sink, test_arena_ptr, test_arena_size));
    for (i = 0; i < n; i++) {
        row(&w, i);
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
    *len = file_mem.len;
}

/* The file of rows 0..n-1 of `row` as `fixed`, then as AUTO (left in
 * file_mem): AUTO's bytes at most `percent` of the fixed file's.  Where
 * either could not be written (the arena or the build has not the room)
 * only a `required` one fails. */
static void auto_within(ppq_type_t type, int fixed, int optional, const ppq_writer_options_t *o, row_fn row, uint32_t n,
                        size_t percent, int required)
{
    size_t them, automatic;
    rows_file(type, fixed, optional, o, row, n, &them);
    rows_file(type, PPQ_COLUMN_AUTO, optional, o, row, n, &automatic);
    if (them == 0u || automatic == 0u) {
        PPQ_CHECK(!required);
        return;
    }
    PPQ_CHECK(automatic * 100u <= them * percent);
}

static void status_row(ppq_writer_t *w, uint32_t i)
{
    (void)i;
    PPQ_CHECK_OK(ppq_writer_set_bytes(w, 0, "ok", 2));
}

/* Five status strings under SNAPPY, then the file closes: AUTO weighs its
 * dictionary for the chunk those five values make (a dictionary page, its
 * header and compressed entry, for five indices), not for the row group
 * of row_group_rows its chunk buffer would hold: no more bytes than
 * PLAIN's file. */
static void auto_weighs_the_chunk_that_ends(void)
{
    ppq_writer_options_t o;
    if (!ppq_codec_can_compress(PPQ_CODEC_SNAPPY)) {
        return;
    }
    small_options(&o);
    o.page_values = 32;
    o.page_bytes = 256;
    o.dict_entries = 32;
    o.dict_bytes = 256;
    o.row_group_rows = 4096;
    o.chunk_bytes = 4096;
    o.codec = PPQ_CODEC_SNAPPY;
    o.codec_level = 1; /* (the smallest hash table: 16 KB boards) */
    auto_within(PPQ_BYTE_ARRAY, PPQ_COLUMN_PLAIN, 0, &o, status_row, 5, 100, 0);
}

static uint32_t constant_bits(uint32_t r)
{
    (void)r;
    return 1000u;
}

static void constant_row(ppq_writer_t *w, uint32_t i)
{
    (void)i;
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, 1000));
}

/* A constant INT32 in uncompressed pages of 128 values, with the bloom
 * filters of a host's defaults: AUTO weighs its dictionary over the chunk
 * (its page and entry paid once), as under a codec, and keeps it: the
 * chunk RLE_DICTIONARY, and the file DICTIONARY's, its filter too.  (It had
 * weighed a page's worth where a filter comes with the dictionary, and
 * took DELTA_BINARY_PACKED: a chunk 1.2x the dictionary's.) */
static void auto_keeps_a_constants_dictionary(void)
{
    ppq_writer_options_t o;
    footer_t f;
    size_t them, automatic;
    small_options(&o);
    o.page_values = 128;
    o.page_bytes = 1024;
    o.dict_entries = 64;
    o.dict_bytes = 512;
    o.row_group_rows = 1024;
    o.chunk_bytes = 2048;
    rows_file(PPQ_INT32, PPQ_COLUMN_DICTIONARY, 0, &o, constant_row, 1024, &them);
    rows_file(PPQ_INT32, PPQ_COLUMN_AUTO, 0, &o, constant_row, 1024, &automatic);
    PPQ_CHECK(them > 0u && automatic == them);
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK(f.col[0].encodings == (1u << PPQ_ENC_PLAIN | 1u << PPQ_ENC_RLE | 1u << PPQ_ENC_RLE_DICTIONARY));
}

/* Row i of a nullable status column: "ok" but another status one row in
 * `every`, null one row in `nulls`. */
static void status_every(ppq_writer_t *w, uint32_t i, uint32_t every, uint32_t nulls)
{
    static const char *const words[] = {"warn", "low-battery", "door-open", "sensor-fault"};
    const char *s = i % every == 5u ? words[(i / every) % 4u] : "ok";
    if (i % nulls == 3u) {
        PPQ_CHECK_OK(ppq_writer_set_null(w, 0));
        return;
    }
    PPQ_CHECK_OK(ppq_writer_set_bytes(w, 0, s, (uint32_t)strlen(s)));
}

static void few_status_row(ppq_writer_t *w, uint32_t i)
{
    status_every(w, i, 29u, 11u);
}

/* Nullable status strings ("ok", now and then another) in v2 pages of 8
 * under SNAPPY: AUTO weighs the chunk's first page compressed, over the
 * chunk, and keeps the dictionary; the page writer does not weigh that
 * page again uncompressed on its own (it went to DELTA_LENGTH_BYTE_ARRAY
 * for the rest of the chunk: a file over 1.05x DICTIONARY's). */
static void auto_first_page_weighed_once(void)
{
    ppq_writer_options_t o;
    footer_t f;
    if (!ppq_codec_can_compress(PPQ_CODEC_SNAPPY)) {
        return;
    }
    small_options(&o);
    o.page_values = 8;
    o.page_bytes = 64;
    o.dict_entries = 8;
    o.dict_bytes = 64;
    o.row_group_rows = 64;
    o.chunk_bytes = 4096;
    o.no_bloom = 1;
    o.codec = PPQ_CODEC_SNAPPY;
    o.codec_level = 1;
    o.page_v2 = 1;
    o.page_crc = 1;
    auto_within(PPQ_BYTE_ARRAY, PPQ_COLUMN_DICTIONARY, 1, &o, few_status_row, 640, 105, 1);
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK_EQ(f.col[0].encodings & (1u << 6), 0u); /* (6: DELTA_LENGTH_BYTE_ARRAY) */
}

static void rare_status_row(ppq_writer_t *w, uint32_t i)
{
    status_every(w, i, 64u, 13u);
}

/* Nullable status strings, "ok" but one in 64, in v2 pages and row groups
 * of 500 under GZIP, whose frame (18 bytes a page) a dictionary page pays
 * too: AUTO counts it with the page's header when it weighs the dictionary
 * over the chunk, and its file is within 1.05x of PLAIN's (without it: the
 * dictionary kept, over 1.05x). */
static void auto_counts_the_dictionary_pages_frame(void)
{
    ppq_writer_options_t o;
    if (!ppq_codec_can_compress(PPQ_CODEC_GZIP)) {
        return;
    }
    small_options(&o);
    o.page_values = 1024;
    o.page_bytes = 1024;
    o.dict_entries = 64;
    o.dict_bytes = 1024;
    o.row_group_rows = 500;
    o.chunk_bytes = 8192;
    o.footer_bytes = 4096;
    o.no_bloom = 1;
    o.codec = PPQ_CODEC_GZIP;
    o.page_v2 = 1;
    o.page_crc = 1;
    o.no_statistics = 1;
    auto_within(PPQ_BYTE_ARRAY, PPQ_COLUMN_PLAIN, 1, &o, rare_status_row, 2000, 105, 1);
}

/* A hash of i: bits with no pattern a codec or encoder finds. */
/* Row i of a FLOAT column whose row groups of 500 start with 200 values
 * drawn from 15, then random bits (no NaN): from a hash of i, no runs nor
 * repeats a codec finds. */
static void fifteen_then_new_row(ppq_writer_t *w, uint32_t i)
{
    uint32_t x = mix32(i) & 0xBF7FFFFFu; /* (an exponent below all ones) */
    float f;
    memcpy(&f, &x, sizeof f);
    PPQ_CHECK_OK(ppq_writer_set_float(w, 0, i % 500u < 200u ? 20.0f + (float)(x % 15u) / 8.0f : f));
}

/* A 16-entry dictionary that fills inside the chunk's first page, before
 * AUTO's first decision, under SNAPPY (200 values of 15, then new ones):
 * the page's values so far stay in the dictionary, as DICTIONARY keeps
 * them, where that is smaller with the page header more it costs: the
 * file DICTIONARY writes.  (AUTO had re-encoded them as PLAIN: a bound
 * that stood for the dictionary's bytes had the page more added after it;
 * 1.016x here, up to 1.65x on the sweep's walks.) */
static void auto_keeps_a_dictionary_that_fills(void)
{
    ppq_writer_options_t o;
    if (!ppq_codec_can_compress(PPQ_CODEC_SNAPPY)) {
        return;
    }
    small_options(&o);
    o.page_values = 1024;
    o.dict_entries = 16;
    o.dict_bytes = 128;
    o.row_group_rows = 500;
    o.chunk_bytes = 8192;
    o.footer_bytes = 4096;
    o.no_bloom = 1;
    o.codec = PPQ_CODEC_SNAPPY;
    o.codec_level = 1;
    /* (the same pages: the dictionary's, then PLAIN) */
    auto_within(PPQ_FLOAT, PPQ_COLUMN_DICTIONARY, 0, &o, fifteen_then_new_row, 2000, 100, 1);
}

/* Row i of a 12-bit ADC reading: a slow drift and noise of -2..+2 (from a
 * hash of i): a few values, coming back. */
static void adc_row(ppq_writer_t *w, uint32_t i)
{
    uint32_t x = mix32(i);
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, 2000 + (int32_t)(i / 400u) + (int32_t)(x % 5u) - 2));
}

/* ADC readings in pages of 8 and row groups of 48 with a dictionary of 8:
 * a page of 8 cannot tell their noise from a walk (whose entries grow
 * until the dictionary fills: AUTO took DELTA_BINARY_PACKED); the last
 * chunk's dictionary, kept to its end, tells AUTO how many entries the
 * next takes, and its file is within 1.05x of DICTIONARY's (it was 1.07x). */
static void auto_learns_from_the_last_chunk(void)
{
    ppq_writer_options_t o;
#if defined(PPQ_WRITER_AUTO_LEARNS) ? !PPQ_WRITER_AUTO_LEARNS : SIZE_MAX <= 0xFFFFFFFFu
    return; /* (built on 64-bit hosts only, by default: PPQ_WRITER_AUTO_LEARNS) */
#endif
    small_options(&o);
    o.page_values = 8;
    o.dict_entries = 8;
    o.dict_bytes = 64;
    o.row_group_rows = 48;
    o.chunk_bytes = 2048;
    o.footer_bytes = 8192;
    o.no_bloom = 1;
    auto_within(PPQ_INT32, PPQ_COLUMN_DICTIONARY, 0, &o, adc_row, 960, 105, 1);
}

/* Row i of a GPS longitude in 1e-7 degrees: standing still (7 values
 * around a point, from a hash of i) for its first 400 rows of every 4,096,
 * then moving (each value new). */
static void stands_then_moves_row(ppq_writer_t *w, uint32_t i)
{
    uint32_t x = i * 2654435761u, k = i % 4096u;
    x ^= x >> 13;
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, k < 400u ? 116000000 + (int32_t)((x >> 7) % 7u) - 3
                                                    : 116000000 + (int32_t)(k * 131u)));
}

/* Row groups of one page of 4,096 values, a dictionary that holds them
 * all, no bloom filters: AUTO's decisions on a page longer than its sample. */
static void one_page_options(ppq_writer_options_t *o)
{
    small_options(o);
    o->page_values = 4096;
    o->dict_entries = 4096;
    o->dict_bytes = 16384;
    o->row_group_rows = 4096;
    o->chunk_bytes = 65536;
    o->footer_bytes = 4096;
    o->no_bloom = 1;
}

/* A page of 4,096 values whose first 256 (AUTO's sample) stand still and
 * the rest move, uncompressed: AUTO weighs the page again at its end and
 * writes it DELTA_BINARY_PACKED, within 1.05x of that fixed encoding (the
 * dictionary the sample kept took every moving value: 29x here, 5.8x on
 * the sweep's GPS table with default options). */
static void auto_weighs_a_grown_page_again(void)
{
    ppq_writer_options_t o;
    one_page_options(&o);
    auto_within(PPQ_INT32, PPQ_COLUMN_DELTA_BINARY_PACKED, 0, &o, stands_then_moves_row, 8192, 105, 1);
}

static void noise_then_steady_row(ppq_writer_t *w, uint32_t i)
{
    uint32_t x = i * 2654435761u, k = i % 4096u;
    x ^= x >> 15;
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, k < 300u ? (int32_t)x : 5000 + (int32_t)k));
}

/* A page of 4,096 values whose first 300 (AUTO's sample and more) are
 * noise and the rest a counter, uncompressed: AUTO took PLAIN on the
 * sample, and at the page's end re-encodes it DELTA_BINARY_PACKED
 * (plain_gives_way), within 1.05x of that fixed encoding (PLAIN's page
 * was 3.8x it on the sweep's fourth generator, whose noise turns
 * constant). */
static void auto_plain_page_gives_way(void)
{
    ppq_writer_options_t o;
    one_page_options(&o);
    auto_within(PPQ_INT32, PPQ_COLUMN_DELTA_BINARY_PACKED, 0, &o, noise_then_steady_row, 8192, 105, 1);
}

static void runs_then_counter_row(ppq_writer_t *w, uint32_t i)
{
    uint32_t x = (i / 50u) * 2654435761u, k = i % 4096u;
    x ^= x >> 15;
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, k < 2000u ? (int32_t)(x & 0xFFFFFFu) : 100000 + (int32_t)(k * 2u + (k * 7u) % 3u)));
}

/* ... under SNAPPY: 2,000 values in runs of 50 (a 16-entry dictionary
 * fills on them and falls back to PLAIN, whose runs compress well), then
 * a counter, one 4,096-value page a chunk: at the page's end its DELTA
 * bytes compress to fewer and it is re-encoded, within 1.05x of that
 * fixed encoding (PLAIN's chunk was 7.8x it on the fourth generator's
 * runs-then-unique column under LZ4). */
static void auto_plain_page_gives_way_compressed(void)
{
    ppq_writer_options_t o;
    if (!ppq_codec_can_compress(PPQ_CODEC_SNAPPY)) {
        return;
    }
    one_page_options(&o);
    o.dict_entries = 16;
    o.dict_bytes = 128;
    o.codec = PPQ_CODEC_SNAPPY;
    auto_within(PPQ_INT32, PPQ_COLUMN_DELTA_BINARY_PACKED, 0, &o, runs_then_counter_row, 8192, 105, 1);
}

static void periodic_row(ppq_writer_t *w, uint32_t i)
{
    PPQ_CHECK_OK(ppq_writer_set_float(w, 0, (float)(i % 1000u) * 0.25f));
}

/* A FLOAT with a period of 1,000 values in pages of 4,096: AUTO's sample
 * (256 values, each new) looks like noise and the page goes PLAIN; at its
 * end the page is weighed through the dictionary and goes through it
 * (plain_to_dict), within 1.05x of DICTIONARY's file (PLAIN's had been
 * 1.7x it; the fourth generator's ADC channels, 1.4x). */
static void auto_plain_page_to_dict(void)
{
    ppq_writer_options_t o;
    if (SIZE_MAX <= 0xFFFFFFFFu) {
        return; /* (built on 64-bit CPUs: AUTO_REDICT) */
    }
    one_page_options(&o);
    auto_within(PPQ_FLOAT, PPQ_COLUMN_DICTIONARY, 0, &o, periodic_row, 8192, 105, 1);
}

static void noise_then_constant_row(ppq_writer_t *w, uint32_t i)
{
    uint32_t x = i * 2654435761u;
    x ^= x >> 15;
    PPQ_CHECK_OK(ppq_writer_set_float(w, 0, i % 4096u < 1024u ? (float)(x >> 8) * 1e-3f : 21.5f));
}

/* A FLOAT that is noise for the first of each row group's four pages of
 * 1,024, then constant: the first page goes PLAIN, and a later PLAIN page
 * is weighed through the dictionary at its end (plain_to_dict: where a
 * sample of its values repeats), which then leads the chunk; within
 * 1.05x of DICTIONARY's file (the constant pages had stayed PLAIN; the
 * fourth generator's noise-then-constant DOUBLE, 3.4x it). */
static void auto_later_page_to_dict(void)
{
    ppq_writer_options_t o;
    if (SIZE_MAX <= 0xFFFFFFFFu) {
        return; /* (built on 64-bit CPUs: AUTO_REDICT) */
    }
    one_page_options(&o);
    o.page_values = 1024;
    auto_within(PPQ_FLOAT, PPQ_COLUMN_DICTIONARY, 0, &o, noise_then_constant_row, 8192, 105, 1);
}

static void runs_then_unique_row(ppq_writer_t *w, uint32_t i)
{
    uint32_t x = i * 2654435761u;
    x ^= x >> 15;
    /* a value held 64 rows, then from row 1,024 one new value a row, rising */
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, i < 1024u ? (int32_t)(i / 64u) * 1000 : 5000000 + (int32_t)(i * 3u + (x & 1u))));
}

/* An AUTO INT32 held in runs for its chunk's first page, then a new value
 * a row, in pages of 1,024: the first page of new values, whose end sends
 * the chunk to DELTA_BINARY_PACKED, is written DELTA too and its 1,024
 * entries leave the dictionary (dict_page_gives_way), within 1.05x of that
 * fixed encoding's file (the page and its entries had stayed in the
 * dictionary: 2.2x DELTA's chunk, the fourth generator's runs-then-unique
 * column). */
static void auto_dict_page_gives_way(void)
{
    ppq_writer_options_t o;
    if (SIZE_MAX <= 0xFFFFFFFFu) {
        return; /* (built on 64-bit CPUs: AUTO_REDICT) */
    }
    one_page_options(&o);
    o.page_values = 1024;
    auto_within(PPQ_INT32, PPQ_COLUMN_DELTA_BINARY_PACKED, 0, &o, runs_then_unique_row, 8192, 105, 1);
}

/* A constant INT32 under GZIP in pages of 128 and row groups of 500, with
 * page CRCs and recovery records: AUTO keeps its dictionary (an entry and
 * an index page of one run a page), where DELTA_BINARY_PACKED's pages
 * compress smaller over the chunk.  At each row group's end the chunk is
 * weighed again whole (rechunk, 64-bit CPUs) and written so: within 1.05x
 * of that fixed encoding's file (1.096x a chunk before: the sweep's case
 * 209), every value read back, and the file cut before its footer
 * recovers every row group (the recovery record sums the headers written). */
static void rechunk_constant_under_gzip(void)
{
    ppq_writer_options_t o;
    ppq_recover_result_t res;
    ppq_file_t f;
    mfile_t m;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    size_t len;
    uint8_t *out;
    if (SIZE_MAX <= 0xFFFFFFFFu || !ppq_codec_can_compress(PPQ_CODEC_GZIP)) {
        return; /* (built on 64-bit CPUs: RECHUNK) */
    }
    one_page_options(&o);
    o.page_values = 128;
    o.dict_entries = 256;
    o.dict_bytes = 4096;
    o.row_group_rows = 500;
    o.codec = PPQ_CODEC_GZIP;
    o.page_crc = 1;
    o.recovery = 1;
    auto_within(PPQ_INT32, PPQ_COLUMN_DELTA_BINARY_PACKED, 0, &o, constant_row, 4000, 105, 1);
    len = file_mem.len;
    PPQ_CHECK_EQ(read_back32(len, constant_bits), 4000u);
    out = (uint8_t *)test_alloc(len);
    PPQ_CHECK(out != NULL);
    mfile_init(&f, &m, file_buf, len - 8u - ppq_load_le32(file_buf + len - 8u), len); /* (no footer) */
    ppq_sink_init_mem(&sink, &mem, out, len);
    PPQ_CHECK_OK(ppq_recover_copy(&f, &sink, test_arena_ptr, test_arena_size, &res));
    PPQ_CHECK_EQ(res.row_groups, 8u);
    PPQ_CHECK_EQ(res.rows, 4000u);
}

static uint32_t levels_and_noise_bits(uint32_t r)
{
    return r / 50u % 5u * 1000u + (mix32(r) & 3u);
}

static void levels_and_noise_row(ppq_writer_t *w, uint32_t i)
{
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, (int32_t)levels_and_noise_bits(i)));
}

/* A walk of steps -1, 0, 0, +1 (hashed from the row: the same each file). */
static uint32_t quiet_walk_bits(uint32_t r)
{
    static uint32_t last = UINT32_MAX, v;
    uint32_t x = mix32(r) & 3u;
    if (r != last) { /* (rows come in order; a row asked again keeps its value) */
        v = (r == 0u ? 3000u : v) + (x == 0u) - (x == 1u);
        last = r;
    }
    return v;
}

static void quiet_walk_row(ppq_writer_t *w, uint32_t i)
{
    PPQ_CHECK_OK(ppq_writer_set_i32(w, 0, (int32_t)quiet_walk_bits(i)));
}

/* An AUTO INT32 under ZSTD in small pages (`page_values` of at most
 * `page_bytes`, a dictionary of `entries` and `bytes`, row groups of 500)
 * whose codec work memory is below ZSTD's decoder's full tables (`tiny`:
 * below its reduced ones too): AUTO's file within `percent` of
 * DELTA_BINARY_PACKED's, its 8,000 values read back. */
static void rechunk_under_zstd(uint32_t page_values, uint32_t page_bytes, uint32_t entries, uint32_t bytes, int tiny,
                               row_fn row, uint32_t (*bits)(uint32_t), size_t percent)
{
    ppq_writer_options_t o;
    ppq_column_t col[1] = {COL("x", PPQ_INT32, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_t w;
    if (SIZE_MAX <= 0xFFFFFFFFu || !ppq_codec_can_compress(PPQ_CODEC_ZSTD) ||
        !ppq_codec_can_decompress(PPQ_CODEC_ZSTD) || !setup()) {
        return; /* (built on 64-bit CPUs: RECHUNK) */
    }
    one_page_options(&o);
    o.page_values = page_values;
    o.page_bytes = page_bytes;
    o.dict_entries = entries;
    o.dict_bytes = bytes;
    o.row_group_rows = 500;
    o.codec = PPQ_CODEC_ZSTD;
    PPQ_CHECK_OK(ppq_writer_init(&w, col, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
    PPQ_CHECK(w.zwork_len < (tiny ? PPQ_ZSTD_DEC_WORK_MIN : PPQ_ZSTD_DEC_WORK_SIZE)); /* (the case) */
    PPQ_CHECK(tiny || w.zwork_len >= PPQ_ZSTD_DEC_WORK_MIN);
    PPQ_CHECK_OK(ppq_writer_close(&w));
    auto_within(PPQ_INT32, PPQ_COLUMN_DELTA_BINARY_PACKED, 0, &o, row, 8000, percent, 1);
    PPQ_CHECK_EQ(read_back32(file_mem.len, bits), 8000u);
}

/* A gyro's rate: in motion for 600 rows (a turn that drifts, +-40 of
 * noise), then at rest for 600 (+-6: 13 values), in turn (hashed from
 * the row; rows come in order, a row asked again keeps its value). */
static uint64_t gyro_rate(uint32_t r)
{
    static uint32_t last = UINT32_MAX;
    static int64_t turn, v;
    if (r != last) {
        uint32_t x = mix32(r), y = mix32(r ^ 0x9E3779B9u);
        turn = r == 0u ? 0 : turn;
        if (r / 600u % 2u == 0u) {
            turn += (int64_t)(x % 4u) - (int64_t)(x / 4u % 4u);
            turn = turn > 250 ? 250 : turn < -250 ? -250 : turn;
            v = turn + (int64_t)(y % 41u) - (int64_t)(y / 41u % 41u);
        } else {
            turn = 0;
            v = (int64_t)(y % 7u) - (int64_t)(y / 7u % 7u);
        }
        last = r;
    }
    return (uint64_t)v;
}

static void gyro_row(ppq_writer_t *w, uint32_t i)
{
    PPQ_CHECK_OK(ppq_writer_set_i64(w, 0, (int64_t)gyro_rate(i)));
}

/* gyro_rate's 4,800 rows in row groups of 120 (pages of 16, a dictionary
 * of 16 entries, LZ4_RAW): AUTO's chunks over 1.05x the smaller of
 * DICTIONARY's and DELTA_BINARY_PACKED's (aligned: the same row groups). */
static void gyro_overs(const ppq_writer_options_t *o, uint32_t *overs)
{
    int64_t dict[40], delta[40], mine[40];
    size_t len;
    uint32_t rg, n;
    *overs = UINT32_MAX;
    rows_file(PPQ_INT64, PPQ_COLUMN_DICTIONARY, 0, o, gyro_row, 4800, &len);
    n = chunk_sizes(len, dict, NULL, NULL, 40);
    rows_file(PPQ_INT64, PPQ_COLUMN_DELTA_BINARY_PACKED, 0, o, gyro_row, 4800, &len);
    PPQ_CHECK_EQ(chunk_sizes(len, delta, NULL, NULL, 40), n);
    rows_file(PPQ_INT64, PPQ_COLUMN_AUTO, 0, o, gyro_row, 4800, &len);
    PPQ_CHECK_EQ(chunk_sizes(len, mine, NULL, NULL, 40), n);
    PPQ_CHECK_EQ(n, 40u);
    PPQ_CHECK_EQ(read_back_values(len, 0, NULL, gyro_rate), 4800u);
    for (*overs = 0, rg = 0; rg < n; rg++) {
        int64_t best = dict[rg] < delta[rg] ? dict[rg] : delta[rg];
        *overs += mine[rg] * 100 > best * 105 ? 1u : 0u;
    }
}

/* A gyro at rest (13 values) after motion that filled its 16 entries: each
 * chunk is weighed whole again (rechunk) where its values span fewer than
 * the dictionary's entries and the last one weighed did not; taken before
 * as like that one (its bytes a value within a 16th) and not weighed, the
 * rest kept DELTA_BINARY_PACKED at about 1.15x its dictionary's chunk (4
 * of 40 row groups; the random sweep's gyro, 1.3x).  Now every chunk within
 * 1.05x, every value read back. */
static void rechunk_weighs_a_span_that_fits(void)
{
    ppq_writer_options_t o;
    uint32_t overs;
    if (SIZE_MAX <= 0xFFFFFFFFu || !ppq_codec_can_compress(PPQ_CODEC_LZ4_RAW) || !setup()) {
        return; /* (built on 64-bit CPUs: RECHUNK) */
    }
    small_options(&o);
    o.page_values = 16;
    o.page_bytes = 128;
    o.dict_entries = 16;
    o.dict_bytes = 128;
    o.row_group_rows = 120;
    o.footer_bytes = 16384;
    o.codec = PPQ_CODEC_LZ4_RAW;
    gyro_overs(&o, &overs);
    PPQ_CHECK_EQ(overs, 0u);
}

/* Levels held 50 rows, with 2 bits of noise, in pages of 128 and a
 * dictionary of 16 entries: rechunk reads the old pages back through the
 * decoder's reduced tables, which our encoder's small pages fit: within
 * 1.05x of DELTA_BINARY_PACKED's file (1.06x before, those chunks not
 * weighed again: the full sweep's ZSTD chunks of small arenas, up to
 * 1.4x). */
static void rechunk_under_zstd_small_work(void)
{
    rechunk_under_zstd(128, 4096, 16, 128, 0, levels_and_noise_row, levels_and_noise_bits, 105);
}

/* The walk in pages of 256 bytes: below even the reduced tables, rechunk
 * decompresses an old page in the codec buffers taken together (free
 * between two compressions); AUTO's file within 1% of
 * DELTA_BINARY_PACKED's (1.026x before: its chunks, a dictionary's pages
 * and DELTA's mixed, were not weighed again; the full sweep's ZSTD chunks
 * in pages of 32 values). */
static void rechunk_under_zstd_tiny_work(void)
{
    rechunk_under_zstd(32, 256, 32, 400, 1, quiet_walk_row, quiet_walk_bits, 101);
}

static void versions_row(ppq_writer_t *w, uint32_t i)
{
    static char v[8] = "fw-1.00";
    v[5] = (char)('0' + i / 8000u % 10u);
    v[6] = (char)('0' + i / 800u % 10u);
    PPQ_CHECK_OK(ppq_writer_set_bytes(w, 0, v, 7));
}

/* A firmware version string, a new one every 800 rows, in pages of 100
 * and a dictionary of 8 entries, 6,000 rows in a row group: the
 * dictionary takes its 8 entries and the chunk keeps it, 2.7x
 * DELTA_BYTE_ARRAY's file.  A chunk of more than 4,096 values is weighed
 * on its first pages first, and these, three values held long (a
 * dictionary's bytes a value near nothing), told nothing of the rest: no
 * candidate a twentieth smaller there (3.9x DELTA_BYTE_ARRAY's chunk in
 * helper-43's harness).  Pages holding under an eighth of their share of
 * the chunk's bytes are no sample: the chunk is weighed whole, within
 * 1.05x of that encoding's file. */
static void rechunk_sample_of_its_share(void)
{
    ppq_writer_options_t o;
    if (SIZE_MAX <= 0xFFFFFFFFu) {
        return; /* (built on 64-bit CPUs: RECHUNK) */
    }
    one_page_options(&o);
    o.page_values = 100;
    o.page_bytes = 4096;
    o.dict_entries = 8;
    o.dict_bytes = 64;
    o.row_group_rows = 6000;
    o.chunk_bytes = 60000;
    auto_within(PPQ_BYTE_ARRAY, PPQ_COLUMN_DELTA_BYTE_ARRAY, 0, &o, versions_row, 6000, 105, 1);
}

static void triangle16_row(ppq_writer_t *w, uint32_t i)
{
    static uint8_t v[2];
    uint32_t p = i % 1000u, x = p < 500u ? p : 1000u - p;
    v[0] = (uint8_t)(0x40u | x >> 8);
    v[1] = (uint8_t)x;
    PPQ_CHECK_OK(ppq_writer_set_bytes(w, 0, v, 2));
}

/* A FIXED_LEN_BYTE_ARRAY(2) triangle wave, 501 values a period of 1,000
 * rows, in pages of 1,000 and row groups of 3,000: on its first page a
 * dictionary pays each entry, and AUTO goes PLAIN; over the chunk each
 * entry serves three periods.  Rechunk reads FIXED_LEN_BYTE_ARRAY chunks
 * back too (PLAIN, the dictionary's indices): AUTO's file within 1.05x of
 * DICTIONARY's (1.37x before: helper-43's float16 sine, 1.36x). */
static void rechunk_fixed_len_bytes(void)
{
    ppq_writer_options_t o;
    if (SIZE_MAX <= 0xFFFFFFFFu) {
        return; /* (built on 64-bit CPUs: RECHUNK) */
    }
    one_page_options(&o);
    o.page_values = 1000;
    o.row_group_rows = 3000;
    o.dict_entries = 1024;
    o.dict_bytes = 4096;
    auto_within(PPQ_FIXED_LEN_BYTE_ARRAY, PPQ_COLUMN_DICTIONARY, 0, &o, triangle16_row, 9000, 105, 1);
}

static void versions_runs_row(ppq_writer_t *w, uint32_t i)
{
    /* helper-43's s_version with its nulls in runs of 1-1,000 (its seed 8's stream) */
    static uint64_t s;
    static uint32_t run;
    static int on;
    static char v[8] = "fw-1.0.0";
    uint64_t z;
    if (i == 0u) {
        s = 8000u * 31u + 99u;
        run = 0;
        on = 0;
    }
    if (run == 0u) {
        z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        on = !on;
        run = 1u + (uint32_t)(((z >> 32) * 1000u) >> 32);
    }
    run--;
    if (!on) {
        PPQ_CHECK_OK(ppq_writer_set_null(w, 0));
        return;
    }
    v[7] = (char)('0' + i / 2000u % 10u);
    PPQ_CHECK_OK(ppq_writer_set_bytes(w, 0, v, 8));
}

/* An OPTIONAL version string, a new one every 2,000 rows, null in runs of
 * 1-1,000, in pages of 32 and a row group of 12,000: AUTO's chunk gives
 * its dictionary up after its first pages, which rechunk weighs first (a
 * chunk of more than 4,096 values), and where the dictionary took what
 * AUTO's pages took, not a twentieth less, the chunk was written as it
 * was (2.5x DICTIONARY's; helper-43's 30,000 rows 4.2x).  The first pages
 * are now weighed against the chunk's bytes for as many values where
 * those are more: within 1.05x of DICTIONARY's file. */
static void rechunk_sample_against_the_chunk(void)
{
    ppq_writer_options_t o;
    if (SIZE_MAX <= 0xFFFFFFFFu) {
        return; /* (built on 64-bit CPUs: RECHUNK) */
    }
    one_page_options(&o);
    o.page_values = 32;
    o.page_bytes = 1024;
    o.dict_entries = 64;
    o.dict_bytes = 1024;
    o.row_group_rows = 12000;
    o.chunk_bytes = 49152;
    auto_within(PPQ_BYTE_ARRAY, PPQ_COLUMN_DICTIONARY, 1, &o, versions_runs_row, 12000, 105, 1);
}

static void long_prefix_row(ppq_writer_t *w, uint32_t i)
{
    static char v[220]; /* (the writer reads it at the commit) */
    uint32_t k, x = i;
    memset(v, 'p', 200);
    memcpy(v, "/var/lib/firmware/updates/staging/", 34);
    for (k = 0; k < 8u; k++, x /= 10u) {
        v[207u - k] = (char)('0' + x % 10u);
    }
    PPQ_CHECK_OK(ppq_writer_set_bytes(w, 0, v, 208));
}

/* Paths of a 200-byte prefix and a counter under ZSTD, in row groups of
 * 30: their dictionary page compresses 30 to 1 or more, and rechunk's
 * replay counted a dictionary at an eighth of its bytes and gave it up
 * (1.2x DICTIONARY's file; helper-43's row groups of 500, 1.07x).  About
 * to give up, the replay compresses the dictionary once for its ratio:
 * within 1.02x of DICTIONARY's file. */
static void rechunk_dictionary_compressed_ratio(void)
{
    ppq_writer_options_t o;
    if (SIZE_MAX <= 0xFFFFFFFFu || !ppq_codec_can_compress(PPQ_CODEC_ZSTD)) {
        return; /* (built on 64-bit CPUs: RECHUNK) */
    }
    one_page_options(&o);
    o.page_values = 10;
    o.page_bytes = 1024;
    o.row_group_rows = 30;
    o.dict_bytes = 8192;
    o.chunk_bytes = 8192;
    o.footer_bytes = 16384;
    o.codec = PPQ_CODEC_ZSTD;
    auto_within(PPQ_BYTE_ARRAY, PPQ_COLUMN_DICTIONARY, 0, &o, long_prefix_row, 900, 102, 1);
}

static void saw_row(ppq_writer_t *w, uint32_t i)
{
    PPQ_CHECK_OK(ppq_writer_set_float(w, 0, (float)(i * 3u % 2560u)));
}

/* A saw-tooth FLOAT, 2,560 values a period, in pages of 512 and a row
 * group of 12,000: rechunk weighs a dictionary on the chunk's first pages
 * (a chunk of more than 4,096 values), whose values are all new there,
 * and had kept AUTO's PLAIN (1.7x DICTIONARY's file; helper-43's saw of
 * DOUBLEs 2.5x).  Runs of values spread over the chunk show its repeats:
 * within 1.05x of DICTIONARY's file. */
static void rechunk_repeats_after_the_sample(void)
{
    ppq_writer_options_t o;
    if (SIZE_MAX <= 0xFFFFFFFFu) {
        return; /* (built on 64-bit CPUs: RECHUNK) */
    }
    one_page_options(&o);
    o.page_values = 512;
    o.page_bytes = 2048;
    o.dict_entries = 4096;
    o.dict_bytes = 16384;
    o.row_group_rows = 12000;
    o.chunk_bytes = 65536;
    auto_within(PPQ_FLOAT, PPQ_COLUMN_DICTIONARY, 0, &o, saw_row, 12000, 105, 1);
}

static void price_row(ppq_writer_t *w, uint32_t i)
{
    uint32_t x = (i + 1u) * 2654435761u;
    x ^= x >> 13;
    x *= 0x5BD1E995u;
    x ^= x >> 15;
    PPQ_CHECK_OK(ppq_writer_set_float(w, 0, (float)(x % 7500u) / 100.0f));
}

/* Prices of two decimals, 15,000 drawn from 7,500 (about 6,500 of them
 * in the chunk), in pages of 512 and one row group: the dictionary loses
 * on the chunk's first pages, all new values, and the estimate of the
 * chunk's distinct values from runs spread over it decides whether it is
 * weighed whole.  It counted the values the prices are drawn from (7,500,
 * and a 16 Kbit bitmap's false hits made it more), not those the chunk
 * draws of them, and AUTO kept PLAIN: 1.18x DICTIONARY's file (helper-43's
 * prices with opts NULL).  Within 1.05x of it. */
static void rechunk_estimate_counts_the_values_drawn(void)
{
    ppq_writer_options_t o;
    if (SIZE_MAX <= 0xFFFFFFFFu) {
        return; /* (built on 64-bit CPUs: RECHUNK) */
    }
    one_page_options(&o);
    o.page_values = 512;
    o.page_bytes = 2048;
    o.dict_entries = 8192;
    o.dict_bytes = 32768;
    o.row_group_rows = 15000;
    o.chunk_bytes = 65536;
    auto_within(PPQ_FLOAT, PPQ_COLUMN_DICTIONARY, 0, &o, price_row, 15000, 105, 1);
}

/* Prices of two decimals drawn from 5,000, as doubles, 8,000 in pages
 * of 512: the chunk holds about 4,000 of them, a dictionary 0.7x PLAIN's
 * chunk.  Rechunk's estimate of its distinct values sampled 600 values in
 * runs of 32, whose first and second halves shared too few to tell it from
 * noise (AUTO's chunk PLAIN, 1.21x DICTIONARY's); runs of 8 over a
 * quarter of the chunk see them, and a dictionary estimated a 32nd
 * smaller is replayed exactly: within 1.05x of DICTIONARY's file. */
static void wide_price_row(ppq_writer_t *w, uint32_t i)
{
    uint32_t x = (i + 7u) * 2654435761u;
    x ^= x >> 13;
    x *= 0x5BD1E995u;
    x ^= x >> 15;
    PPQ_CHECK_OK(ppq_writer_set_double(w, 0, (double)(x % 5000u) / 100.0));
}

static void rechunk_estimate_sees_wide_dictionaries(void)
{
    ppq_writer_options_t o;
    if (SIZE_MAX <= 0xFFFFFFFFu) {
        return; /* (built on 64-bit CPUs: RECHUNK) */
    }
    one_page_options(&o);
    o.page_values = 512;
    o.dict_entries = 8192;
    o.dict_bytes = 65536;
    o.row_group_rows = 8000;
    o.chunk_bytes = 98304;
    auto_within(PPQ_DOUBLE, PPQ_COLUMN_DICTIONARY, 0, &o, wide_price_row, 8000, 105, 1);
}

/* A saw-tooth of 1,000 doubles in pages of 500 and a chunk buffer of
 * 20,000 bytes: AUTO's first page (500 new values) goes PLAIN, whose
 * pages fill the buffer at 1,501 rows, and rechunk writes that row group's
 * chunk as its dictionary; every later row group did the same (3.1x
 * DICTIONARY's file, whose indices let row groups run to 11,001 rows:
 * 137 KB, past the test's file buffer).
 * The next chunk learns the dictionary that chunk's own buffer cut short
 * and keeps one while it holds no more entries: only the first row group
 * is short, the file within 1.2x of DICTIONARY's. */
static void saw1000_row(ppq_writer_t *w, uint32_t i)
{
    PPQ_CHECK_OK(ppq_writer_set_double(w, 0, (double)(i * 3u % 1000u)));
}

static void auto_learns_the_dictionary_its_buffer_cut(void)
{
    ppq_writer_options_t o;
#if defined(PPQ_WRITER_AUTO_LEARNS) ? !PPQ_WRITER_AUTO_LEARNS : SIZE_MAX <= 0xFFFFFFFFu
    return; /* (built on 64-bit CPUs only, by default: PPQ_WRITER_AUTO_LEARNS, and RECHUNK) */
#endif
    if (SIZE_MAX <= 0xFFFFFFFFu) {
        return;
    }
    one_page_options(&o);
    o.page_values = 500;
    o.dict_entries = 2048;
    o.dict_bytes = 16384;
    o.row_group_rows = 131072;
    o.chunk_bytes = 20000;
    o.footer_bytes = 16384;
    auto_within(PPQ_DOUBLE, PPQ_COLUMN_DICTIONARY, 0, &o, saw1000_row, 20000, 120, 1);
}

static void sparse_levels_row(ppq_writer_t *w, uint32_t i)
{
    if (i % 100u != 7u) {
        PPQ_CHECK_OK(ppq_writer_set_null(w, 0));
        return;
    }
    PPQ_CHECK_OK(ppq_writer_set_double(w, 0, 0.125 * (double)((i / 100u * 2654435761u >> 9) & 63u) - 3.0));
}

/* An OPTIONAL DOUBLE null 99 rows in 100, its values 64 levels, 20,000
 * rows in pages of 2,048: rechunk weighed its candidates first on the
 * chunk's first pages, whose 20 values had few repeats to show, and the
 * estimate over the chunk saw too few values to say, so AUTO kept PLAIN
 * (1.38x DICTIONARY's chunk in helper-43's harness).  A chunk of few
 * values is weighed whole: within 1.05x of DICTIONARY's file. */
static void rechunk_sparse_chunk_weighed_whole(void)
{
    ppq_writer_options_t o;
    if (SIZE_MAX <= 0xFFFFFFFFu) {
        return; /* (built on 64-bit CPUs: RECHUNK) */
    }
    one_page_options(&o);
    o.page_values = 2048;
    o.row_group_rows = 20000;
    auto_within(PPQ_DOUBLE, PPQ_COLUMN_DICTIONARY, 1, &o, sparse_levels_row, 20000, 105, 1);
}

/* An OPTIONAL INT64 counter for a page (AUTO takes DELTA_BINARY_PACKED
 * for the chunk), then four large values in turn (a dictionary's chunk
 * is a quarter of DELTA's), with 64 nulls at the start of a page: the
 * chunk's values read back a batch of 64 at a time, one of nulls only,
 * which decodes no value from the DELTA page (rechunk took that for a
 * short page: 3.7x the dictionary's chunk). */
static void counter_then_levels_row(ppq_writer_t *w, uint32_t i)
{
    static const int64_t lv[4] = {1234567890123ll, -987654321987ll, 55555555555555ll, 4242424242ll};
    if (i >= 256u && i < 320u) {
        PPQ_CHECK_OK(ppq_writer_set_null(w, 0));
        return;
    }
    PPQ_CHECK_OK(ppq_writer_set_i64(w, 0, i < 128u ? (int64_t)i * 3 : lv[(i * 2654435761u >> 7) & 3u]));
}

static void rechunk_delta_page_of_nulls(void)
{
    ppq_writer_options_t o;
    if (SIZE_MAX <= 0xFFFFFFFFu) {
        return; /* (built on 64-bit CPUs: RECHUNK) */
    }
    one_page_options(&o);
    o.page_values = 128;
    auto_within(PPQ_INT64, PPQ_COLUMN_DICTIONARY, 1, &o, counter_then_levels_row, 4096, 105, 1);
}

static uint32_t constant_then_begun_bits(uint32_t r)
{
    return r < 1000u ? 1000u : 12345u;
}

/* A row begun with the setters before ppq_writer_flush_row_group and
 * committed after it keeps its value: rechunk's replay of the chunk goes
 * through the column's pending value (the commit said a REQUIRED column
 * had none; an OPTIONAL one took a null). */
static void rechunk_keeps_a_begun_row(void)
{
    ppq_writer_options_t o;
    ppq_column_t col[1] = {COL("x", PPQ_INT32, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_t w;
    uint32_t i;
    if (!setup()) {
        return;
    }
    one_page_options(&o);
    o.page_values = 128;
    PPQ_CHECK_OK(ppq_writer_init(&w, col, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
    for (i = 0; i < 1000u; i++) {
        constant_row(&w, i);
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    PPQ_CHECK_OK(ppq_writer_set_i32(&w, 0, 12345));
    PPQ_CHECK_OK(ppq_writer_flush_row_group(&w));
    PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_EQ(read_back32(file_mem.len, constant_then_begun_bits), 1001u);
}

/* An OPTIONAL AUTO BYTE_ARRAY of 12 rows (two nulls), v1 pages under a
 * codec: AUTO writes the chunk as one DELTA_BYTE_ARRAY page (the values
 * share prefixes), which rechunk reads back decompressed into the free
 * room of a chunk buffer.  Its decoder's buffers now start after the whole
 * page there, the levels before the values too: they started at the
 * values, over the levels still being read, and 5 of the 10 values read
 * back as nulls (with the chunk's statistics: null count 7), for every
 * codec but GZIP (fuzz_writer). */
static void rechunk_delta_bytes_after_levels(void)
{
    static const int8_t start[12] = {1, 0, -1, 0, 0, 1, 0, -1, 0, 0, 0, 1}; /* -1: a null */
    static const uint8_t lens[12] = {6, 8, 0, 13, 22, 33, 10, 0, 13, 25, 29, 32};
    static const ppq_column_t col[1] = {COL("b", PPQ_BYTE_ARRAY, 1, PPQ_COLUMN_AUTO)};
    ppq_writer_options_t o;
    ppq_writer_t w;
    ppq_column_reader_t *cr;
    ppq_reader_t *rd;
    ppq_file_t f;
    mfile_t m;
    ppq_arena_t a;
    ppq_bytes_t got[16];
    int16_t def[16];
    uint8_t text[40];
    size_t levels = 0, count = 0, i, k;
    uint32_t r, j;
    if (SIZE_MAX <= 0xFFFFFFFFu || !ppq_codec_can_compress(PPQ_CODEC_SNAPPY) || !setup()) {
        return; /* (built on 64-bit CPUs: RECHUNK) */
    }
    memset(&o, 0, sizeof o);
    o.codec = PPQ_CODEC_SNAPPY;
    o.page_values = 14;
    o.page_bytes = 1024;
    o.row_group_rows = 44;
    o.dict_entries = 64;
    o.dict_bytes = 1024;
    o.chunk_bytes = 8192;
    o.footer_bytes = 2048;
    o.no_bloom = 1;
    PPQ_CHECK_OK(ppq_writer_init(&w, col, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
    for (r = 0; r < 12u; r++) {
        for (j = 0; j < lens[r]; j++) {
            text[j] = (uint8_t)('a' + (uint32_t)(start[r] + (int)j) % 3u);
        }
        if (start[r] >= 0) {
            PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 0, text, lens[r]));
        }
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
    rd = file_reader(file_mem.len, &a, &f, &m);
    cr = rd != NULL ? (ppq_column_reader_t *)ppq_arena_alloc(&a, sizeof *cr) : NULL;
    PPQ_CHECK(cr != NULL);
    if (cr == NULL) {
        return;
    }
    PPQ_CHECK_EQ(rd->chunks[0].stats.null_count, 2);
    PPQ_CHECK_OK(ppq_column_reader_init(cr, rd, 0, 0, &a));
    PPQ_CHECK_OK(ppq_column_reader_read(cr, 16, got, def, NULL, &levels, &count));
    PPQ_CHECK_EQ(levels, 12u);
    PPQ_CHECK_EQ(count, 10u);
    for (i = 0, k = 0; i < levels && i < 12u; i++) {
        PPQ_CHECK_EQ(def[i], start[i] >= 0 ? 1 : 0);
        if (def[i] == 1 && k < count) {
            PPQ_CHECK_EQ(got[k].len, lens[i]);
            PPQ_CHECK(got[k].len == 0u || got[k].ptr[0] == (uint8_t)('a' + start[i]));
            k++;
        }
    }
}

static float levels_then_noise(uint32_t r);

static uint32_t levels_then_noise_bits(uint32_t r)
{
    float f = levels_then_noise(r);
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static float levels_then_noise(uint32_t r)
{
    uint32_t x = r * 2654435761u;
    x ^= x >> 15;
    return r % 64u >= 32u ? (float)(r % 8u) : (float)(x >> 8) * 1e-3f; /* (32 new values, then 8 levels) */
}

/* An AUTO FLOAT in pages of 32 and a 16-entry dictionary, written in one
 * batch: its first page, noise, goes PLAIN; its second, of 8 levels, goes
 * through the dictionary at its end (plain_to_dict, 64-bit CPUs), inside
 * the batch's segment of runs, and the rest of that segment, 32 new
 * values, fills it: they go value by value (the fallback), and the write succeeds
 * with every value read back (PPQ_DICT_FULL had come out of
 * ppq_writer_write_batch: the full sweep's case 3136). */
static void batch_page_to_dict_then_full(void)
{
    static const ppq_column_t schema[] = {COL("f", PPQ_FLOAT, 0, PPQ_COLUMN_AUTO)};
    enum { ROWS = 512 };
    float *v;
    ppq_writer_options_t o;
    ppq_column_batch_t b;
    ppq_writer_t w;
    uint32_t r;
    ppq_status_t st;
    if (!setup()) {
        return;
    }
    v = (float *)test_alloc(ROWS * sizeof *v);
    PPQ_CHECK(v != NULL);
    if (v == NULL) {
        return;
    }
    for (r = 0; r < ROWS; r++) {
        v[r] = levels_then_noise(r);
    }
    memset(&o, 0, sizeof o);
    o.page_values = 32;
    o.dict_entries = 16;
    o.dict_bytes = 64;
    o.row_group_rows = ROWS;
    o.chunk_bytes = 8192;
    o.footer_bytes = 2048;
    o.no_bloom = 1;
    memset(&b, 0, sizeof b);
    b.values = v;
    st = ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, test_arena_size);
    if (st == PPQ_ERR_ARENA) {
        return; /* (the small-RAM profile) */
    }
    PPQ_CHECK_OK(st);
    PPQ_CHECK_OK(ppq_writer_write_batch(&w, &b, ROWS, NULL));
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_EQ(read_back32(file_mem.len, levels_then_noise_bits), (uint32_t)ROWS);
}

/* INT64 values that differ in one byte (bits 40-47): DELTA's deltas take
 * 48 bits, a 16-entry dictionary fills, PLAIN repeats 7 bytes of 8 and
 * split in byte streams 7 of 8 streams are constant. */
static void int64_split_row(ppq_writer_t *w, uint32_t i)
{
    uint32_t x = i * 2654435761u; /* (a hash of i: random bytes) */
    x ^= x >> 15;
    x *= 2246822519u;
    x ^= x >> 13;
    x &= 255u;
    PPQ_CHECK_OK(ppq_writer_set_i64(w, 0, (int64_t)(0x1122000000334455ull | (uint64_t)x << 40)));
}

/* That INT64 under SNAPPY in one row group of 512 (16-entry dictionaries),
 * as BYTE_STREAM_SPLIT and as AUTO (auto_all: opts.auto_all_encodings);
 * AUTO's footer read into *f. */
static void int64_split_files(uint8_t auto_all, size_t *bss, size_t *automatic, footer_t *f)
{
    ppq_writer_options_t o;
    small_options(&o);
    o.page_values = 256;
    o.row_group_rows = 512;
    o.dict_entries = 16;
    o.dict_bytes = 128;
    o.chunk_bytes = 16384; /* (one row group each) */
    o.codec = PPQ_CODEC_SNAPPY;
    o.codec_level = 1;
    o.auto_all_encodings = auto_all;
    rows_file(PPQ_INT64, PPQ_COLUMN_BYTE_STREAM_SPLIT, 0, &o, int64_split_row, 512, bss);
    rows_file(PPQ_INT64, PPQ_COLUMN_AUTO, 0, &o, int64_split_row, 512, automatic);
    PPQ_CHECK(*bss != 0u && *automatic != 0u);
    PPQ_CHECK_OK(read_footer(f));
}

/* AUTO never writes integers BYTE_STREAM_SPLIT, even where that would be
 * smaller under a codec (DuckDB reads the encoding only for FLOAT and
 * DOUBLE): an INT64 whose split pages SNAPPY packs best, its chunk's
 * encodings without it. */
static void auto_splits_no_integers(void)
{
    size_t bss, automatic;
    footer_t f;
    if (!ppq_codec_can_compress(PPQ_CODEC_SNAPPY) || !(PPQ_WRITER_ENCODINGS & PPQ_WRITER_ENC_BYTE_STREAM_SPLIT)) {
        return;
    }
    int64_split_files(0, &bss, &automatic, &f);
    PPQ_CHECK_EQ(f.col[0].encodings & (1u << 9), 0u); /* (9: BYTE_STREAM_SPLIT) */
}

/* ... but with opts.auto_all_encodings it weighs them split: that INT64
 * written so, within 1.05x of BYTE_STREAM_SPLIT's file. */
static void auto_all_encodings_split_integers(void)
{
    size_t bss, automatic;
    footer_t f;
    if (!ppq_codec_can_compress(PPQ_CODEC_SNAPPY) || !(PPQ_WRITER_ENCODINGS & PPQ_WRITER_ENC_BYTE_STREAM_SPLIT) ||
        !AUTO_VS_FIXED) {
        return;
    }
    int64_split_files(1, &bss, &automatic, &f);
    PPQ_CHECK(automatic * 100u <= bss * 105u);
    PPQ_CHECK(f.col[0].encodings & (1u << 9)); /* (9: BYTE_STREAM_SPLIT) */
}

/* A FIXED_LEN_BYTE_ARRAY(2) counter, big-endian: each value shares its
 * first byte with the one before but every 256th. */
static void flba_counter_row(ppq_writer_t *w, uint32_t i)
{
    static uint8_t v[2]; /* (the writer reads it at the commit) */
    v[0] = (uint8_t)(i >> 8);
    v[1] = (uint8_t)i;
    PPQ_CHECK_OK(ppq_writer_set_bytes(w, 0, v, 2));
}

/* DELTA_BYTE_ARRAY of a FIXED_LEN_BYTE_ARRAY takes under 0.7 of its
 * PLAIN bytes there (a suffix byte a value, its lengths in runs).  AUTO
 * does not write it (polars reads it for BYTE_ARRAY only); with
 * opts.auto_all_encodings it does: within 1.05x of DELTA_BYTE_ARRAY's
 * file. */
static void auto_all_encodings_flba_prefixes(void)
{
    ppq_writer_options_t o;
    size_t dba, plain, automatic;
    footer_t f;
    if (!(PPQ_WRITER_ENCODINGS & PPQ_WRITER_ENC_DELTA_BYTE_ARRAY) || !AUTO_VS_FIXED) {
        return;
    }
    small_options(&o);
    o.page_values = 512;
    o.page_bytes = 8192;
    o.row_group_rows = 4096;
    o.chunk_bytes = 16384;
    rows_file(PPQ_FIXED_LEN_BYTE_ARRAY, PPQ_COLUMN_AUTO, 0, &o, flba_counter_row, 4096, &automatic);
    PPQ_CHECK(automatic != 0u);
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK_EQ(f.col[0].encodings & (1u << PPQ_ENC_DELTA_BYTE_ARRAY), 0u);
    o.auto_all_encodings = 1;
    rows_file(PPQ_FIXED_LEN_BYTE_ARRAY, PPQ_COLUMN_DELTA_BYTE_ARRAY, 0, &o, flba_counter_row, 4096, &dba);
    rows_file(PPQ_FIXED_LEN_BYTE_ARRAY, PPQ_COLUMN_PLAIN, 0, &o, flba_counter_row, 4096, &plain);
    rows_file(PPQ_FIXED_LEN_BYTE_ARRAY, PPQ_COLUMN_AUTO, 0, &o, flba_counter_row, 4096, &automatic);
    PPQ_CHECK(dba != 0u && plain != 0u && automatic != 0u);
    PPQ_CHECK(automatic * 100u <= dba * 105u);
    PPQ_CHECK(automatic * 10u < plain * 7u);
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK(f.col[0].encodings & (1u << PPQ_ENC_DELTA_BYTE_ARRAY));
}

/* A GPS longitude standing (a few values 1e-7 apart, at random) for 3,000
 * readings, then moving (1e-5 a reading, jittered). */
static void lon_row(ppq_writer_t *w, uint32_t i)
{
    uint32_t h = i * 2654435761u;
    h ^= h >> 15;
    h *= 2246822519u;
    h ^= h >> 13;
    PPQ_CHECK_OK(ppq_writer_set_double(w, 0, i < 3000u ? 8.5422219 + (double)(h % 5u) * 1e-7
                                                       : 8.5422219 + (double)(i - 3000u) * 1e-5 + (double)(h % 100u) * 1e-8));
}

/* Under SNAPPY its standing pages compress smaller PLAIN, its moving ones
 * split: AUTO, having chosen on the first page, weighs again where a page
 * compresses otherwise (64-bit CPUs), within 1.05x of the smaller of
 * PLAIN's and BYTE_STREAM_SPLIT's files, and under both. */
static void auto_split_weighed_again(void)
{
    ppq_writer_options_t o;
    size_t bss, plain, automatic;
    footer_t f;
    if (!ppq_codec_can_compress(PPQ_CODEC_SNAPPY) || !(PPQ_WRITER_ENCODINGS & PPQ_WRITER_ENC_BYTE_STREAM_SPLIT) ||
        !AUTO_VS_FIXED || sizeof(size_t) < 8u) {
        return;
    }
    small_options(&o);
    o.page_values = 500;
    o.row_group_rows = 6000;
    o.dict_entries = 2; /* (no dictionary pays) */
    o.dict_bytes = 16;
    o.chunk_bytes = 65536;
    o.codec = PPQ_CODEC_SNAPPY;
    rows_file(PPQ_DOUBLE, PPQ_COLUMN_BYTE_STREAM_SPLIT, 0, &o, lon_row, 6000, &bss);
    rows_file(PPQ_DOUBLE, PPQ_COLUMN_PLAIN, 0, &o, lon_row, 6000, &plain);
    rows_file(PPQ_DOUBLE, PPQ_COLUMN_AUTO, 0, &o, lon_row, 6000, &automatic);
    PPQ_CHECK(bss != 0u && plain != 0u && automatic != 0u);
    PPQ_CHECK(automatic * 100u <= (bss < plain ? bss : plain) * 105u);
    PPQ_CHECK(automatic < bss && automatic < plain);
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK(f.col[0].encodings & (1u << 9)); /* (9: BYTE_STREAM_SPLIT, with PLAIN pages) */
}

/* A DECIMAL(38)'s running total as FIXED_LEN_BYTE_ARRAY(16), big-endian
 * (rows_flba_len 16): its leading bytes shared. */
static void total_row(ppq_writer_t *w, uint32_t i)
{
    static uint8_t v[16];
    static uint64_t total;
    uint32_t k;
    total = i == 0u ? 0u : total + (i * 7919u) % 1000u;
    for (k = 0; k < 16u; k++) {
        v[15u - k] = (uint8_t)(k < 8u ? total >> (8u * k) : 0u);
    }
    PPQ_CHECK_OK(ppq_writer_set_bytes(w, 0, v, 16));
}

/* ... under SNAPPY, in 8-entry dictionaries and pages of 32: AUTO weighs
 * its first page on the dictionary's 8 values, where DELTA_BYTE_ARRAY's
 * headers outweigh them, and splits the chunk; weighed again whole at
 * the row group's end (rechunk, which reads split FIXED_LEN_BYTE_ARRAY
 * pages back: 64-bit CPUs) it is within 1.05x of DELTA_BYTE_ARRAY's file
 * (3.6x before, the sweep's ledger). */
static void auto_all_encodings_flba_rechunked(void)
{
    ppq_writer_options_t o;
    size_t dba, automatic;
    if (!ppq_codec_can_compress(PPQ_CODEC_SNAPPY) || !(PPQ_WRITER_ENCODINGS & PPQ_WRITER_ENC_DELTA_BYTE_ARRAY) ||
        !(PPQ_WRITER_ENCODINGS & PPQ_WRITER_ENC_BYTE_STREAM_SPLIT) || !AUTO_VS_FIXED || sizeof(size_t) < 8u) {
        return;
    }
    small_options(&o);
    o.page_values = 1024;
    o.page_bytes = 512;
    o.row_group_rows = 4096;
    o.chunk_bytes = 65536;
    o.dict_entries = 16;
    o.dict_bytes = 128;
    o.codec = PPQ_CODEC_SNAPPY;
    o.auto_all_encodings = 1;
    rows_flba_len = 16u;
    rows_file(PPQ_FIXED_LEN_BYTE_ARRAY, PPQ_COLUMN_DELTA_BYTE_ARRAY, 0, &o, total_row, 4096, &dba);
    rows_file(PPQ_FIXED_LEN_BYTE_ARRAY, PPQ_COLUMN_AUTO, 0, &o, total_row, 4096, &automatic);
    rows_flba_len = 2u;
    PPQ_CHECK(dba != 0u && automatic != 0u);
    PPQ_CHECK(automatic * 100u <= dba * 105u);
}

static void true_row(ppq_writer_t *w, uint32_t i)
{
    (void)i;
    PPQ_CHECK_OK(ppq_writer_set_bool(w, 0, 1));
}

/* A constant BOOLEAN in pages of 128 under GZIP: its RLE (7 bytes) is
 * smaller than its PLAIN bits (16), compressed larger.  AUTO weighs the
 * page compressed: no more bytes than PLAIN's file. */
static void auto_bools_weighed_compressed(void)
{
    ppq_writer_options_t o;
    if (!ppq_codec_can_compress(PPQ_CODEC_GZIP)) {
        return;
    }
    small_options(&o);
    o.page_values = 128;
    o.row_group_rows = 1024;
    o.chunk_bytes = 4096;
    o.codec = PPQ_CODEC_GZIP;
    auto_within(PPQ_BOOLEAN, PPQ_COLUMN_PLAIN, 0, &o, true_row, 1024, 100, 0);
}


static void const64_row(ppq_writer_t *w, uint32_t i)
{
    (void)i;
    PPQ_CHECK_OK(ppq_writer_set_i64(w, 0, (int64_t)1234567890123));
}

/* A constant INT64 in pages of 16, uncompressed, no bloom filters, row
 * groups of 48 rows (three pages): a page as DELTA_BINARY_PACKED takes 15
 * bytes (its header with the first value's varint, a block of zero-width
 * miniblocks), as the dictionary's indices 2 or 3 (a run); its dictionary
 * page (header and entry) comes once a chunk.  AUTO weighs the dictionary
 * over the chunk's pages, as many as the row group before held (rg_last,
 * kept in builds with compressors; the first: as its buffer holds): its file
 * 1.003x DICTIONARY's (without: 1.032x, every chunk DELTA's 174 bytes
 * against the dictionary's 159). */
static void auto_weighs_a_constants_dictionary_over_the_chunk(void)
{
    ppq_writer_options_t o;
    if (PPQ_COMPRESSORS == 0u) {
        return;
    }
    small_options(&o);
    o.page_values = 16;
    o.page_bytes = 256;
    o.dict_entries = 16;
    o.dict_bytes = 128;
    o.row_group_rows = 48;
    o.chunk_bytes = 4096;
    o.no_bloom = 1;
    auto_within(PPQ_INT64, PPQ_COLUMN_DICTIONARY, 0, &o, const64_row, 480, 102, 0);
}

#endif

/* The compact layout with chunk_bytes 0 (4 KiB a column) and a
 * BYTE_ARRAY of the default page_bytes (8,192): one row can take more
 * than 4 KiB, so the store is the least that holds one (init had refused
 * the defaults, PPQ_ERR_ARG, and ppq_writer_arena_size said 0; found by
 * the sweep's random mode).  Values of 6,000 bytes written and the file's
 * rows read back. */
static void compact_default_store_holds_a_row(void)
{
#ifndef PPQ_TEST_SMALL /* (the boards' RAM: its 6 KB value) */
    ppq_writer_options_t o;
    ppq_column_t col[1] = {COL("s", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_AUTO)};
    ppq_writer_t w;
    ppq_file_t f;
    mfile_t m;
    ppq_arena_t a;
    ppq_reader_t *rd;
    static uint8_t big[6000];
    uint32_t r;
    if (!PPQ_WRITER_COMPACT || !setup()) {
        return;
    }
    memset(&o, 0, sizeof o);
    o.compact = 1;
    o.no_bloom = 1;
    o.footer_bytes = 8192; /* (the test arena's room) */
    PPQ_CHECK(ppq_writer_arena_size(col, 1, &o) != 0u);
    PPQ_CHECK(ppq_writer_arena_size(col, 1, &o) <= test_arena_size);
    PPQ_CHECK_OK(ppq_writer_init(&w, col, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
    for (r = 0; r < 8u; r++) {
        memset(big, (int)('a' + r), sizeof big);
        PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 0, big, (uint32_t)sizeof big));
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
    rd = file_reader(file_mem.len, &a, &f, &m);
    PPQ_CHECK(rd != NULL && rd->num_rows == 8);
#endif
}


/* The least chunk (chunk_bytes 1) still takes every page a row may end:
 * an optional column and a dictionary column that falls back to PLAIN
 * mid-row-group write every row, in many small row groups, in less arena. */
static void least_chunk(void)
{
    static const ppq_column_t schema[] = {COL("o", PPQ_INT32, 1, PPQ_COLUMN_PLAIN),
                                          COL("d", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_DICTIONARY)};
    static const char *const words[] = {"a", "bb", "ccc", "dddd", "eeeee", "ffffff", "g", "hh", "iii", "jjjj"};
    ppq_writer_options_t o;
    ppq_writer_t w;
    footer_t f;
    size_t least, roomy;
    int i;
    PPQ_CHECK(setup());
    small_options(&o);
    roomy = ppq_writer_arena_size(schema, 2, &o);
    o.chunk_bytes = 1;
    least = ppq_writer_arena_size(schema, 2, &o);
    PPQ_CHECK(least > 0u && least < roomy);
    PPQ_CHECK_OK(ppq_writer_init(&w, schema, 2, &o, &file_sink, test_arena_ptr, test_arena_size));
    for (i = 0; i < 20; i++) {
        const char *s = words[(i * 7) % 10];
        PPQ_CHECK_OK(i % 3 == 0 ? ppq_writer_set_null(&w, 0) : ppq_writer_set_i32(&w, 0, i));
        PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 1, s, (uint32_t)strlen(s)));
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK_EQ(f.num_rows, 20);
    PPQ_CHECK(f.row_groups > 1u);
}

#if AUTO_VS_FIXED
/* A few status strings in AUTO and DICTIONARY columns with the least
 * chunk buffer (three of its worst pages) in pages of 32: the row group
 * ends where a row could overflow the buffer, which for a dictionary
 * column is its small index page and the open page, not three of its worst
 * pages (those ended every row group at two pages: 65 rows).  (Builds with
 * AUTO's thorough weighing: the others keep three pages, for flash.) */
static void dict_chunks_hold_index_pages(void)
{
    static const char *const words[] = {"ok", "warn", "door-open"};
    int enc;
    for (enc = 0; enc < 2; enc++) {
        ppq_column_t col[1] = {COL("s", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_AUTO)};
        ppq_writer_options_t o;
        ppq_writer_t w;
        footer_t f;
        uint32_t i;
        col[0].encoding = enc == 0 ? PPQ_COLUMN_AUTO : PPQ_COLUMN_DICTIONARY;
        small_options(&o);
        o.page_values = 32;
        o.page_bytes = 256;
        o.dict_entries = 32;
        o.dict_bytes = 256;
        o.row_group_rows = 1u << 20;
        o.chunk_bytes = 1; /* the least */
        o.no_bloom = 1;
        o.no_page_index = 1; /* (its records for row_group_rows would take megabytes) */
        o.footer_bytes = 16384; /* (room for every row group's metadata) */
        PPQ_CHECK(setup());
        PPQ_CHECK_OK(ppq_writer_init(&w, col, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
        for (i = 0; i < 2000u; i++) {
            const char *s = words[(i / 50u) % 3u];
            PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 0, s, (uint32_t)strlen(s)));
            PPQ_CHECK_OK(ppq_writer_commit_row(&w));
        }
        PPQ_CHECK_OK(ppq_writer_close(&w));
        PPQ_CHECK_OK(read_footer(&f));
        PPQ_CHECK_EQ(f.num_rows, 2000);
        PPQ_CHECK(f.row_groups <= 2000u / 256u); /* eight pages a row group or more */
        PPQ_CHECK_EQ(f.col[0].encodings & (1u << 8), 1u << 8); /* (8: RLE_DICTIONARY) */
    }
}
#endif

/* The least chunk buffer with that smaller room: nullable strings, some
 * as long as a page holds, whose dictionaries fill at any point of a page
 * (fallbacks, AUTO's first pages re-encoded), in pages of 8, 16 and 32:
 * every row is taken, none overflows a chunk. */
static void dict_chunk_room_suffices(void)
{
#define X32 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
    static const char longs[] = X32 X32 X32 X32 X32 X32 X32 X32 X32; /* (in flash: a board's RAM is short) */
#undef X32
    uint32_t pv;
    for (pv = 8; pv <= 32u; pv *= 2u) {
        int enc;
        for (enc = 0; enc < 2; enc++) {
            ppq_column_t col[2] = {COL("s", PPQ_BYTE_ARRAY, 1, PPQ_COLUMN_AUTO), COL("i", PPQ_INT32, 1, PPQ_COLUMN_AUTO)};
            ppq_writer_options_t o;
            ppq_writer_t w;
            footer_t f;
            uint32_t i, x = 12345u;
            col[0].encoding = col[1].encoding = enc == 0 ? PPQ_COLUMN_AUTO : PPQ_COLUMN_DICTIONARY;
            small_options(&o);
            o.page_values = pv;
            o.page_bytes = pv * 8u;
            o.dict_entries = 16;
            o.dict_bytes = pv * 8u;
            o.row_group_rows = 1u << 20;
            o.chunk_bytes = 1;
            o.no_page_index = 1;
            o.footer_bytes = 65536;
            PPQ_CHECK(setup());
#ifdef PPQ_TEST_SMALL
            if (ppq_writer_arena_size(col, 2, &o) > test_arena_size) {
                continue; /* (a small board's test arena) */
            }
#endif
            PPQ_CHECK_OK(ppq_writer_init(&w, col, 2, &o, &file_sink, test_arena_ptr, test_arena_size));
            for (i = 0; i < 600u; i++) {
                uint32_t len;
                x = x * 1103515245u + 12345u;
                len = (x >> 16) % 7u == 0u ? o.page_bytes : (x >> 16) % 5u; /* page-long or short */
                if ((x >> 8) % 9u == 0u) {
                    PPQ_CHECK_OK(ppq_writer_set_null(&w, 0));
                } else {
                    PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 0, longs + (x >> 24) % 8u, len));
                }
                if ((x >> 12) % 11u == 0u) {
                    PPQ_CHECK_OK(ppq_writer_set_null(&w, 1));
                } else {
                    PPQ_CHECK_OK(ppq_writer_set_i32(&w, 1, (i / 64u) % 2u == 0u ? (int32_t)(x >> 20) : (int32_t)(i % 3u)));
                }
                PPQ_CHECK_OK(ppq_writer_commit_row(&w));
            }
            PPQ_CHECK_OK(ppq_writer_close(&w));
            PPQ_CHECK_OK(read_footer(&f));
            PPQ_CHECK_EQ(f.num_rows, 600);
        }
    }
}

/* Write the spill test's file: 40 rows in row groups of 5. */
static ppq_status_t spill_file(const ppq_writer_options_t *o)
{
    static const ppq_column_t schema[] = {COL("v", PPQ_INT32, 1, PPQ_COLUMN_PLAIN)};
    ppq_writer_t w;
    int i;
    ppq_status_t st = ppq_writer_init(&w, schema, 1, o, &file_sink, test_arena_ptr, test_arena_size);
    for (i = 0; i < 40 && st == PPQ_OK; i++) {
        st = i % 7 == 3 ? ppq_writer_set_null(&w, 0) : ppq_writer_set_i32(&w, 0, i * i);
        if (st == PPQ_OK) {
            st = ppq_writer_commit_row(&w);
        }
    }
    return st == PPQ_OK ? ppq_writer_close(&w) : st;
}

/* Row-group metadata spilled to a caller sink and read back at close makes
 * the same file as keeping it all in the arena; a spill that fails or comes
 * back short fails the writer. */
static void footer_spill(void)
{
    ppq_writer_options_t o;
    ppq_sink_t spill;
    ppq_memsink_t spill_mem;
    ppq_source_t unspill;
    ppq_memsrc_t unspill_mem;
    uint8_t *spill_buf;
    uint32_t crc;
    size_t len;
    footer_t f;
    PPQ_CHECK(setup());
    spill_buf = (uint8_t *)test_alloc(1024);
    PPQ_CHECK(spill_buf != NULL);
    small_options(&o);
    o.row_group_rows = 5;
    o.footer_bytes = 2048; /* all eight row groups in the arena */
    PPQ_CHECK_OK(spill_file(&o));
    len = file_mem.len;
    crc = ppq_crc32(0, file_buf, len);
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK_EQ(f.row_groups, 8);

    ppq_sink_init_mem(&file_sink, &file_mem, file_buf, FILE_CAP);
    ppq_sink_init_mem(&spill, &spill_mem, spill_buf, 1024);
    o.footer_bytes = 1; /* one row group's worth: every row group spills */
    PPQ_CHECK_EQ(spill_file(&o), PPQ_ERR_NOSPACE); /* without a spill, the store fills */
    o.footer_spill = &spill;
    PPQ_CHECK_EQ(spill_file(&o), PPQ_ERR_ARG); /* a spill needs its source */
    o.footer_unspill = &unspill;
    ppq_sink_init_mem(&file_sink, &file_mem, file_buf, FILE_CAP);
    ppq_source_init_mem(&unspill, &unspill_mem, spill_buf, 1024);
    PPQ_CHECK_OK(spill_file(&o));
    PPQ_CHECK(spill_mem.len > 0u);
    PPQ_CHECK_EQ(unspill_mem.pos, spill_mem.len); /* read back exactly what was spilled */
    PPQ_CHECK_EQ(file_mem.len, len);
    PPQ_CHECK_EQ(ppq_crc32(0, file_buf, file_mem.len), crc);

    ppq_sink_init_mem(&file_sink, &file_mem, file_buf, FILE_CAP);
    ppq_sink_init_mem(&spill, &spill_mem, spill_buf, 16); /* the spill fills: an I/O error */
    PPQ_CHECK(spill_file(&o) < 0);
    ppq_sink_init_mem(&file_sink, &file_mem, file_buf, FILE_CAP);
    ppq_sink_init_mem(&spill, &spill_mem, spill_buf, 1024);
    ppq_source_init_mem(&unspill, &unspill_mem, spill_buf, 10); /* comes back short */
    PPQ_CHECK_EQ(spill_file(&o), PPQ_ERR_IO);

    if (PPQ_WRITER_COMPACT) { /* the compact layout keeps no footer store: each row group's
                                 metadata goes straight to the spill; the same file either way */
        ppq_writer_options_t c;
        static const ppq_column_t schema[] = {COL("v", PPQ_INT32, 1, PPQ_COLUMN_PLAIN)};
        size_t spilled_len, with_store;
        memset(&c, 0, sizeof c);
        c.compact = 1;
        c.row_group_rows = 5;
        c.chunk_bytes = 200;
        c.dict_entries = 16;
        c.footer_bytes = 2048;
        ppq_sink_init_mem(&file_sink, &file_mem, file_buf, FILE_CAP);
        PPQ_CHECK_OK(spill_file(&c));
        len = file_mem.len;
        crc = ppq_crc32(0, file_buf, len);
        with_store = ppq_writer_arena_size(schema, 1, &c);
        c.footer_bytes = 1;
        c.footer_spill = &spill;
        c.footer_unspill = &unspill;
        PPQ_CHECK(ppq_writer_arena_size(schema, 1, &c) + 2048u <= with_store);
        ppq_sink_init_mem(&file_sink, &file_mem, file_buf, FILE_CAP);
        ppq_sink_init_mem(&spill, &spill_mem, spill_buf, 1024);
        ppq_source_init_mem(&unspill, &unspill_mem, spill_buf, 1024);
        PPQ_CHECK_OK(spill_file(&c));
        spilled_len = spill_mem.len;
        PPQ_CHECK(spilled_len > 0u);
        PPQ_CHECK_EQ(unspill_mem.pos, spilled_len);
        PPQ_CHECK_EQ(file_mem.len, len);
        PPQ_CHECK_EQ(ppq_crc32(0, file_buf, file_mem.len), crc);
        PPQ_CHECK_OK(read_footer(&f));
        PPQ_CHECK_EQ(f.row_groups, 8);
        ppq_sink_init_mem(&file_sink, &file_mem, file_buf, FILE_CAP);
        ppq_sink_init_mem(&spill, &spill_mem, spill_buf, 16); /* the spill fills mid-row-group */
        PPQ_CHECK(spill_file(&c) < 0);
    }
}

/* The batch test's table: row r, with row `skip` left out (-1: none). */
#define BATCH_ROWS 24
static const ppq_column_t batch_schema[] = {COL("i", PPQ_INT32, 1, PPQ_COLUMN_PLAIN), COL("s", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_PLAIN)};
static const char *const batch_words[] = {"alpha", "be", "", "gamma"};

static ppq_status_t batch_by_rows(const ppq_writer_options_t *o, int skip)
{
    ppq_writer_t w;
    int r;
    ppq_status_t st = ppq_writer_init(&w, batch_schema, 2, o, &file_sink, test_arena_ptr, test_arena_size);
    for (r = 0; r < BATCH_ROWS && st == PPQ_OK; r++) {
        const char *s = batch_words[r % 4];
        if (r == skip) {
            continue;
        }
        st = r % 5 == 2 ? ppq_writer_set_null(&w, 0) : ppq_writer_set_i32(&w, 0, r * 7 - 50);
        st = st == PPQ_OK ? ppq_writer_set_bytes(&w, 1, s, (uint32_t)strlen(s)) : st;
        st = st == PPQ_OK ? ppq_writer_commit_row(&w) : st;
    }
    return st == PPQ_OK ? ppq_writer_close(&w) : st;
}

/* A batch given column by column (a validity bitmap for one column,
 * definition levels for the other) makes the same file as the row API; a
 * batch row that breaks the schema (a null in the REQUIRED column) stops
 * the batch there, the rows before it stay, and the writer goes on. */
static void column_batches(void)
{
    int32_t ints[BATCH_ROWS];
    ppq_bytes_t strs[BATCH_ROWS];
    uint8_t levels[BATCH_ROWS], valid[(BATCH_ROWS + 7) / 8] = {0};
    ppq_column_batch_t cols[2];
    ppq_writer_options_t o;
    ppq_writer_t w;
    uint32_t crc, written = 99;
    size_t len;
    int r;
    PPQ_CHECK(setup());
    small_options(&o);
    o.footer_bytes = 1; /* these rows make one row group */
    o.row_group_rows = BATCH_ROWS;
    for (r = 0; r < BATCH_ROWS; r++) {
        ints[r] = r % 5 == 2 ? 12345 : r * 7 - 50; /* a null's slot holds anything */
        if (r % 5 != 2) {
            valid[r / 8] = (uint8_t)(valid[r / 8] | (1u << (r % 8)));
        }
        strs[r].ptr = (const uint8_t *)batch_words[r % 4];
        strs[r].len = (uint32_t)strlen(batch_words[r % 4]);
        levels[r] = 1;
    }
    PPQ_CHECK_OK(batch_by_rows(&o, -1));
    len = file_mem.len;
    crc = ppq_crc32(0, file_buf, len);
    memset(cols, 0, sizeof cols);
    cols[0].values = ints;
    cols[0].validity = valid;
    cols[1].values = strs;
    cols[1].def_levels = levels;
    ppq_sink_init_mem(&file_sink, &file_mem, file_buf, FILE_CAP);
    PPQ_CHECK_OK(ppq_writer_init(&w, batch_schema, 2, &o, &file_sink, test_arena_ptr, test_arena_size));
    PPQ_CHECK_OK(ppq_writer_write_batch(&w, cols, BATCH_ROWS, &written));
    PPQ_CHECK_EQ(written, BATCH_ROWS);
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_EQ(file_mem.len, len);
    PPQ_CHECK_EQ(ppq_crc32(0, file_buf, file_mem.len), crc);
    PPQ_CHECK_EQ(ppq_writer_write_batch(&w, cols, 1, &written), PPQ_ERR_STATE); /* closed */

    /* row 14 is null in REQUIRED s: rows 0..13 go in, then the rest */
    ppq_sink_init_mem(&file_sink, &file_mem, file_buf, FILE_CAP);
    PPQ_CHECK_OK(batch_by_rows(&o, 14));
    len = file_mem.len;
    crc = ppq_crc32(0, file_buf, len);
    levels[14] = 0;
    ppq_sink_init_mem(&file_sink, &file_mem, file_buf, FILE_CAP);
    PPQ_CHECK_OK(ppq_writer_init(&w, batch_schema, 2, &o, &file_sink, test_arena_ptr, test_arena_size));
    PPQ_CHECK_EQ(ppq_writer_write_batch(&w, cols, BATCH_ROWS, &written), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(written, 14);
    for (r = 15; r < BATCH_ROWS; r++) {
        levels[r - 15] = r % 5 != 2; /* now column i's, from row 15 */
    }
    cols[0].values = ints + 15;
    cols[0].validity = NULL;
    cols[0].def_levels = levels;
    cols[1].values = strs + 15;
    cols[1].def_levels = NULL; /* every row has a value */
    PPQ_CHECK_OK(ppq_writer_write_batch(&w, cols, BATCH_ROWS - 15, &written));
    PPQ_CHECK_EQ(written, BATCH_ROWS - 15);
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_EQ(file_mem.len, len);
    PPQ_CHECK_EQ(ppq_crc32(0, file_buf, file_mem.len), crc);
}

/* Every other physical type through a batch: the same file as the row API. */
static void column_batch_types(void)
{
    static const ppq_type_t types[] = {PPQ_BOOLEAN, PPQ_INT64, PPQ_INT96, PPQ_FLOAT, PPQ_DOUBLE, PPQ_FIXED_LEN_BYTE_ARRAY};
    uint8_t bools[6], flba[6][3];
    int64_t i64[6];
    ppq_int96_t i96[6];
    float f32[6];
    double f64[6];
    ppq_bytes_t fl[6];
    const void *vals[6];
    uint8_t valid = 0x2Du; /* rows 0, 2, 3, 5 have values */
    size_t t;
    int r;
    vals[0] = bools, vals[1] = i64, vals[2] = i96, vals[3] = f32, vals[4] = f64, vals[5] = fl;
    for (r = 0; r < 6; r++) {
        bools[r] = (uint8_t)(r & 1);
        i64[r] = (int64_t)r * -3000000000;
        memset(i96[r].bytes, 0x30 + r, 12);
        f32[r] = (float)r * 1.5f;
        f64[r] = (double)r / 3.0;
        memset(flba[r], 'a' + r, 3);
        fl[r].ptr = flba[r];
        fl[r].len = 3;
    }
    for (t = 0; t < ARRAY_LEN(types); t++) {
        ppq_column_t schema[1] = {COL("x", PPQ_INT32, 1, PPQ_COLUMN_PLAIN)};
        ppq_column_batch_t col = {NULL, NULL, NULL};
        ppq_writer_options_t o;
        ppq_writer_t w;
        uint32_t crc, written;
        size_t len;
        schema[0].type = types[t];
        schema[0].type_len = types[t] == PPQ_FIXED_LEN_BYTE_ARRAY ? 3u : 0u;
        PPQ_CHECK(setup());
        small_options(&o);
        o.footer_bytes = 1;
        PPQ_CHECK_OK(ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
        for (r = 0; r < 6; r++) {
            if (!((valid >> r) & 1u)) {
                PPQ_CHECK_OK(ppq_writer_set_null(&w, 0));
            } else {
                switch (types[t]) {
                case PPQ_BOOLEAN: PPQ_CHECK_OK(ppq_writer_set_bool(&w, 0, bools[r])); break;
                case PPQ_INT64: PPQ_CHECK_OK(ppq_writer_set_i64(&w, 0, i64[r])); break;
                case PPQ_INT96: PPQ_CHECK_OK(ppq_writer_set_int96(&w, 0, &i96[r])); break;
                case PPQ_FLOAT: PPQ_CHECK_OK(ppq_writer_set_float(&w, 0, f32[r])); break;
                case PPQ_DOUBLE: PPQ_CHECK_OK(ppq_writer_set_double(&w, 0, f64[r])); break;
                default: PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 0, flba[r], 3)); break;
                }
            }
            PPQ_CHECK_OK(ppq_writer_commit_row(&w));
        }
        PPQ_CHECK_OK(ppq_writer_close(&w));
        len = file_mem.len;
        crc = ppq_crc32(0, file_buf, len);
        ppq_sink_init_mem(&file_sink, &file_mem, file_buf, FILE_CAP);
        col.values = vals[t];
        col.validity = &valid;
        PPQ_CHECK_OK(ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
        PPQ_CHECK_OK(ppq_writer_write_batch(&w, &col, 6, &written));
        PPQ_CHECK_EQ(written, 6);
        PPQ_CHECK_OK(ppq_writer_close(&w));
        PPQ_CHECK_EQ(file_mem.len, len);
        PPQ_CHECK_EQ(ppq_crc32(0, file_buf, file_mem.len), crc);
    }
}

/* row_group_bytes ends a row group once its finished pages reach it: with
 * 8 INT32 values a page (32 bytes of values plus a header of about 30), a
 * page ends when the next row arrives, so the second page ends with row 17
 * and the row group (that row included) is written then. */
static void row_group_bytes_limit(void)
{
    static const ppq_column_t schema[] = {COL("v", PPQ_INT32, 0, PPQ_COLUMN_PLAIN)};
    ppq_writer_options_t o;
    ppq_writer_t w;
    footer_t f;
    int i;
    PPQ_CHECK(setup());
    small_options(&o);
    o.row_group_bytes = 100;
    o.row_group_rows = 100;
    o.chunk_bytes = 2048; /* the chunk buffer never decides here */
    PPQ_CHECK_OK(ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
    for (i = 0; i < 40; i++) {
        PPQ_CHECK_OK(ppq_writer_set_i32(&w, 0, i));
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK_EQ(f.num_rows, 40);
#if PPQ_WRITER_STATISTICS
    PPQ_CHECK_EQ(f.row_groups, 3); /* 17, 17, 6: a page ends when the next row arrives */
    PPQ_CHECK_EQ(f.col[0].num_values, 17);
#else
    /* pages of 8 values: a 15-byte header and 32 bytes; two make 94 bytes,
     * three 141: 25 rows (the third page ends when row 25 arrives), then 15 */
    PPQ_CHECK_EQ(f.row_groups, 2);
    PPQ_CHECK_EQ(f.col[0].num_values, 25);
#endif
}

/* Options for an arena: what they need fits the arena, a file written
 * with them reads back, the fields that are not about sizes stay as given,
 * and an arena too small for the schema is PPQ_ERR_ARENA with *opts
 * untouched. */
static void options_for_arena(void)
{
    static const ppq_column_t schema[] = {COL("t", PPQ_INT64, 0, PPQ_COLUMN_PLAIN), COL("v", PPQ_FLOAT, 1, PPQ_COLUMN_AUTO),
                                          COL("s", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_AUTO)};
    static const size_t lens[] = {6144, 16384, 65536}; /* (the microbit's test arena is smaller) */
    ppq_writer_options_t o;
    ppq_writer_t w;
    ppq_status_t st;
    footer_t f;
    size_t k;
    int i;
    for (k = 0; k < ARRAY_LEN(lens) && lens[k] <= test_arena_size; k++) {
        PPQ_CHECK(setup());
        memset(&o, 0, sizeof o);
        o.page_crc = 1;
        o.footer_bytes = 77; /* a sizing field: replaced */
        PPQ_CHECK_OK(ppq_writer_options_for_arena(&o, schema, 3, lens[k]));
        PPQ_CHECK(ppq_writer_arena_size(schema, 3, &o) > 0u && ppq_writer_arena_size(schema, 3, &o) <= lens[k]);
        PPQ_CHECK_EQ(o.page_crc, 1);
        PPQ_CHECK(o.page_values >= 8u && o.footer_bytes != 77u);
        PPQ_CHECK_OK(ppq_writer_init(&w, schema, 3, &o, &file_sink, test_arena_ptr, lens[k]));
        for (i = 0, st = PPQ_OK; i < 200 && st == PPQ_OK; i++) { /* until done, or the footer store fills */
            PPQ_CHECK_OK(ppq_writer_set_i64(&w, 0, 1000 + i));
            PPQ_CHECK_OK(i % 7 == 3 ? ppq_writer_set_null(&w, 1) : ppq_writer_set_float(&w, 1, (float)(i % 5) * 0.25f));
            PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 2, "ok", 2));
            st = ppq_writer_commit_row(&w);
            PPQ_CHECK(st == PPQ_OK || st == PPQ_ERR_NOSPACE);
        }
        PPQ_CHECK_OK(ppq_writer_close(&w));
        PPQ_CHECK_OK(read_footer(&f));
        PPQ_CHECK_EQ(f.num_rows, ppq_writer_rows(&w));
        PPQ_CHECK(f.num_rows >= (k == 0 ? 8u : 200u)); /* a small arena's file rotates sooner */
    }
    memset(&o, 0, sizeof o);
    o.page_values = 5;
    PPQ_CHECK_EQ(ppq_writer_options_for_arena(&o, schema, 3, 512), PPQ_ERR_ARENA);
    PPQ_CHECK_EQ(o.page_values, 5);
    PPQ_CHECK_EQ(ppq_writer_options_for_arena(NULL, schema, 3, 4096), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_writer_options_for_arena(&o, schema, 0, 4096), PPQ_ERR_ARG);
}

/* The sizes and CRC of the page header at `at` of a file, and where its
 * body starts. */
/* Page compression: the first page of a SNAPPY file decompresses (with the
 * library's own decompressor, checked against libsnappy elsewhere) to the
 * body of the same page uncompressed, its header gives both sizes and the
 * CRC of the bytes stored; codecs the build lacks, unknown values, a level
 * the codec does not have and per-column codecs with recovery records are
 * refused. */
static void compressed_pages(void)
{
    static const ppq_column_t schema[] = {COL("x", PPQ_INT32, 1, PPQ_COLUMN_PLAIN)};
    static const ppq_codec_t column_codecs[] = {PPQ_CODEC_SNAPPY};
    ppq_writer_options_t o;
    ppq_writer_t w;
    int32_t plain_len = 0;
    const uint8_t *plain_body = NULL;
    page_header_t h;
    uint8_t *out;
    size_t got = 0;
    int pass, i;
    PPQ_CHECK(setup());
    for (pass = 0; pass < 2; pass++) {
        small_options(&o);
        o.page_values = 40; /* one page */
        o.row_group_rows = 40;
        o.chunk_bytes = 1;
        o.footer_bytes = 1;
        o.page_crc = 1;
        o.codec = pass ? PPQ_CODEC_SNAPPY : PPQ_CODEC_UNCOMPRESSED;
        o.codec_level = pass; /* the smallest hash table: 16 KB boards */
        if (pass) { /* a second file beside the first */
            file_buf = (uint8_t *)test_alloc(FILE_CAP);
            PPQ_CHECK(file_buf != NULL);
            ppq_sink_init_mem(&file_sink, &file_mem, file_buf, FILE_CAP);
        }
        if (pass && !ppq_codec_can_compress(PPQ_CODEC_SNAPPY)) {
            PPQ_CHECK_EQ(ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, test_arena_size), PPQ_ERR_UNSUPPORTED);
            break;
        }
        PPQ_CHECK_OK(ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
        for (i = 0; i < 40; i++) { /* repetitive: it compresses */
            PPQ_CHECK_OK(i % 9 == 4 ? ppq_writer_set_null(&w, 0) : ppq_writer_set_i32(&w, 0, 1000 + i % 4));
            PPQ_CHECK_OK(ppq_writer_commit_row(&w));
        }
        PPQ_CHECK_OK(ppq_writer_close(&w));
        PPQ_CHECK_OK(page_at(file_buf, file_mem.len, 4, &h));
        PPQ_CHECK(h.size > 0 && (uint32_t)h.size <= file_mem.len && h.raw > 0);
        PPQ_CHECK_EQ((uint32_t)h.crc, ppq_crc32(0, h.body, (size_t)h.size));
        if (!pass) {
            PPQ_CHECK_EQ(h.raw, h.size);
            plain_body = h.body;
            plain_len = h.size;
        } else {
            PPQ_CHECK(h.size < h.raw);
            PPQ_CHECK_EQ(h.raw, plain_len);
            out = (uint8_t *)test_alloc((size_t)h.raw);
            PPQ_CHECK(out != NULL);
            if (ppq_codec_can_decompress(PPQ_CODEC_SNAPPY)) { /* (a writer-only build has no decompressor) */
                PPQ_CHECK_OK(ppq_decompress(PPQ_CODEC_SNAPPY, h.body, (size_t)h.size, out, (size_t)h.raw, &got, NULL, 0));
                PPQ_CHECK_EQ(got, (size_t)plain_len);
                PPQ_CHECK_MEM(out, plain_body, got);
            }
        }
    }
    PPQ_CHECK(setup());
    small_options(&o);
    o.codec = (ppq_codec_t)9;
    PPQ_CHECK(ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, test_arena_size) < 0);
    o.codec = PPQ_CODEC_BROTLI;
    PPQ_CHECK_EQ(ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, test_arena_size), PPQ_ERR_UNSUPPORTED);
    PPQ_CHECK_EQ(ppq_writer_arena_size(schema, 1, &o), 0);
    if (ppq_codec_can_compress(PPQ_CODEC_SNAPPY)) {
        o.codec = PPQ_CODEC_SNAPPY;
        o.codec_level = 99;
        PPQ_CHECK_EQ(ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, test_arena_size), PPQ_ERR_ARG);
        o.codec_level = 0;
        o.recovery = 1; /* a recoverable file takes one codec for all its pages, not one per column */
        o.column_codecs = column_codecs;
        PPQ_CHECK_EQ(ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, test_arena_size), PPQ_ERR_ARG);
    }
    PPQ_CHECK_EQ(file_mem.len, 0);
}

/* A writer whose init failed (a short arena, a bad schema, a NULL sink)
 * takes no call: each returns PPQ_ERR_STATE, close included, and nothing
 * is written. */
static void failed_init_takes_no_call(void)
{
    static const ppq_column_t schema[] = {COL("v", PPQ_INT32, 1, PPQ_COLUMN_PLAIN)};
    static const ppq_column_t dup[] = {COL("v", PPQ_INT32, 0, PPQ_COLUMN_PLAIN), COL("v", PPQ_INT32, 0, PPQ_COLUMN_PLAIN)};
    static const ppq_field_t fields[] = {{0, PPQ_FIELD_ALWAYS}};
    ppq_writer_options_t o;
    ppq_writer_t w;
    int32_t v = 7;
    size_t need;
    int k;
    PPQ_CHECK(setup());
    small_options(&o);
    need = ppq_writer_arena_size(schema, 1, &o);
    PPQ_CHECK(need > 8u && need <= test_arena_size);
    for (k = 0; k < 3; k++) {
        ppq_status_t st;
        memset(&w, 0xA5, sizeof w); /* (whatever the caller's memory held) */
        file_mem.len = 0;
        st = k == 0   ? ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, need - 8u)
             : k == 1 ? ppq_writer_init(&w, dup, 2, &o, &file_sink, test_arena_ptr, test_arena_size)
                      : ppq_writer_init(&w, schema, 1, &o, NULL, test_arena_ptr, test_arena_size);
        PPQ_CHECK_EQ(st, k == 0 ? PPQ_ERR_ARENA : PPQ_ERR_ARG);
        PPQ_CHECK_EQ(ppq_writer_set_i32(&w, 0, 1), PPQ_ERR_STATE);
        PPQ_CHECK_EQ(ppq_writer_set_null(&w, 0), PPQ_ERR_STATE);
        PPQ_CHECK_EQ(ppq_writer_commit_row(&w), PPQ_ERR_STATE);
        PPQ_CHECK_EQ(ppq_writer_use_record(&w, fields), PPQ_ERR_STATE);
        PPQ_CHECK_EQ(ppq_writer_write_record(&w, &v), PPQ_ERR_STATE);
        PPQ_CHECK_EQ(ppq_writer_flush_row_group(&w), PPQ_ERR_STATE);
        PPQ_CHECK_EQ(ppq_writer_close(&w), PPQ_ERR_STATE);
        PPQ_CHECK_EQ(ppq_writer_row_groups_left(&w), 0u);
        PPQ_CHECK_EQ(file_mem.len, 0u);
    }
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(compressed_pages),
    PPQ_TEST(failed_init_takes_no_call),
    PPQ_TEST(options_for_arena),
    PPQ_TEST(int32_column_like_e11),
    PPQ_TEST(page_v2_layout),
#if PPQ_WRITER_STATISTICS
    PPQ_TEST(statistics_floats),
    PPQ_TEST(statistics_nan_counts), PPQ_TEST(auto_decides_on_a_nan), PPQ_TEST(fallen_back_row_groups), PPQ_TEST(statistics_per_page), PPQ_TEST(statistics_per_page_batches),
    PPQ_TEST(statistics_orders), PPQ_TEST(statistics_unbounded_max), PPQ_TEST(statistics_long_fixed),
#else
    PPQ_TEST(statistics_left_out),
#endif
    PPQ_TEST(rejected_rows),
    PPQ_TEST(record_refusals),
    PPQ_TEST(record_repeated_strings),
    PPQ_TEST(invalid_schemas),
    PPQ_TEST(arena_size_is_exact),
    PPQ_TEST(compact_rejects_and_sizes),
    PPQ_TEST(compact_row_groups),
    PPQ_TEST(compact_nulls_keep_room),
    PPQ_TEST(compact_auto_all_nulls),
    PPQ_TEST(compact_auto_distinct_flat),
    PPQ_TEST(compact_auto_one_value),
    PPQ_TEST(compact_auto_plain_known),
    PPQ_TEST(compact_auto_dict_counted),
    PPQ_TEST(compact_auto_counts_many_ids),
    PPQ_TEST(compact_more_columns_than_entries),
    PPQ_TEST(compact_plain_store_delta_file),
    PPQ_TEST(compact_dict_store_delta_file),
    PPQ_TEST(compact_status_word_keeps_dict),
    PPQ_TEST(compact_no_delta_takes_dict),
    PPQ_TEST(compact_plain_store_dict_file),
    PPQ_TEST(compact_dict_store_plain_file),
    PPQ_TEST(compact_random_round_trip),
    PPQ_TEST(compact_dict_narrows_indices),
    PPQ_TEST(compact_counter_distinct_delta),
    PPQ_TEST(compact_split_ids_one_page),
    PPQ_TEST(compact_ids_dictionary_ends_row_groups),
    PPQ_TEST(compact_ids_small_dictionary),
    PPQ_TEST(compact_default_store_holds_a_row),
    PPQ_TEST(compact_split_optional_rewritten),
    PPQ_TEST(compact_fixed_len_counts_its_dictionary),
    PPQ_TEST(compact_fixed_len_plain_redict),
    PPQ_TEST(compact_redict_held_steps),
    PPQ_TEST(compact_dict_narrow_before_delta),
    PPQ_TEST(compact_dict_pages_of_growing_width),
    PPQ_TEST(compact_dict_pages_of_growing_width_nulls),
    PPQ_TEST(compact_split_written_delta),
    PPQ_TEST(compact_redict_many_values),
    PPQ_TEST(compact_names_plain_redict),
    PPQ_TEST(compact_tiny_row_groups_plain),
    PPQ_TEST(compact_enum_alone_keeps_dictionary),
    PPQ_TEST(compact_step_keeps_filling_dictionary),
    PPQ_TEST(compact_split_dictionary_one_page),
    PPQ_TEST(compact_walk_keeps_dictionary),
    PPQ_TEST(compact_yield_keeps_wide_ids),
    PPQ_TEST(compact_split_dictionary_rewritten),
    PPQ_TEST(compact_fixed_len_redict_many_narrow),
    PPQ_TEST(compact_plain_counts_many_values),
    PPQ_TEST(compact_bytes_null_groups_keep_dictionary),
    PPQ_TEST(compact_delta_store_plain_file),
    PPQ_TEST(compact_constant_one_block),
    PPQ_TEST(compact_auto_lend_free),
    PPQ_TEST(compact_auto_small_deltas),
    PPQ_TEST(compact_auto_jump_keeps_rows),
    PPQ_TEST(compact_auto_bools_plain),
    PPQ_TEST(compact_auto_const_dict),
    PPQ_TEST(compact_delta_after_jump),
    PPQ_TEST(delta_byte_array_columns),
    PPQ_TEST(encodings_built),
    PPQ_TEST(column_batches),
    PPQ_TEST(column_batch_types),
    PPQ_TEST(row_group_bytes_limit),
    PPQ_TEST(sink_failure_every_byte),
    PPQ_TEST(footer_store_full),
    PPQ_TEST(footer_store_packed),
    PPQ_TEST(rotate_files_losing_no_row),
    PPQ_TEST(dictionary_fallback),
    PPQ_TEST(least_chunk),
#if AUTO_VS_FIXED
    PPQ_TEST(dict_chunks_hold_index_pages),
#endif
    PPQ_TEST(dict_chunk_room_suffices),
    PPQ_TEST(footer_spill),
#if AUTO_VS_FIXED
    PPQ_TEST(auto_full_dictionary_after_nulls),
    PPQ_TEST(auto_weighs_pages_page_bytes_ends),
    PPQ_TEST(auto_weighs_the_chunk_that_ends),
    PPQ_TEST(auto_keeps_a_constants_dictionary),
    PPQ_TEST(auto_splits_no_integers),
    PPQ_TEST(auto_all_encodings_split_integers),
    PPQ_TEST(auto_all_encodings_flba_prefixes),
    PPQ_TEST(auto_all_encodings_flba_rechunked),
    PPQ_TEST(auto_split_weighed_again),
    PPQ_TEST(auto_first_page_weighed_once),
    PPQ_TEST(auto_counts_the_dictionary_pages_frame),
    PPQ_TEST(auto_keeps_a_dictionary_that_fills),
    PPQ_TEST(auto_learns_from_the_last_chunk),
    PPQ_TEST(auto_weighs_a_grown_page_again),
    PPQ_TEST(auto_plain_page_gives_way),
    PPQ_TEST(auto_plain_page_gives_way_compressed),
    PPQ_TEST(auto_plain_page_to_dict),
    PPQ_TEST(auto_later_page_to_dict),
    PPQ_TEST(auto_dict_page_gives_way),
    PPQ_TEST(rechunk_constant_under_gzip),
    PPQ_TEST(rechunk_under_zstd_small_work),
    PPQ_TEST(rechunk_under_zstd_tiny_work),
    PPQ_TEST(rechunk_weighs_a_span_that_fits),
    PPQ_TEST(rechunk_sample_of_its_share),
    PPQ_TEST(rechunk_delta_page_of_nulls),
    PPQ_TEST(rechunk_keeps_a_begun_row),
    PPQ_TEST(rechunk_delta_bytes_after_levels),
    PPQ_TEST(rechunk_fixed_len_bytes),
    PPQ_TEST(rechunk_sample_against_the_chunk),
    PPQ_TEST(rechunk_repeats_after_the_sample),
    PPQ_TEST(rechunk_estimate_counts_the_values_drawn),
    PPQ_TEST(rechunk_sparse_chunk_weighed_whole),
    PPQ_TEST(rechunk_estimate_sees_wide_dictionaries),
    PPQ_TEST(auto_learns_the_dictionary_its_buffer_cut),
    PPQ_TEST(rechunk_dictionary_compressed_ratio),
    PPQ_TEST(batch_page_to_dict_then_full),
    PPQ_TEST(auto_bools_weighed_compressed),
    PPQ_TEST(auto_weighs_a_constants_dictionary_over_the_chunk),
#endif
#if PPQ_WRITER_PAGE_INDEX && PPQ_WRITER_STATISTICS
    PPQ_TEST(page_index_written),
#endif
};
PPQ_SUITE(suite_writer, "writer", cases);
