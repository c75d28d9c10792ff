/* Finding rows through the page index (issue 30, the reader): a file of
 * three columns whose values are a formula of the row (so every value read
 * is checked against the formula, not against the reader), pages of a few
 * dozen values, read through ppq_column_reader_select: rows stay aligned
 * across columns whose pages break at different rows; a range that hits no
 * page reads none; pages holding only nulls are left out; a damaged index
 * is an error, never a read outside the file.  Where the writer keeps no
 * page index (firmware builds) the same rows come back, found by decoding.
 * And (not on the 16 KB boards) one minute of arrow-rs's log with its page
 * index, reading only the pages that hold it. */
#include <string.h>

#include "recover_util.h" /* a file in memory (mfile_t) */
#include "test_util.h"
#include "ppq_reader.h"
#include "ppq_writer.h"

#ifdef PPQ_TEST_SMALL
#define ROWS 300u
#else
#define ROWS 1000u
#endif
#define NCOLS 3u

static uint8_t *file_buf;
static ppq_memsink_t file_mem;
static ppq_sink_t file_sink;
static ppq_reader_t rd;
/* in the test scratch (the 16 KB boards' stack is 2 KB): NCOLS column
 * readers and page indexes, RANGES row ranges */
#define RANGES 64u
static ppq_column_reader_t *crs;
static ppq_page_index_t *pi;
static ppq_row_range_t *ranges;

/* The formulas: ts ascending (1000 + row), v nullable (null every fifth
 * row and in rows [nulls_from, nulls_to)), s a few strings. */
static uint32_t nulls_from, nulls_to;
static int64_t ts_of(uint32_t r) { return 1000 + (int64_t)r; }
static int v_null(uint32_t r) { return r % 5u == 0u || (r >= nulls_from && r < nulls_to); }
static int32_t v_of(uint32_t r) { return (int32_t)(r * 3u); }
static const char *const words[7] = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf"};

/* The file: one row group, pages of `page` values; PPQ_ERR_NOSPACE when it
 * does not fit here (small boards). */
