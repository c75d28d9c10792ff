/* The file reader: files from the writer (every physical type, every
 * encoding the writer has, v1 and v2 pages, nulls, several row groups, a
 * codec where the build compresses) read back value for value and level for
 * level, reads of every size across page ends; the footer's schema and
 * metadata; truncated and damaged files give a status, never a crash.
 * Files from other writers: test/interop (the corpus). */
#include <string.h>

#include "recover_util.h" /* a file in memory (mfile_t) */
#include "test_util.h"
#include "ppq_reader.h"
#include "ppq_writer.h"

#define ROWS 40u
#define NTYPES 8u
/* Columns per file: every type; on 16 KB boards two (the variants cycle
 * through the types), as their 4 KB test arena holds no more. */
#ifdef PPQ_TEST_SMALL
#define NCOLS 2u
#else
#define NCOLS 8u
#endif

/* The type of column j in variant v. */
static uint32_t type_of(unsigned v, uint32_t j)
{
    return NCOLS == NTYPES ? j : (j * 2u + v) % NTYPES;
}

static uint8_t *file_buf;
static ppq_memsink_t file_mem;
static ppq_sink_t file_sink;
/* (static, shared by the tests: the 16 KB boards' stack is 2 KB) */
static ppq_column_t cols[NCOLS];
static ppq_reader_t rd;
/* the column reader, in the test scratch with the file (the 16 KB boards'
 * static RAM is full): new_file() gives each test one */
static ppq_column_reader_t *crp;
#define cr (*crp)

/* One value of any physical type, as the writer and the reader hold it. */
typedef union value {
    uint8_t b;
    int32_t i32;
    int64_t i64;
    ppq_int96_t i96;
    float f;
    double d;
    ppq_bytes_t bytes;
} value_t;

static const char *const words[5] = {"ok", "warming", "", "calibrating", "low-battery"};
static const char *const names[NTYPES] = {"b", "i32", "i64", "i96", "f", "d", "ba", "flba"};

static int is_null(uint32_t r, uint32_t c)
{
    return (r + c) % 4u == 1u;
}

/* Row r's value of a column of type t (the slot a writer batch would hold). */
static void value_of(ppq_type_t t, uint32_t r, uint32_t c, void *out, uint8_t *flba)
{
    switch (t) {
    case PPQ_BOOLEAN: *(uint8_t *)out = (uint8_t)((r * 7u + c) % 3u == 0u); break;
    case PPQ_INT32: *(int32_t *)out = (int32_t)((r * 37u) % 101u) - 50 + (int32_t)c; break;
    case PPQ_INT64: *(int64_t *)out = 1000000000000LL + (int64_t)r * 1000 + (int64_t)(r % 3u); break;
    case PPQ_INT96: {
        ppq_int96_t v;
        uint32_t i;
        for (i = 0; i < 12u; i++) {
            v.bytes[i] = (uint8_t)(r * 3u + i);
        }
        *(ppq_int96_t *)out = v;
        break;
    }
    case PPQ_FLOAT: *(float *)out = (float)(r % 17u) * 0.25f; break;
    case PPQ_DOUBLE: *(double *)out = (double)(r % 23u) * 0.125 - 1.0; break;
    case PPQ_BYTE_ARRAY: {
        ppq_bytes_t b;
        b.ptr = (const uint8_t *)words[r % 5u];
        b.len = (uint32_t)strlen(words[r % 5u]);
        *(ppq_bytes_t *)out = b;
        break;
    }
    default: {
        ppq_bytes_t b;
        flba[0] = (uint8_t)r;
        flba[1] = (uint8_t)(r / 7u);
        flba[2] = (uint8_t)c;
        b.ptr = flba;
        b.len = 3;
        *(ppq_bytes_t *)out = b;
        break;
    }
    }
}

static int same_value(ppq_type_t t, const void *a, const void *b)
{
    if (t == PPQ_BYTE_ARRAY || t == PPQ_FIXED_LEN_BYTE_ARRAY) {
        const ppq_bytes_t *x = (const ppq_bytes_t *)a, *y = (const ppq_bytes_t *)b;
        return x->len == y->len && (x->len == 0u || memcmp(x->ptr, y->ptr, x->len) == 0);
    }
    return memcmp(a, b, ppq_value_size(t)) == 0;
}

/* The encoding a column of type t gets in variant v (AUTO where the type
 * cannot take it or the build leaves it out: init would refuse). */
static ppq_column_encoding_t encoding_for(ppq_type_t t, unsigned v)
{
    static const ppq_column_encoding_t tries[] = {
        PPQ_COLUMN_AUTO,       PPQ_COLUMN_PLAIN,          PPQ_COLUMN_DICTIONARY,           PPQ_COLUMN_DELTA_BINARY_PACKED,
        PPQ_COLUMN_BYTE_STREAM_SPLIT, PPQ_COLUMN_RLE,     PPQ_COLUMN_DELTA_LENGTH_BYTE_ARRAY, PPQ_COLUMN_DELTA_BYTE_ARRAY};
    ppq_column_encoding_t e = tries[v % 8u];
    int ok;
    switch (e) {
    case PPQ_COLUMN_DICTIONARY: ok = t != PPQ_BOOLEAN; break;
    case PPQ_COLUMN_DELTA_BINARY_PACKED: ok = t == PPQ_INT32 || t == PPQ_INT64; break;
    case PPQ_COLUMN_BYTE_STREAM_SPLIT: ok = t == PPQ_FLOAT || t == PPQ_DOUBLE || t == PPQ_INT32 || t == PPQ_INT64; break;
    case PPQ_COLUMN_RLE: ok = t == PPQ_BOOLEAN; break;
    case PPQ_COLUMN_DELTA_LENGTH_BYTE_ARRAY: ok = t == PPQ_BYTE_ARRAY; break;
    case PPQ_COLUMN_DELTA_BYTE_ARRAY: ok = t == PPQ_BYTE_ARRAY || t == PPQ_FIXED_LEN_BYTE_ARRAY; break;
    default: ok = 1; break;
    }
    ok = ok && (e == PPQ_COLUMN_AUTO || e == PPQ_COLUMN_PLAIN || ((PPQ_WRITER_ENCODINGS >> e) & 1u));
    e = ok ? e : PPQ_COLUMN_AUTO;
#ifdef PPQ_TEST_SMALL
    if (t == PPQ_INT64 && (e == PPQ_COLUMN_AUTO || e == PPQ_COLUMN_DELTA_BINARY_PACKED)) {
        e = PPQ_COLUMN_PLAIN; /* a delta block of INT64 takes 1 KB of the 4 KB test arena */
    }
#endif
    return e;
}

