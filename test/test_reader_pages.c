/* The reader on one-column files built here byte by byte (Thrift Compact
 * by hand, from the spec: thrift-facts.md, encodings.txt), each holding
 * one case of issue 28 or one hostile page: RLE booleans in v1 and v2
 * pages (with the repetition levels parquet-mr stores for a maximum of 0),
 * dictionary offsets of 0 or at the data page, an empty v2 compressed
 * section, column key-value metadata, an encrypted column; and the page
 * refusals, each with its status. */
#include <string.h>

#include "recover_util.h" /* a file in memory (mfile_t) */
#include "test_util.h"
#include "ppq_reader.h"

/* ---- a Thrift Compact writer, just enough ---- */
typedef struct tw {
    uint8_t *b;
    size_t n;
    int16_t last[8];
    unsigned depth;
} tw_t;

static void uv(tw_t *w, uint64_t v)
{
    while (v >= 0x80u) {
        w->b[w->n++] = (uint8_t)(v | 0x80u);
        v >>= 7;
    }
    w->b[w->n++] = (uint8_t)v;
}
static void zz(tw_t *w, int64_t v)
{
    uv(w, v >= 0 ? (uint64_t)v << 1 : (((uint64_t)(-(v + 1))) << 1) | 1u);
}
static void fh(tw_t *w, int16_t id, uint8_t t)
{
    int d = id - w->last[w->depth];
    if (d > 0 && d <= 15) {
        w->b[w->n++] = (uint8_t)(d << 4 | t);
    } else {
        w->b[w->n++] = t;
        zz(w, id);
    }
    w->last[w->depth] = id;
}
static void wi(tw_t *w, int16_t id, int64_t v, uint8_t t) /* t 5 i32, 6 i64 */
{
    fh(w, id, t);
    zz(w, v);
}
static void wbin(tw_t *w, int16_t id, const char *s)
{
    size_t len = strlen(s);
    fh(w, id, 8);
    uv(w, len);
    memcpy(w->b + w->n, s, len);
    w->n += len;
}
static void wopen(tw_t *w, int16_t id) /* a struct field (id < 0: a list's element) */
{
    if (id >= 0) {
        fh(w, id, 12);
    }
    w->last[++w->depth] = 0;
}
static void wclose(tw_t *w)
{
    w->b[w->n++] = 0;
    w->depth--;
}
static void wlist(tw_t *w, int16_t id, uint8_t et, unsigned n)
{
    fh(w, id, 9);
    w->b[w->n++] = (uint8_t)(n << 4 | et);
}

/* ---- one-column files ---- */
enum { KIND_V1 = 0, KIND_INDEX = 1, KIND_DICT = 2, KIND_V2 = 3 };

typedef struct page {
    int kind;
    int32_t values, enc, nulls, def_len, rep_len, raw; /* raw -1: the body's length */
    const uint8_t *body;
    size_t len;
    int crc;     /* 1: the body's CRC, 2: a wrong one */
    int uncompressed; /* v2: is_compressed false */
    int32_t def_enc, rep_enc; /* v1: the levels' encodings (0: RLE) */
} page_t;

typedef struct col {
    int32_t type, type_len, rep; /* rep: 0 REQUIRED, 1 OPTIONAL */
    int32_t codec;
    int dict_offset;             /* dictionary and data page offsets: 0 each its page's; 1: 0 and
                                    the dictionary page's (older writers); 2: both the dictionary
                                    page's; 3: the dictionary page's and 0 (Arrow C++) */
    int kv, crypto;
} col_t;

/* The reader and its file, and the optional parts of the footer (all
 * reset by setup()): the whole schema list (field 2) instead of root +
 * one leaf "x"; extra fields of that leaf (after its name, field 4); the
 * chunk's Statistics min/max (fields 6 and 5, or the deprecated 2 and 1);
 * a ColumnOrder for the leaf.  In the test scratch, not static: the
 * microbit's RAM. */
typedef struct rp_state {
    ppq_file_t file;
    mfile_t mfile;
    ppq_reader_t rd;
    ppq_arena_t arena;
    void (*schema_hook)(tw_t *w, const col_t *c);
    void (*leaf_hook)(tw_t *w);
    const uint8_t *stat_min, *stat_max;
    size_t stat_len;
    int stat_legacy, col_order;
} rp_state_t;
static rp_state_t *g;

static void wbytes(tw_t *w, int16_t id, const uint8_t *p, size_t len)
{
    fh(w, id, 8);
    uv(w, len);
    memcpy(w->b + w->n, p, len);
    w->n += len;
}

static uint8_t *fbuf;
static size_t flen;
static ppq_column_reader_t *cr;

static void build(const col_t *c, const page_t *pages, unsigned np, int64_t rows)
{
    tw_t w;
    unsigned i;
    int64_t dict_pos = -1, data_pos = -1, values = 0, size = 0;
    memset(&w, 0, sizeof w);
    w.b = fbuf;
    memcpy(w.b, "PAR1", 4);
    w.n = 4;
    for (i = 0; i < np; i++) {
        const page_t *p = &pages[i];
        size_t start = w.n;
        int32_t raw = p->raw >= 0 ? p->raw : (int32_t)p->len;
        if (p->kind == KIND_DICT && dict_pos < 0) {
            dict_pos = (int64_t)w.n;
        }
        if (p->kind != KIND_DICT && data_pos < 0) {
            data_pos = (int64_t)w.n;
        }
        memset(w.last, 0, sizeof w.last);
        wi(&w, 1, p->kind, 5);
        wi(&w, 2, raw, 5);
        wi(&w, 3, (int64_t)p->len, 5);
        if (p->crc) {
            wi(&w, 4, (int32_t)(ppq_crc32(0, p->body, p->len) ^ (p->crc == 2 ? 1u : 0u)), 5);
        }
        if (p->kind == KIND_V1 || p->kind == KIND_DICT) {
            wopen(&w, p->kind == KIND_V1 ? 5 : 7);
            wi(&w, 1, p->values, 5);
            wi(&w, 2, p->enc, 5);
            if (p->kind == KIND_V1) {
                wi(&w, 3, p->def_enc != 0 ? p->def_enc : 3, 5);
                wi(&w, 4, p->rep_enc != 0 ? p->rep_enc : 3, 5);
            }
            wclose(&w);
        } else if (p->kind == KIND_V2) {
            wopen(&w, 8);
            wi(&w, 1, p->values, 5);
            wi(&w, 2, p->nulls, 5);
            wi(&w, 3, p->values, 5);
            wi(&w, 4, p->enc, 5);
            wi(&w, 5, p->def_len, 5);
            wi(&w, 6, p->rep_len, 5);
            if (p->uncompressed) {
                fh(&w, 7, 2);
            }
            wclose(&w);
        }
        w.b[w.n++] = 0;
        memcpy(w.b + w.n, p->body, p->len);
        w.n += p->len;
        size += (int64_t)(w.n - start);
        values += p->kind == KIND_V1 || p->kind == KIND_V2 ? p->values : 0;
    }
    {
        size_t foot = w.n;
        memset(w.last, 0, sizeof w.last);
        w.depth = 0;
        wi(&w, 1, 1, 5);
        if (g->schema_hook != NULL) {
            g->schema_hook(&w, c);
        } else {
            wlist(&w, 2, 12, 2);
            wopen(&w, -1);
            wbin(&w, 4, "schema");
            wi(&w, 5, 1, 5);
            wclose(&w);
            wopen(&w, -1);
            wi(&w, 1, c->type, 5);
            if (c->type_len > 0) {
                wi(&w, 2, c->type_len, 5);
            }
            wi(&w, 3, c->rep, 5);
            wbin(&w, 4, "x");
            if (g->leaf_hook != NULL) {
                g->leaf_hook(&w);
            }
            wclose(&w);
        }
        wi(&w, 3, rows, 6);
        wlist(&w, 4, 12, 1);
        wopen(&w, -1); /* RowGroup */
        wlist(&w, 1, 12, 1);
        wopen(&w, -1); /* ColumnChunk */
        wi(&w, 2, 4, 6);
        wopen(&w, 3); /* ColumnMetaData */
        wi(&w, 1, c->type, 5);
        wlist(&w, 2, 5, 1);
        zz(&w, 0);
        wlist(&w, 3, 8, 1);
        uv(&w, 1);
        w.b[w.n++] = 'x';
        wi(&w, 4, c->codec, 5);
        wi(&w, 5, values, 6);
        wi(&w, 6, size, 6);
        wi(&w, 7, size, 6);
        if (c->kv) {
            wlist(&w, 8, 12, 2);
            wopen(&w, -1);
            wbin(&w, 1, "foo");
            wbin(&w, 2, "bar");
            wclose(&w);
            wopen(&w, -1);
            wbin(&w, 1, "keyonly");
            wclose(&w);
        }
        wi(&w, 9, c->dict_offset == 3 ? 0 : c->dict_offset != 0 ? dict_pos : data_pos, 6);
        if (dict_pos >= 0) {
            wi(&w, 11, c->dict_offset == 1 ? 0 : dict_pos, 6);
        }
        if (g->stat_min != NULL) { /* stat_legacy 2: new fields, then the deprecated ones */
            wopen(&w, 12);
            wbytes(&w, g->stat_legacy == 1 ? 1 : 5, g->stat_max, g->stat_len);
            wbytes(&w, g->stat_legacy == 1 ? 2 : 6, g->stat_min, g->stat_len);
            if (g->stat_legacy == 2) {
                static const uint8_t zero4[4] = {0, 0, 0, 0};
                wbytes(&w, 1, zero4, 4);
                wbytes(&w, 2, zero4, 4);
            }
            wclose(&w);
        }
        wclose(&w);
        if (c->crypto) {
            wopen(&w, 8);
            wopen(&w, 1); /* ENCRYPTION_WITH_FOOTER_KEY */
            wclose(&w);
            wclose(&w);
        }
        wclose(&w);
        wi(&w, 2, size, 6);
        wi(&w, 3, rows, 6);
        wclose(&w);
        if (g->col_order != 0) { /* FileMetaData.column_orders: one ColumnOrder, its member an empty struct */
            wlist(&w, 7, 12, 1);
            wopen(&w, -1);
            wopen(&w, (int16_t)g->col_order);
            wclose(&w);
            wclose(&w);
        }
        w.b[w.n++] = 0;
        ppq_store_le32(w.b + w.n, (uint32_t)(w.n - foot));
        memcpy(w.b + w.n + 4, "PAR1", 4);
        flen = w.n + 8u;
    }
}

