/* The reader's footer, streamed through its window and kept in part:
 * the spec's worked example file (E11, thrift-facts.md: read back by
 * hyparquet) opened whole, in every arena size, cut at every footer byte
 * and with every footer byte changed; footers that lie about counts and
 * lengths or nest too deep; a writer file whose footer is many times the
 * arena, opened for two columns of three row groups and read back value
 * for value, its chunk infos the same as a full open's. */
#include <string.h>

#include "recover_util.h" /* a file in memory (mfile_t) */
#include "test_util.h"
#include "e11_golden.h"
#include "ppq_reader.h"
#include "ppq_writer.h"

/* (static or scratch, shared by the tests: the 16 KB boards' stack is 2 KB,
 * their RAM short) */
static ppq_reader_t rd;
static ppq_reader_t *full;
static ppq_column_reader_t *cr;
static ppq_file_t file;
static mfile_t mfile;
static ppq_arena_t arena;

/* ---- E11 ---------------------------------------------------------------- */

/* thrift-facts.md E11: the page at offset 4 (a 33-byte header, three PLAIN
 * INT32 values), the 102-byte footer. */
static const uint8_t e11_page[45] = {
    0x15, 0x00, 0x15, 0x18, 0x15, 0x18, 0x2C, 0x15, 0x06, 0x15, 0x00, 0x15, 0x06, 0x15, 0x06,
    0x1C, 0x36, 0x00, 0x28, 0x04, 0x03, 0x00, 0x00, 0x00, 0x18, 0x04, 0x01, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00};

#define E11_CAP 512u
static uint8_t *fbuf;

/* Scratch for an E11 test: the file, a column reader. */
static void e11_setup(void)
{
    test_setup();
    fbuf = (uint8_t *)test_alloc(E11_CAP);
    cr = (ppq_column_reader_t *)test_alloc(sizeof *cr);
    PPQ_CHECK(fbuf != NULL && cr != NULL);
}

/* "PAR1", E11's page, the footer bytes given (footer[0..len) with `ins`
 * bytes put in at `at`, replacing `del`), their length and "PAR1": the
 * file's length. */
static size_t make_file(const uint8_t *footer, size_t len, size_t at, size_t del, const uint8_t *ins, size_t ins_len)
{
    size_t n = 4u + sizeof e11_page, flen = len - del + ins_len;
    memcpy(fbuf, "PAR1", 4);
    memcpy(fbuf + 4, e11_page, sizeof e11_page);
    memcpy(fbuf + n, footer, at);
    if (ins_len > 0u) {
        memcpy(fbuf + n + at, ins, ins_len);
    }
    memcpy(fbuf + n + at + ins_len, footer + at + del, len - at - del);
    n += flen;
    ppq_store_le32(fbuf + n, (uint32_t)flen);
    memcpy(fbuf + n + 4, "PAR1", 4);
    return n + 8u;
}

static size_t e11_file(void)
{
    return make_file(e11_footer_golden, sizeof e11_footer_golden, 0, 0, NULL, 0);
}

/* Open fbuf[0..len) into an arena of `size` bytes of the test arena. */
static ppq_status_t open_in(ppq_reader_t *r, size_t len, size_t size, const ppq_reader_select_t *sel)
{
    mfile_init(&file, &mfile, fbuf, len, len);
    ppq_arena_init(&arena, test_arena_ptr, size);
    return ppq_reader_open_select(r, &file, sel, &arena);
}

/* Column `col` of row group `rg` of r read to its end as INT32 values
 * (up to `max` into out); the count, or -1 on an error. */
static long read_i32(ppq_reader_t *r, uint32_t rg, uint32_t col, int32_t *out, size_t max)
{
    size_t mark = ppq_arena_mark(&arena), levels = 1, count = 0, total = 0;
    int32_t v[4];
    int16_t def[4];
    ppq_status_t st = ppq_column_reader_init(cr, r, rg, col, &arena);
    while (st == PPQ_OK && levels > 0u) {
        size_t i;
        st = ppq_column_reader_read(cr, 4, v, def, NULL, &levels, &count);
        for (i = 0; st == PPQ_OK && i < count; i++, total++) {
            if (total < max) {
                out[total] = v[i];
            }
        }
    }
    ppq_arena_rewind(&arena, mark);
    return st == PPQ_OK ? (long)total : -1;
}