/* A fresh scratch with the file buffer the writer's sink fills; 0 when
 * the test memory lacks room for it. */
static int new_file(void)
{
    test_setup();
    file_buf = (uint8_t *)test_alloc(PPQ_TEST_BUF);
    crp = (ppq_column_reader_t *)test_alloc(sizeof *crp);
    if (file_buf != NULL) {
        ppq_sink_init_mem(&file_sink, &file_mem, file_buf, PPQ_TEST_BUF);
    }
    return file_buf != NULL && crp != NULL;
}

/* The reader (rd) over the first len bytes of the file buffer. */
static ppq_status_t open_file(ppq_file_t *f, mfile_t *m, ppq_arena_t *arena, size_t len)
{
    mfile_init(f, m, file_buf, len, len);
    ppq_arena_init(arena, test_arena_ptr, test_arena_size);
    return ppq_reader_open(&rd, f, arena);
}

/* Write variant v: all eight types, OPTIONAL when v is odd; from 16 on in
 * the compact layout (its encodings; full dictionaries end row groups). */
static ppq_status_t write_variant(unsigned v)
{
    ppq_writer_options_t o;
    ppq_writer_t w;
    uint8_t flba[3];
    uint32_t r, c;
    ppq_status_t st;
    memset(&o, 0, sizeof o);
    o.page_values = 6u + v % 5u;
    o.page_bytes = 64;
    o.row_group_rows = 16;
    o.chunk_bytes = 1;
    o.dict_entries = 8;
    o.dict_bytes = 96;
    o.footer_bytes = NCOLS == NTYPES ? 8192u : 1280u;
    o.page_crc = (uint8_t)(v % 3u != 0u);
    o.page_v2 = (uint8_t)(PPQ_WRITER_PAGE_V2 && v % 4u >= 2u);
    if (v % 5u == 4u && v < 16u && ppq_codec_can_compress(PPQ_CODEC_SNAPPY) &&
        ppq_codec_can_decompress(PPQ_CODEC_SNAPPY)) {
        o.codec = PPQ_CODEC_SNAPPY;
        o.codec_level = 1;
    }
    if (v >= 16u) {
        o.compact = 1;
        o.page_v2 = 0;
        o.dict_entries = 16; /* row groups of at most 16 rows: a dictionary fills */
        o.footer_bytes = NCOLS == NTYPES ? 65536u : 2048u;
    }
    for (c = 0; c < NCOLS; c++) {
        uint32_t t = type_of(v, c);
        memset(&cols[c], 0, sizeof cols[c]);
        cols[c].name = names[t];
        cols[c].type = (ppq_type_t)t;
        cols[c].type_len = t == PPQ_FIXED_LEN_BYTE_ARRAY ? 3u : 0u;
        cols[c].optional = (uint8_t)(v % 2u);
        cols[c].encoding = encoding_for((ppq_type_t)t, v / 2u);
        if (v >= 16u && (cols[c].encoding == PPQ_COLUMN_BYTE_STREAM_SPLIT ||
                         cols[c].encoding == PPQ_COLUMN_DELTA_LENGTH_BYTE_ARRAY ||
                         cols[c].encoding == PPQ_COLUMN_DELTA_BYTE_ARRAY)) {
            cols[c].encoding = PPQ_COLUMN_AUTO; /* (the compact layout's encodings) */
        }
    }
    st = ppq_writer_init(&w, cols, NCOLS, &o, &file_sink, test_arena_ptr, test_arena_size);
    for (r = 0; r < ROWS && st == PPQ_OK; r++) {
        for (c = 0; c < NCOLS && st == PPQ_OK; c++) {
            uint32_t t = type_of(v, c);
            value_t x;
            if (cols[c].optional && is_null(r, c)) {
                st = ppq_writer_set_null(&w, c);
                continue;
            }
            value_of((ppq_type_t)t, r, c, &x, flba);
            switch (t) {
            case PPQ_BOOLEAN: st = ppq_writer_set_bool(&w, c, x.b); break;
            case PPQ_INT32: st = ppq_writer_set_i32(&w, c, x.i32); break;
            case PPQ_INT64: st = ppq_writer_set_i64(&w, c, x.i64); break;
            case PPQ_INT96: st = ppq_writer_set_int96(&w, c, &x.i96); break;
            case PPQ_FLOAT: st = ppq_writer_set_float(&w, c, x.f); break;
            case PPQ_DOUBLE: st = ppq_writer_set_double(&w, c, x.d); break;
            default: st = ppq_writer_set_bytes(&w, c, x.bytes.ptr, x.bytes.len); break;
            }
        }
        st = st == PPQ_OK ? ppq_writer_commit_row(&w) : st;
    }
    return st == PPQ_OK ? ppq_writer_close(&w) : st;
}