static void setup(void)
{
    test_setup();
    fbuf = (uint8_t *)test_alloc(1024);
    cr = (ppq_column_reader_t *)test_alloc(sizeof *cr);
    g = (rp_state_t *)test_alloc(sizeof *g);
    PPQ_CHECK(fbuf != NULL && cr != NULL && g != NULL);
    memset(g, 0, sizeof *g);
}

static ppq_status_t open_file(void)
{
    mfile_init(&g->file, &g->mfile, fbuf, flen, flen);
    g->file.size = flen;
    ppq_arena_init(&g->arena, test_arena_ptr, test_arena_size);
    return ppq_reader_open(&g->rd, &g->file, &g->arena);
}

/* The column read to its end: values (of `size` bytes each) into out
 * (up to max), definition levels into def; the status, *n the entries. */
static ppq_status_t read_all(void *out, size_t size, int16_t *def, size_t max, size_t *n)
{
    size_t levels = 1, count = 0, vals = 0;
    ppq_status_t st = open_file();
    *n = 0;
    if (st != PPQ_OK) {
        return st;
    }
    st = ppq_column_reader_init(cr, &g->rd, 0, 0, &g->arena);
    while (st == PPQ_OK && levels > 0u) {
        uint8_t v[8 * 16];
        int16_t d[8];
        size_t k = max - *n < 8u ? max - *n : 8u;
        if (k == 0u) {
            break;
        }
        st = ppq_column_reader_read(cr, k, v, d, NULL, &levels, &count);
        if (st == PPQ_OK) {
            memcpy((uint8_t *)out + vals * size, v, count * size);
            memcpy(def + *n, d, levels * sizeof *d);
            vals += count;
            *n += levels;
        }
    }
    return st;
}

/* 20 optional booleans: every 7th (from 3) null, the others i % 3 == 0 */
#define NB 20u
static int bnull(unsigned i) { return i % 7u == 3u; }
static int bval(unsigned i) { return i % 3u == 0u; }

/* bits as one bit-packed run of bit width 1 (a header, then the groups) */
static size_t packed_bits(uint8_t *out, const uint8_t *bits, size_t n)
{
    size_t groups = (n + 7u) / 8u, i;
    out[0] = (uint8_t)(groups << 1 | 1u);
    memset(out + 1, 0, groups);
    for (i = 0; i < n; i++) {
        out[1 + i / 8u] |= (uint8_t)(bits[i] << (i % 8u));
    }
    return 1u + groups;
}

static size_t bool_body(uint8_t *body, int v2, size_t *def_len, size_t *rep_len)
{
    uint8_t defs[NB], vals[NB], tmp[8];
    size_t i, nv = 0, n = 0, k;
    for (i = 0; i < NB; i++) {
        defs[i] = (uint8_t)!bnull((unsigned)i);
        if (!bnull((unsigned)i)) {
            vals[nv++] = (uint8_t)bval((unsigned)i);
        }
    }
    *rep_len = 0;
    if (v2) { /* repetition levels for a maximum of 0: a run of NB zeros, bit width 0 */
        body[n++] = (uint8_t)(NB << 1);
        *rep_len = 1;
    }
    k = packed_bits(tmp, defs, NB);
    if (!v2) {
        ppq_store_le32(body + n, (uint32_t)k);
        n += 4;
    }
    memcpy(body + n, tmp, k);
    n += k;
    *def_len = k;
    k = packed_bits(tmp, vals, nv); /* the values: a length first in both page versions */
    ppq_store_le32(body + n, (uint32_t)k);
    memcpy(body + n + 4, tmp, k);
    return n + 4u + k;
}

static void rle_booleans(void)
{
    int v2;
    setup();
    for (v2 = 0; v2 < 2; v2++) {
        static const col_t c = {PPQ_BOOLEAN, 0, 1, 0, 0, 0, 0};
        uint8_t body[64], out[NB];
        int16_t def[NB];
        size_t dl, rl, n, i, k = 0;
        page_t p;
        memset(&p, 0, sizeof p);
        p.len = bool_body(body, v2, &dl, &rl);
        p.body = body;
        p.kind = v2 ? KIND_V2 : KIND_V1;
        p.values = NB;
        p.enc = PPQ_ENC_RLE;
        p.nulls = 3;
        p.def_len = (int32_t)dl;
        p.rep_len = (int32_t)rl;
        p.raw = -1;
        build(&c, &p, 1, NB);
        PPQ_CHECK_OK(read_all(out, 1, def, NB, &n));
        PPQ_CHECK_EQ(n, NB);
        for (i = 0; i < NB; i++) {
            PPQ_CHECK_EQ(def[i], !bnull((unsigned)i));
            if (!bnull((unsigned)i)) {
                PPQ_CHECK_EQ(out[k], bval((unsigned)i));
                k++;
            }
        }
        if (v2) { /* the levels' length past the page: refused */
            p.rep_len = 60;
            build(&c, &p, 1, NB);
            PPQ_CHECK_EQ(read_all(out, 1, def, NB, &n), PPQ_ERR_CORRUPT);
        } else { /* the values' length past the page */
            body[p.len - 6u] = 0x7F;
            build(&c, &p, 1, NB);
            PPQ_CHECK_EQ(read_all(out, 1, def, NB, &n), PPQ_ERR_CORRUPT);
        }
    }
}

/* A dictionary of 3 INT32 and a page of 8 indices (bit width 2). */
static const uint8_t dict_body[12] = {10, 0, 0, 0, 0xEC, 0xFF, 0xFF, 0xFF, 0xE0, 0x93, 0x04, 0x00}; /* 10, -20, 300000 */
static const uint8_t idx_body[4] = {2, 0x03, 0x24, 0x49}; /* 0,1,2,0,1,2,0,1 */
static const int32_t idx_want[8] = {10, -20, 300000, 10, -20, 300000, 10, -20};