/* E11 whole: its schema, chunk, statistics and created_by as the spec
 * gives them, the values 1, 2, 3; kept in part: the schema alone, or the
 * one chunk asked for. */
static void e11_open(void)
{
    static const uint32_t zero = 0, one = 1;
    ppq_reader_select_t sel;
    const ppq_chunk_info_t *c;
    int32_t v[3];
    size_t len;
    e11_setup();
    len = e11_file();
    PPQ_CHECK_OK(open_in(&rd, len, test_arena_size, NULL));
    PPQ_CHECK_EQ(rd.ncols, 1);
    PPQ_CHECK_EQ(rd.nnodes, 2);
    PPQ_CHECK_EQ(rd.num_rows, 3);
    PPQ_CHECK_EQ(rd.nrg, 1);
    PPQ_CHECK_EQ(rd.rg_rows[0], 3);
    PPQ_CHECK(rd.nodes[0].name_len == 6 && memcmp(rd.nodes[0].name, "schema", 6) == 0);
    PPQ_CHECK(rd.nodes[1].name_len == 1 && rd.nodes[1].name[0] == 'x' && rd.nodes[1].type == PPQ_INT32);
    c = ppq_reader_chunk(&rd, 0, 0);
    PPQ_CHECK(c == &rd.chunks[0]);
    PPQ_CHECK(c->data_page_offset == 4 && c->compressed_size == 45 && c->num_values == 3 && c->dict_page_offset == -1);
    PPQ_CHECK_EQ(c->encodings, 1u); /* PLAIN */
    if (PPQ_READER_STATISTICS) {
        PPQ_CHECK(c->stats.null_count == 0 && c->stats.min_len == 4 && c->stats.max_len == 4);
        PPQ_CHECK_MEM(c->stats.min, "\x01\x00\x00\x00", 4);
        PPQ_CHECK_MEM(c->stats.max, "\x03\x00\x00\x00", 4);
    }
    if (PPQ_READER_METADATA) {
        PPQ_CHECK_EQ(rd.created_by_len, 20);
        PPQ_CHECK_MEM(rd.created_by, "tinypq version 0.0.1", 20);
    }
    PPQ_CHECK_EQ(read_i32(&rd, 0, 0, v, 3), 3);
    PPQ_CHECK(v[0] == 1 && v[1] == 2 && v[2] == 3);
    PPQ_CHECK(ppq_reader_chunk(&rd, 1, 0) == NULL && ppq_reader_chunk(&rd, 0, 1) == NULL);

    memset(&sel, 0, sizeof sel); /* zero: all, without created_by */
    PPQ_CHECK_OK(open_in(&rd, len, test_arena_size, &sel));
    PPQ_CHECK(rd.created_by == NULL && rd.nkv == 0);
    PPQ_CHECK_EQ(read_i32(&rd, 0, 0, v, 3), 3);
    sel.columns = &zero; /* the schema only */
    sel.ncolumns = 0;
    sel.metadata = 1;
    PPQ_CHECK_OK(open_in(&rd, len, test_arena_size, &sel));
    PPQ_CHECK(rd.nnodes == 2 && rd.ncols == 1 && rd.nrg == 1 && rd.nsel_cols == 0);
    PPQ_CHECK_EQ(rd.created_by_len, PPQ_READER_METADATA ? 20u : 0u);
    PPQ_CHECK(ppq_reader_chunk(&rd, 0, 0) == NULL);
    PPQ_CHECK_EQ(ppq_reader_row_group_rows(&rd, 0), 3);
    PPQ_CHECK_EQ(ppq_column_reader_init(cr, &rd, 0, 0, &arena), PPQ_ERR_ARG);
    sel.ncolumns = 1; /* column 0 of row group 0 */
    sel.row_groups = &zero;
    sel.nrow_groups = 1;
    PPQ_CHECK_OK(open_in(&rd, len, test_arena_size, &sel));
    PPQ_CHECK_EQ(read_i32(&rd, 0, 0, v, 3), 3);
    PPQ_CHECK_EQ(v[2], 3);
    sel.columns = &one; /* out of range */
    PPQ_CHECK_EQ(open_in(&rd, len, test_arena_size, &sel), PPQ_ERR_ARG);
    sel.columns = &zero;
    sel.row_groups = &one;
    PPQ_CHECK_EQ(open_in(&rd, len, test_arena_size, &sel), PPQ_ERR_ARG);
    PPQ_CHECK(rd.nrg == 0 && rd.ncols == 0 && ppq_reader_column(&rd, 0) == NULL); /* a failed open holds nothing */
}