/* A writer's status that says the file is more than a small board's test
 * memory holds (the test then skips there). */
static int too_big_here(ppq_status_t st)
{
#ifdef PPQ_TEST_SMALL
    return st == PPQ_ERR_ARENA || st == PPQ_ERR_NOSPACE;
#else
    (void)st;
    return 0;
#endif
}

/* Skipping rows of flat columns (every type, OPTIONAL with nulls): after
 * skips of 0, 2 and 3 rows (the last into the next page) a read gives the
 * next row's level and value; a skip past the chunk's end says how many
 * rows it skipped. */
static void skip_rows_flat(void)
{
    static const uint32_t skips[3] = {0, 2, 3}; /* (row group 0: 8 rows, pages of 7) */
    uint64_t skipped0 = 0;
    ppq_file_t f;
    mfile_t m;
    ppq_arena_t arena;
    uint32_t c;
    ppq_status_t st;
    PPQ_CHECK(new_file());
    st = write_variant(1); /* all types, OPTIONAL */
    if (too_big_here(st)) {
        return;
    }
    PPQ_CHECK_OK(st);
    PPQ_CHECK_OK(open_file(&f, &m, &arena, file_mem.len));
    PPQ_CHECK(rd.rg_rows[0] >= 8);
    if (!PPQ_READER_SKIP) { /* (left out of this build) */
        PPQ_CHECK_OK(ppq_column_reader_init(&cr, &rd, 0, 0, &arena));
        PPQ_CHECK_EQ(ppq_column_reader_skip(&cr, 1, &skipped0), PPQ_ERR_UNSUPPORTED);
        return;
    }
    for (c = 0; c < NCOLS; c++) {
        ppq_type_t t = (ppq_type_t)type_of(1, c);
        size_t mark = ppq_arena_mark(&arena), levels = 0, count = 0;
        uint32_t at = 0, i;
        uint64_t skipped = 0;
        union {
            ppq_bytes_t bytes;
            ppq_int96_t i96;
            int64_t i64;
        } got;
        int16_t def[1];
        PPQ_CHECK_OK(ppq_column_reader_init(&cr, &rd, 0, c, &arena));
        for (i = 0; i < 3u; i++, at++) {
            uint8_t flba[3];
            value_t want;
            PPQ_CHECK_OK(ppq_column_reader_skip(&cr, skips[i], &skipped));
            PPQ_CHECK_EQ(skipped, skips[i]);
            at += skips[i];
            PPQ_CHECK_OK(ppq_column_reader_read(&cr, 1, &got, def, NULL, &levels, &count));
            PPQ_CHECK_EQ(levels, 1u);
            PPQ_CHECK_EQ(def[0], is_null(at, c) ? 0 : 1);
            PPQ_CHECK_EQ(count, is_null(at, c) ? 0u : 1u);
            value_of(t, at, c, &want, flba);
            PPQ_CHECK(is_null(at, c) || same_value(t, &got, &want));
        }
        ppq_arena_rewind(&arena, mark);
        PPQ_CHECK_OK(ppq_column_reader_init(&cr, &rd, 0, c, &arena));
        PPQ_CHECK_OK(ppq_column_reader_skip(&cr, 5, &skipped));
        PPQ_CHECK_OK(ppq_column_reader_skip(&cr, 1000000u, &skipped)); /* past the end */
        PPQ_CHECK_EQ(skipped, (uint64_t)rd.rg_rows[0] - 5u);
        PPQ_CHECK_OK(ppq_column_reader_read(&cr, 1, &got, def, NULL, &levels, &count));
        PPQ_CHECK_EQ(levels, 0u);
        ppq_arena_rewind(&arena, mark);
    }
    PPQ_CHECK_EQ(ppq_column_reader_skip(NULL, 1, NULL), PPQ_ERR_ARG);
}

/* DELTA_BYTE_ARRAY values that share long prefixes rebuild to far more
 * bytes than their page (here some 60x): reads of many entries end early,
 * at the last value the reader's buffer holds, with their levels, and
 * every value and null comes back in order. */
