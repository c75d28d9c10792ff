/* Power-loss recovery: a log cut at every byte, with garbage after the
 * cut, with a flipped bit in any row group, or with a sink that fails
 * mid-write, recovers to exactly the row groups completed before the
 * damage.  "Exactly" is checked byte for byte against the file the writer
 * itself produces when closed after that many row groups (its footer comes
 * from the writer's footer store, not from the recovery code); the values
 * in such files are checked by the independent readers in test/interop. */
#include <string.h>

#include "recover_util.h"
#include "test_util.h"

#if PPQ_WRITER_RECOVERY /* (a build without recovery records: the #else below) */

#define RG_ROWS 5u

#ifdef PPQ_TEST_SMALL
#define FILE_CAP 2048u
#define LOG_GROUPS 3u   /* the every-byte file: 3 row groups fit 2 KB */
#define BIG_GROUPS 3u   /* the random-cut file */
#define BIG_CUTS 100u
#define MAX_GROUPS 8u
#else
#define FILE_CAP 131072u /* (50 row groups with their page indexes) */
#define LOG_GROUPS 4u
#define BIG_GROUPS 50u
#define BIG_CUTS 1000u
#define MAX_GROUPS 64u
#endif


/* ---- the log: the demo's column types, optional with nulls, dictionary and delta */

#define LCOL(n, t, opt, lk, enc) {n, t, 0, opt, {lk, 0, 0, 1, PPQ_UNIT_MICROS, 0, 0}, enc}

/* What each column holds: see set_value(). */
enum { G_TS, G_TEMPERATURE, G_PRESSURE, G_BATTERY, G_DOOR, G_STATUS };

