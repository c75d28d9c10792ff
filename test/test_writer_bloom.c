/* The writer's bloom filters and sorting_columns (issue 30): where the
 * filters are (after the row group's chunks, through ColumnMetaData's
 * bloom_filter_offset and _length), their size by the spec's formula for
 * the chunk's distinct values (worked out here by hand), every value
 * written found by the project's probe, absent values excluded at about
 * the rate asked for; which columns take them (AUTO, named, none) and when
 * not (a dictionary that fell back to PLAIN, a filter larger than the
 * arena's bitset, the compact layout); sorting_columns kept by row groups
 * whose rows are in order and dropped by those with a row out of it,
 * through rows, records and batches.  DuckDB probing our filters, and
 * reading our sorting_columns: test/interop/bloom_check.mjs. */
#include <string.h>

#include "ppq_bloom.h"
#include "ppq_thrift.h"
#include "test_util.h"

#if PPQ_WRITER_BLOOM || PPQ_WRITER_SORTING

#define FILE_CAP (PPQ_TEST_BUF)
#define RGS 8u
#define CCS 4u

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

#define COL(n, t, opt, enc) {n, t, 0, opt, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, enc}

/* ---- a footer walk: what these tests look at ---------------------------- */

typedef struct chunk {
    int64_t data_page_offset, dict_page_offset, compressed, bloom_off;
    int32_t bloom_len;
} chunk_t;

typedef struct group {
    chunk_t col[CCS];
    uint32_t nsort;                       /* sorting_columns */
    int32_t sort_col[4];
    int sort_desc[4], sort_nulls_first[4];
} group_t;

typedef struct footer {
    uint32_t row_groups;
    size_t start; /* where the footer starts */
    group_t g[RGS];
} footer_t;

static ppq_status_t walk_meta(ppq_thrift_r_t *r, ppq_thrift_type_t t, chunk_t *c)
{
    int16_t id;
    ppq_status_t st = ppq_thrift_r_struct(r, t);
    while (st == PPQ_OK && (st = ppq_thrift_r_field(r, &id, &t)) == PPQ_OK && t != PPQ_THRIFT_STOP) {
        st = id == 7    ? ppq_thrift_r_i64(r, t, &c->compressed)
             : id == 9  ? ppq_thrift_r_i64(r, t, &c->data_page_offset)
             : id == 11 ? ppq_thrift_r_i64(r, t, &c->dict_page_offset)
             : id == 14 ? ppq_thrift_r_i64(r, t, &c->bloom_off)
             : id == 15 ? ppq_thrift_r_i32(r, t, &c->bloom_len)
                        : ppq_thrift_r_skip(r, t);
    }
    return st;
}