static void dict_pages(page_t p[2])
{
    memset(p, 0, 2 * sizeof *p);
    p[0].kind = KIND_DICT;
    p[0].values = 3;
    p[0].enc = PPQ_ENC_PLAIN;
    p[0].body = dict_body;
    p[0].len = sizeof dict_body;
    p[0].raw = -1;
    p[1].kind = KIND_V1;
    p[1].values = 8;
    p[1].enc = PPQ_ENC_RLE_DICTIONARY;
    p[1].body = idx_body;
    p[1].len = sizeof idx_body;
    p[1].raw = -1;
}

static void dictionary_offsets(void)
{
    int how;
    setup();
    for (how = 0; how < 4; how++) {
        col_t c = {PPQ_INT32, 0, 0, 0, 0, 0, 0};
        page_t p[2];
        int32_t out[8];
        int16_t def[8];
        size_t n;
        c.dict_offset = how;
        dict_pages(p);
        build(&c, p, 2, 8);
        PPQ_CHECK_OK(read_all(out, 4, def, 8, &n));
        PPQ_CHECK_EQ(n, 8);
        PPQ_CHECK(memcmp(out, idx_want, sizeof out) == 0);
        PPQ_CHECK_EQ(ppq_reader_chunk(&g->rd, 0, 0)->dict_page_offset, how == 0 || how == 3 ? 4 : -1);
    }
}

static void empty_v2_section(void)
{
    static const uint8_t def0[2] = {0x02, 0x00}; /* a run of one 0 */
    col_t c = {PPQ_INT32, 0, 1, PPQ_CODEC_SNAPPY, 0, 0, 0};
    page_t p;
    int32_t out[1];
    int16_t def[1];
    size_t n;
    setup();
    memset(&p, 0, sizeof p);
    p.kind = KIND_V2;
    p.values = 1;
    p.nulls = 1;
    p.def_len = 2;
    p.body = def0;
    p.len = 2;
    p.raw = -1;
    build(&c, &p, 1, 1);
    if (!ppq_codec_can_decompress(PPQ_CODEC_SNAPPY)) {
        PPQ_CHECK_EQ(read_all(out, 4, def, 1, &n), PPQ_ERR_UNSUPPORTED);
        return;
    }
    PPQ_CHECK_OK(read_all(out, 4, def, 1, &n));
    PPQ_CHECK(n == 1 && def[0] == 0);
    p.raw = 3; /* no values, yet a longer page */
    build(&c, &p, 1, 1);
    PPQ_CHECK_EQ(read_all(out, 4, def, 1, &n), PPQ_ERR_CORRUPT);
}

static void column_metadata(void)
{
    static const uint8_t two[8] = {1, 0, 0, 0, 2, 0, 0, 0};
    col_t c = {PPQ_INT32, 0, 0, 0, 0, 1, 0};
    page_t p;
    const ppq_chunk_info_t *ci;
    ppq_reader_select_t sel;
    setup();
    memset(&p, 0, sizeof p);
    p.values = 2;
    p.body = two;
    p.len = 8;
    p.raw = -1;
    build(&c, &p, 1, 2);
    PPQ_CHECK_OK(open_file());
    ci = ppq_reader_chunk(&g->rd, 0, 0);
    if (PPQ_READER_METADATA) {
        PPQ_CHECK_EQ(ci->nkv, 2);
        PPQ_CHECK(ci->kv[0].key_len == 3 && memcmp(ci->kv[0].key, "foo", 3) == 0);
        PPQ_CHECK(ci->kv[0].value_len == 3 && memcmp(ci->kv[0].value, "bar", 3) == 0);
        PPQ_CHECK(ci->kv[1].key_len == 7 && memcmp(ci->kv[1].key, "keyonly", 7) == 0 && ci->kv[1].value == NULL);
    }
    memset(&sel, 0, sizeof sel); /* not kept when the metadata is not asked for */
    ppq_arena_init(&g->arena, test_arena_ptr, test_arena_size);
    PPQ_CHECK_OK(ppq_reader_open_select(&g->rd, &g->file, &sel, &g->arena));
    PPQ_CHECK(ppq_reader_chunk(&g->rd, 0, 0)->kv == NULL && ppq_reader_chunk(&g->rd, 0, 0)->nkv == 0);
}

static void encrypted_column(void)
{
    static const uint8_t one[4] = {1, 0, 0, 0};
    col_t c = {PPQ_INT32, 0, 0, 0, 0, 0, 1};
    page_t p;
    setup();
    memset(&p, 0, sizeof p);
    p.values = 1;
    p.body = one;
    p.len = 4;
    p.raw = -1;
    build(&c, &p, 1, 1);
    PPQ_CHECK_EQ(open_file(), PPQ_ERR_UNSUPPORTED);
    PPQ_CHECK(strcmp(ppq_reader_unsupported(&g->rd), "encrypted columns") == 0);
}

/* Hostile and unusual pages of an INT32 (or the type given) column, each
 * with the status the read ends in. */
static void page_refusals(void)
{
    static const uint8_t four[16] = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0};
    struct {
        int32_t type, kind, enc, raw, values, crc;
        ppq_status_t want;
    } cases[] = {
        {PPQ_INT32, KIND_V1, PPQ_ENC_PLAIN, -1, 4, 0, PPQ_OK},
        {PPQ_INT32, KIND_V1, PPQ_ENC_PLAIN, -1, 4, 1, PPQ_OK},                    /* a right CRC */
        {PPQ_INT32, KIND_V1, PPQ_ENC_PLAIN, -1, 4, 2, PPQ_ERR_CORRUPT},           /* a wrong one */
        {PPQ_INT32, KIND_V1, PPQ_ENC_PLAIN, 12, 4, 0, PPQ_ERR_CORRUPT},           /* raw != size, uncompressed */
        {PPQ_INT32, KIND_V1, PPQ_ENC_PLAIN, -1, 5, 0, PPQ_ERR_CORRUPT},           /* more values than bytes */
        {PPQ_INT32, KIND_V1, PPQ_ENC_RLE, -1, 4, 0, PPQ_ERR_CORRUPT},             /* RLE values: booleans only */
        {PPQ_INT32, KIND_V1, 42, -1, 4, 0, PPQ_ERR_UNSUPPORTED},                  /* no such encoding */
        {PPQ_INT32, KIND_V1, PPQ_ENC_RLE_DICTIONARY, -1, 4, 0, PPQ_ERR_CORRUPT},  /* no dictionary */
        {PPQ_INT32, KIND_V1, PPQ_ENC_DELTA_LENGTH_BYTE_ARRAY, -1, 4, 0, PPQ_ERR_CORRUPT},
        {PPQ_INT32, KIND_V1, PPQ_ENC_DELTA_BYTE_ARRAY, -1, 4, 0, PPQ_ERR_CORRUPT},
        {PPQ_FLOAT, KIND_V1, PPQ_ENC_DELTA_BINARY_PACKED, -1, 4, 0, PPQ_ERR_CORRUPT},
        {PPQ_BOOLEAN, KIND_V1, PPQ_ENC_BYTE_STREAM_SPLIT, -1, 4, 0, PPQ_ERR_CORRUPT},
        {PPQ_INT32, KIND_DICT, PPQ_ENC_RLE, -1, 4, 0, PPQ_ERR_CORRUPT},           /* a dictionary not PLAIN */
        {PPQ_INT32, KIND_INDEX, PPQ_ENC_PLAIN, -1, 4, 0, PPQ_OK},                 /* an index page: skipped */
        {PPQ_INT32, 7, PPQ_ENC_PLAIN, -1, 4, 0, PPQ_OK},                          /* an unknown kind: skipped */
    };
    unsigned i;
    setup();
    for (i = 0; i < ARRAY_LEN(cases); i++) {
        col_t c = {0, 0, 0, 0, 0, 0, 0};
        page_t p[2];
        int32_t out[8];
        int16_t def[8];
        size_t n;
        ppq_status_t st;
        unsigned np = 1;
        c.type = cases[i].type;
        memset(p, 0, sizeof p);
        p[0].kind = (int)cases[i].kind;
        p[0].enc = cases[i].enc;
        p[0].raw = cases[i].raw;
        p[0].values = cases[i].values;
        p[0].crc = (int)cases[i].crc;
        p[0].body = four;
        p[0].len = sizeof four;
        if (cases[i].kind != KIND_V1) { /* a PLAIN page after it */
            p[1] = p[0];
            p[1].kind = KIND_V1;
            p[1].enc = PPQ_ENC_PLAIN;
            np = 2;
        }
        build(&c, p, np, 4);
        st = read_all(out, 4, def, 8, &n);
        if (cases[i].want == PPQ_ERR_CORRUPT && st == PPQ_ERR_UNSUPPORTED) {
            st = PPQ_ERR_CORRUPT; /* (an encoding this build leaves out) */
        }
        PPQ_CHECK_EQ(st, cases[i].want);
        if (cases[i].want == PPQ_OK) { /* (four: the PLAIN bytes of 1, 2, 3, 4) */
            PPQ_CHECK(n == 4 && out[0] == 1 && out[1] == 2 && out[2] == 3 && out[3] == 4);
        }
    }
    { /* two dictionary pages */
        col_t c = {PPQ_INT32, 0, 0, 0, 0, 0, 0};
        page_t p[3];
        int32_t out[8];
        int16_t def[8];
        size_t n;
        dict_pages(p);
        p[2] = p[1];
        p[1] = p[0];
        build(&c, p, 3, 8);
        PPQ_CHECK_EQ(read_all(out, 4, def, 8, &n), PPQ_ERR_CORRUPT);
    }
}