#ifdef PPQ_TEST_SMALL
/* 4 KB of test arena: a timestamp and an optional dictionary column */
static const ppq_column_t log_schema[] = {
    LCOL("ts", PPQ_INT64, 0, PPQ_LOGICAL_TIMESTAMP, PPQ_COLUMN_PLAIN),
    LCOL("status", PPQ_BYTE_ARRAY, 1, PPQ_LOGICAL_STRING, PPQ_COLUMN_DICTIONARY),
};
static const uint8_t log_gen[] = {G_TS, G_STATUS};
#define LOG_FOOTER 1024u
#else
static const ppq_column_t log_schema[] = {
    LCOL("ts", PPQ_INT64, 0, PPQ_LOGICAL_TIMESTAMP, PPQ_COLUMN_DELTA_BINARY_PACKED),
    /* BYTE_STREAM_SPLIT unless the build leaves it out (ppq_config.h) */
    LCOL("temperature", PPQ_FLOAT, 0, PPQ_LOGICAL_NONE,
         (PPQ_WRITER_ENCODINGS & PPQ_WRITER_ENC_BYTE_STREAM_SPLIT) ? PPQ_COLUMN_BYTE_STREAM_SPLIT : PPQ_COLUMN_PLAIN),
    LCOL("pressure", PPQ_DOUBLE, 1, PPQ_LOGICAL_NONE, PPQ_COLUMN_PLAIN),
    {"battery_mv", PPQ_INT32, 0, 0, {PPQ_LOGICAL_INT, 16, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},
    LCOL("door_open", PPQ_BOOLEAN, 0, PPQ_LOGICAL_NONE, PPQ_COLUMN_AUTO),
    LCOL("status", PPQ_BYTE_ARRAY, 1, PPQ_LOGICAL_STRING, PPQ_COLUMN_DICTIONARY),
};
static const uint8_t log_gen[] = {G_TS, G_TEMPERATURE, G_PRESSURE, G_BATTERY, G_DOOR, G_STATUS};
#define LOG_FOOTER 32768u
#endif
#define LOG_COLS ((uint32_t)ARRAY_LEN(log_schema))

typedef struct syncs {
    size_t at[MAX_GROUPS]; /* file offsets: the test files are small */
    uint32_t n;
} syncs_t;

static ppq_status_t record_sync(void *ctx, uint64_t offset)
{
    syncs_t *s = (syncs_t *)ctx;
    if (s->n == MAX_GROUPS) {
        return PPQ_ERR_NOSPACE;
    }
    s->at[s->n++] = (size_t)offset;
    return PPQ_OK;
}

/* Option variants the cut tests run over. */
enum { V_PLAIN, V_PAGE_V2, V_NO_STATS, V_SNAPPY, V_COUNT }; /* (V_SNAPPY: compressed pages) */

static void log_options(ppq_writer_options_t *o, int variant, syncs_t *syncs)
{
    memset(o, 0, sizeof *o);
    o->page_values = 4; /* several pages per chunk */
    o->page_bytes = 32;
    o->row_group_rows = RG_ROWS;
    o->chunk_bytes = 1; /* the least */
    o->footer_bytes = LOG_FOOTER;
    o->dict_entries = 4; /* the status column falls back to PLAIN */
    o->dict_bytes = 32;
    o->recovery = 1;
    o->page_v2 = variant == V_PAGE_V2;
    o->no_statistics = variant == V_NO_STATS;
    o->codec = variant == V_SNAPPY ? PPQ_CODEC_SNAPPY : PPQ_CODEC_UNCOMPRESSED;
    o->codec_level = variant == V_SNAPPY; /* the smallest hash table: 16 KB boards */
    if (syncs != NULL) {
        syncs->n = 0;
        o->sync = record_sync;
        o->sync_ctx = syncs;
    }
}

static const char *const statuses[] = {"ok", "warn", "fault", "boot", "sleep", "ok"};

/* Row i's value of column `col`: deterministic, with nulls in the optional ones. */
static ppq_status_t set_value(ppq_writer_t *w, uint32_t col, uint32_t i)
{
    const char *s = statuses[(i * 7u / 3u) % 6u];
    switch (log_gen[col]) {
    case G_TS: return ppq_writer_set_i64(w, col, 1700000000000000ll + (int64_t)i * 1000000 + (int64_t)(i % 3u));
    case G_TEMPERATURE: return ppq_writer_set_float(w, col, 20.0f + (float)(i % 9u) * 0.25f);
    case G_PRESSURE:
        return i % 4u == 1u ? ppq_writer_set_null(w, col) : ppq_writer_set_double(w, col, 1013.25 - (double)i * 0.5);
    case G_BATTERY: return ppq_writer_set_i32(w, col, (int32_t)(40000u - i * 3u));
    case G_DOOR: return ppq_writer_set_bool(w, col, i % 3u == 0u);
    default: return i % 5u == 2u ? ppq_writer_set_null(w, col) : ppq_writer_set_bytes(w, col, s, (uint32_t)strlen(s));
    }
}

/* Write `rows` rows of the log to sink and close it. */
static ppq_status_t write_log(ppq_sink_t *sink, uint32_t rows, int variant, syncs_t *syncs)
{
    ppq_writer_options_t o;
    ppq_writer_t w;
    uint32_t i, c;
    ppq_status_t st;
    log_options(&o, variant, syncs);
    st = ppq_writer_init(&w, log_schema, LOG_COLS, &o, sink, test_arena_ptr, test_arena_size);
    for (i = 0; i < rows && st == PPQ_OK; i++) {
        for (c = 0; c < LOG_COLS && st == PPQ_OK; c++) {
            st = set_value(&w, c, i);
        }
        st = st == PPQ_OK ? ppq_writer_commit_row(&w) : st;
    }
    return st == PPQ_OK ? ppq_writer_close(&w) : st;
}

/* The file the writer makes of the first `groups` row groups: what a cut
 * after them must recover to. */
static ppq_status_t reference(uint8_t *buf, size_t cap, uint32_t groups, int variant, size_t *len)
{
    ppq_sink_t sink;
    ppq_memsink_t mem;
    ppq_status_t st;
    ppq_sink_init_mem(&sink, &mem, buf, cap);
    st = write_log(&sink, groups * RG_ROWS, variant, NULL);
    *len = mem.len;
    return st;
}

/* Row groups completed at or before byte k. */
static uint32_t groups_before(const syncs_t *s, size_t k)
{
    uint32_t r = 0;
    while (r < s->n && s->at[r] <= k) {
        r++;
    }
    return r;
}

/* Recover `len` bytes of `data` by copy into out[cap]: the status, *res and *out_len. */
static ppq_status_t recover_copy(uint8_t *data, size_t len, uint8_t *out, size_t cap, ppq_recover_result_t *res,
                                 size_t *out_len)
{
    ppq_file_t f;
    mfile_t m;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    ppq_status_t st;
    mfile_init(&f, &m, data, len, len);
    ppq_sink_init_mem(&sink, &mem, out, cap);
    st = ppq_recover_copy(&f, &sink, test_arena_ptr, test_arena_size, res);
    *out_len = mem.len;
    return st;
}

typedef struct bufs {
    uint8_t *file, *ref, *out;
    size_t file_len, ref_len;
    uint32_t ref_groups;
    syncs_t syncs;
} bufs_t;

static int bufs_setup(bufs_t *b)
{
    test_setup();
    b->file = (uint8_t *)test_alloc(FILE_CAP);
    b->ref = (uint8_t *)test_alloc(FILE_CAP);
    b->out = (uint8_t *)test_alloc(FILE_CAP);
    b->ref_groups = 0xFFFFFFFFu;
    return b->out != NULL;
}

/* Write the whole log of `groups` row groups into b->file. */
static ppq_status_t write_file(bufs_t *b, uint32_t groups, int variant)
{
    ppq_sink_t sink;
    ppq_memsink_t mem;
    ppq_status_t st;
    ppq_sink_init_mem(&sink, &mem, b->file, FILE_CAP);
    st = write_log(&sink, groups * RG_ROWS, variant, &b->syncs);
    b->file_len = mem.len;
    return st;
}

/* Make b->ref the reference for `groups` row groups (kept while unchanged). */
static ppq_status_t want_ref(bufs_t *b, uint32_t groups, int variant)
{
    ppq_status_t st = PPQ_OK;
    if (b->ref_groups != groups) {
        st = reference(b->ref, FILE_CAP, groups, variant, &b->ref_len);
        b->ref_groups = groups;
    }
    return st;
}

/* The header record's end: where the first row group starts. */
static size_t header_end(const uint8_t *file)
{
    return 16u + ppq_load_le32(file + 8);
}

/* ---- tests --------------------------------------------------------------------- */

static void records_and_sync(void)
{
    bufs_t b;
    uint32_t g;
    PPQ_CHECK(bufs_setup(&b));
    PPQ_CHECK_EQ(write_file(&b, LOG_GROUPS, V_PLAIN), PPQ_OK);
    PPQ_CHECK_EQ(b.syncs.n, LOG_GROUPS);
    PPQ_CHECK_MEM(b.file, "PAR1\0PQH", 8);
    PPQ_CHECK(header_end(b.file) < b.syncs.at[0]);
    for (g = 0; g < LOG_GROUPS; g++) {
        const uint8_t *r = b.file + b.syncs.at[g] - PPQ_RECOVER_GROUP_RECORD;
        PPQ_CHECK_MEM(r, "\0PQR", 4);
        PPQ_CHECK_EQ(ppq_load_le32(r + 4), RG_ROWS);
        PPQ_CHECK_EQ(ppq_load_le32(r + 8), g);
        PPQ_CHECK_EQ(ppq_load_le32(r + 16), ppq_crc32(0, r, 16));
    }
    /* after the last row group: the footer and nothing else */
    PPQ_CHECK_EQ(ppq_load_le32(b.file + b.file_len - 8), b.file_len - 8u - b.syncs.at[LOG_GROUPS - 1u]);
}

#if PPQ_WRITER_BLOOM
/* The log's bloom filters (the status column's dictionary chunks, and the
 * battery's where AUTO keeps its dictionary) and their records: a record
 * before each row group's filters says their lengths, and the every-byte
 * cuts (cut_at_every_byte) recover files whose footers point at them, byte
 * for byte the writer's own. */
static void bloom_records(void)
{
    bufs_t b;
    uint32_t g, filters = 0;
    size_t from;
    PPQ_CHECK(bufs_setup(&b));
    PPQ_CHECK_EQ(write_file(&b, LOG_GROUPS, V_PLAIN), PPQ_OK);
    PPQ_CHECK_EQ(b.file[13] & 8u, 8u); /* the header's flag */
    from = header_end(b.file);
    for (g = 0; g < LOG_GROUPS; g++) {
        size_t rec = b.syncs.at[g] - PPQ_RECOVER_GROUP_RECORD, at = rec, total = 0;
        uint32_t c;
        while (at > from && memcmp(b.file + at, PPQ_RECOVER_BLOOM_TAG, 4) != 0) {
            at--;
        }
        PPQ_CHECK(at > from);
        for (c = 0; c < LOG_COLS; c++) {
            uint32_t len = ppq_load_le32(b.file + at + 8u + 4u * c);
            total += len;
            filters += len > 0u;
        }
        PPQ_CHECK_EQ(ppq_load_le32(b.file + at + 4), total);
        PPQ_CHECK_EQ(ppq_load_le32(b.file + at + 8u + 4u * LOG_COLS), ppq_crc32(0, b.file + at, 8u + 4u * LOG_COLS));
        PPQ_CHECK_EQ(at + 12u + 4u * LOG_COLS + total, rec); /* the filters end at the row group's record */
        from = b.syncs.at[g];
    }
    PPQ_CHECK(filters >= LOG_GROUPS);
}
#endif

#if PPQ_WRITER_BLOOM
/* A status string, DICTIONARY, in row groups of 5: "ok" (its dictionary
 * kept: a filter), then 5 distinct codes (its dictionary of 4 entries
 * filled, PLAIN after it: none), then "ok". */
static ppq_status_t write_filters_and_none(ppq_sink_t *sink, syncs_t *syncs)
{
    static const ppq_column_t schema[] = {LCOL("s", PPQ_BYTE_ARRAY, 0, PPQ_LOGICAL_STRING, PPQ_COLUMN_DICTIONARY)};
    char code[4] = {'e', '0', '0', 0};
    ppq_writer_options_t o;
    ppq_writer_t w;
    uint32_t i;
    ppq_status_t st;
    log_options(&o, V_PLAIN, syncs);
    st = ppq_writer_init(&w, schema, 1, &o, sink, test_arena_ptr, test_arena_size);
    for (i = 0; i < 3u * RG_ROWS && st == PPQ_OK; i++) {
        code[2] = (char)('0' + i % 10u);
        st = i / RG_ROWS == 1u ? ppq_writer_set_bytes(&w, 0, code, 3) : ppq_writer_set_bytes(&w, 0, "ok", 2);
        st = st == PPQ_OK ? ppq_writer_commit_row(&w) : st;
    }
    return st == PPQ_OK ? ppq_writer_close(&w) : st;
}

/* A row group none of whose columns has a bloom filter has no bloom
 * filter record (20 bytes a row group more than PLAIN's file before):
 * the second row group's codes filled its dictionary; the others keep
 * theirs, their filters and records.  The file cut before its footer
 * recovers all three row groups, byte for byte the writer's. */
static void bloom_record_only_with_filters(void)
{
    bufs_t b;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    ppq_recover_result_t res;
    size_t out_len = 0, from;
    uint32_t g;
    PPQ_CHECK(bufs_setup(&b));
    ppq_sink_init_mem(&sink, &mem, b.file, FILE_CAP);
    PPQ_CHECK_EQ(write_filters_and_none(&sink, &b.syncs), PPQ_OK);
    b.file_len = mem.len;
    PPQ_CHECK_EQ(b.syncs.n, 3u);
    from = header_end(b.file);
    for (g = 0; g < 3u; g++) {
        size_t at = b.syncs.at[g] - PPQ_RECOVER_GROUP_RECORD;
        while (at > from && memcmp(b.file + at, PPQ_RECOVER_BLOOM_TAG, 4) != 0) {
            at--;
        }
        PPQ_CHECK_EQ(at > from, g != 1u); /* (a record, and a filter in it, but in the noise's) */
        PPQ_CHECK(g == 1u || ppq_load_le32(b.file + at + 8u) > 0u);
        from = b.syncs.at[g];
    }
    PPQ_CHECK_EQ(recover_copy(b.file, b.syncs.at[2], b.out, FILE_CAP, &res, &out_len), PPQ_OK);
    PPQ_CHECK_EQ(res.row_groups, 3u);
    PPQ_CHECK_EQ(out_len, b.file_len);
    PPQ_CHECK_MEM(b.out, b.file, b.file_len);
}
#endif

static void cut_at_every_byte(void)
{
    bufs_t b;
    int v;
    PPQ_CHECK(bufs_setup(&b));
    for (v = 0; v < V_COUNT; v++) {
        size_t k;
        ppq_writer_options_t o;
        log_options(&o, v, NULL);
        if ((v == V_PAGE_V2 && !PPQ_WRITER_PAGE_V2) || (v == V_SNAPPY && !ppq_codec_can_compress(PPQ_CODEC_SNAPPY))) {
            continue; /* not built (ppq_config.h) */
        }
        if (v == V_SNAPPY && ppq_writer_arena_size(log_schema, LOG_COLS, &o) > test_arena_size) {
            continue; /* the compressor's table and buffers pass the 16 KB board's test arena */
        }
        b.ref_groups = 0xFFFFFFFFu;
        PPQ_CHECK_EQ(write_file(&b, LOG_GROUPS, v), PPQ_OK);
        PPQ_CHECK(b.file_len > b.syncs.at[LOG_GROUPS - 1u]);
        for (k = 0; k <= b.file_len; k++) {
            ppq_recover_result_t res;
            size_t out_len = 0;
            uint32_t want = groups_before(&b.syncs, k);
            ppq_status_t st = recover_copy(b.file, k, b.out, FILE_CAP, &res, &out_len);
            if (k == b.file_len) {
                PPQ_CHECK_EQ(st, PPQ_OK);
                PPQ_CHECK(res.was_valid);
                PPQ_CHECK_EQ(out_len, b.file_len);
                PPQ_CHECK_MEM(b.out, b.file, b.file_len);
                continue;
            }
            if (want == 0u) {
                PPQ_CHECK_EQ(st, PPQ_ERR_CORRUPT);
                PPQ_CHECK_EQ(res.row_groups, 0);
                PPQ_CHECK_EQ(res.recoverable, k >= header_end(b.file));
                continue;
            }
            PPQ_CHECK_EQ(st, PPQ_OK);
            PPQ_CHECK(!res.was_valid);
            PPQ_CHECK_EQ(res.row_groups, want);
            PPQ_CHECK_EQ(res.rows, want * RG_ROWS);
            PPQ_CHECK_EQ(res.kept_bytes, b.syncs.at[want - 1u]);
            PPQ_CHECK_EQ(res.dropped_bytes, k - b.syncs.at[want - 1u]);
            PPQ_CHECK_EQ(want_ref(&b, want, v), PPQ_OK);
            PPQ_CHECK_EQ(out_len, b.ref_len);
            PPQ_CHECK_EQ(res.size, b.ref_len);
            PPQ_CHECK_MEM(b.out, b.ref, b.ref_len);
        }
    }
}

static void in_place(void)
{
    bufs_t b;
    uint8_t *work;
    size_t k;
    PPQ_CHECK(bufs_setup(&b));
    work = b.out; /* the file recovered in place */
    PPQ_CHECK_EQ(write_file(&b, LOG_GROUPS, V_PLAIN), PPQ_OK);
    for (k = b.syncs.at[0]; k <= b.file_len; k += 1u + ppq_test_below(7)) {
        ppq_file_t f;
        mfile_t m;
        ppq_recover_result_t res;
        uint32_t want = groups_before(&b.syncs, k);
        memcpy(work, b.file, k);
        mfile_init(&f, &m, work, k, FILE_CAP);
        PPQ_CHECK_EQ(ppq_recover_in_place(&f, test_arena_ptr, test_arena_size, &res), PPQ_OK);
        if (k == b.file_len) {
            PPQ_CHECK(res.was_valid);
            PPQ_CHECK_EQ(m.len, b.file_len);
            continue;
        }
        PPQ_CHECK_EQ(res.row_groups, want);
        PPQ_CHECK_EQ(want_ref(&b, want, V_PLAIN), PPQ_OK);
        PPQ_CHECK_EQ(m.len, b.ref_len);
        PPQ_CHECK_EQ(res.size, b.ref_len);
        PPQ_CHECK_MEM(work, b.ref, b.ref_len);
        /* a second run finds a valid file and leaves it */
        f.size = m.len;
        PPQ_CHECK_EQ(ppq_recover_in_place(&f, test_arena_ptr, test_arena_size, &res), PPQ_OK);
        PPQ_CHECK(res.was_valid);
        PPQ_CHECK_EQ(m.len, b.ref_len);
    }
}

static void garbage_after_cut(void)
{
    bufs_t b;
    unsigned i;
    PPQ_CHECK(bufs_setup(&b));
    PPQ_CHECK_EQ(write_file(&b, LOG_GROUPS, V_PLAIN), PPQ_OK);
    for (i = 0; i < 200u; i++) {
        ppq_recover_result_t res;
        size_t k = b.syncs.at[0] + ppq_test_below(b.file_len - b.syncs.at[0] + 1u), extra, j, out_len = 0;
        uint32_t want = groups_before(&b.syncs, k);
        uint8_t *work = b.out;
        extra = 1u + ppq_test_below(FILE_CAP - b.file_len < 300u ? FILE_CAP - b.file_len : 300u);
        memcpy(work, b.file, k);
        for (j = 0; j < extra; j++) {
            /* random bytes, or a tag now and then to tempt the scan */
            work[k + j] = (uint8_t)ppq_test_rand();
        }
        if (i % 3u == 0u && extra >= 4u) {
            memcpy(work + k, i % 2u ? "\0PQR" : "\x15\x00\x15", 4);
        }
        PPQ_CHECK_EQ(recover_copy(work, k + extra, b.ref, FILE_CAP, &res, &out_len), PPQ_OK);
        PPQ_CHECK_EQ(res.row_groups, want);
        PPQ_CHECK_EQ(res.dropped_bytes, k + extra - b.syncs.at[want - 1u]);
        /* compare with the reference, built into `work` now that it is free */
        PPQ_CHECK_EQ(reference(work, FILE_CAP, want, V_PLAIN, &j), PPQ_OK);
        PPQ_CHECK_EQ(out_len, j);
        PPQ_CHECK_MEM(b.ref, work, j);
    }
}

static void flipped_bits(void)
{
    bufs_t b;
    unsigned i;
    size_t cut;
    PPQ_CHECK(bufs_setup(&b));
    PPQ_CHECK_EQ(write_file(&b, LOG_GROUPS, V_PLAIN), PPQ_OK);
    cut = b.syncs.at[LOG_GROUPS - 1u]; /* every row group complete, no footer */
    for (i = 0; i < 300u; i++) {
        ppq_recover_result_t res;
        /* g 0: a bit of the header record; g 1..: of row group g-1 (pages or record) */
        uint32_t g = (uint32_t)ppq_test_below(LOG_GROUPS + 1u), want = g == 0u ? 0u : g - 1u;
        size_t from = g == 0u ? 4u : g == 1u ? header_end(b.file) : b.syncs.at[g - 2u];
        size_t to = g == 0u ? header_end(b.file) : b.syncs.at[g - 1u];
        size_t at = from + ppq_test_below(to - from), out_len = 0;
        ppq_status_t st;
        memcpy(b.out, b.file, cut);
        b.out[at] ^= (uint8_t)(1u << ppq_test_below(8));
        st = recover_copy(b.out, cut, b.ref, FILE_CAP, &res, &out_len);
        if (want == 0u) {
            PPQ_CHECK_EQ(st, PPQ_ERR_CORRUPT);
            PPQ_CHECK_EQ(res.recoverable, g != 0u);
            continue;
        }
        PPQ_CHECK_EQ(st, PPQ_OK);
        PPQ_CHECK_EQ(res.row_groups, want);
        PPQ_CHECK_EQ(res.kept_bytes, b.syncs.at[want - 1u]);
    }
}

static void many_row_groups(void)
{
    bufs_t b;
    unsigned i;
    PPQ_CHECK(bufs_setup(&b));
    PPQ_CHECK_EQ(write_file(&b, BIG_GROUPS, V_PLAIN), PPQ_OK);
    PPQ_CHECK_EQ(b.syncs.n, BIG_GROUPS);
    for (i = 0; i < BIG_CUTS; i++) {
        ppq_recover_result_t res;
        size_t k = ppq_test_below(b.file_len + 1u), out_len = 0;
        uint32_t want = groups_before(&b.syncs, k);
        ppq_status_t st = recover_copy(b.file, k, b.out, FILE_CAP, &res, &out_len);
        if (want == 0u) {
            PPQ_CHECK_EQ(st, PPQ_ERR_CORRUPT);
            continue;
        }
        PPQ_CHECK_EQ(st, PPQ_OK);
        if (res.was_valid) { /* the whole file (a draw of k = its length): its footer, nothing to do */
            PPQ_CHECK_EQ(k, b.file_len);
            continue;
        }
        PPQ_CHECK_EQ(res.row_groups, want);
        {
            PPQ_CHECK_EQ(want_ref(&b, want, V_PLAIN), PPQ_OK);
            PPQ_CHECK_EQ(out_len, b.ref_len);
            PPQ_CHECK_MEM(b.out, b.ref, b.ref_len);
        }
    }
}

/* The sink stops taking bytes mid-write: the writer reports it, and what
 * reached the file recovers to the row groups synced before. */
static void sink_fails_mid_write(void)
{
    bufs_t b;
    size_t k;
    PPQ_CHECK(bufs_setup(&b));
    PPQ_CHECK_EQ(write_file(&b, LOG_GROUPS, V_PLAIN), PPQ_OK);
    for (k = 0; k < b.file_len; k += 1u + ppq_test_below(5)) {
        ppq_sink_t sink;
        tsink_t ts;
        syncs_t s;
        ppq_recover_result_t res;
        size_t out_len = 0;
        uint32_t want;
        ppq_status_t st;
        tsink_init(&sink, &ts, b.out, FILE_CAP, k);
        PPQ_CHECK_EQ(write_log(&sink, LOG_GROUPS * RG_ROWS, V_PLAIN, &s), PPQ_ERR_IO);
        PPQ_CHECK(ts.len <= k);
        PPQ_CHECK_MEM(b.out, b.file, ts.len);
        want = groups_before(&b.syncs, ts.len);
        PPQ_CHECK_EQ(s.n, want); /* synced only what the sink took */
        st = recover_copy(b.out, ts.len, b.ref, FILE_CAP, &res, &out_len);
        PPQ_CHECK_EQ(st, want == 0u ? PPQ_ERR_CORRUPT : PPQ_OK);
        PPQ_CHECK_EQ(res.row_groups, want);
    }
}

static ppq_status_t failing_sync(void *ctx, uint64_t offset)
{
    (void)ctx;
    (void)offset;
    return PPQ_ERR_IO;
}

static void sync_error_is_sticky(void)
{
    bufs_t b;
    ppq_writer_options_t o;
    ppq_writer_t w;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    uint32_t i;
    ppq_status_t st = PPQ_OK;
    PPQ_CHECK(bufs_setup(&b));
    log_options(&o, V_PLAIN, NULL);
    o.sync = failing_sync;
    ppq_sink_init_mem(&sink, &mem, b.file, FILE_CAP);
    PPQ_CHECK_EQ(ppq_writer_init(&w, log_schema, LOG_COLS, &o, &sink, test_arena_ptr, test_arena_size), PPQ_OK);
    for (i = 0; i < RG_ROWS && st == PPQ_OK; i++) {
        uint32_t c;
        for (c = 0; c < LOG_COLS && st == PPQ_OK; c++) {
            st = set_value(&w, c, i);
        }
        st = st == PPQ_OK ? ppq_writer_commit_row(&w) : st;
    }
    PPQ_CHECK_EQ(st, PPQ_ERR_IO);
    PPQ_CHECK_EQ(i, RG_ROWS);
    PPQ_CHECK_EQ(ppq_writer_commit_row(&w), PPQ_ERR_IO);
    PPQ_CHECK_EQ(ppq_writer_close(&w), PPQ_ERR_IO);
    PPQ_CHECK(memcmp(b.file + mem.len - 4, "PAR1", 4) != 0); /* no footer */
}

static void refuses_other_files(void)
{
    bufs_t b;
    ppq_writer_options_t o;
    ppq_writer_t w;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    ppq_recover_result_t res;
    ppq_file_t f;
    mfile_t m;
    size_t out_len = 0, i;
    PPQ_CHECK(bufs_setup(&b));
    /* a file written without the recovery option: valid, so copied; cut, refused */
    log_options(&o, V_PLAIN, NULL);
    o.recovery = 0;
    ppq_sink_init_mem(&sink, &mem, b.file, FILE_CAP);
    PPQ_CHECK_EQ(ppq_writer_init(&w, log_schema, 1, &o, &sink, test_arena_ptr, test_arena_size), PPQ_OK);
    for (i = 0; i < 12u; i++) {
        PPQ_CHECK_EQ(ppq_writer_set_i64(&w, 0, (int64_t)i), PPQ_OK);
        PPQ_CHECK_EQ(ppq_writer_commit_row(&w), PPQ_OK);
    }
    PPQ_CHECK_EQ(ppq_writer_close(&w), PPQ_OK);
    PPQ_CHECK_EQ(recover_copy(b.file, mem.len, b.out, FILE_CAP, &res, &out_len), PPQ_OK);
    PPQ_CHECK(res.was_valid && !res.recoverable);
    PPQ_CHECK_EQ(out_len, mem.len);
    PPQ_CHECK_MEM(b.out, b.file, mem.len);
    PPQ_CHECK_EQ(recover_copy(b.file, mem.len - 1u, b.out, FILE_CAP, &res, &out_len), PPQ_ERR_CORRUPT);
    PPQ_CHECK(!res.recoverable);
    /* random bytes, an empty file */
    for (i = 0; i < 256u; i++) {
        b.file[i] = (uint8_t)ppq_test_rand();
    }
    PPQ_CHECK_EQ(recover_copy(b.file, 256, b.out, FILE_CAP, &res, &out_len), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(recover_copy(b.file, 0, b.out, FILE_CAP, &res, &out_len), PPQ_ERR_CORRUPT);
    /* arguments */
    mfile_init(&f, &m, b.file, 256, 256);
    PPQ_CHECK_EQ(ppq_recover_scan(&f, test_arena_ptr, PPQ_RECOVER_ARENA_MIN - 1u, &res), PPQ_ERR_ARENA);
    PPQ_CHECK_EQ(ppq_recover_scan(NULL, test_arena_ptr, test_arena_size, &res), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_recover_copy(&f, NULL, test_arena_ptr, test_arena_size, &res), PPQ_ERR_ARG);
    f.truncate = NULL;
    PPQ_CHECK_EQ(ppq_recover_in_place(&f, test_arena_ptr, test_arena_size, &res), PPQ_ERR_ARG);
}

/* The least arena works as well as a large one. */
static void least_arena(void)
{
    bufs_t b;
    ppq_file_t f;
    mfile_t m;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    ppq_recover_result_t res;
    size_t cut;
    PPQ_CHECK(bufs_setup(&b));
    PPQ_CHECK_EQ(write_file(&b, LOG_GROUPS, V_PLAIN), PPQ_OK);
    cut = b.syncs.at[LOG_GROUPS - 1u] + 3u;
    mfile_init(&f, &m, b.file, cut, cut);
    ppq_sink_init_mem(&sink, &mem, b.out, FILE_CAP);
    PPQ_CHECK_EQ(ppq_recover_copy(&f, &sink, test_arena_ptr, PPQ_RECOVER_ARENA_MIN, &res), PPQ_OK);
    PPQ_CHECK_EQ(res.row_groups, LOG_GROUPS);
    PPQ_CHECK_EQ(mem.len, b.file_len);
    PPQ_CHECK_MEM(b.out, b.file, b.file_len);
}

/* Like the fuzz target: mutate a byte of the header record or of the
 * first two row groups, then fix the records' own CRCs so the damage gets
 * past them: recovery must refuse it or keep fewer row groups, never crash. */

static void hostile_records(void)
{
    static const uint8_t flips[] = {0x01, 0x80, 0xFF};
    bufs_t b;
    size_t at, cut, end;
    unsigned f;
    PPQ_CHECK(bufs_setup(&b));
    PPQ_CHECK_EQ(write_file(&b, LOG_GROUPS, V_PLAIN), PPQ_OK);
    cut = b.syncs.at[LOG_GROUPS - 1u];
    end = b.syncs.at[1];
    for (at = 8; at < end; at++) {
        for (f = 0; f < sizeof flips; f++) {
            ppq_recover_result_t res;
            size_t out_len = 0;
            ppq_status_t st;
            uint32_t g = groups_before(&b.syncs, at); /* the row group the byte is in */
            int record_crc = g < LOG_GROUPS && at + 4u >= b.syncs.at[g]; /* recomputed by fix_crcs */
            memcpy(b.out, b.file, cut);
            b.out[at] ^= flips[f];
            fix_record_crcs(b.out, cut);
            st = recover_copy(b.out, cut, b.ref, FILE_CAP, &res, &out_len);
            PPQ_CHECK(st == PPQ_OK || st == PPQ_ERR_CORRUPT);
            if (st == PPQ_OK) {
                PPQ_CHECK(res.kept_bytes <= cut && out_len == res.size);
            }
            if (at >= header_end(b.file) && !record_crc) {
                PPQ_CHECK(res.row_groups <= g); /* the damaged group and those after it dropped */
            }
        }
    }
}

/* A read, truncate or append callback failing at any call: its status
 * comes back, nothing else happens. */
typedef struct ffile {
    mfile_t m;
    unsigned calls, fail_at;
} ffile_t;

static ppq_status_t ff_read_at(void *ctx, uint64_t off, uint8_t *buf, size_t len, size_t *got)
{
    ffile_t *f = (ffile_t *)ctx;
    if (f->calls++ == f->fail_at) {
        *got = 0;
        return PPQ_ERR_IO;
    }
    return mf_read_at(&f->m, off, buf, len, got);
}

static ppq_status_t ff_truncate(void *ctx, uint64_t size)
{
    ffile_t *f = (ffile_t *)ctx;
    return f->calls++ == f->fail_at ? PPQ_ERR_IO : mf_truncate(&f->m, size);
}

static ppq_status_t ff_append(void *ctx, const uint8_t *data, size_t len)
{
    ffile_t *f = (ffile_t *)ctx;
    return f->calls++ == f->fail_at ? PPQ_ERR_IO : mf_append(&f->m, data, len);
}

static void callback_failures(void)
{
    bufs_t b;
    ffile_t ff;
    ppq_file_t f = {ff_read_at, ff_truncate, ff_append, NULL, 0};
    size_t cut;
    int mode;
    PPQ_CHECK(bufs_setup(&b));
    PPQ_CHECK_EQ(write_file(&b, LOG_GROUPS, V_PLAIN), PPQ_OK);
    f.ctx = &ff;
    for (mode = 0; mode < 3; mode++) { /* scan, copy (sink failing too), in place */
        /* a cut file, and (mode 0) the whole file: the footer check reads too */
        cut = mode == 0 ? b.file_len : b.syncs.at[LOG_GROUPS - 1u] + 5u;
        for (ff.fail_at = 0;; ff.fail_at++) {
            ppq_recover_result_t res;
            ppq_sink_t sink;
            tsink_t ts;
            ppq_status_t st;
            memcpy(b.out, b.file, cut);
            ff.m.buf = b.out;
            ff.m.len = cut;
            ff.m.cap = FILE_CAP;
            ff.calls = 0;
            f.size = cut;
            tsink_init(&sink, &ts, b.ref, FILE_CAP, ff.fail_at * 64u);
            st = mode == 0   ? ppq_recover_scan(&f, test_arena_ptr, test_arena_size, &res)
                 : mode == 1 ? ppq_recover_copy(&f, &sink, test_arena_ptr, test_arena_size, &res)
                             : ppq_recover_in_place(&f, test_arena_ptr, test_arena_size, &res);
            if (st == PPQ_OK) {
                PPQ_CHECK(ff.calls <= ff.fail_at);
                break;
            }
            PPQ_CHECK_EQ(st, PPQ_ERR_IO);
            PPQ_CHECK(ff.fail_at < 100000u);
        }
    }
}

/* Logged bytes that look like a footer (the schema's head, no row groups,
 * its length and "PAR1") right before a cut: not taken for the file's
 * footer, the complete row groups before them recovered. */
static void fake_footer_in_data(void)
{
    static const uint8_t no_rows[4] = {0x16, 0x00, 0x19, 0x0C}; /* num_rows 0, row_groups [] */
    bufs_t b;
    ppq_recover_result_t res;
    size_t cut, head, tail, k, out_len = 0;
    const uint8_t *footer;
    PPQ_CHECK(bufs_setup(&b));
    PPQ_CHECK_EQ(write_file(&b, LOG_GROUPS, V_PLAIN), PPQ_OK);
    /* a footer of the file's own head and tail, no row groups, pasted over
     * the end of a cut inside the last group */
    head = ppq_load_le32(b.file + 20);
    tail = ppq_load_le32(b.file + 24);
    footer = b.file + b.file_len - 8u - ppq_load_le32(b.file + b.file_len - 8u);
    cut = b.syncs.at[LOG_GROUPS - 1u] - PPQ_RECOVER_GROUP_RECORD - 2u;
    k = cut - 8u - tail - sizeof no_rows - head;
    PPQ_CHECK(k > b.syncs.at[LOG_GROUPS - 2u]);
    memcpy(b.out, b.file, cut);
    memcpy(b.out + k, footer, head);
    memcpy(b.out + k + head, no_rows, sizeof no_rows);
    memcpy(b.out + k + head + sizeof no_rows, b.file + b.file_len - 8u - tail, tail);
    ppq_store_le32(b.out + cut - 8u, (uint32_t)(head + sizeof no_rows + tail));
    memcpy(b.out + cut - 4u, "PAR1", 4);
    PPQ_CHECK_EQ(recover_copy(b.out, cut, b.ref, FILE_CAP, &res, &out_len), PPQ_OK);
    PPQ_CHECK(!res.was_valid);
    PPQ_CHECK_EQ(res.row_groups, LOG_GROUPS - 1u);
}

/* Key-value metadata changed between init and close: the closed file is
 * still seen as complete. */
static void key_values_changed_before_close(void)
{
    static ppq_key_value_t kv[1] = {{"end", "not yet"}};
    bufs_t b;
    ppq_writer_options_t o;
    ppq_writer_t w;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    ppq_recover_result_t res;
    size_t out_len = 0;
    uint32_t i, c;
    PPQ_CHECK(bufs_setup(&b));
    log_options(&o, V_PLAIN, NULL);
    kv[0].value = "not yet";
    o.key_values = kv;
    o.key_value_count = 1;
    ppq_sink_init_mem(&sink, &mem, b.file, FILE_CAP);
    PPQ_CHECK_EQ(ppq_writer_init(&w, log_schema, LOG_COLS, &o, &sink, test_arena_ptr, test_arena_size), PPQ_OK);
    for (i = 0; i < 2u * RG_ROWS; i++) {
        for (c = 0; c < LOG_COLS; c++) {
            PPQ_CHECK_EQ(set_value(&w, c, i), PPQ_OK);
        }
        PPQ_CHECK_EQ(ppq_writer_commit_row(&w), PPQ_OK);
    }
    kv[0].value = "2026-11-23T10:00:00Z";
    PPQ_CHECK_EQ(ppq_writer_close(&w), PPQ_OK);
    PPQ_CHECK_EQ(recover_copy(b.file, mem.len, b.out, FILE_CAP, &res, &out_len), PPQ_OK);
    PPQ_CHECK(res.was_valid);
    PPQ_CHECK_EQ(out_len, mem.len);
}

/* A read that comes back short before the file's end is an I/O error, not
 * a cut: in place, nothing is truncated. */
static size_t short_at; /* a read covering this offset returns nothing */

static ppq_status_t short_read_at(void *ctx, uint64_t off, uint8_t *buf, size_t len, size_t *got)
{
    ppq_status_t st = mf_read_at(ctx, off, buf, len, got);
    if (off + len > short_at && off <= short_at + 64u) {
        *got = 0; /* the card returned nothing this time */
    }
    return st;
}

static void short_read_is_io(void)
{
    bufs_t b;
    ppq_file_t f;
    mfile_t m;
    ppq_recover_result_t res;
    size_t cut;
    PPQ_CHECK(bufs_setup(&b));
    PPQ_CHECK_EQ(write_file(&b, LOG_GROUPS, V_PLAIN), PPQ_OK);
    cut = b.syncs.at[LOG_GROUPS - 1u] + 7u;
    short_at = (header_end(b.file) + cut) / 2u;
    memcpy(b.out, b.file, cut);
    mfile_init(&f, &m, b.out, cut, FILE_CAP);
    f.read_at = short_read_at;
    PPQ_CHECK_EQ(ppq_recover_in_place(&f, test_arena_ptr, test_arena_size, &res), PPQ_ERR_IO);
    PPQ_CHECK_EQ(m.len, cut); /* not truncated */
}

/* In-place recovery cut off while appending the footer (the append fails
 * at every byte): the file recovers again, to the same bytes. */
static void in_place_recovers_again(void)
{
    bufs_t b;
    size_t cut, k;
    PPQ_CHECK(bufs_setup(&b));
    PPQ_CHECK_EQ(write_file(&b, LOG_GROUPS, V_PLAIN), PPQ_OK);
    cut = b.syncs.at[LOG_GROUPS - 1u] + 9u;
    PPQ_CHECK_EQ(want_ref(&b, LOG_GROUPS, V_PLAIN), PPQ_OK);
    for (k = 0; k < b.file_len - b.syncs.at[LOG_GROUPS - 1u]; k++) {
        ppq_file_t f;
        mfile_t m;
        ppq_recover_result_t res;
        memcpy(b.out, b.file, cut);
        mfile_init(&f, &m, b.out, cut, b.syncs.at[LOG_GROUPS - 1u] + k); /* room for k footer bytes */
        PPQ_CHECK_EQ(ppq_recover_in_place(&f, test_arena_ptr, test_arena_size, &res), PPQ_ERR_IO);
        m.cap = FILE_CAP;
        f.size = m.len;
        PPQ_CHECK_EQ(ppq_recover_in_place(&f, test_arena_ptr, test_arena_size, &res), PPQ_OK);
        PPQ_CHECK_EQ(m.len, b.ref_len);
        PPQ_CHECK_MEM(b.out, b.ref, b.ref_len);
    }
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(records_and_sync),   PPQ_TEST(cut_at_every_byte),    PPQ_TEST(in_place),
    PPQ_TEST(garbage_after_cut),  PPQ_TEST(flipped_bits),         PPQ_TEST(many_row_groups),
    PPQ_TEST(sink_fails_mid_write), PPQ_TEST(sync_error_is_sticky), PPQ_TEST(refuses_other_files),
    PPQ_TEST(least_arena),        PPQ_TEST(hostile_records),      PPQ_TEST(callback_failures),
    PPQ_TEST(fake_footer_in_data), PPQ_TEST(key_values_changed_before_close), PPQ_TEST(short_read_is_io),
    PPQ_TEST(in_place_recovers_again),
#if PPQ_WRITER_BLOOM
    PPQ_TEST(bloom_records),
    PPQ_TEST(bloom_record_only_with_filters),
#endif
};

#else
/* A build without recovery records (PPQ_WRITER_RECOVERY 0): the tests above
 * need them.  The writer refuses the option, writing nothing; a file written
 * without it is valid, so recovery copies it as it is. */
static ppq_status_t left_read_at(void *ctx, uint64_t off, uint8_t *buf, size_t len, size_t *got)
{
    const ppq_memsink_t *m = (const ppq_memsink_t *)ctx;
    size_t n = off < m->len ? (m->len - (size_t)off < len ? m->len - (size_t)off : len) : 0u;
    memcpy(buf, m->buf + off, n);
    *got = n;
    return PPQ_OK;
}

static void recovery_left_out(void)
{
    static const ppq_column_t schema[] = {{"ts", PPQ_INT64, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0},
                                           PPQ_COLUMN_PLAIN}};
    ppq_writer_options_t o;
    ppq_writer_t w;
    ppq_sink_t sink, out;
    ppq_memsink_t mem, outm;
    ppq_recover_result_t res;
    ppq_file_t f = {left_read_at, NULL, NULL, NULL, 0};
    uint8_t *file, *copy;
    test_setup();
    file = (uint8_t *)test_alloc(1024);
    copy = (uint8_t *)test_alloc(1024);
    PPQ_CHECK(copy != NULL);
    memset(&o, 0, sizeof o);
    o.page_values = 64; /* small buffers: the defaults are a host's */
    o.row_group_rows = 64;
    o.footer_bytes = 1;
    o.recovery = 1;
    ppq_sink_init_mem(&sink, &mem, file, 1024);
    PPQ_CHECK_EQ(ppq_writer_init(&w, schema, 1, &o, &sink, test_arena_ptr, test_arena_size), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(mem.len, 0);
    o.recovery = 0;
    PPQ_CHECK_EQ(ppq_writer_init(&w, schema, 1, &o, &sink, test_arena_ptr, test_arena_size), PPQ_OK);
    PPQ_CHECK_EQ(ppq_writer_set_i64(&w, 0, 7), PPQ_OK);
    PPQ_CHECK_EQ(ppq_writer_commit_row(&w), PPQ_OK);
    PPQ_CHECK_EQ(ppq_writer_close(&w), PPQ_OK);
    f.ctx = &mem;
    f.size = mem.len;
    ppq_sink_init_mem(&out, &outm, copy, 1024);
    PPQ_CHECK_EQ(ppq_recover_copy(&f, &out, test_arena_ptr, test_arena_size, &res), PPQ_OK);
    PPQ_CHECK(res.was_valid && !res.recoverable);
    PPQ_CHECK_EQ(outm.len, mem.len);
    PPQ_CHECK_MEM(copy, file, mem.len);
    f.size = mem.len - 1u; /* cut: not recoverable */
    PPQ_CHECK_EQ(ppq_recover_scan(&f, test_arena_ptr, test_arena_size, &res), PPQ_ERR_CORRUPT);
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(recovery_left_out),
};
#endif

PPQ_SUITE(suite_recover, "recover", cases);