static ppq_status_t walk_sorting(ppq_thrift_r_t *r, ppq_thrift_type_t t, group_t *g)
{
    ppq_thrift_type_t et;
    uint32_t n, i;
    ppq_status_t st = ppq_thrift_r_list(r, t, &et, &n);
    g->nsort = n;
    for (i = 0; i < n && st == PPQ_OK; i++) {
        int16_t id;
        st = ppq_thrift_r_struct(r, et);
        while (st == PPQ_OK && (st = ppq_thrift_r_field(r, &id, &t)) == PPQ_OK && t != PPQ_THRIFT_STOP) {
            if (i < 4u && id == 1) {
                st = ppq_thrift_r_i32(r, t, &g->sort_col[i]);
            } else if (i < 4u && (id == 2 || id == 3)) { /* compact bools: the value is the type */
                int v = t == PPQ_THRIFT_TRUE;
                if (id == 2) {
                    g->sort_desc[i] = v;
                } else {
                    g->sort_nulls_first[i] = v;
                }
            } else {
                st = ppq_thrift_r_skip(r, t);
            }
        }
    }
    return st;
}

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
    f->start = len - 8 - flen;
    ppq_thrift_r_init(&r, file_buf + f->start, flen);
    while (st == PPQ_OK && (st = ppq_thrift_r_field(&r, &id, &t)) == PPQ_OK && t != PPQ_THRIFT_STOP) {
        ppq_thrift_type_t et;
        uint32_t g;
        if (id != 4) {
            st = ppq_thrift_r_skip(&r, t);
            continue;
        }
        st = ppq_thrift_r_list(&r, t, &et, &f->row_groups);
        for (g = 0; g < f->row_groups && st == PPQ_OK; g++) {
            group_t *gr = &f->g[g < RGS ? g : RGS - 1u];
            int16_t gid;
            ppq_thrift_type_t gt;
            st = ppq_thrift_r_struct(&r, et);
            while (st == PPQ_OK && (st = ppq_thrift_r_field(&r, &gid, &gt)) == PPQ_OK && gt != PPQ_THRIFT_STOP) {
                if (gid == 1) {
                    ppq_thrift_type_t ct;
                    uint32_t n, c;
                    st = ppq_thrift_r_list(&r, gt, &ct, &n);
                    for (c = 0; c < n && st == PPQ_OK; c++) {
                        int16_t cid;
                        ppq_thrift_type_t cty;
                        st = ppq_thrift_r_struct(&r, ct);
                        while (st == PPQ_OK && (st = ppq_thrift_r_field(&r, &cid, &cty)) == PPQ_OK &&
                               cty != PPQ_THRIFT_STOP) {
                            st = c < CCS && cid == 3 ? walk_meta(&r, cty, &gr->col[c]) : ppq_thrift_r_skip(&r, cty);
                        }
                    }
                } else if (gid == 4) {
                    st = walk_sorting(&r, gt, gr);
                } else {
                    st = ppq_thrift_r_skip(&r, gt);
                }
            }
        }
    }
    return st;
}

#if PPQ_WRITER_BLOOM
/* ---- bloom filters ------------------------------------------------------ */

/* The filter of chunk c: checked to lie after every chunk of its row
 * group and before the footer; *bits its bitset, *n its bytes (0, NULL:
 * none). */
static void filter_at(const footer_t *f, const group_t *g, const chunk_t *c, const uint8_t **bits, uint32_t *n)
{
    uint32_t i;
    size_t hl = 0;
    *bits = NULL;
    *n = 0;
    if (c->bloom_len == 0) {
        return;
    }
    for (i = 0; i < CCS; i++) { /* after the row group's chunks */
        const chunk_t *o = &g->col[i];
        int64_t start = o->dict_page_offset > 0 ? o->dict_page_offset : o->data_page_offset;
        PPQ_CHECK(o->compressed == 0 || c->bloom_off >= start + o->compressed);
    }
    PPQ_CHECK((size_t)c->bloom_off + (size_t)c->bloom_len <= f->start);
    PPQ_CHECK_OK(ppq_bloom_header_read(file_buf + c->bloom_off, (size_t)c->bloom_len, PPQ_BLOOM_MAX_BYTES, n, &hl));
    PPQ_CHECK_EQ(hl + *n, (size_t)c->bloom_len);
    *bits = file_buf + c->bloom_off + hl;
}

static uint32_t filter_of(const footer_t *f, const group_t *g, const chunk_t *c, const uint8_t **bits)
{
    uint32_t n;
    filter_at(f, g, c, bits, &n);
    return *bits != NULL ? n : 0u;
}

static const char *const names[] = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf",
                                    "hotel", "india", "juliett", "kilo", "lima", "mike", "november",
                                    "oscar", "papa", "quebec", "romeo", "sierra", "tango"};

/* The name, id and reading of row i (ids: 37 distinct, reading 60). */
static const char *name_of(uint32_t i)
{
    return names[(i * 7u) % 20u];
}
static int32_t id_of(uint32_t i)
{
    return (int32_t)((i * 11u) % 37u) * 1000 - 5000;
}
static double reading_of(uint32_t i)
{
    return (double)(i % 60u) * 0.5;
}

static const ppq_column_t filtered[] = {
    COL("name", PPQ_BYTE_ARRAY, 1, PPQ_COLUMN_AUTO),
    COL("id", PPQ_INT32, 0, PPQ_COLUMN_DICTIONARY),
    COL("reading", PPQ_DOUBLE, 0, PPQ_COLUMN_DICTIONARY),
    COL("seq", PPQ_INT64, 0, PPQ_COLUMN_DELTA_BINARY_PACKED),
};