/* ---- schemas, levels, encodings and refusals the cases above leave out ---- */

/* A PLAIN page of `len` bytes, `values` entries (v1). */
static void plain_page(page_t *p, const uint8_t *body, size_t len, int32_t values)
{
    memset(p, 0, sizeof *p);
    p->kind = KIND_V1;
    p->values = values;
    p->enc = PPQ_ENC_PLAIN;
    p->body = body;
    p->len = len;
    p->raw = -1;
}

static int logical_case;

/* LogicalType (SchemaElement field 10) of the leaf, one union member per
 * case (thrift-facts.md / parquet.thrift). */
static void logical_leaf(tw_t *w)
{
    wopen(w, 10);
    switch (logical_case) {
    case 0: /* DECIMAL(scale 2, precision 9), after a field that is not a struct */
        wi(w, 4, 7, 5);
        wopen(w, 5);
        wi(w, 1, 2, 5);
        wi(w, 2, 9, 5);
        wclose(w);
        break;
    case 1: /* INTEGER(16, unsigned), an unknown field in it */
        wopen(w, 10);
        fh(w, 1, 3);
        w->b[w->n++] = 16; /* i8: one byte as it is */
        fh(w, 2, 2);       /* false */
        wi(w, 5, 1, 5);
        wclose(w);
        break;
    case 2: /* TIMESTAMP(isAdjustedToUTC true, MICROS) */
        wopen(w, 8);
        fh(w, 1, 1);
        wopen(w, 2);
        wopen(w, 2);
        wclose(w);
        wclose(w);
        wclose(w);
        break;
    case 3: /* TIME(false, NANOS), then an unknown field */
        wopen(w, 7);
        fh(w, 1, 2);
        wopen(w, 2);
        wopen(w, 3);
        wclose(w);
        wclose(w);
        wi(w, 3, 5, 5);
        wclose(w);
        break;
    case 4: /* TIMESTAMP with an unknown TimeUnit member (4): MILLIS */
        wopen(w, 8);
        wopen(w, 2);
        wopen(w, 4);
        wclose(w);
        wclose(w);
        wclose(w);
        break;
    case 5: /* a union member past 63: none */
        wopen(w, 99);
        wclose(w);
        break;
    case 6: /* INTEGER(8, signed) */
        wopen(w, 10);
        fh(w, 1, 3);
        w->b[w->n++] = 8;
        fh(w, 2, 1);
        wclose(w);
        break;
    default: /* DECIMAL with a scale past 1000: refused */
        wopen(w, 5);
        wi(w, 1, 5000, 5);
        wclose(w);
        break;
    }
    wclose(w);
}

static void logical_types(void)
{
    static const uint8_t two[16] = {1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0};
    static const struct {
        uint8_t logical, scale, precision, bits, sign, utc, unit;
    } want[7] = {
        {5, 2, 9, 0, 0, 0, 0}, {10, 0, 0, 16, 0, 0, 0}, {8, 0, 0, 0, 0, 1, 1}, {7, 0, 0, 0, 0, 0, 2},
        {8, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0},  {10, 0, 0, 8, 1, 0, 0},
    };
    setup();
    for (logical_case = 0; logical_case < 8; logical_case++) {
        col_t c = {PPQ_INT64, 0, 0, 0, 0, 0, 0};
        const ppq_schema_node_t *n;
        page_t p;
        plain_page(&p, two, sizeof two, 2);
        g->leaf_hook = logical_leaf;
        build(&c, &p, 1, 2);
        if (logical_case == 7) {
            PPQ_CHECK_EQ(open_file(), PPQ_ERR_CORRUPT);
            break;
        }
        PPQ_CHECK_OK(open_file());
        n = ppq_reader_column(&g->rd, 0);
        PPQ_CHECK(n != NULL);
        PPQ_CHECK_EQ(n->logical, want[logical_case].logical);
        PPQ_CHECK_EQ(n->scale, want[logical_case].scale);
        PPQ_CHECK_EQ(n->precision, want[logical_case].precision);
        PPQ_CHECK_EQ(n->int_bits, want[logical_case].bits);
        PPQ_CHECK_EQ(n->int_signed, want[logical_case].sign);
        PPQ_CHECK_EQ(n->utc, want[logical_case].utc);
        PPQ_CHECK_EQ(n->unit, want[logical_case].unit);
    }
    PPQ_CHECK_EQ(logical_case, 7);
}

static int schema_case;

/* root -> group "g" (OPTIONAL) -> leaf "x" (OPTIONAL): definition levels
 * up to 2.  Other cases: trees the reader refuses. */
static void nested_schema(tw_t *w, const col_t *c)
{
    unsigned groups = schema_case == 3 ? PPQ_READER_MAX_DEPTH : 1u, i;
    wlist(w, 2, 12, groups + 2u);
    wopen(w, -1);
    wbin(w, 4, "schema");
    wi(w, 5, 1, 5);
    wclose(w);
    for (i = 0; i < groups; i++) {
        wopen(w, -1);
        wi(w, 3, 1, 5);
        wbin(w, 4, "g");
        wi(w, 5, schema_case == 1 ? 2 : schema_case == 2 ? 100000 : 1, 5); /* 2: a child missing */
        wclose(w);
    }
    wopen(w, -1);
    wi(w, 1, c->type, 5);
    wi(w, 3, c->rep, 5);
    wbin(w, 4, "x");
    wclose(w);
}

/* 21 entries of level 2 (an RLE run), then 8 bit-packed: 0,1,2,2,1,0,2,2 */
static const uint8_t nested_levels[9] = {5, 0, 0, 0, 42, 2, 3, 0xA4, 0xA1};
static const int16_t nested_tail[8] = {0, 1, 2, 2, 1, 0, 2, 2};