static void delta_byte_array_long_prefixes(void)
{
    static const ppq_column_t schema[1] = {
        {"k", PPQ_BYTE_ARRAY, 0, 1, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_DELTA_BYTE_ARRAY}};
    enum { TEXT = 600 };
    char *text;
    ppq_writer_options_t o;
    ppq_writer_t w;
    ppq_file_t f;
    mfile_t m;
    ppq_arena_t arena;
    uint32_t r, rows = 300, at = 0, values = 0;
    size_t levels = 0, count = 0, shorter = 0;
    ppq_status_t st;
    ppq_bytes_t got[64];
    int16_t def[64];
    if ((PPQ_WRITER_ENCODINGS & PPQ_WRITER_ENC_DELTA_BYTE_ARRAY) == 0u ||
        (PPQ_READER_ENCODINGS & PPQ_READER_ENC(PPQ_ENC_DELTA_BYTE_ARRAY)) == 0u || !new_file()) {
        return;
    }
    text = (char *)test_alloc(TEXT); /* (the test scratch: the 16 KB boards' static RAM is full) */
    PPQ_CHECK(text != NULL);
    memset(text, 'p', TEXT);
    memset(&o, 0, sizeof o);
    o.page_values = 100;
    o.page_bytes = 8192; /* (pages of 13 values: 7.8 KB rebuilt from some 120 bytes) */
    o.row_group_rows = 1000;
    o.footer_bytes = 2048;
    st = ppq_writer_init(&w, schema, 1, &o, &file_sink, test_arena_ptr, test_arena_size);
    for (r = 0; r < rows && st == PPQ_OK; r++) {
        text[TEXT - 1u] = (char)('a' + r % 26u); /* 599 bytes of prefix, a letter of suffix */
        st = r % 7u == 3u ? ppq_writer_set_null(&w, 0) : ppq_writer_set_bytes(&w, 0, text, TEXT);
        st = st == PPQ_OK ? ppq_writer_commit_row(&w) : st;
    }
    st = st == PPQ_OK ? ppq_writer_close(&w) : st;
    if (too_big_here(st)) {
        return;
    }
    PPQ_CHECK_OK(st);
    PPQ_CHECK_OK(open_file(&f, &m, &arena, file_mem.len));
    PPQ_CHECK_OK(ppq_column_reader_init(&cr, &rd, 0, 0, &arena));
    do {
        size_t i, k = 0;
        PPQ_CHECK_OK(ppq_column_reader_read(&cr, 64, got, def, NULL, &levels, &count));
        shorter += levels > 0u && levels < 8u;
        for (i = 0; i < levels; i++, at++) {
            PPQ_CHECK_EQ(def[i], at % 7u == 3u ? 0 : 1);
            if (def[i] == 1) {
                PPQ_CHECK(got[k].len == TEXT && memcmp(got[k].ptr, text, TEXT - 1u) == 0 &&
                          got[k].ptr[TEXT - 1u] == (uint8_t)('a' + at % 26u));
                k++;
            }
        }
        PPQ_CHECK_EQ(k, count);
        values += (uint32_t)count;
    } while (levels > 0u);
    PPQ_CHECK_EQ(at, rows);
    PPQ_CHECK_EQ(values, rows - (rows + 3u) / 7u);
    PPQ_CHECK(shorter > 0u); /* (reads did end at the buffer) */
    /* again without definition levels: the same values, nulls counted */
    PPQ_CHECK_OK(ppq_column_reader_init(&cr, &rd, 0, 0, &arena));
    at = 0;
    values = 0;
    shorter = 0;
    do {
        size_t i, k = 0;
        PPQ_CHECK_OK(ppq_column_reader_read(&cr, 64, got, NULL, NULL, &levels, &count));
        shorter += levels > 0u && levels < 8u;
        for (i = 0; i < levels; i++, at++) {
            if (at % 7u != 3u) {
                PPQ_CHECK(k < count && got[k].len == TEXT && got[k].ptr[TEXT - 1u] == (uint8_t)('a' + at % 26u));
                k++;
            }
        }
        PPQ_CHECK_EQ(k, count);
        values += (uint32_t)count;
    } while (levels > 0u);
    PPQ_CHECK_EQ(at, rows);
    PPQ_CHECK_EQ(values, rows - (rows + 3u) / 7u);
    PPQ_CHECK(shorter > 0u);
}

/* The compact layout's AUTO by size: a FLOAT column of all-new readings
 * goes PLAIN after a row group whose dictionary took more room than PLAIN
 * would, and tries the dictionary again 8 row groups later, then 16 after
 * the next loss; a column of few readings keeps its dictionary; every
 * value reads back. */
static float noisy_reading(uint32_t r)
{
    return (float)((r * 2654435761u) >> 12) / 16.0f;
}

/* Options of the compact layout for the tests below: a store of
 * chunk_bytes per column, small pages, a footer store. */
static void compact_options(ppq_writer_options_t *o, uint32_t chunk_bytes, uint32_t dict_entries, uint32_t footer_bytes)
{
    memset(o, 0, sizeof *o);
    o->compact = 1;
    o->chunk_bytes = chunk_bytes;
    o->page_bytes = 64;
    o->dict_entries = dict_entries;
    o->footer_bytes = footer_bytes;
}

static void compact_auto_by_size(void)
{
    static const ppq_column_t schema[2] = {
        {"noisy", PPQ_FLOAT, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},
        {"calm", PPQ_FLOAT, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO}};
    ppq_writer_options_t o;
    ppq_writer_t w;
    ppq_file_t f;
    mfile_t m;
    ppq_arena_t arena;
    uint32_t r, rg, c, rows = 3000, row0 = 0, dict_at = 0, wait = 8;
    ppq_status_t st;
    if (!PPQ_WRITER_COMPACT || !new_file()) {
        return;
    }
    compact_options(&o, 256, 200, 8192);
    st = ppq_writer_init(&w, schema, 2, &o, &file_sink, test_arena_ptr, test_arena_size);
    for (r = 0; r < rows && st == PPQ_OK; r++) {
        st = ppq_writer_set_float(&w, 0, noisy_reading(r));
        st = st == PPQ_OK ? ppq_writer_set_float(&w, 1, (float)((r / 64u) % 5u)) : st;
        st = st == PPQ_OK ? ppq_writer_commit_row(&w) : st;
    }
    st = st == PPQ_OK ? ppq_writer_close(&w) : st;
    if (too_big_here(st)) {
        return;
    }
    PPQ_CHECK_OK(st);
    PPQ_CHECK_OK(open_file(&f, &m, &arena, file_mem.len));
    PPQ_CHECK(rd.nrg >= 27u);
    for (rg = 0; rg < rd.nrg; rg++) {
        const ppq_chunk_info_t *noisy = &rd.chunks[rg * 2u], *calm = &rd.chunks[rg * 2u + 1u];
        int dict_due = rg == dict_at; /* a dictionary row group, then 8, 16, ... PLAIN ones (the
                                         dictionary's too where its readings were all new: its
                                         entries as PLAIN values) */
        PPQ_CHECK(noisy->dict_page_offset < 0 || dict_due);
        if (dict_due) {
            dict_at = rg + 1u + wait;
            wait *= 2u;
        }
        PPQ_CHECK(calm->dict_page_offset >= 0);
        for (c = 0; c < 2u; c++) {
            size_t mark = ppq_arena_mark(&arena), levels = 0, count = 0, i;
            uint32_t at = row0;
            float got[16];
            PPQ_CHECK_OK(ppq_column_reader_init(&cr, &rd, rg, c, &arena));
            do {
                PPQ_CHECK_OK(ppq_column_reader_read(&cr, 16, got, NULL, NULL, &levels, &count));
                for (i = 0; i < count; i++, at++) {
                    PPQ_CHECK(got[i] == (c == 0u ? noisy_reading(at) : (float)((at / 64u) % 5u)));
                }
            } while (count > 0u);
            PPQ_CHECK_EQ(at - row0, rd.rg_rows[rg]);
            ppq_arena_rewind(&arena, mark);
        }
        row0 += (uint32_t)rd.rg_rows[rg];
    }
    PPQ_CHECK_EQ(row0, rows);
}