/* Every arena size from none up: PPQ_ERR_ARENA with the same need each
 * time (the smallest ones count through the stack window), then success
 * at exactly that need, using all of it. */
static void e11_arena_sizes(void)
{
    static const uint32_t zero = 0;
    ppq_reader_select_t sel;
    size_t len, size, need = 0;
    unsigned k;
    e11_setup();
    len = e11_file();
    memset(&sel, 0, sizeof sel);
    sel.columns = &zero;
    sel.ncolumns = 1;
    for (k = 0; k < 2u; k++) {
        for (size = 0, need = 0; size <= 4096u; size += 8u) {
            ppq_status_t st = open_in(&rd, len, size, k ? &sel : NULL);
            if (st == PPQ_ERR_ARENA) {
                PPQ_CHECK(rd.need > size);
                PPQ_CHECK(need == 0u || rd.need == need);
                need = rd.need;
                PPQ_CHECK_EQ(ppq_arena_used(&arena), 0);
                continue;
            }
            PPQ_CHECK_OK(st);
            PPQ_CHECK_EQ(size, need);
            PPQ_CHECK_EQ(ppq_arena_used(&arena), need);
            break;
        }
        PPQ_CHECK(need > 256u && need < 1024u); /* the window and what is kept */
    }
}

/* The footer cut at every byte (its length saying so): PPQ_ERR_CORRUPT,
 * whether the arena holds it or only counts. */
static void e11_footer_cut(void)
{
    static const uint32_t zero = 0;
    ppq_reader_select_t sel;
    size_t k;
    e11_setup();
    memset(&sel, 0, sizeof sel);
    sel.row_groups = &zero;
    sel.nrow_groups = 1;
    for (k = 0; k < sizeof e11_footer_golden; k++) {
        size_t len = make_file(e11_footer_golden, k, 0, 0, NULL, 0);
        PPQ_CHECK_EQ(open_in(&rd, len, test_arena_size, NULL), PPQ_ERR_CORRUPT);
        PPQ_CHECK_EQ(open_in(&rd, len, test_arena_size, &sel), PPQ_ERR_CORRUPT);
        PPQ_CHECK_EQ(open_in(&rd, len, 64, NULL), PPQ_ERR_CORRUPT);
    }
}

/* One file's opens, whatever its bytes: every status is one of open's,
 * an arena too small says a need that then opens without PPQ_ERR_ARENA,
 * and whatever opens reads to an end. */
static void open_any(size_t len)
{
    static const uint32_t zero = 0;
    ppq_reader_select_t sel;
    int32_t v[4];
    ppq_status_t st = open_in(&rd, len, test_arena_size, NULL);
    PPQ_CHECK(st == PPQ_OK || st == PPQ_ERR_CORRUPT || st == PPQ_ERR_UNSUPPORTED || st == PPQ_ERR_ARG ||
              st == PPQ_ERR_ARENA);
    if (st == PPQ_OK && rd.nrg > 0u) {
        (void)read_i32(&rd, 0, 0, v, 4);
    }
    memset(&sel, 0, sizeof sel);
    sel.columns = &zero;
    sel.ncolumns = 1;
    st = open_in(&rd, len, 200, &sel); /* counting */
    if (st == PPQ_ERR_ARENA) {
        size_t need = rd.need;
        PPQ_CHECK(need > 200u);
        if (need <= test_arena_size) {
            st = open_in(&rd, len, need, &sel);
            PPQ_CHECK(st != PPQ_ERR_ARENA);
            if (st == PPQ_OK && rd.nrg > 0u) {
                (void)read_i32(&rd, 0, 0, v, 4);
            }
        }
    }
}

/* Every footer byte set to every value (on 16 KB boards every third). */
static void e11_every_byte(void)
{
    size_t i, len, at;
    unsigned v, step = test_arena_size < 8192u ? 3u : 1u;
    e11_setup();
    len = e11_file();
    at = len - 8u - sizeof e11_footer_golden;
    for (i = at; i < len - 8u; i++) {
        uint8_t keep = fbuf[i];
        for (v = 0; v < 256u; v += step) {
            fbuf[i] = (uint8_t)v;
            open_any(len);
            fbuf[i] = keep;
        }
    }
}