#define ROWS 300u

static void base_options(ppq_writer_options_t *o)
{
    memset(o, 0, sizeof *o);
    o->page_values = 64;
    o->page_bytes = 512;
    o->row_group_rows = 150;
    o->dict_entries = 64;
    o->dict_bytes = 1024;
    o->footer_bytes = 4096;
}

static void write_rows(const ppq_writer_options_t *o)
{
    ppq_writer_t w;
    uint32_t i;
    PPQ_CHECK(setup());
    PPQ_CHECK_OK(ppq_writer_init(&w, filtered, 4, o, &file_sink, test_arena_ptr, test_arena_size));
    for (i = 0; i < ROWS; i++) {
        const char *s = name_of(i);
        PPQ_CHECK_OK(i % 9u == 4u ? ppq_writer_set_null(&w, 0) : ppq_writer_set_bytes(&w, 0, s, (uint32_t)strlen(s)));
        PPQ_CHECK_OK(ppq_writer_set_i32(&w, 1, id_of(i)));
        PPQ_CHECK_OK(ppq_writer_set_double(&w, 2, reading_of(i)));
        PPQ_CHECK_OK(ppq_writer_set_i64(&w, 3, (int64_t)i));
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
}

/* Absent values the filter of `n` bytes excludes, of 10,000 probes. */
static uint32_t excluded_ids(const uint8_t *bits, uint32_t n)
{
    uint32_t k, out = 0;
    for (k = 0; k < 10000u; k++) {
        out += !ppq_bloom_check(bits, n, ppq_bloom_hash_i32(1000000 + (int32_t)k));
    }
    return out;
}

/* AUTO's columns (a string, an integer) get filters, in each row group,
 * sized by the spec for their distinct values: m = -8 ndv / ln(1 -
 * 0.01^(1/8)) bits, 9.68 ndv bits (1.21 bytes per value) at 1%, raised to
 * a power of two: 20 names -> 24.2 -> 32 bytes; 37 ids -> 44.8 -> 64; every
 * value written is found, absent ones excluded at about the rate. */
static void bloom_filters_written(void)
{
    ppq_writer_options_t o;
    footer_t f;
    uint32_t g, i;
    int with_index;
    for (with_index = 0; with_index < 2; with_index++) {
    base_options(&o);
    o.no_page_index = (uint8_t)!with_index;
    write_rows(&o);
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK_EQ(f.row_groups, 2);
    for (g = 0; g < 2u; g++) {
        const group_t *gr = &f.g[g];
        const uint8_t *bits;
        uint32_t n = filter_of(&f, gr, &gr->col[0], &bits);
        PPQ_CHECK_EQ(n, 32);
        for (i = g * 150u; i < g * 150u + 150u && bits != NULL; i++) {
            PPQ_CHECK(ppq_bloom_check(bits, n, ppq_bloom_hash_bytes(name_of(i), strlen(name_of(i)))));
        }
        PPQ_CHECK(bits == NULL || !ppq_bloom_check(bits, n, ppq_bloom_hash_bytes("zulu", 4)) ||
                  !ppq_bloom_check(bits, n, ppq_bloom_hash_bytes("yankee", 6)));
        n = filter_of(&f, gr, &gr->col[1], &bits);
        PPQ_CHECK_EQ(n, 64);
        for (i = g * 150u; i < g * 150u + 150u && bits != NULL; i++) {
            PPQ_CHECK(ppq_bloom_check(bits, n, ppq_bloom_hash_i32(id_of(i))));
        }
        if (bits != NULL) { /* 37 values in 512 bits: about 0.3% false positives */
            PPQ_CHECK(excluded_ids(bits, n) >= 9800u);
        }
        /* AUTO leaves out doubles; no dictionary, no filter */
        PPQ_CHECK_EQ(gr->col[2].bloom_len, 0);
        PPQ_CHECK_EQ(gr->col[3].bloom_len, 0);
        /* the filters follow each other, the first right after the chunks
         * (and the page index, which comes first) */
        PPQ_CHECK_EQ(gr->col[1].bloom_off, gr->col[0].bloom_off + gr->col[0].bloom_len);
        if (with_index) {
            PPQ_CHECK(gr->col[0].bloom_off > gr->col[3].data_page_offset + gr->col[3].compressed);
        } else {
            PPQ_CHECK_EQ(gr->col[0].bloom_off, gr->col[3].data_page_offset + gr->col[3].compressed);
        }
    }
    }
}

/* The options: no_bloom (the file as before: smaller arena, no filter),
 * bloom_columns (the double only), bloom_fpp (0.1%: 20 names take 35.4
 * bytes -> 64), bloom_bytes (too small for the ids: none for them), a
 * dictionary that falls back (none), the compact layout and
 * ppq_writer_options_for_arena (none). */
static void bloom_options(void)
{
    static const uint8_t only_reading[4] = {0, 0, 1, 0};
    ppq_writer_options_t o;
    footer_t f;
    const uint8_t *bits;
    uint32_t n, i;
    size_t with, without;
    base_options(&o);
    with = ppq_writer_arena_size(filtered, 4, &o);
    o.no_bloom = 1;
    without = ppq_writer_arena_size(filtered, 4, &o);
    /* the bitset: 64 distinct values at 1% -> 77.4 bytes -> 128 */
    PPQ_CHECK(with >= without + 128u && with < without + 128u + 4u * 64u);
    write_rows(&o);
    PPQ_CHECK_OK(read_footer(&f));
    for (i = 0; i < 4u; i++) {
        PPQ_CHECK_EQ(f.g[0].col[i].bloom_len, 0);
    }

    base_options(&o);
    o.bloom_columns = only_reading;
    write_rows(&o);
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK_EQ(f.g[0].col[0].bloom_len, 0);
    PPQ_CHECK_EQ(f.g[0].col[1].bloom_len, 0);
    n = filter_of(&f, &f.g[0], &f.g[0].col[2], &bits); /* 60 readings: 72.6 bytes -> 128 */
    PPQ_CHECK_EQ(n, 128);
    for (i = 0; i < 150u && bits != NULL; i++) {
        PPQ_CHECK(ppq_bloom_check(bits, n, ppq_bloom_hash_double(reading_of(i))));
    }

    base_options(&o);
    o.bloom_fpp = 1000;
    write_rows(&o);
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK_EQ(filter_of(&f, &f.g[1], &f.g[1].col[0], &bits), 64);

    base_options(&o);
    o.bloom_bytes = 40; /* a 32-byte bitset: the names' (32) fit, the ids' (64) do not */
    PPQ_CHECK_EQ(ppq_writer_arena_size(filtered, 4, &o), without + 32u + (with - without - 128u));
    write_rows(&o);
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK_EQ(filter_of(&f, &f.g[0], &f.g[0].col[0], &bits), 32);
    PPQ_CHECK_EQ(f.g[0].col[1].bloom_len, 0);

    base_options(&o);
    o.dict_entries = 16; /* the names' dictionary falls back to PLAIN (20 of them) */
    write_rows(&o);
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK_EQ(f.g[0].col[0].bloom_len, 0);

    if (PPQ_WRITER_COMPACT) {
        base_options(&o);
        o.compact = 1;
        o.chunk_bytes = 2048;
        write_rows(&o);
        PPQ_CHECK_OK(read_footer(&f));
        for (i = 0; i < 4u; i++) {
            PPQ_CHECK_EQ(f.g[0].col[i].bloom_len, 0);
        }
    }
    base_options(&o);
    PPQ_CHECK_OK(ppq_writer_options_for_arena(&o, filtered, 4, 65536u));
    PPQ_CHECK_EQ(o.no_bloom, 1);
}
#endif

#if PPQ_WRITER_SORTING
/* ---- sorting_columns ------------------------------------------------------ */

static const ppq_column_t sorted_schema[] = {
    {"ts", PPQ_INT64, 0, 0, {PPQ_LOGICAL_TIMESTAMP, 0, 0, 1, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},
    COL("level", PPQ_INT32, 1, PPQ_COLUMN_AUTO),
    {"count", PPQ_INT32, 0, 0, {PPQ_LOGICAL_INT, 32, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},
    COL("name", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_AUTO),
};

typedef struct row {
    int64_t ts;
    int32_t level;
    uint32_t count; /* unsigned: 0x80000000 comes after 0x7FFFFFFF */
    ppq_bytes_t name;
    uint8_t has_level;
} row_t;

static const ppq_field_t row_fields[] = {
    PPQ_FIELD(row_t, ts),
    PPQ_FIELD_OPTIONAL(row_t, level, has_level),
    PPQ_FIELD(row_t, count),
    PPQ_FIELD(row_t, name),
};

#define SROWS 40u /* 4 row groups of 10 */

/* Row i: ts rising by one (but row 15's, one below row 14's: row group 1
 * out of order), level falling with nulls first in each row group, but
 * row 27's (a null after values), count rising across 2^31. */
static void row_at(uint32_t i, row_t *r)
{
    r->ts = 1700000000000ll + (int64_t)i * 1000 - (i == 15u ? 2000 : 0);
    r->has_level = (uint8_t)(i % 10u >= 2u && i != 27u);
    r->level = 1000 - (int32_t)i;
    r->count = 0x7FFFFFF0u + i;
    r->name.ptr = (const uint8_t *)"n";
    r->name.len = 1;
}

/* The same rows through the setters (way 0), records (1), a batch (2). */
static void write_sorted(const ppq_writer_options_t *o, int way)
{
    ppq_writer_t w;
    uint32_t i;
    PPQ_CHECK(setup());
    PPQ_CHECK_OK(ppq_writer_init(&w, sorted_schema, 4, o, &file_sink, test_arena_ptr, test_arena_size));
    if (way == 2) {
        static int64_t ts[SROWS];
        static int32_t level[SROWS];
        static uint32_t count[SROWS];
        static ppq_bytes_t name[SROWS];
        static uint8_t def[SROWS];
        ppq_column_batch_t b[4];
        uint32_t done = 0;
        for (i = 0; i < SROWS; i++) {
            row_t r;
            row_at(i, &r);
            ts[i] = r.ts;
            level[i] = r.level;
            def[i] = r.has_level;
            count[i] = r.count;
            name[i] = r.name;
        }
        memset(b, 0, sizeof b);
        b[0].values = ts;
        b[1].values = level;
        b[1].def_levels = def;
        b[2].values = count;
        b[3].values = name;
        PPQ_CHECK_OK(ppq_writer_write_batch(&w, b, SROWS, &done));
        PPQ_CHECK_EQ(done, SROWS);
    } else {
        if (way == 1) {
            PPQ_CHECK_OK(ppq_writer_use_record(&w, row_fields));
        }
        for (i = 0; i < SROWS; i++) {
            row_t r;
            row_at(i, &r);
            if (way == 1) {
                PPQ_CHECK_OK(ppq_writer_write_record(&w, &r));
                continue;
            }
            PPQ_CHECK_OK(ppq_writer_set_i64(&w, 0, r.ts));
            PPQ_CHECK_OK(r.has_level ? ppq_writer_set_i32(&w, 1, r.level) : ppq_writer_set_null(&w, 1));
            PPQ_CHECK_OK(ppq_writer_set_i32(&w, 2, (int32_t)r.count));
            PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 3, r.name.ptr, r.name.len));
            PPQ_CHECK_OK(ppq_writer_commit_row(&w));
        }
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
}

/* ts ascending: row groups 0, 2, 3 say so, 1 (row 15 before row 14) not;
 * level descending nulls first: 0, 1, 3 (row 27, a null after values,
 * breaks 2); count ascending as unsigned: all four; ts then level: a tie
 * never happens, so as ts. */
static void sorting_columns_checked(void)
{
    static const ppq_sorting_column_t by_ts[] = {{0, 0, 0}};
    static const ppq_sorting_column_t by_level[] = {{1, 1, 1}};
    static const ppq_sorting_column_t by_count[] = {{2, 0, 0}};
    static const ppq_sorting_column_t by_ts_level[] = {{0, 0, 0}, {1, 1, 1}};
    static const struct {
        const ppq_sorting_column_t *cols;
        uint32_t n;
        uint8_t kept[4];
    } cases[] = {
        {by_ts, 1, {1, 0, 1, 1}},
        {by_level, 1, {1, 1, 0, 1}},
        {by_count, 1, {1, 1, 1, 1}},
        {by_ts_level, 2, {1, 0, 1, 1}},
    };
    ppq_writer_options_t o;
    footer_t f;
    uint32_t k, g;
    int way;
    for (k = 0; k < ARRAY_LEN(cases); k++) {
        for (way = 0; way < 3; way++) {
            memset(&o, 0, sizeof o);
            o.page_values = 8;
            o.row_group_rows = 10;
            o.footer_bytes = 4096;
            o.dict_entries = 64;
            o.dict_bytes = 1024;
            o.sorting_columns = cases[k].cols;
            o.sorting_count = cases[k].n;
            write_sorted(&o, way);
            PPQ_CHECK_OK(read_footer(&f));
            PPQ_CHECK_EQ(f.row_groups, 4);
            for (g = 0; g < 4u; g++) {
                PPQ_CHECK_EQ(f.g[g].nsort, cases[k].kept[g] ? cases[k].n : 0u);
                if (f.g[g].nsort > 0u) {
                    PPQ_CHECK_EQ(f.g[g].sort_col[0], (int32_t)cases[k].cols[0].column);
                    PPQ_CHECK_EQ(f.g[g].sort_desc[0], cases[k].cols[0].descending);
                    PPQ_CHECK_EQ(f.g[g].sort_nulls_first[0], cases[k].cols[0].nulls_first);
                }
            }
        }
    }
    /* none asked: none written */
    memset(&o, 0, sizeof o);
    o.page_values = 8;
    o.row_group_rows = 10;
    o.footer_bytes = 4096;
    o.dict_entries = 64;
    o.dict_bytes = 1024;
    write_sorted(&o, 0);
    PPQ_CHECK_OK(read_footer(&f));
    PPQ_CHECK_EQ(f.g[0].nsort, 0);
}

static void sorting_columns_refused(void)
{
    static const ppq_sorting_column_t out_of_range[] = {{4, 0, 0}};
    static const ppq_sorting_column_t bytes[] = {{3, 0, 0}};
    static const ppq_sorting_column_t twice[] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    static const ppq_sorting_column_t five[] = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 0, 0}, {1, 0, 0}};
    ppq_writer_options_t o;
    ppq_writer_t w;
    PPQ_CHECK(setup());
    memset(&o, 0, sizeof o);
    o.sorting_columns = out_of_range;
    o.sorting_count = 1;
    PPQ_CHECK_EQ(ppq_writer_init(&w, sorted_schema, 4, &o, &file_sink, test_arena_ptr, test_arena_size), PPQ_ERR_ARG);
    o.sorting_columns = bytes;
    PPQ_CHECK_EQ(ppq_writer_init(&w, sorted_schema, 4, &o, &file_sink, test_arena_ptr, test_arena_size), PPQ_ERR_ARG);
    o.sorting_columns = twice;
    o.sorting_count = 3;
    PPQ_CHECK_EQ(ppq_writer_init(&w, sorted_schema, 4, &o, &file_sink, test_arena_ptr, test_arena_size), PPQ_ERR_ARG);
    o.sorting_columns = five;
    o.sorting_count = 5;
    PPQ_CHECK_EQ(ppq_writer_init(&w, sorted_schema, 4, &o, &file_sink, test_arena_ptr, test_arena_size), PPQ_ERR_ARG);
    o.sorting_columns = NULL;
    o.sorting_count = 1;
    PPQ_CHECK_EQ(ppq_writer_init(&w, sorted_schema, 4, &o, &file_sink, test_arena_ptr, test_arena_size), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(file_mem.len, 0);
}
#endif

#if PPQ_WRITER_BLOOM
/* A binary column (BYTE_ARRAY, or FIXED_LEN_BYTE_ARRAY of 100 bytes) of
 * four values, the third 100 bytes of `fill`, the others of 'a', 'm' and
 * 'b' (BYTE_ARRAY: one byte each), as a dictionary in one row group: the
 * bytes of its chunk's filter (0: none). */
static uint32_t binary_filter(ppq_type_t type, uint8_t fill, ppq_logical_kind_t kind)
{
    ppq_column_t col[1] = {COL("blob", PPQ_BYTE_ARRAY, 0, PPQ_COLUMN_DICTIONARY)};
    ppq_writer_options_t o;
    ppq_writer_t w;
    footer_t f;
    const uint8_t *bits;
    static uint8_t v[4][100];
    uint32_t len[4] = {1, 1, 100, 1}, i;
    memset(v[0], 'a', 100);
    memset(v[1], 'm', 100);
    memset(v[2], fill, 100);
    memset(v[3], 'b', 100);
    col[0].type = type;
    col[0].type_len = type == PPQ_FIXED_LEN_BYTE_ARRAY ? 100u : 0u;
    col[0].logical.kind = kind;
    base_options(&o);
    if (!setup() || ppq_writer_init(&w, col, 1, &o, &file_sink, test_arena_ptr, test_arena_size) != PPQ_OK) {
        ppq_test_fail(__FILE__, __LINE__, "the writer starts");
        return 0;
    }
    for (i = 0; i < 20u; i++) {
        if (ppq_writer_set_bytes(&w, 0, v[i % 4u], type == PPQ_BYTE_ARRAY ? len[i % 4u] : 100u) != PPQ_OK ||
            ppq_writer_commit_row(&w) != PPQ_OK) {
            ppq_test_fail(__FILE__, __LINE__, "a row");
            return 0;
        }
    }
    if (ppq_writer_close(&w) != PPQ_OK || read_footer(&f) != PPQ_OK || f.row_groups != 1) {
        ppq_test_fail(__FILE__, __LINE__, "the file");
        return 0;
    }
    return filter_of(&f, &f.g[0], &f.g[0].col[0], &bits);
}

/* A binary column whose dictionary holds a byte that is not ASCII takes no
 * filter (DuckDB 1.5.6 probes it with another hash and finds no row: 0
 * rows of 5 in the interop check; a FIXED_LEN_BYTE_ARRAY's, 0 of 600);
 * ASCII bytes, or the same bytes as text (STRING) or as a DECIMAL, take
 * one. */
static void bloom_not_for_binary_bytes(void)
{
    PPQ_CHECK_EQ(binary_filter(PPQ_BYTE_ARRAY, 0xFFu, PPQ_LOGICAL_NONE), 0);
    PPQ_CHECK_EQ(binary_filter(PPQ_BYTE_ARRAY, 'z', PPQ_LOGICAL_NONE), 32);
    PPQ_CHECK_EQ(binary_filter(PPQ_BYTE_ARRAY, 0xFFu, PPQ_LOGICAL_STRING), 32);
    PPQ_CHECK_EQ(binary_filter(PPQ_FIXED_LEN_BYTE_ARRAY, 0xFFu, PPQ_LOGICAL_NONE), 0);
    PPQ_CHECK_EQ(binary_filter(PPQ_FIXED_LEN_BYTE_ARRAY, 'z', PPQ_LOGICAL_NONE), 32);
}
#endif

static const ppq_test_case_t cases[] = {
#if PPQ_WRITER_BLOOM
    PPQ_TEST(bloom_filters_written),
    PPQ_TEST(bloom_options),
    PPQ_TEST(bloom_not_for_binary_bytes),
#endif
#if PPQ_WRITER_SORTING
    PPQ_TEST(sorting_columns_checked),
    PPQ_TEST(sorting_columns_refused),
#endif
};
#else
static void left_out(void)
{
    /* a build without bloom filters and sorting_columns (ppq_config.h) */
}
static const ppq_test_case_t cases[] = {PPQ_TEST(left_out)};
#endif
PPQ_SUITE(suite_writer_bloom, "writer_bloom", cases);