/* The compact layout: a dictionary that outgrows its index width within a
 * row group gives its chunk a second data page one bit wider (the first
 * row group's indices start at 8 bits: without the second page it would
 * end at 256 entries, 512 rows); nulls split with the values; every value
 * and null reads back. */
static int32_t walk_value(uint32_t r)
{
    return (int32_t)(r / 2u) * 7 - 1000;
}

static void compact_dictionary_outgrows_width(void)
{
    static const ppq_column_t schema[2] = {
        {"walk", PPQ_INT32, 0, 1, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_DICTIONARY},
        {"calm", PPQ_FLOAT, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO}};
    ppq_writer_options_t o;
    ppq_writer_t w;
    ppq_file_t f;
    mfile_t m;
    ppq_arena_t arena;
    uint32_t r, rg, rows = 2000, row0 = 0;
    ppq_status_t st;
    if (!PPQ_WRITER_COMPACT || !new_file()) {
        return;
    }
    compact_options(&o, 4096, 1024, 4096); /* (indices up to 10 bits) */
    o.page_crc = 1;
    st = ppq_writer_init(&w, schema, 2, &o, &file_sink, test_arena_ptr, test_arena_size);
    for (r = 0; r < rows && st == PPQ_OK; r++) {
        st = r % 7u == 3u ? ppq_writer_set_null(&w, 0) : ppq_writer_set_i32(&w, 0, walk_value(r));
        st = st == PPQ_OK ? ppq_writer_set_float(&w, 1, (float)(r % 3u)) : st;
        st = st == PPQ_OK ? ppq_writer_commit_row(&w) : st;
    }
    st = st == PPQ_OK ? ppq_writer_close(&w) : st;
    if (too_big_here(st)) {
        return;
    }
    PPQ_CHECK_OK(st);
    PPQ_CHECK_OK(open_file(&f, &m, &arena, file_mem.len));
    PPQ_CHECK(rd.nrg >= 2u);
    PPQ_CHECK(rd.rg_rows[0] > 600u); /* past 256 entries: the second page */
    for (rg = 0; rg < rd.nrg; rg++) {
        size_t mark = ppq_arena_mark(&arena), levels = 0, count = 0, i;
        uint32_t at = row0;
        int32_t got[16];
        int16_t def[16];
        PPQ_CHECK_OK(ppq_column_reader_init(&cr, &rd, rg, 0, &arena));
        do {
            size_t k = 0;
            PPQ_CHECK_OK(ppq_column_reader_read(&cr, 16, got, def, NULL, &levels, &count));
            for (i = 0; i < levels; i++, at++) {
                PPQ_CHECK_EQ(def[i], at % 7u != 3u);
                if (def[i]) {
                    PPQ_CHECK_EQ(got[k], walk_value(at));
                    k++;
                }
            }
            PPQ_CHECK_EQ(k, count);
        } while (levels > 0u);
        PPQ_CHECK_EQ(at - row0, rd.rg_rows[rg]);
        ppq_arena_rewind(&arena, mark);
        row0 += (uint32_t)rd.rg_rows[rg];
    }
    PPQ_CHECK_EQ(row0, rows);
}

/* Every file variant read back: every value and definition level, reads of
 * 1..7 entries. */