static ppq_status_t write_file(uint32_t page, size_t *len)
{
    static const ppq_column_t schema[NCOLS] = {
        {"ts", PPQ_INT64, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},
        {"v", PPQ_INT32, 0, 1, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_PLAIN},
        {"s", PPQ_BYTE_ARRAY, 0, 0, {PPQ_LOGICAL_STRING, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_DICTIONARY}};
    ppq_writer_options_t o;
    ppq_writer_t w;
    uint32_t r;
    ppq_status_t st;
    test_setup();
    file_buf = (uint8_t *)test_alloc(PPQ_TEST_BUF);
    crs = (ppq_column_reader_t *)test_alloc(NCOLS * sizeof *crs);
    pi = (ppq_page_index_t *)test_alloc(NCOLS * sizeof *pi);
    ranges = (ppq_row_range_t *)test_alloc(RANGES * sizeof *ranges);
    if (file_buf == NULL || crs == NULL || pi == NULL || ranges == NULL || !PPQ_READER_PAGE_INDEX) { /* (a build without it: nothing to test) */
        return PPQ_ERR_NOSPACE;
    }
    ppq_sink_init_mem(&file_sink, &file_mem, file_buf, PPQ_TEST_BUF);
    memset(&o, 0, sizeof o);
    o.page_values = page;
    o.row_group_rows = ROWS;
    o.footer_bytes = 4096;
    o.chunk_bytes = 16384;
    o.dict_entries = 64;
    o.dict_bytes = 1024;
    st = ppq_writer_init(&w, schema, NCOLS, &o, &file_sink, test_arena_ptr, test_arena_size);
    for (r = 0; r < ROWS && st == PPQ_OK; r++) {
        const char *s = words[(r / 3u) % 7u];
        st = ppq_writer_set_i64(&w, 0, ts_of(r));
        st = st == PPQ_OK ? (v_null(r) ? ppq_writer_set_null(&w, 1) : ppq_writer_set_i32(&w, 1, v_of(r))) : st;
        st = st == PPQ_OK ? ppq_writer_set_bytes(&w, 2, s, (uint32_t)strlen(s)) : st;
        st = st == PPQ_OK ? ppq_writer_commit_row(&w) : st;
    }
    st = st == PPQ_OK ? ppq_writer_close(&w) : st;
#ifdef PPQ_TEST_SMALL
    if (st == PPQ_ERR_ARENA) {
        st = PPQ_ERR_NOSPACE;
    }
#endif
    *len = file_mem.len;
    return st;
}

/* The file written, or 0 (a failure, or too big for this board). */
#define WRITE_OR_RETURN(page, len)                                                                                     \
    do {                                                                                                               \
        ppq_status_t wst = write_file(page, len);                                                                      \
        if (wst == PPQ_ERR_NOSPACE) {                                                                                  \
            return;                                                                                                    \
        }                                                                                                              \
        PPQ_CHECK_OK(wst);                                                                                             \
    } while (0)

static ppq_file_t file;
static mfile_t mf;
static ppq_arena_t arena;

static ppq_status_t open_len(size_t len)
{
    ppq_status_t st;
    mfile_init(&file, &mf, file_buf, len, len);
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    st = ppq_reader_open(&rd, &file, &arena);
    /* (the tests take one row group: a configuration whose writer ends them early, e.g. the
     * logger's, NOSPACE: nothing to test) */
    return st == PPQ_OK && (rd.nrg != 1u || rd.rg_rows[0] != (int64_t)ROWS) ? PPQ_ERR_NOSPACE : st;
}

#define OPEN_OR_RETURN(len)                                                                                            \
    do {                                                                                                               \
        ppq_status_t ost = open_len(len);                                                                              \
        if (ost == PPQ_ERR_NOSPACE) {                                                                                  \
            return;                                                                                                    \
        }                                                                                                              \
        PPQ_CHECK_OK(ost);                                                                                             \
    } while (0)

/* The rows of `ranges` read from every column through select (with each
 * column's page index when `use_index`), checked row by row against the
 * formulas; returns the rows read (every column the same), or -1. */
static void read_rows_to(const ppq_row_range_t *rr, uint32_t n, int use_index, long *out)
{
    uint32_t c, k = 0;
    uint64_t row;
    long rows = 0;
    int64_t ts[16];
    int32_t v[16];
    ppq_bytes_t s[16];
    int16_t def[16];
    *out = -1;
    for (c = 0; c < NCOLS; c++) {
        PPQ_CHECK_OK(ppq_column_reader_init(&crs[c], &rd, 0, c, &arena));
        PPQ_CHECK_OK(ppq_column_reader_select(&crs[c], use_index ? &pi[c] : NULL, rr, n));
    }
    /* every column in steps of 7 rows (pages end elsewhere): the rows expected, in order */
    row = n > 0u ? rr[0].first : 0u;
    for (;;) {
        size_t lv[NCOLS], cnt[NCOLS], i, vi = 0;
        PPQ_CHECK_OK(ppq_column_reader_read(&crs[0], 7, ts, NULL, NULL, &lv[0], &cnt[0]));
        PPQ_CHECK_OK(ppq_column_reader_read(&crs[1], lv[0], v, def, NULL, &lv[1], &cnt[1]));
        PPQ_CHECK_OK(ppq_column_reader_read(&crs[2], lv[0], s, NULL, NULL, &lv[2], &cnt[2]));
        if (lv[0] == 0u) {
            break;
        }
        /* (a column may stop early at its page's end: read on to the same count) */
        while (lv[1] < lv[0]) {
            size_t l2 = 0, c2 = 0;
            PPQ_CHECK_OK(ppq_column_reader_read(&crs[1], lv[0] - lv[1], v + cnt[1], def + lv[1], NULL, &l2, &c2));
            PPQ_CHECK(l2 > 0u);
            lv[1] += l2;
            cnt[1] += c2;
        }
        while (lv[2] < lv[0]) {
            size_t l2 = 0, c2 = 0;
            PPQ_CHECK_OK(ppq_column_reader_read(&crs[2], lv[0] - lv[2], s + lv[2], NULL, NULL, &l2, &c2));
            PPQ_CHECK(l2 > 0u);
            lv[2] += l2;
        }
        for (i = 0; i < lv[0]; i++) {
            while (k < n && row >= rr[k].end) {
                k++;
                row = k < n ? rr[k].first : row;
            }
            PPQ_CHECK(k < n); /* no more rows than asked for */
            PPQ_CHECK_EQ(ts[i], ts_of((uint32_t)row));
            PPQ_CHECK_EQ(def[i] == 0, v_null((uint32_t)row));
            if (def[i] == 1) {
                PPQ_CHECK_EQ(v[vi], v_of((uint32_t)row));
                vi++;
            }
            PPQ_CHECK_EQ(s[i].len, strlen(words[(row / 3u) % 7u]));
            PPQ_CHECK(memcmp(s[i].ptr, words[(row / 3u) % 7u], s[i].len) == 0);
            row++;
            rows++;
            *out = rows;
        }
    }
    *out = rows;
}

static long read_rows(const ppq_row_range_t *rr, uint32_t n, int use_index)
{
    long rows = -1;
    read_rows_to(rr, n, use_index, &rows);
    return rows;
}

static long rows_in(const ppq_row_range_t *rr, uint32_t n)
{
    long t = 0;
    uint32_t i;
    for (i = 0; i < n; i++) {
        t += (long)(rr[i].end - rr[i].first);
    }
    return t;
}

static void read_index(void)
{
    uint32_t c;
    for (c = 0; c < NCOLS; c++) {
        ppq_status_t st;
        size_t need = ppq_reader_page_index_size(&rd, 0, c, &st);
        size_t used = arena.used;
        PPQ_CHECK_OK(st);
        PPQ_CHECK_OK(ppq_reader_page_index(&rd, 0, c, &arena, &pi[c]));
        PPQ_CHECK(arena.used - used <= need);
    }
}

/* A timestamp range: the pages of ts that hold it, every column's rows
 * there aligned, the other pages of ts neither read nor decompressed. */
static void aligned_after_skips(void)
{
    uint32_t n = 0, c;
    size_t len = 0;
    int64_t lo = ts_of(234), hi = ts_of(250);
    uint8_t lo8[8], hi8[8];
    ppq_bytes_t blo, bhi;
    long got;
    nulls_from = nulls_to = 0;
    WRITE_OR_RETURN(40, &len);
    OPEN_OR_RETURN(len);
    read_index();
    ppq_store_le64(lo8, (uint64_t)lo); /* (PLAIN bytes: little-endian on every host) */
    ppq_store_le64(hi8, (uint64_t)hi);
    blo.ptr = lo8;
    blo.len = 8;
    bhi.ptr = hi8;
    bhi.len = 8;
    PPQ_CHECK_OK(ppq_page_index_rows(&pi[0], &blo, &bhi, ranges, RANGES, &n));
    PPQ_CHECK(pi[0].npages > 0u || !PPQ_WRITER_PAGE_INDEX); /* (the writer's index where it is built) */
    if (pi[0].npages > 0u) {
        PPQ_CHECK_EQ(pi[0].npages, (ROWS + 39u) / 40u);
        PPQ_CHECK_EQ(n, 1u);
        PPQ_CHECK_EQ(ranges[0].first, 200u); /* pages [200, 240) and [240, 280) */
        PPQ_CHECK_EQ(ranges[0].end, 280u);
    } else {
        PPQ_CHECK_EQ(n, 1u); /* no index: every row */
        ranges[0].first = 200;
        ranges[0].end = 280;
    }
    got = read_rows(ranges, n, 1);
    PPQ_CHECK_EQ(got, 80);
    if (pi[0].npages > 0u) {
        PPQ_CHECK_EQ(crs[0].pages_read, 2u);
        PPQ_CHECK_EQ(crs[0].pages_jumped, 5u);
    }
    /* ranges inside pages, across page ends, at the very start and end */
    {
        static const ppq_row_range_t some[5] = {{0, 1}, {5, 7}, {39, 41}, {120, 121}, {ROWS - 250u, ROWS}};
        for (c = 0; c < 2u; c++) {
            got = read_rows(some, 5, (int)c);
            PPQ_CHECK_EQ(got, rows_in(some, 5));
        }
        if (pi[0].npages > 0u) {
            PPQ_CHECK(crs[0].pages_read < pi[0].npages);
        }
    }
}

/* A range no page holds: no rows, no page read; select's refusals. */
static void range_hits_no_page(void)
{
    ppq_row_range_t bad[2] = {{10, 20}, {15, 30}};
    uint32_t n = 99;
    size_t len = 0, lv = 0, cnt = 0;
    int64_t lo = ts_of(ROWS) + 5;
    int64_t v[4];
    uint8_t lo8[8];
    ppq_bytes_t blo;
    WRITE_OR_RETURN(40, &len);
    OPEN_OR_RETURN(len);
    read_index();
    ppq_store_le64(lo8, (uint64_t)lo); /* (PLAIN bytes) */
    blo.ptr = lo8;
    blo.len = 8;
    PPQ_CHECK_OK(ppq_page_index_rows(&pi[0], &blo, NULL, ranges, RANGES, &n));
    if (pi[0].npages == 0u) {
        return; /* (no index here: every row may) */
    }
    PPQ_CHECK_EQ(n, 0u);
    PPQ_CHECK_EQ(read_rows(ranges, 0, 1), 0);
    PPQ_CHECK_EQ(crs[0].pages_read, 0u);
    blo.len = 4;
    PPQ_CHECK_EQ(ppq_page_index_rows(&pi[0], &blo, NULL, ranges, RANGES, &n), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_page_index_rows(&pi[0], NULL, NULL, ranges, 0, &n), PPQ_ERR_NOSPACE);
    PPQ_CHECK_EQ(n, 1u); /* (every page: one range) */
    PPQ_CHECK_OK(ppq_column_reader_init(&crs[0], &rd, 0, 0, &arena));
    PPQ_CHECK_EQ(ppq_column_reader_select(&crs[0], &pi[0], bad, 2), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_column_reader_select(&crs[0], &pi[1], ranges, 0), PPQ_ERR_ARG); /* another chunk's */
    PPQ_CHECK_OK(ppq_column_reader_read(&crs[0], 4, v, NULL, NULL, &lv, &cnt));
    PPQ_CHECK_EQ(ppq_column_reader_select(&crs[0], &pi[0], ranges, 0), PPQ_ERR_STATE);
}

/* Pages holding only nulls hold no value in any range: left out. */
static void only_null_pages(void)
{
    uint32_t n = 0, i;
    size_t len = 0;
    long got;
    nulls_from = 400;
    nulls_to = 600;
    if (ROWS < 600u) {
        nulls_from = nulls_to = 0;
        return;
    }
    WRITE_OR_RETURN(40, &len);
    OPEN_OR_RETURN(len);
    read_index();
    PPQ_CHECK_OK(ppq_page_index_rows(&pi[1], NULL, NULL, ranges, RANGES, &n));
    if (pi[1].npages > 0u) {
        uint32_t nulls = 0;
        for (i = 0; i < pi[1].npages; i++) {
            nulls += pi[1].ci.null_pages[i];
        }
        PPQ_CHECK(nulls >= 4u); /* 200 null rows, 40-value pages */
        PPQ_CHECK_EQ(n, 2u);
        for (i = 0; i < n; i++) {
            PPQ_CHECK(ranges[i].end <= 400u || ranges[i].first >= 600u);
        }
        PPQ_CHECK_EQ(rows_in(ranges, n), (long)ROWS - 200);
        got = read_rows(ranges, n, 1);
        PPQ_CHECK_EQ(got, (long)ROWS - 200);
        PPQ_CHECK_EQ(crs[1].pages_jumped, nulls);
    }
    nulls_from = nulls_to = 0;
}

/* The index's bytes damaged one at a time, its offsets pointed past the
 * file: errors (or other rows), never a read outside the file (ASan). */
static void hostile_index(void)
{
    const ppq_chunk_info_t *ch;
    uint64_t a, b, i;
    size_t len = 0;
    uint32_t n;
    WRITE_OR_RETURN(40, &len);
    OPEN_OR_RETURN(len);
    ch = ppq_reader_chunk(&rd, 0, 0);
    if (ch->offset_index_offset == 0) {
        return;
    }
    a = (uint64_t)ch->column_index_offset;
    b = (uint64_t)ch->offset_index_offset + (uint64_t)ch->offset_index_len;
    for (i = a; i < b; i++) {
        uint8_t keep = file_buf[i];
        file_buf[i] ^= (uint8_t)(0x5Au + i);
        ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
        if (ppq_reader_open(&rd, &file, &arena) == PPQ_OK) {
            ppq_status_t st = ppq_reader_page_index(&rd, 0, 0, &arena, pi);
            if (st == PPQ_OK && ppq_page_index_rows(pi, NULL, NULL, ranges, RANGES, &n) == PPQ_OK &&
                ppq_column_reader_init(&crs[0], &rd, 0, 0, &arena) == PPQ_OK &&
                ppq_column_reader_select(&crs[0], pi, ranges, n) == PPQ_OK) {
                int64_t v[8];
                size_t lv = 1, cnt;
                while (lv > 0u && ppq_column_reader_read(&crs[0], 8, v, NULL, NULL, &lv, &cnt) == PPQ_OK) {
                }
            } else {
                PPQ_CHECK(st != PPQ_ERR_ARENA);
            }
        }
        file_buf[i] = keep;
    }
    /* offsets and lengths past the file */
    OPEN_OR_RETURN(len);
    {
        ppq_chunk_info_t *c = (ppq_chunk_info_t *)(uintptr_t)ppq_reader_chunk(&rd, 0, 0);
        c->offset_index_len = (int32_t)len;
        PPQ_CHECK_EQ(ppq_reader_page_index(&rd, 0, 0, &arena, pi), PPQ_ERR_CORRUPT);
        c->offset_index_len = 3;
        c->column_index_offset = (int64_t)len - 2;
        PPQ_CHECK(ppq_reader_page_index(&rd, 0, 0, &arena, pi) != PPQ_OK);
        c->bloom_offset = (int64_t)len - 4;
        {
            int maybe = 0;
            PPQ_CHECK(ppq_reader_bloom_check(&rd, 0, 0, 1234u, &maybe) != PPQ_OK);
            c->bloom_offset = (int64_t)len + 4;
            PPQ_CHECK_EQ(ppq_reader_bloom_check(&rd, 0, 0, 1234u, &maybe), PPQ_ERR_CORRUPT);
            c->bloom_offset = 0;
            PPQ_CHECK_OK(ppq_reader_bloom_check(&rd, 0, 0, 1234u, &maybe));
            PPQ_CHECK_EQ(maybe, 1); /* no filter: may */
        }
    }
}

#ifndef PPQ_TEST_SMALL
#include "where_golden.h"

/* Of the n pages starting at first[], those holding a row of [a, b). */
static uint32_t pages_holding(const uint32_t *first, uint32_t n, uint64_t a, uint64_t b)
{
    uint32_t i, k = 0;
    for (i = 0; i < n; i++) {
        uint64_t lo = first[i], hi = i + 1u < n ? first[i + 1u] : WHERE_GOLD_ROWS;
        k += lo < b && hi > a;
    }
    return k;
}

/* The boards' test: in arrow-rs's 20-minute log (test/where_golden.h),
 * one minute found through the page index, reading only the pages that
 * hold it: of ts, those whose bounds reach the minute; of temp (pages
 * breaking at other rows), those holding those rows; every value checked
 * against the writer's formulas. */
static void one_minute(void)
{
    int64_t lo = WHERE_GOLD_T0 + 300 * 1000000ll, hi = WHERE_GOLD_T0 + 360 * 1000000ll - 1, ts[16];
    uint8_t lo8[8], hi8[8];
    int32_t temp[16];
    int16_t def[16];
    ppq_bytes_t blo, bhi;
    uint32_t n = 0, c, in_minute = 0;
    size_t lv = 1, cnt = 0, lv2 = 0, cnt2 = 0, i;
    if (!PPQ_READER_PAGE_INDEX) {
        return; /* (a build without it) */
    }
    test_setup();
    crs = (ppq_column_reader_t *)test_alloc(2u * sizeof *crs);
    pi = (ppq_page_index_t *)test_alloc(2u * sizeof *pi);
    ranges = (ppq_row_range_t *)test_alloc(RANGES * sizeof *ranges);
    PPQ_CHECK(crs != NULL && pi != NULL && ranges != NULL);
    mfile_init(&file, &mf, (uint8_t *)(uintptr_t)where_gold_file, sizeof where_gold_file, sizeof where_gold_file);
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    PPQ_CHECK_OK(ppq_reader_open(&rd, &file, &arena));
    for (c = 0; c < 2u; c++) {
        PPQ_CHECK_OK(ppq_reader_page_index(&rd, 0, c, &arena, &pi[c]));
    }
    PPQ_CHECK_EQ(pi[0].npages, ARRAY_LEN(where_gold_ts_first));
    PPQ_CHECK_EQ(pi[1].npages, ARRAY_LEN(where_gold_temp_first));
    ppq_store_le64(lo8, (uint64_t)lo); /* (PLAIN bytes: little-endian on every host) */
    ppq_store_le64(hi8, (uint64_t)hi);
    blo.ptr = lo8;
    blo.len = 8;
    bhi.ptr = hi8;
    bhi.len = 8;
    PPQ_CHECK_OK(ppq_page_index_rows(&pi[0], &blo, &bhi, ranges, RANGES, &n));
    PPQ_CHECK_EQ(n, 1u);
    PPQ_CHECK(ranges[0].first <= 300u && ranges[0].end >= 360u);
    for (c = 0; c < 2u; c++) {
        PPQ_CHECK_OK(ppq_column_reader_init(&crs[c], &rd, 0, c, &arena));
        PPQ_CHECK_OK(ppq_column_reader_select(&crs[c], &pi[c], ranges, n));
    }
    while (lv > 0u) {
        PPQ_CHECK_OK(ppq_column_reader_read(&crs[0], 16, ts, def, NULL, &lv, &cnt));
        PPQ_CHECK_EQ(cnt, lv); /* (no nulls) */
        for (i = 0; i < lv; i += lv2) { /* temp's entries of the same rows */
            PPQ_CHECK_OK(ppq_column_reader_read(&crs[1], lv - i, temp + i, NULL, NULL, &lv2, &cnt2));
            PPQ_CHECK(lv2 > 0u);
        }
        for (i = 0; i < lv; i++) {
            int64_t row = (ts[i] - WHERE_GOLD_T0) / 1000000;
            PPQ_CHECK_EQ(ts[i], WHERE_GOLD_T0 + row * 1000000);
            PPQ_CHECK_EQ(temp[i], (int32_t)((row * 37) % 1000) - 200);
            in_minute += ts[i] >= lo && ts[i] <= hi;
        }
    }
    PPQ_CHECK_EQ(in_minute, 60u);
    PPQ_CHECK_EQ(crs[0].pages_read, pages_holding(where_gold_ts_first, ARRAY_LEN(where_gold_ts_first), 300, 360));
    PPQ_CHECK_EQ(crs[1].pages_read,
                 pages_holding(where_gold_temp_first, ARRAY_LEN(where_gold_temp_first), ranges[0].first, ranges[0].end));
    PPQ_CHECK(crs[0].pages_read <= 3u && crs[1].pages_read <= 2u); /* (of 48 and 21) */
}
#endif

static const ppq_test_case_t cases[] = {
    PPQ_TEST(aligned_after_skips),
    PPQ_TEST(range_hits_no_page),
    PPQ_TEST(only_null_pages),
    PPQ_TEST(hostile_index),
#ifndef PPQ_TEST_SMALL
    PPQ_TEST(one_minute),
#endif
};
PPQ_SUITE(suite_where, "where", cases);