static void nested_levels_case(void)
{
    uint8_t body[9 + 25 * 4];
    int32_t out[29];
    int16_t def[29];
    col_t c = {PPQ_INT32, 0, 1, 0, 0, 0, 0};
    page_t p;
    size_t n, i;
    setup();
    memcpy(body, nested_levels, sizeof nested_levels);
    for (i = 0; i < 25; i++) {
        ppq_store_le32(body + 9 + 4 * i, (uint32_t)(100 + i));
    }
    plain_page(&p, body, sizeof body, 29);
    g->schema_hook = nested_schema;
    schema_case = 0;
    build(&c, &p, 1, 29);
    PPQ_CHECK_OK(read_all(out, 4, def, 29, &n));
    PPQ_CHECK_EQ(n, 29);
    PPQ_CHECK_EQ(ppq_reader_column(&g->rd, 0)->max_def, 2);
    PPQ_CHECK_EQ(ppq_reader_column(&g->rd, 0)->parent, 1);
    for (i = 0; i < 29; i++) {
        PPQ_CHECK_EQ(def[i], i < 21 ? 2 : nested_tail[i - 21]);
    }
    for (i = 0; i < 25; i++) {
        PPQ_CHECK_EQ(out[i], 100 + (int32_t)i);
    }
    { /* the page in one read: the run of 21 levels written in bulk */
        size_t levels, count;
        memset(def, 0xFF, sizeof def);
        PPQ_CHECK_OK(ppq_column_reader_init(cr, &g->rd, 0, 0, &g->arena));
        PPQ_CHECK_OK(ppq_column_reader_read(cr, 29, out, def, NULL, &levels, &count));
        PPQ_CHECK(levels == 29 && count == 25 && out[24] == 124);
        for (i = 0; i < 29; i++) {
            PPQ_CHECK_EQ(def[i], i < 21 ? 2 : nested_tail[i - 21]);
        }
    }
    body[8] = 0xA3; /* a level 3 in the packed group: past the maximum */
    build(&c, &p, 1, 29);
    PPQ_CHECK_EQ(read_all(out, 4, def, 29, &n), PPQ_ERR_CORRUPT);
    body[8] = 0xA1;
    body[5] = 3; /* a run of level 3 */
    build(&c, &p, 1, 29);
    PPQ_CHECK_EQ(read_all(out, 4, def, 29, &n), PPQ_ERR_CORRUPT);
    body[5] = 2;
    p.values = 30; /* a level more than the levels hold */
    build(&c, &p, 1, 30);
    PPQ_CHECK_EQ(read_all(out, 4, def, 29, &n), PPQ_ERR_CORRUPT);
    p.values = 29;
    for (schema_case = 1; schema_case < 4; schema_case++) { /* a child missing, too many, too deep */
        build(&c, &p, 1, 29);
        PPQ_CHECK_EQ(open_file(), PPQ_ERR_CORRUPT);
    }
}

/* root with two leaves in the schema and one in the row group; a leaf
 * after the tree is complete */
static void extra_node_schema(tw_t *w, const col_t *c)
{
    wlist(w, 2, 12, 3);
    wopen(w, -1);
    wbin(w, 4, "schema");
    wi(w, 5, schema_case == 0 ? 1 : 2, 5);
    wclose(w);
    wopen(w, -1);
    wi(w, 1, c->type, 5);
    wbin(w, 4, "x");
    wclose(w);
    wopen(w, -1);
    wi(w, 1, c->type, 5);
    wbin(w, 4, "y");
    wclose(w);
}

static void schema_refusals(void)
{
    static const uint8_t one[4] = {1, 0, 0, 0};
    col_t c = {PPQ_INT32, 0, 0, 0, 0, 0, 0};
    page_t p;
    setup();
    plain_page(&p, one, sizeof one, 1);
    g->schema_hook = extra_node_schema;
    for (schema_case = 0; schema_case < 2; schema_case++) { /* a node past the tree; two leaves, one chunk */
        build(&c, &p, 1, 1);
        PPQ_CHECK_EQ(open_file(), PPQ_ERR_CORRUPT);
    }
}

/* v1 levels in the deprecated BIT_PACKED encoding (encodings.txt: from
 * the most significant bit, no length): 2,2,0,1,2,2,1,2 at bit width 2
 * under the nested schema, and 1,1,0,1,0,1,1,1 at width 1 flat. */
static void bit_packed_levels(void)
{
    static const int16_t want2[8] = {2, 2, 0, 1, 2, 2, 1, 2}, want1[8] = {1, 1, 0, 1, 0, 1, 1, 1};
    uint8_t body[2 + 6 * 4];
    int32_t out[8];
    int16_t def[8];
    col_t c = {PPQ_INT32, 0, 1, 0, 0, 0, 0};
    page_t p;
    size_t n, i;
    int w;
    setup();
    for (w = 2; w >= 1; w--) {
        size_t lb = w == 2 ? 2u : 1u, nv = w == 2 ? 5u : 6u;
        const int16_t *want = w == 2 ? want2 : want1;
        if (w == 2) {
            body[0] = 0xA1; /* 10 10 00 01 */
            body[1] = 0xA6; /* 10 10 01 10 */
        } else {
            body[0] = 0xD7; /* 1101 0111 */
        }
        for (i = 0; i < nv; i++) {
            ppq_store_le32(body + lb + 4 * i, (uint32_t)(7 * i + 1));
        }
        plain_page(&p, body, lb + 4 * nv, 8);
        p.def_enc = PPQ_ENC_BIT_PACKED;
        g->schema_hook = w == 2 ? nested_schema : NULL;
        schema_case = 0;
        build(&c, &p, 1, 8);
        PPQ_CHECK_OK(read_all(out, 4, def, 8, &n));
        PPQ_CHECK_EQ(n, 8);
        for (i = 0; i < 8; i++) {
            PPQ_CHECK_EQ(def[i], want[i]);
        }
        for (i = 0; i < nv; i++) {
            PPQ_CHECK_EQ(out[i], 7 * (int32_t)i + 1);
        }
        p.len = lb - 1u; /* the levels cut short */
        build(&c, &p, 1, 8);
        PPQ_CHECK_EQ(read_all(out, 4, def, 8, &n), PPQ_ERR_CORRUPT);
    }
    plain_page(&p, body, 4, 8); /* levels in an encoding that is neither */
    p.def_enc = PPQ_ENC_PLAIN_DICTIONARY;
    g->schema_hook = NULL;
    build(&c, &p, 1, 8);
    PPQ_CHECK_EQ(read_all(out, 4, def, 8, &n), PPQ_ERR_CORRUPT);
}

/* A REPEATED INT32 leaf: rows [1, 2], [], [3], [4, 5, 6] (rep 0,1,0,0,0,1,1;
 * def 1,1,0,1,1,1,1; bit-packed at width 1, each with its 4-byte length),
 * read after skipping rows. */
static const uint8_t rep_body[12 + 24] = {2, 0, 0, 0, 3, 0x62, 2, 0, 0, 0, 3, 0x7B,
                                          1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0,
                                          4, 0, 0, 0, 5, 0, 0, 0, 6, 0, 0, 0};