static void writer_files_round_trip(void)
{
    unsigned v, ran = 0, compact = 0;
    ppq_status_t skipped = PPQ_OK;
    for (v = 0; v < (PPQ_WRITER_COMPACT ? 24u : 16u); v++) {
        ppq_file_t f;
        mfile_t m;
        ppq_arena_t arena;
        uint32_t rg, c, row0 = 0;
        ppq_status_t st;
        PPQ_CHECK(new_file());
        st = write_variant(v);
        if (st == PPQ_ERR_ARENA || st == PPQ_ERR_NOSPACE) {
            skipped = st;
            continue; /* too big for this board's test arena or file */
        }
        PPQ_CHECK_OK(st);
        PPQ_CHECK_OK(open_file(&f, &m, &arena, file_mem.len));
        if (PPQ_READER_IN_MEMORY && v % 3u == 1u) {
            PPQ_CHECK_OK(ppq_reader_in_memory(&rd, file_buf)); /* pages decoded where they are */
        }
        PPQ_CHECK_EQ(rd.ncols, NCOLS);
        PPQ_CHECK_EQ(rd.num_rows, ROWS);
        PPQ_CHECK(rd.nrg >= 2u);
        PPQ_CHECK(!PPQ_READER_METADATA || (rd.created_by_len > 12u && memcmp(rd.created_by, "picoparquet", 11) == 0));
        for (c = 0; c < NCOLS; c++) {
            const ppq_schema_node_t *n = ppq_reader_column(&rd, c);
            uint32_t t = type_of(v, c);
            PPQ_CHECK(n != NULL && n->type == (int8_t)t && n->name_len == strlen(names[t]) &&
                      memcmp(n->name, names[t], n->name_len) == 0 && n->max_def == (int16_t)(v % 2u) && n->max_rep == 0);
        }
        for (rg = 0; rg < rd.nrg; rg++) {
            for (c = 0; c < NCOLS; c++) {
                ppq_type_t t = (ppq_type_t)type_of(v, c);
                size_t mark = ppq_arena_mark(&arena), levels = 0, count = 0, need;
                uint32_t r = row0, step = 1;
                union {
                    uint8_t b[8];
                    int32_t i32[8];
                    int64_t i64[8];
                    ppq_int96_t i96[8];
                    float f[8];
                    double d[8];
                    ppq_bytes_t bytes[8];
                } got;
                int16_t def[8], *defs = (rg + c) % 2u == 0u ? def : NULL; /* (NULL: nulls only counted) */
                need = ppq_column_reader_arena_size(&rd, rg, c, &st);
                PPQ_CHECK_OK(st);
                PPQ_CHECK_OK(ppq_column_reader_init(&cr, &rd, rg, c, &arena));
                PPQ_CHECK_EQ(ppq_arena_used(&arena) - mark, need);
                do {
                    size_t i, k = 0;
                    PPQ_CHECK_OK(ppq_column_reader_read(&cr, step, &got, defs, NULL, &levels, &count));
                    for (i = 0; i < levels; i++, r++) {
                        uint8_t flba[3];
                        value_t want;
                        int null = cols[c].optional && is_null(r, c);
                        if (cols[c].optional && defs != NULL) {
                            PPQ_CHECK_EQ(def[i], null ? 0 : 1);
                        }
                        if (null) {
                            continue;
                        }
                        value_of(t, r, c, &want, flba);
                        PPQ_CHECK(same_value(t, (const uint8_t *)&got + k * (t >= PPQ_BYTE_ARRAY ? sizeof(ppq_bytes_t) : ppq_value_size(t)),
                                             &want));
                        k++;
                    }
                    PPQ_CHECK_EQ(k, count);
                    step = step % 7u + 1u;
                } while (levels > 0u);
                PPQ_CHECK_EQ(r - row0, rd.rg_rows[rg]);
                ppq_arena_rewind(&arena, mark);
            }
            row0 += (uint32_t)rd.rg_rows[rg];
        }
        PPQ_CHECK_EQ(row0, ROWS);
        ran++;
        compact += v >= 16u;
    }
    PPQ_CHECK(!PPQ_WRITER_COMPACT || compact >= (NCOLS == NTYPES ? 8u : 2u));
    if (ran < (NCOLS == NTYPES ? 12u : 3u)) { /* (16 KB boards: the variants that fit 4 KB) */
        PPQ_CHECK_EQ(skipped, PPQ_OK); /* why not */
    }
    PPQ_CHECK(ran >= (NCOLS == NTYPES ? 12u : 3u));
}

/* ppq_reader_in_memory: a page past the file's size (here: the size made
 * a byte short of a chunk's end after open, the bytes still there) is
 * corrupt, never read; the pages before it decode. */
static void in_memory_past_the_end(void)
{
    ppq_file_t f;
    mfile_t m;
    ppq_arena_t arena;
    const ppq_chunk_info_t *ci;
    size_t levels = 1, count = 0, entries = 0;
    ppq_status_t st;
    union {
        uint64_t w[16];
        ppq_bytes_t b[8];
    } vals;
    int16_t def[8];
    PPQ_CHECK(new_file());
    st = write_variant(1);
    if (too_big_here(st)) {
        return;
    }
    PPQ_CHECK_OK(st);
    PPQ_CHECK_OK(open_file(&f, &m, &arena, file_mem.len));
    PPQ_CHECK_EQ(ppq_reader_in_memory(NULL, file_buf), PPQ_ERR_ARG);
    if (!PPQ_READER_IN_MEMORY) {
        PPQ_CHECK_EQ(ppq_reader_in_memory(&rd, file_buf), PPQ_ERR_UNSUPPORTED);
        return;
    }
    PPQ_CHECK_OK(ppq_reader_in_memory(&rd, file_buf));
    ci = ppq_reader_chunk(&rd, 0, 1);
    PPQ_CHECK(ci != NULL && ci->data_page_offset > 0 && ci->compressed_size > 40);
    PPQ_CHECK_OK(ppq_column_reader_init(&cr, &rd, 0, 1, &arena)); /* (its pages measured through read_at) */
    f.size = (uint64_t)(ci->dict_page_offset >= 0 ? ci->dict_page_offset : ci->data_page_offset) +
             (uint64_t)ci->compressed_size - 1u; /* the chunk's last byte cut off */
    st = PPQ_OK;
    while (st == PPQ_OK && levels > 0u) {
        st = ppq_column_reader_read(&cr, 8, &vals, def, NULL, &levels, &count);
        entries += st == PPQ_OK ? levels : 0u;
    }
    PPQ_CHECK_EQ(st, PPQ_ERR_CORRUPT);
    PPQ_CHECK(entries > 0u && entries < (size_t)rd.rg_rows[0]);
}

/* A file cut at every length, and with every byte of its footer changed:
 * open and reads end with a status (never a crash, never a read outside the
 * file: ASan in the host suite). */