/* Footers that lie: counts and lengths past the footer's end, more
 * elements than a list holds, row groups whose columns could not fit,
 * nesting past the limit, a huge key-value list (kept: an arena need;
 * not kept: skipped). */
static void lying_footers(void)
{
    static const uint8_t big_count[] = {0xFC, 0xFF, 0xFF, 0xFF, 0xFF, 0x07}; /* list of structs, 2^31-1 */
    static const uint8_t big_len[] = {0xFF, 0xFF, 0xFF, 0xFF, 0x07};
    uint8_t extra[300];
    ppq_reader_select_t sel;
    size_t len, i, n;
    e11_setup();
    /* the schema's list: 2^31-1 elements; 14 (the short form's most) */
    len = make_file(e11_footer_golden, sizeof e11_footer_golden, 3, 1, big_count, sizeof big_count);
    PPQ_CHECK_EQ(open_in(&rd, len, test_arena_size, NULL), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(open_in(&rd, len, 64, NULL), PPQ_ERR_CORRUPT);
    len = make_file(e11_footer_golden, sizeof e11_footer_golden, 3, 1, (const uint8_t *)"\xEC", 1);
    PPQ_CHECK_EQ(open_in(&rd, len, test_arena_size, NULL), PPQ_ERR_CORRUPT);
    /* the name "schema": 2^31-1 bytes long */
    len = make_file(e11_footer_golden, sizeof e11_footer_golden, 5, 1, big_len, sizeof big_len);
    PPQ_CHECK_EQ(open_in(&rd, len, test_arena_size, NULL), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(open_in(&rd, len, 64, NULL), PPQ_ERR_CORRUPT);
    /* row groups: 2^31-1; 14 */
    len = make_file(e11_footer_golden, sizeof e11_footer_golden, 26, 1, big_count, sizeof big_count);
    PPQ_CHECK_EQ(open_in(&rd, len, test_arena_size, NULL), PPQ_ERR_CORRUPT);
    len = make_file(e11_footer_golden, sizeof e11_footer_golden, 26, 1, (const uint8_t *)"\xEC", 1);
    PPQ_CHECK_EQ(open_in(&rd, len, test_arena_size, NULL), PPQ_ERR_CORRUPT);
    /* an unknown field 99 (long form header) nesting structs 7 deep (the
     * skip takes 8 levels: fine), then 9 (PPQ_ERR_CORRUPT, not a crash) */
    for (n = 7; n <= 9u; n += 2u) {
        extra[0] = 0x0C;
        extra[1] = 0xC6; /* zigzag 99 */
        extra[2] = 0x01;
        for (i = 0; i < n - 1u; i++) {
            extra[3 + i] = 0x1C; /* field 1, a struct */
        }
        memset(extra + 3 + n - 1u, 0, n);
        len = make_file(e11_footer_golden, sizeof e11_footer_golden, sizeof e11_footer_golden - 1u, 0, extra, 3u + 2u * n - 1u);
        PPQ_CHECK_EQ(open_in(&rd, len, test_arena_size, NULL), n == 7u ? PPQ_OK : PPQ_ERR_CORRUPT);
    }
    /* key-value metadata (field 5, after 7: long form): 250 empty KeyValue
     * structs.  Kept, the reader needs an entry each; not kept, E11's
     * arena is enough. */
    extra[0] = 0x09;
    extra[1] = 0x0A; /* zigzag 5 */
    extra[2] = 0xFC;
    extra[3] = 0xFA; /* 250 */
    extra[4] = 0x01;
    memset(extra + 5, 0, 250);
    len = make_file(e11_footer_golden, sizeof e11_footer_golden, sizeof e11_footer_golden - 1u, 0, extra, 255);
    memset(&sel, 0, sizeof sel);
    PPQ_CHECK_OK(open_in(&rd, len, 1024, &sel));
    if (PPQ_READER_METADATA) {
        PPQ_CHECK_EQ(open_in(&rd, len, 1024, NULL), PPQ_ERR_ARENA);
        PPQ_CHECK(rd.need > 250u * sizeof(ppq_key_value_ref_t));
        if (rd.need <= test_arena_size) {
            PPQ_CHECK_OK(open_in(&rd, len, rd.need, NULL));
            PPQ_CHECK(rd.nkv == 250 && rd.kv[249].key_len == 0 && rd.kv[249].value == NULL);
        }
    }
    /* the same list claiming 2^31-1 entries */
    memcpy(extra + 2, big_count, sizeof big_count);
    len = make_file(e11_footer_golden, sizeof e11_footer_golden, sizeof e11_footer_golden - 1u, 0, extra, 8);
    PPQ_CHECK_EQ(open_in(&rd, len, test_arena_size, NULL), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(open_in(&rd, len, test_arena_size, &sel), PPQ_ERR_CORRUPT);
}

/* Column orders: E11's TYPE_ORDER lets its min and max (1..3) prune a
 * range of 5..9; without column_orders, or with another member (2:
 * IEEE_754_TOTAL_ORDER), they prove nothing. */
static void column_orders(void)
{
    static const uint8_t lo[4] = {5, 0, 0, 0}, hi[4] = {9, 0, 0, 0}; /* INT32 5 and 9, PLAIN bytes */
    static const uint8_t other = 0x2C; /* member 2, an empty struct */
    size_t len;
    if (!PPQ_READER_STATISTICS) {
        return;
    }
    e11_setup();
    len = e11_file();
    PPQ_CHECK_OK(open_in(&rd, len, test_arena_size, NULL));
    PPQ_CHECK_EQ(rd.nodes[1].column_order, 1);
    PPQ_CHECK_EQ(ppq_reader_may_contain(&rd, 0, 0, lo, hi), 0);
    PPQ_CHECK_EQ(ppq_reader_may_contain(&rd, 0, 0, NULL, hi), 1);
    /* the footer's last 6 bytes: 19 (column_orders) 1C (a struct) 1C 00 (TYPE_ORDER) 00 (union) 00 (stop) */
    len = make_file(e11_footer_golden, sizeof e11_footer_golden, sizeof e11_footer_golden - 6u, 5u, NULL, 0);
    PPQ_CHECK_OK(open_in(&rd, len, test_arena_size, NULL));
    PPQ_CHECK_EQ(rd.nodes[1].column_order, 0);
    PPQ_CHECK_EQ(ppq_reader_may_contain(&rd, 0, 0, lo, hi), 1);
    len = make_file(e11_footer_golden, sizeof e11_footer_golden, sizeof e11_footer_golden - 4u, 1u, &other, 1);
    PPQ_CHECK_OK(open_in(&rd, len, test_arena_size, NULL));
    PPQ_CHECK_EQ(rd.nodes[1].column_order, 2);
    PPQ_CHECK_EQ(ppq_reader_may_contain(&rd, 0, 0, lo, hi), 1);
}

/* ---- a footer many times the arena ---------------------------------------- */

/* The file's shape, the arena the selection opens in, the least footer
 * length (16 KB boards: what their scratch holds) */
#ifdef PPQ_TEST_SMALL
#define BIG_COLS 4u
#define BIG_RGS 8u
#define BIG_FILE 4096u
#define BIG_SPILL 2304u
#define SMALL_ARENA 1536u
#define BIG_FOOTER_MIN SMALL_ARENA
#define BIG_COMPACT 1
#else
#define BIG_COLS 24u
#define BIG_RGS 40u
#define BIG_FILE 196608u
#define BIG_SPILL 131072u
#define SMALL_ARENA 4096u
#define BIG_FOOTER_MIN (6u * SMALL_ARENA) /* (without statistics: 28.7 KB) */
#define BIG_COMPACT 0
#endif
#define BIG_ROWS 3u /* per row group */

static ppq_column_t big_cols[BIG_COLS];
static char big_names[BIG_COLS][8], big_vals[BIG_COLS][4];

/* Row r's value of column c: even columns INT32, odd ones short strings. */
static int32_t big_i32(uint32_t r, uint32_t c)
{
    return (int32_t)(r * 7919u % 1000u) - 500 + (int32_t)c;
}

static uint32_t big_str(uint32_t r, uint32_t c, char *s)
{
    s[0] = (char)('a' + c % 26u);
    s[1] = (char)('0' + r / 100u % 10u);
    s[2] = (char)('0' + r / 10u % 10u);
    s[3] = (char)('0' + r % 10u);
    return 1u + (r + c) % 4u;
}

/* The file into buf (its length in *len): BIG_COLS columns, BIG_RGS row
 * groups of BIG_ROWS rows, the row groups' metadata spilled. */
static ppq_status_t write_big(uint8_t *buf, uint8_t *spill_buf, size_t *len)
{
    ppq_writer_options_t o;
    ppq_writer_t w;
    ppq_sink_t sink, spill;
    ppq_memsink_t mem, spill_mem;
    ppq_source_t unspill;
    ppq_memsrc_t unspill_mem;
    uint32_t r, c;
    ppq_status_t st;
    for (c = 0; c < BIG_COLS; c++) {
        memset(&big_cols[c], 0, sizeof big_cols[c]);
        big_names[c][0] = 'c';
        big_names[c][1] = (char)('0' + c / 10u);
        big_names[c][2] = (char)('0' + c % 10u);
        big_names[c][3] = '\0';
        big_cols[c].name = big_names[c];
        big_cols[c].type = c % 2u ? PPQ_BYTE_ARRAY : PPQ_INT32;
        big_cols[c].encoding = PPQ_COLUMN_PLAIN;
    }
    memset(&o, 0, sizeof o);
    o.page_values = 8;
    o.page_bytes = 64;
    o.row_group_rows = BIG_ROWS;
    o.chunk_bytes = 1;
    o.footer_bytes = 1;
    o.footer_spill = &spill;
    o.footer_unspill = &unspill;
    if (BIG_COMPACT && PPQ_WRITER_COMPACT) { /* (the pages' layout needs over 4 KB of arena) */
        o.compact = 1;
        o.chunk_bytes = 64;
        o.dict_entries = 8;
    }
    ppq_sink_init_mem(&sink, &mem, buf, BIG_FILE);
    ppq_sink_init_mem(&spill, &spill_mem, spill_buf, BIG_SPILL);
    ppq_source_init_mem(&unspill, &unspill_mem, spill_buf, BIG_SPILL);
    st = ppq_writer_init(&w, big_cols, BIG_COLS, &o, &sink, test_arena_ptr, test_arena_size);
    for (r = 0; r < BIG_RGS * BIG_ROWS && st == PPQ_OK; r++) {
        for (c = 0; c < BIG_COLS && st == PPQ_OK; c++) { /* (byte values: copied at commit) */
            st = c % 2u ? ppq_writer_set_bytes(&w, c, big_vals[c], big_str(r, c, big_vals[c]))
                        : ppq_writer_set_i32(&w, c, big_i32(r, c));
        }
        st = st == PPQ_OK ? ppq_writer_commit_row(&w) : st;
    }
    st = st == PPQ_OK ? ppq_writer_close(&w) : st;
    *len = mem.len;
    return st;
}

/* Two columns of three row groups kept from a footer many times the
 * arena: the arena need exact, every value read back, the chunk infos
 * those of a full open; the chunks not kept refused (PPQ_ERR_ARG). */
static void big_footer_select(void)
{
    static const uint32_t cols[2] = {1, BIG_COLS - 2u}, rgs[3] = {0, 2, BIG_RGS - 1u};
    ppq_reader_select_t sel;
    ppq_arena_t carena;
    uint8_t *buf, *spill;
    size_t len, flen, need, full_need, i;
    uint32_t g, c;
    test_setup();
    buf = (uint8_t *)test_alloc(BIG_FILE);
    spill = (uint8_t *)test_alloc(BIG_SPILL);
    PPQ_CHECK(buf != NULL && spill != NULL);
    PPQ_CHECK_OK(write_big(buf, spill, &len));
    full = (ppq_reader_t *)(void *)spill; /* (the spill is read back: its memory is free) */
    cr = (ppq_column_reader_t *)(void *)(spill + PPQ_ARENA_ROUND(sizeof *full));
    flen = ppq_load_le32(buf + len - 8u);
    PPQ_CHECK(flen > BIG_FOOTER_MIN);
    mfile_init(&file, &mfile, buf, len, len);

    /* the whole footer: more than the small arena; the need exact */
    ppq_arena_init(&arena, test_arena_ptr, SMALL_ARENA);
    PPQ_CHECK_EQ(ppq_reader_open(&rd, &file, &arena), PPQ_ERR_ARENA);
    full_need = need = rd.need;
    PPQ_CHECK(need > 2u * SMALL_ARENA);
    if (need <= test_arena_size / 2u) {
        ppq_arena_init(&arena, test_arena_ptr + test_arena_size / 2u, need - 8u);
        PPQ_CHECK_EQ(ppq_reader_open(full, &file, &arena), PPQ_ERR_ARENA);
        PPQ_CHECK_EQ(full->need, need);
        ppq_arena_init(&arena, test_arena_ptr + test_arena_size / 2u, need);
        PPQ_CHECK_OK(ppq_reader_open(full, &file, &arena));
        PPQ_CHECK(full->nrg == BIG_RGS && full->ncols == BIG_COLS && full->num_rows == BIG_RGS * BIG_ROWS);
    } else {
        memset(full, 0, sizeof *full); /* (16 KB boards: no room for it) */
    }

    /* the selection: fits the small arena, exactly */
    memset(&sel, 0, sizeof sel);
    sel.columns = cols;
    sel.ncolumns = 2;
    sel.row_groups = rgs;
    sel.nrow_groups = 3;
    ppq_arena_init(&arena, test_arena_ptr, 64);
    PPQ_CHECK_EQ(ppq_reader_open_select(&rd, &file, &sel, &arena), PPQ_ERR_ARENA);
    need = rd.need;
    PPQ_CHECK(need <= SMALL_ARENA);
    ppq_arena_init(&arena, test_arena_ptr, need - 8u);
    PPQ_CHECK_EQ(ppq_reader_open_select(&rd, &file, &sel, &arena), PPQ_ERR_ARENA);
    PPQ_CHECK_EQ(rd.need, need);
    ppq_arena_init(&arena, test_arena_ptr, SMALL_ARENA);
    PPQ_CHECK_OK(ppq_reader_open_select(&rd, &file, &sel, &arena));
    PPQ_CHECK_EQ(ppq_arena_used(&arena), need);
    PPQ_CHECK(rd.nrg == BIG_RGS && rd.ncols == BIG_COLS && rd.nnodes == BIG_COLS + 1u);
    PPQ_CHECK(rd.num_rows == BIG_RGS * BIG_ROWS && rd.nsel_cols == 2 && rd.nsel_rgs == 3);
    PPQ_CHECK(ppq_reader_column(&rd, BIG_COLS - 1u)->name_len == 3 &&
              memcmp(ppq_reader_column(&rd, BIG_COLS - 1u)->name, big_names[BIG_COLS - 1u], 3) == 0);
    for (g = 0; g < BIG_RGS; g++) {
        int kept_rg = g == rgs[0] || g == rgs[1] || g == rgs[2];
        PPQ_CHECK_EQ(ppq_reader_row_group_rows(&rd, g), kept_rg ? (int64_t)BIG_ROWS : -1);
        for (c = 0; c < BIG_COLS; c++) {
            const ppq_chunk_info_t *a = ppq_reader_chunk(&rd, g, c), *b = ppq_reader_chunk(full, g, c);
            ppq_status_t st = PPQ_OK;
            if (!kept_rg || (c != cols[0] && c != cols[1])) {
                PPQ_CHECK(a == NULL);
                PPQ_CHECK_EQ(ppq_column_reader_arena_size(&rd, g, c, &st), 0);
                PPQ_CHECK_EQ(st, PPQ_ERR_ARG);
                PPQ_CHECK_EQ(ppq_column_reader_init(cr, &rd, g, c, &arena), PPQ_ERR_ARG);
                PPQ_CHECK_EQ(ppq_reader_may_contain(&rd, g, c, NULL, NULL), 1);
                continue;
            }
            PPQ_CHECK(a != NULL);
            if (b != NULL) { /* the full open's: the same */
                PPQ_CHECK(a->codec == b->codec && a->encodings == b->encodings && a->num_values == b->num_values &&
                          a->compressed_size == b->compressed_size &&
                          a->uncompressed_size == b->uncompressed_size &&
                          a->data_page_offset == b->data_page_offset && a->dict_page_offset == b->dict_page_offset);
                PPQ_CHECK(a->stats.null_count == b->stats.null_count && a->stats.min_len == b->stats.min_len &&
                          a->stats.max_len == b->stats.max_len && a->stats.legacy == b->stats.legacy);
                PPQ_CHECK((a->stats.min == NULL) == (b->stats.min == NULL) &&
                          (a->stats.max == NULL) == (b->stats.max == NULL));
                if (a->stats.min != NULL && a->stats.max != NULL) {
                    PPQ_CHECK_MEM(a->stats.min, b->stats.min, a->stats.min_len);
                    PPQ_CHECK_MEM(a->stats.max, b->stats.max, a->stats.max_len);
                }
            }
            PPQ_CHECK(a->num_values == BIG_ROWS && (!PPQ_READER_STATISTICS || !PPQ_WRITER_STATISTICS || a->stats.min != NULL));
        }
    }
    /* every value of the chunks kept (column readers in the rest of the test arena) */
    ppq_arena_init(&carena, test_arena_ptr + SMALL_ARENA, 
                   (full_need <= test_arena_size / 2u ? test_arena_size / 2u : test_arena_size) - SMALL_ARENA);
    for (i = 0; i < 3u; i++) {
        for (c = 0; c < 2u; c++) {
            size_t levels = 1, count = 0, n, row = rgs[i] * BIG_ROWS;
            union {
                int32_t i32[BIG_ROWS];
                ppq_bytes_t b[BIG_ROWS];
            } v;
            ppq_status_t st;
            need = ppq_column_reader_arena_size(&rd, rgs[i], cols[c], &st);
            PPQ_CHECK_OK(st);
            PPQ_CHECK_OK(ppq_column_reader_init(cr, &rd, rgs[i], cols[c], &carena));
            PPQ_CHECK_EQ(ppq_arena_used(&carena), need);
            while (levels > 0u) {
                PPQ_CHECK_OK(ppq_column_reader_read(cr, BIG_ROWS, &v, NULL, NULL, &levels, &count));
                for (n = 0; n < count; n++, row++) {
                    if (cols[c] % 2u) {
                        char s[4];
                        size_t l = big_str((uint32_t)row, cols[c], s);
                        PPQ_CHECK(v.b[n].len == l && memcmp(v.b[n].ptr, s, l) == 0);
                    } else {
                        PPQ_CHECK_EQ(v.i32[n], big_i32((uint32_t)row, cols[c]));
                    }
                }
            }
            PPQ_CHECK_EQ(row, (rgs[i] + 1u) * BIG_ROWS);
            ppq_arena_rewind(&carena, 0);
        }
    }
}

/* Selections that are not ascending, or repeat, or name what the file
 * lacks: PPQ_ERR_ARG (the file's own row groups and columns checked). */
static void big_footer_bad_selections(void)
{
    static const uint32_t down[2] = {3, 1}, twice[2] = {2, 2}, past[2] = {0, BIG_RGS};
    const uint32_t *lists[3] = {down, twice, past};
    ppq_reader_select_t sel;
    uint8_t *buf, *spill;
    size_t len;
    unsigned k;
    test_setup();
    buf = (uint8_t *)test_alloc(BIG_FILE);
    spill = (uint8_t *)test_alloc(BIG_SPILL);
    PPQ_CHECK(buf != NULL && spill != NULL);
    PPQ_CHECK_OK(write_big(buf, spill, &len));
    mfile_init(&file, &mfile, buf, len, len);
    PPQ_CHECK(BIG_COLS >= 4u); /* (the lists name columns 0 .. 3) */
    for (k = 0; k < 3u; k++) {
        memset(&sel, 0, sizeof sel);
        sel.row_groups = lists[k];
        sel.nrow_groups = 2;
        ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
        PPQ_CHECK_EQ(ppq_reader_open_select(&rd, &file, &sel, &arena), PPQ_ERR_ARG);
        PPQ_CHECK_EQ(ppq_arena_used(&arena), 0);
        memset(&sel, 0, sizeof sel);
        sel.columns = lists[k];
        sel.ncolumns = 2;
        PPQ_CHECK_EQ(ppq_reader_open_select(&rd, &file, &sel, &arena), PPQ_ERR_ARG);
        PPQ_CHECK_EQ(ppq_arena_used(&arena), 0);
    }
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(e11_open),
    PPQ_TEST(e11_arena_sizes),
    PPQ_TEST(e11_footer_cut),
    PPQ_TEST(e11_every_byte),
    PPQ_TEST(lying_footers),
    PPQ_TEST(column_orders),
    PPQ_TEST(big_footer_select),
    PPQ_TEST(big_footer_bad_selections),
};
PPQ_SUITE(suite_footer, "footer", cases);