static void repeated_skip(void)
{
    col_t c = {PPQ_INT32, 0, 2, 0, 0, 0, 0};
    page_t p;
    int32_t v[8];
    int16_t def[8], rep[8];
    size_t levels, count;
    uint64_t skipped;
    setup();
    plain_page(&p, rep_body, sizeof rep_body, 7);
    build(&c, &p, 1, 4);
    PPQ_CHECK_OK(open_file());
    PPQ_CHECK_EQ(ppq_reader_column(&g->rd, 0)->max_rep, 1);
    PPQ_CHECK_OK(ppq_column_reader_init(cr, &g->rd, 0, 0, &g->arena));
    PPQ_CHECK_EQ(ppq_column_reader_read(cr, 8, v, NULL, rep, &levels, &count), PPQ_ERR_ARG); /* def needed */
    PPQ_CHECK_EQ(ppq_column_reader_read(cr, 8, v, def, NULL, &levels, &count), PPQ_ERR_ARG);
    if (!PPQ_READER_SKIP) { /* (a build without skipping refuses it) */
        PPQ_CHECK_EQ(ppq_column_reader_skip(cr, 2, &skipped), PPQ_ERR_UNSUPPORTED);
        return;
    }
    PPQ_CHECK_OK(ppq_column_reader_skip(cr, 2, &skipped));
    PPQ_CHECK_EQ(skipped, 2);
    /* the entry the skip stopped at (row 3's first), then the rest */
    PPQ_CHECK_OK(ppq_column_reader_read(cr, 8, v, def, rep, &levels, &count));
    PPQ_CHECK(levels == 1 && count == 1 && v[0] == 3 && def[0] == 1 && rep[0] == 0);
    PPQ_CHECK_OK(ppq_column_reader_read(cr, 8, v, def, rep, &levels, &count));
    PPQ_CHECK(levels == 3 && count == 3 && v[0] == 4 && v[1] == 5 && v[2] == 6);
    PPQ_CHECK(rep[0] == 0 && rep[1] == 1 && rep[2] == 1);
    PPQ_CHECK_OK(ppq_column_reader_read(cr, 8, v, def, rep, &levels, &count));
    PPQ_CHECK_EQ(levels, 0);
    /* one row skipped: the next read starts at the empty row (a null carried) */
    PPQ_CHECK_OK(ppq_column_reader_init(cr, &g->rd, 0, 0, &g->arena));
    PPQ_CHECK_OK(ppq_column_reader_skip(cr, 1, &skipped));
    PPQ_CHECK_EQ(skipped, 1);
    PPQ_CHECK_OK(ppq_column_reader_read(cr, 8, v, def, rep, &levels, &count));
    PPQ_CHECK(levels == 1 && count == 0 && def[0] == 0 && rep[0] == 0);
    PPQ_CHECK_OK(ppq_column_reader_read(cr, 8, v, def, rep, &levels, &count));
    PPQ_CHECK(levels == 4 && count == 4 && v[0] == 3 && v[3] == 6);
    /* more rows than the chunk holds: the four there are */
    PPQ_CHECK_OK(ppq_column_reader_init(cr, &g->rd, 0, 0, &g->arena));
    PPQ_CHECK_OK(ppq_column_reader_skip(cr, 10, &skipped));
    PPQ_CHECK_EQ(skipped, 4);
    PPQ_CHECK_OK(ppq_column_reader_read(cr, 8, v, def, rep, &levels, &count));
    PPQ_CHECK_EQ(levels, 0);
    /* a page whose levels end early (refused as it loads): the skip stops with the status */
    p.values = 9;
    build(&c, &p, 1, 4);
    PPQ_CHECK_OK(open_file());
    PPQ_CHECK_OK(ppq_column_reader_init(cr, &g->rd, 0, 0, &g->arena));
    PPQ_CHECK_EQ(ppq_column_reader_skip(cr, 10, &skipped), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(skipped, 0);
    PPQ_CHECK_EQ(ppq_column_reader_read(cr, 8, v, def, rep, &levels, &count), PPQ_ERR_CORRUPT); /* stays failed */
}

/* BYTE_STREAM_SPLIT on FIXED_LEN_BYTE_ARRAY(2): 0102 0304 0506 as the
 * streams 01 03 05 | 02 04 06. */
static void bss_fixed(void)
{
    static const uint8_t body[6] = {1, 3, 5, 2, 4, 6};
    col_t c = {PPQ_FIXED_LEN_BYTE_ARRAY, 2, 0, 0, 0, 0, 0};
    page_t p;
    ppq_bytes_t v[3];
    size_t levels, count, i;
    setup();
    plain_page(&p, body, sizeof body, 3);
    p.enc = PPQ_ENC_BYTE_STREAM_SPLIT;
    build(&c, &p, 1, 3);
    PPQ_CHECK_OK(open_file());
    PPQ_CHECK_OK(ppq_column_reader_init(cr, &g->rd, 0, 0, &g->arena));
    PPQ_CHECK_OK(ppq_column_reader_read(cr, 3, v, NULL, NULL, &levels, &count));
    PPQ_CHECK(levels == 3 && count == 3);
    for (i = 0; i < 3; i++) {
        PPQ_CHECK_EQ(v[i].len, 2);
        PPQ_CHECK(v[i].ptr[0] == 2 * i + 1 && v[i].ptr[1] == 2 * i + 2);
    }
    p.values = 4; /* a value more than the streams hold */
    build(&c, &p, 1, 4);
    PPQ_CHECK_OK(open_file());
    PPQ_CHECK_OK(ppq_column_reader_init(cr, &g->rd, 0, 0, &g->arena));
    PPQ_CHECK_EQ(ppq_column_reader_read(cr, 3, v, NULL, NULL, &levels, &count), PPQ_ERR_CORRUPT);
}

/* Booleans as RLE runs (not bit-packed): 10 true; a page that says 12. */
static void boolean_runs(void)
{
    static const uint8_t body[6] = {2, 0, 0, 0, 20, 1};
    col_t c = {PPQ_BOOLEAN, 0, 0, 0, 0, 0, 0};
    page_t p;
    uint8_t out[12];
    int16_t def[12];
    size_t n, i;
    setup();
    memset(&p, 0, sizeof p);
    p.values = 10;
    p.enc = PPQ_ENC_RLE;
    p.body = body;
    p.len = sizeof body;
    p.raw = -1;
    build(&c, &p, 1, 10);
    PPQ_CHECK_OK(read_all(out, 1, def, 12, &n));
    PPQ_CHECK_EQ(n, 10);
    for (i = 0; i < 10; i++) {
        PPQ_CHECK_EQ(out[i], 1);
    }
    p.values = 12;
    build(&c, &p, 1, 12);
    PPQ_CHECK_EQ(read_all(out, 1, def, 12, &n), PPQ_ERR_CORRUPT);
    { /* one bit-packed group (8 values: 1,0,1,1,0,0,0,1) where the page says 8, then 10 */
        static const uint8_t packed[6] = {2, 0, 0, 0, 3, 0x8D};
        p.body = packed;
        p.len = sizeof packed;
        p.values = 8;
        build(&c, &p, 1, 8);
        PPQ_CHECK_OK(read_all(out, 1, def, 12, &n));
        PPQ_CHECK(n == 8 && out[0] == 1 && out[1] == 0 && out[2] == 1 && out[3] == 1 && out[4] == 0 && out[7] == 1);
        p.values = 10;
        build(&c, &p, 1, 10);
        PPQ_CHECK_EQ(read_all(out, 1, def, 12, &n), PPQ_ERR_CORRUPT);
    }
}

/* A v2 SNAPPY page with definition levels before the compressed values
 * (the levels copied, the values decompressed after them): a Snappy
 * stream of one literal (format_description.txt: the length as a varint,
 * tag (len-1) << 2), and the same page claiming more bytes than it has. */
static void v2_compressed_levels(void)
{
    static const uint8_t body[12] = {0x04, 0x01, 8, 7 << 2, 5, 0, 0, 0, 0xFB, 0xFF, 0xFF, 0xFF};
    col_t c = {PPQ_INT32, 0, 1, PPQ_CODEC_SNAPPY, 0, 0, 0};
    page_t p;
    int32_t out[2];
    int16_t def[2];
    size_t n;
    setup();
    memset(&p, 0, sizeof p);
    p.kind = KIND_V2;
    p.values = 2;
    p.enc = PPQ_ENC_PLAIN;
    p.def_len = 2;
    p.body = body;
    p.len = sizeof body;
    p.raw = 10;
    build(&c, &p, 1, 2);
    if (!ppq_codec_can_decompress(PPQ_CODEC_SNAPPY)) {
        PPQ_CHECK_EQ(read_all(out, 4, def, 2, &n), PPQ_ERR_UNSUPPORTED);
        return;
    }
    PPQ_CHECK_OK(read_all(out, 4, def, 2, &n));
    PPQ_CHECK(n == 2 && def[0] == 1 && def[1] == 1 && out[0] == 5 && out[1] == -5);
    p.raw = 14; /* four bytes the stream does not hold */
    build(&c, &p, 1, 2);
    PPQ_CHECK_EQ(read_all(out, 4, def, 2, &n), PPQ_ERR_CORRUPT);
    p.raw = 1; /* levels longer than the uncompressed page */
    build(&c, &p, 1, 2);
    PPQ_CHECK_EQ(read_all(out, 4, def, 2, &n), PPQ_ERR_CORRUPT);
}

/* ---- the reader's API refusals, failing reads, cut footers, pruning ---- */

static void api_refusals(void)
{
    static const uint8_t one[4] = {1, 0, 0, 0};
    col_t c = {PPQ_INT32, 0, 0, 0, 0, 0, 0};
    page_t p;
    int32_t v[2];
    size_t levels = 9, count = 9;
    uint64_t skipped = 9;
    setup();
    plain_page(&p, one, sizeof one, 1);
    build(&c, &p, 1, 1);
    mfile_init(&g->file, &g->mfile, fbuf, flen, flen);
    g->file.size = flen;
    ppq_arena_init(&g->arena, test_arena_ptr, test_arena_size);
    PPQ_CHECK_EQ(ppq_reader_open(NULL, &g->file, &g->arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_reader_open(&g->rd, NULL, &g->arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_reader_open(&g->rd, &g->file, NULL), PPQ_ERR_ARG);
    g->file.read_at = NULL;
    PPQ_CHECK_EQ(ppq_reader_open(&g->rd, &g->file, &g->arena), PPQ_ERR_ARG);
    PPQ_CHECK(strcmp(ppq_reader_unsupported(NULL), "") == 0);
    PPQ_CHECK(ppq_reader_chunk(NULL, 0, 0) == NULL);
    PPQ_CHECK_EQ(ppq_reader_row_group_rows(NULL, 0), -1);
    PPQ_CHECK(ppq_reader_column(NULL, 0) == NULL);
    PPQ_CHECK_OK(open_file());
    PPQ_CHECK(strcmp(ppq_reader_unsupported(&g->rd), "") == 0);
    PPQ_CHECK(ppq_reader_column(&g->rd, 1) == NULL);
    PPQ_CHECK_EQ(ppq_reader_row_group_rows(&g->rd, 0), 1);
    PPQ_CHECK_EQ(ppq_reader_row_group_rows(&g->rd, 1), -1);
    PPQ_CHECK_EQ(ppq_column_reader_init(NULL, &g->rd, 0, 0, &g->arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_column_reader_init(cr, &g->rd, 0, 0, NULL), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_column_reader_init(cr, &g->rd, 0, 1, &g->arena), PPQ_ERR_ARG); /* no such column */
    memset(cr, 0, sizeof *cr); /* a reader never started */
    PPQ_CHECK_EQ(ppq_column_reader_read(cr, 1, v, NULL, NULL, &levels, &count), PPQ_ERR_ARG);
    PPQ_CHECK(levels == 0 && count == 0);
    PPQ_CHECK_EQ(ppq_column_reader_read(NULL, 1, v, NULL, NULL, &levels, &count), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_column_reader_read(cr, 1, v, NULL, NULL, NULL, &count), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_column_reader_read(cr, 1, v, NULL, NULL, &levels, NULL), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_column_reader_skip(cr, 1, &skipped), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(skipped, 0);
    PPQ_CHECK_EQ(ppq_column_reader_skip(NULL, 1, &skipped), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_column_reader_skip(cr, 1, NULL), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_column_reader_init(cr, &g->rd, 0, 0, &g->arena));
    PPQ_CHECK_EQ(ppq_column_reader_read(cr, 1, NULL, NULL, NULL, &levels, &count), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_column_reader_read(cr, 0, NULL, NULL, NULL, &levels, &count)); /* nothing asked */
    PPQ_CHECK(levels == 0 && count == 0);
    PPQ_CHECK_EQ(ppq_column_reader_skip(cr, 0, &skipped), PPQ_READER_SKIP ? PPQ_OK : PPQ_ERR_UNSUPPORTED);
    PPQ_CHECK_EQ(skipped, 0);
    PPQ_CHECK_OK(ppq_column_reader_read(cr, 2, v, NULL, NULL, &levels, &count));
    PPQ_CHECK(levels == 1 && count == 1 && v[0] == 1);
}

/* read_at that fails after `fail_after` calls: 0 an I/O error, 1 a
 * positive status, 2 nothing read, 3 more than asked. */
static int fail_mode;
static unsigned fail_after, fail_calls;

static ppq_status_t failing_read_at(void *ctx, uint64_t off, uint8_t *buf, size_t len, size_t *got)
{
    if (fail_calls++ < fail_after) {
        return mf_read_at(ctx, off, buf, len, got);
    }
    *got = fail_mode == 3 ? len + 1u : 0u;
    return fail_mode == 0 ? PPQ_ERR_IO : fail_mode == 1 ? (ppq_status_t)1 : PPQ_OK;
}

static void failing_reads(void)
{
    static const uint8_t one[4] = {1, 0, 0, 0};
    col_t c = {PPQ_INT32, 0, 0, 0, 0, 0, 0};
    page_t p;
    int32_t v[2];
    size_t levels, count;
    unsigned calls = 0, after;
    setup();
    plain_page(&p, one, sizeof one, 1);
    build(&c, &p, 1, 1);
    /* every read in turn fails, in each way: the open or the read says I/O */
    for (after = 0; after < 8u; after++) {
        for (fail_mode = 0; fail_mode < 4; fail_mode++) {
            ppq_status_t st;
            fail_after = after;
            fail_calls = 0;
            mfile_init(&g->file, &g->mfile, fbuf, flen, flen);
            g->file.size = flen;
            g->file.read_at = failing_read_at;
            ppq_arena_init(&g->arena, test_arena_ptr, test_arena_size);
            st = ppq_reader_open(&g->rd, &g->file, &g->arena);
            if (st == PPQ_OK) {
                st = ppq_column_reader_init(cr, &g->rd, 0, 0, &g->arena);
            }
            while (st == PPQ_OK) {
                st = ppq_column_reader_read(cr, 2, v, NULL, NULL, &levels, &count);
                if (st == PPQ_OK && levels == 0u) {
                    break;
                }
                PPQ_CHECK(st != PPQ_OK || (levels == 1 && v[0] == 1));
            }
            if (fail_calls > after) {
                PPQ_CHECK_EQ(st, PPQ_ERR_IO);
            } else {
                PPQ_CHECK_OK(st); /* every read done before the failure */
                calls = calls > fail_calls ? calls : fail_calls;
            }
        }
    }
    PPQ_CHECK(calls > 2u && calls < 8u); /* head, tail, footer, page: all failed in turn */
}

/* The file in fbuf with its footer cut to each shorter length (the length
 * and magic moved up): every cut refused, none read past the footer. */
static unsigned cut_footers_of(void)
{
    uint32_t full = ppq_load_le32(fbuf + flen - 8u), k;
    size_t data = flen - 8u - full;
    uint8_t *cut = fbuf + 512;
    unsigned bad = 0;
    if (flen > 512u) {
        return 1;
    }
    for (k = 0; k < full; k++) {
        memcpy(cut, fbuf, data + k);
        ppq_store_le32(cut + data + k, k);
        memcpy(cut + data + k + 4u, "PAR1", 4);
        mfile_init(&g->file, &g->mfile, cut, data + k + 8u, data + k + 8u);
        g->file.size = data + k + 8u;
        ppq_arena_init(&g->arena, test_arena_ptr, test_arena_size);
        bad += ppq_reader_open(&g->rd, &g->file, &g->arena) != PPQ_ERR_CORRUPT;
    }
    return bad;
}

static const uint8_t stat_lo[4] = {10, 0, 0, 0}, stat_hi[4] = {20, 0, 0, 0};

static void converted_uint32(tw_t *w)
{
    wi(w, 6, 14, 5); /* ConvertedType UINT_32 */
}

static void cut_footers(void)
{
    static const uint8_t two[16] = {1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0};
    page_t p;
    setup();
    for (logical_case = 0; logical_case < 7; logical_case++) {
        col_t c = {PPQ_INT64, 0, 1, 0, 0, 1, 0};
        plain_page(&p, two, sizeof two, 2);
        g->leaf_hook = logical_leaf;
        g->stat_min = stat_lo;
        g->stat_max = stat_hi;
        g->stat_len = 4;
        g->col_order = 1;
        build(&c, &p, 1, 2);
        PPQ_CHECK_OK(open_file()); /* whole, it reads */
        PPQ_CHECK_EQ(cut_footers_of(), 0);
    }
    {
        col_t c = {PPQ_INT32, 0, 1, 0, 0, 0, 0};
        g->schema_hook = nested_schema;
        schema_case = 0;
        g->leaf_hook = NULL;
        g->stat_legacy = 1;
        build(&c, &p, 1, 2);
        PPQ_CHECK_OK(open_file());
        PPQ_CHECK_EQ(cut_footers_of(), 0);
    }
}

/* Pruning by a chunk's statistics (ppq_reader_may_contain): min and max
 * compared in the column's order (signed, unsigned by INTEGER or
 * UINT_32, reals), and every case where nothing is proven. */
static int open_stats(int32_t type, int32_t type_len, const void *lo, const void *hi, size_t len)
{
    static const uint8_t body[16] = {0};
    col_t c = {0, 0, 0, 0, 0, 0, 0};
    page_t p;
    c.type = type;
    c.type_len = type_len;
    plain_page(&p, body, type == PPQ_BYTE_ARRAY ? 4u : len, 1);
    g->stat_min = (const uint8_t *)lo;
    g->stat_max = (const uint8_t *)hi;
    g->stat_len = len;
    build(&c, &p, 1, 1);
    return open_file() == PPQ_OK;
}

/* A number of `width` bytes rewritten in place as its PLAIN (little-endian)
 * bytes: no change on a little-endian host. */
static void le_in_place(void *v, size_t width)
{
    uint8_t b[8];
    uint64_t x = 0;
    size_t k;
    if (width == 4u) {
        uint32_t u;
        memcpy(&u, v, 4);
        x = u;
    } else {
        memcpy(&x, v, 8);
    }
    for (k = 0; k < width; k++) {
        b[k] = (uint8_t)(x >> (8u * k));
    }
    memcpy(v, b, width);
}

static void may_contain(void)
{
    int32_t i21 = 21, i9 = 9, i15 = 15, m11 = -11, i2 = 2;
    int32_t neg_lo = -16, pos_hi = 1;
    int64_t l5 = 5, l6 = 6, l7 = 7, l4 = 4;
    float f1 = 1.0f, f2 = 2.0f, f3 = 3.0f, fnan;
    double d1 = 1.0, d2 = 2.0, d05 = 0.5;
    uint32_t nan_bits = 0x7FC00000u;
    memcpy(&fnan, &nan_bits, 4);
    /* the bounds given as PLAIN bytes (little-endian), as ppq_reader_may_contain takes them */
    le_in_place(&i21, 4), le_in_place(&i9, 4), le_in_place(&i15, 4), le_in_place(&m11, 4), le_in_place(&i2, 4);
    le_in_place(&neg_lo, 4), le_in_place(&pos_hi, 4);
    le_in_place(&l5, 8), le_in_place(&l6, 8), le_in_place(&l7, 8), le_in_place(&l4, 8);
    le_in_place(&f1, 4), le_in_place(&f2, 4), le_in_place(&f3, 4), le_in_place(&fnan, 4);
    le_in_place(&d1, 8), le_in_place(&d2, 8), le_in_place(&d05, 8);
    setup();
    g->col_order = 1; /* TYPE_ORDER */
    PPQ_CHECK(open_stats(PPQ_INT32, 0, stat_lo, stat_hi, 4)); /* [10, 20] */
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, &i21, NULL), 0);
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, NULL, &i9), 0);
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, &i15, &i15), 1);
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, &i9, &i21), 1);
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, NULL, NULL), 1);
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 1, 0, &i21, NULL), 1); /* no such row group */
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 1, &i21, NULL), 1);
    PPQ_CHECK(open_stats(PPQ_INT32, 0, &neg_lo, &pos_hi, 4)); /* signed: [-16, 1] */
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, &i2, NULL), 0);
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, NULL, &m11), 1);
    g->leaf_hook = logical_leaf; /* INTEGER(16, unsigned): [1, 0xFFFFFFF0] */
    logical_case = 1;
    PPQ_CHECK(open_stats(PPQ_INT32, 0, &pos_hi, &neg_lo, 4));
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, &m11, NULL), 0); /* 0xFFFFFFF5 above the max */
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, &i2, NULL), 1);
    g->leaf_hook = converted_uint32; /* the same by ConvertedType UINT_32 */
    PPQ_CHECK(open_stats(PPQ_INT32, 0, &pos_hi, &neg_lo, 4));
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, &m11, NULL), 0);
    g->leaf_hook = NULL;
    PPQ_CHECK(open_stats(PPQ_INT64, 0, &l5, &l6, 8));
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, &l7, NULL), 0);
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, NULL, &l4), 0);
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, &l6, &l7), 1);
    PPQ_CHECK(open_stats(PPQ_FLOAT, 0, &f1, &f2, 4));
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, &f3, NULL), 0);
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, &f1, &f1), 1);
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, &fnan, &fnan), 1); /* NaN: nothing proven */
    PPQ_CHECK(open_stats(PPQ_FLOAT, 0, &fnan, &f2, 4));
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, NULL, &f1), 1);
    PPQ_CHECK(open_stats(PPQ_DOUBLE, 0, &d1, &d2, 8));
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, NULL, &d05), 0);
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, &d05, &d2), 1);
    PPQ_CHECK(open_stats(PPQ_FIXED_LEN_BYTE_ARRAY, 4, stat_lo, stat_hi, 4)); /* bytes: not compared */
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, &i21, NULL), 1);
    PPQ_CHECK(open_stats(PPQ_BYTE_ARRAY, 0, stat_lo, stat_hi, 4));
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, &i21, NULL), 1);
    PPQ_CHECK(open_stats(PPQ_INT32, 0, stat_lo, stat_hi, 3)); /* not the type's width */
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, &i21, NULL), 1);
    g->stat_legacy = 1; /* the deprecated min/max: signed order whatever the type; not trusted */
    PPQ_CHECK(open_stats(PPQ_INT32, 0, stat_lo, stat_hi, 4));
    PPQ_CHECK(ppq_reader_chunk(&g->rd, 0, 0)->stats.legacy);
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, &i21, NULL), 1);
    g->stat_legacy = 2; /* new and deprecated both: the new ones kept */
    PPQ_CHECK(open_stats(PPQ_INT32, 0, stat_lo, stat_hi, 4));
    PPQ_CHECK(!ppq_reader_chunk(&g->rd, 0, 0)->stats.legacy);
    PPQ_CHECK(ppq_reader_chunk(&g->rd, 0, 0)->stats.min[0] == 10 && ppq_reader_chunk(&g->rd, 0, 0)->stats.max[0] == 20);
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, &i21, NULL), 0);
    g->stat_legacy = 0;
    g->col_order = 0; /* no column order: min and max mean nothing */
    PPQ_CHECK(open_stats(PPQ_INT32, 0, stat_lo, stat_hi, 4));
    PPQ_CHECK_EQ(ppq_reader_column(&g->rd, 0)->column_order, 0);
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, &i21, NULL), 1);
    g->col_order = 300; /* a member past 255 */
    PPQ_CHECK(open_stats(PPQ_INT32, 0, stat_lo, stat_hi, 4));
    PPQ_CHECK_EQ(ppq_reader_column(&g->rd, 0)->column_order, 255);
    PPQ_CHECK_EQ(ppq_reader_may_contain(&g->rd, 0, 0, &i21, NULL), 1);
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(rle_booleans),   PPQ_TEST(dictionary_offsets), PPQ_TEST(empty_v2_section),
    PPQ_TEST(column_metadata), PPQ_TEST(encrypted_column),  PPQ_TEST(page_refusals),
    PPQ_TEST(logical_types),   PPQ_TEST(nested_levels_case), PPQ_TEST(schema_refusals),
    PPQ_TEST(bit_packed_levels), PPQ_TEST(repeated_skip),   PPQ_TEST(bss_fixed),
    PPQ_TEST(boolean_runs),    PPQ_TEST(v2_compressed_levels), PPQ_TEST(api_refusals),
    PPQ_TEST(failing_reads),   PPQ_TEST(cut_footers),    PPQ_TEST(may_contain),
};
PPQ_SUITE(suite_reader_pages, "reader_pages", cases);