static void hostile_files(void)
{
    size_t len, cut, i;
    ppq_status_t st;
    PPQ_CHECK(new_file());
    st = write_variant(3);
    if (st == PPQ_ERR_ARENA || st == PPQ_ERR_NOSPACE) {
        return;
    }
    PPQ_CHECK_OK(st);
    len = file_mem.len;
    for (cut = 0; cut < len; cut += 1u + cut / 64u) {
        ppq_file_t f;
        mfile_t m;
        ppq_arena_t arena;
        PPQ_CHECK(open_file(&f, &m, &arena, cut) < 0); /* no footer where a cut file ends */
    }
    for (i = len - 8u - ppq_load_le32(file_buf + len - 8u); i < len - 8u; i++) { /* every footer byte */
        static const uint8_t flips[3] = {0x01, 0x80, 0xFF};
        unsigned k;
        for (k = 0; k < 3u; k++) {
            ppq_file_t f;
            mfile_t m;
            ppq_arena_t arena;
            uint32_t rg, c;
            file_buf[i] ^= flips[k];
            if (open_file(&f, &m, &arena, len) == PPQ_OK) { /* then read everything it claims */
                if (PPQ_READER_IN_MEMORY && k == 1u) {
                    PPQ_CHECK_OK(ppq_reader_in_memory(&rd, file_buf));
                }
                for (rg = 0; rg < rd.nrg; rg++) {
                    for (c = 0; c < rd.ncols; c++) {
                        size_t mark = ppq_arena_mark(&arena), levels = 1, count;
                        union {
                            uint64_t w[16];
                            ppq_bytes_t b[8];
                        } vals;
                        int16_t def[8], rep[8];
                        if (ppq_column_reader_init(&cr, &rd, rg, c, &arena) == PPQ_OK) {
                            while (levels > 0u && ppq_column_reader_read(&cr, 8, &vals, def, rep, &levels, &count) == PPQ_OK) {
                            }
                        }
                        ppq_arena_rewind(&arena, mark);
                    }
                }
            }
            file_buf[i] ^= flips[k];
        }
    }
}

/* x's PLAIN bytes, plus `up` (0, or 1 for a value above x), for the
 * numeric types pruning compares. */
static void plain_plus(ppq_type_t t, const value_t *x, int32_t up, uint8_t out[8])
{
    switch (t) {
    case PPQ_INT32: ppq_store_le32(out, (uint32_t)(x->i32 + up)); break;
    case PPQ_INT64: ppq_store_le64(out, (uint64_t)(x->i64 + up)); break;
    case PPQ_FLOAT: {
        float f = x->f + (float)up;
        uint32_t u;
        memcpy(&u, &f, 4);
        ppq_store_le32(out, u);
        break;
    }
    default: {
        double d = x->d + (double)up;
        uint64_t u;
        memcpy(&u, &d, 8);
        ppq_store_le64(out, u);
        break;
    }
    }
}

static double as_double(ppq_type_t t, const value_t *x)
{
    return t == PPQ_INT32 ? (double)x->i32 : t == PPQ_INT64 ? (double)x->i64 : t == PPQ_FLOAT ? (double)x->f : x->d;
}

/* Row-group pruning by statistics: an INT32, INT64, FLOAT or DOUBLE
 * column's row groups may hold each of their own values (negative ones
 * too: signed order), and none above their greatest (where the build
 * writes statistics; otherwise nothing is proven and every group may). */
static void pruning(void)
{
    unsigned v, checked = 0;
    for (v = 0; v < 16u; v++) {
        ppq_file_t f;
        mfile_t m;
        ppq_arena_t arena;
        uint32_t rg, c, row0 = 0, r;
        ppq_status_t st;
        PPQ_CHECK(new_file());
        st = write_variant(v);
        if (st != PPQ_OK) {
            continue;
        }
        PPQ_CHECK_OK(open_file(&f, &m, &arena, file_mem.len));
        for (rg = 0; rg < rd.nrg; rg++) {
            for (c = 0; c < NCOLS; c++) {
                ppq_type_t t = (ppq_type_t)type_of(v, c);
                value_t x, hi;
                double hi_d = -1e300;
                uint8_t bytes[8], flba[3];
                if (t != PPQ_INT32 && t != PPQ_INT64 && t != PPQ_FLOAT && t != PPQ_DOUBLE) {
                    continue;
                }
                memset(&hi, 0, sizeof hi);
                for (r = row0; r < row0 + (uint32_t)rd.rg_rows[rg]; r++) {
                    if (cols[c].optional && is_null(r, c)) {
                        continue;
                    }
                    value_of(t, r, c, &x, flba);
                    if (as_double(t, &x) > hi_d) {
                        hi = x;
                        hi_d = as_double(t, &x);
                    }
                    plain_plus(t, &x, 0, bytes);
                    PPQ_CHECK_EQ(ppq_reader_may_contain(&rd, rg, c, bytes, bytes), 1);
                }
                plain_plus(t, &hi, 1, bytes);
                PPQ_CHECK_EQ(ppq_reader_may_contain(&rd, rg, c, bytes, NULL), PPQ_WRITER_STATISTICS && PPQ_READER_STATISTICS ? 0 : 1);
                checked++;
            }
            row0 += (uint32_t)rd.rg_rows[rg];
        }
    }
    PPQ_CHECK(checked > 0u);
}

/* A v2 page whose header's null count disagrees with its definition levels
 * (the reader takes its value count from the header): PPQ_ERR_CORRUPT,
 * whichever way it is off. */
static void levels_disagree(void)
{
    static const ppq_column_t col = {"x", PPQ_INT32, 0, 1, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0},
                                     PPQ_COLUMN_PLAIN};
    unsigned k;
    for (k = 0; k < 3u; k++) {
        static const uint8_t nulls_zz[3] = {4u, 2u, 6u}; /* zigzag 2 (the truth), 1, 3 */
        ppq_writer_options_t o;
        ppq_writer_t w;
        ppq_file_t f;
        mfile_t m;
        ppq_arena_t arena;
        uint8_t *p;
        size_t levels = 0, count = 0, total = 0, i;
        int32_t vals[8];
        int16_t def[8];
        ppq_status_t st = PPQ_OK;
        if (!PPQ_WRITER_PAGE_V2) {
            return;
        }
        PPQ_CHECK(new_file());
        memset(&o, 0, sizeof o);
        o.page_v2 = 1;
        o.page_crc = 0;
        o.page_values = 8; /* (small buffers: the boards' 4 KB test arena) */
        o.row_group_rows = 8;
        o.dict_entries = 8;
        o.dict_bytes = 64;
        o.footer_bytes = 512;
        PPQ_CHECK_OK(ppq_writer_init(&w, &col, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
        for (i = 0; i < 4u; i++) { /* 1, null, 3, null */
            PPQ_CHECK_OK(i % 2u ? ppq_writer_set_null(&w, 0) : ppq_writer_set_i32(&w, 0, (int32_t)i + 1));
            PPQ_CHECK_OK(ppq_writer_commit_row(&w));
        }
        PPQ_CHECK_OK(ppq_writer_close(&w));
        PPQ_CHECK_OK(open_file(&f, &m, &arena, file_mem.len));
        /* the page header (thrift-facts.md): type, sizes (i32 fields 1-3),
         * then field 8, DataPageHeaderV2, opening with num_values, num_nulls */
        p = file_buf + rd.chunks[0].data_page_offset;
        for (i = 0; i < 3u; i++) {
            PPQ_CHECK_EQ(*p++, 0x15); /* field delta 1, i32 */
            while (*p++ & 0x80u) {
            }
        }
        PPQ_CHECK_EQ(p[0], 0x5C);           /* field delta 5 (to 8), struct */
        PPQ_CHECK_EQ(p[1], 0x15);           /* num_values */
        PPQ_CHECK_EQ(p[2], 8u);             /* zigzag 4 */
        PPQ_CHECK_EQ(p[3], 0x15);           /* num_nulls */
        PPQ_CHECK_EQ(p[4], nulls_zz[0]);
        p[4] = nulls_zz[k];
        PPQ_CHECK_OK(ppq_column_reader_init(&cr, &rd, 0, 0, &arena));
        do {
            st = ppq_column_reader_read(&cr, 8, vals, def, NULL, &levels, &count);
            total += count;
        } while (st == PPQ_OK && levels > 0u);
        if (k == 0u) {
            PPQ_CHECK_OK(st);
            PPQ_CHECK_EQ(total, 2u);
            PPQ_CHECK_EQ(vals[1], 3);
        } else {
            PPQ_CHECK_EQ(st, PPQ_ERR_CORRUPT);
        }
    }
}

/* Page headers longer than the reader's first read (128 bytes): statistics
 * of long strings (the writer keeps 64-byte bounds: a header near 190
 * bytes), read back value for value. */
static void long_page_headers(void)
{
    static const ppq_column_t col = {"s", PPQ_BYTE_ARRAY, 0, 0, {PPQ_LOGICAL_STRING, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0},
                                     PPQ_COLUMN_PLAIN};
    char text[4][80];
    ppq_writer_options_t o;
    ppq_writer_t w;
    ppq_file_t f;
    mfile_t m;
    ppq_arena_t arena;
    ppq_bytes_t vals[4];
    size_t levels = 0, count = 0, total = 0, i, j;
    ppq_status_t st = PPQ_OK;
    if (!PPQ_WRITER_STATISTICS) {
        return; /* (without statistics no header is long) */
    }
    PPQ_CHECK(new_file());
    memset(&o, 0, sizeof o);
    o.page_values = 4; /* (small buffers: the boards' 4 KB test arena) */
    o.page_bytes = 400;
    o.row_group_rows = 4;
    o.footer_bytes = 1;
    o.chunk_bytes = 1;
    PPQ_CHECK_OK(ppq_writer_init(&w, &col, 1, &o, &file_sink, test_arena_ptr, test_arena_size));
    for (i = 0; i < 4u; i++) {
        for (j = 0; j < 79u; j++) {
            text[i][j] = (char)('a' + (i * 7u + j) % 26u);
        }
        text[i][79] = '\0';
        PPQ_CHECK_OK(ppq_writer_set_bytes(&w, 0, text[i], 79));
        PPQ_CHECK_OK(ppq_writer_commit_row(&w));
    }
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_OK(open_file(&f, &m, &arena, file_mem.len));
    PPQ_CHECK(rd.chunks[0].compressed_size - 4 * 83 > 128); /* the header alone passes 128 bytes */
    PPQ_CHECK_OK(ppq_column_reader_init(&cr, &rd, 0, 0, &arena));
    do {
        st = ppq_column_reader_read(&cr, 4, vals, NULL, NULL, &levels, &count);
        for (i = 0; st == PPQ_OK && i < count; i++) {
            PPQ_CHECK_EQ(vals[i].len, 79u);
            PPQ_CHECK_MEM(vals[i].ptr, text[total + i], 79);
        }
        total += count;
    } while (st == PPQ_OK && levels > 0u);
    PPQ_CHECK_OK(st);
    PPQ_CHECK_EQ(total, 4u);
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(writer_files_round_trip),
    PPQ_TEST(compact_auto_by_size),
    PPQ_TEST(compact_dictionary_outgrows_width),
    PPQ_TEST(skip_rows_flat),
    PPQ_TEST(delta_byte_array_long_prefixes),
    PPQ_TEST(long_page_headers),
    PPQ_TEST(pruning),
    PPQ_TEST(hostile_files),
    PPQ_TEST(in_memory_past_the_end),
    PPQ_TEST(levels_disagree),
};
PPQ_SUITE(suite_reader, "reader", cases);
