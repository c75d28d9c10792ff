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
} page_t;

typedef struct col {
    int32_t type, type_len, rep; /* rep: 0 REQUIRED, 1 OPTIONAL */
    int32_t codec;
    int dict_offset;             /* dictionary and data page offsets: 0 each its page's; 1: 0 and
                                    the dictionary page's (older writers); 2: both the dictionary
                                    page's; 3: the dictionary page's and 0 (Arrow C++) */
    int kv, crypto;
} col_t;

static uint8_t *fbuf;
static size_t flen;
static ppq_file_t file;
static mfile_t mfile;
static ppq_reader_t rd;
static ppq_column_reader_t *cr;
static ppq_arena_t arena;

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
                wi(&w, 3, 3, 5);
                wi(&w, 4, 3, 5);
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
        wclose(&w);
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
    PPQ_CHECK(fbuf != NULL && cr != NULL);
}

static ppq_status_t open_file(void)
{
    mfile_init(&file, &mfile, fbuf, flen, flen);
    file.size = flen;
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    return ppq_reader_open(&rd, &file, &arena);
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
    st = ppq_column_reader_init(cr, &rd, 0, 0, &arena);
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
        PPQ_CHECK_EQ(ppq_reader_chunk(&rd, 0, 0)->dict_page_offset, how == 0 || how == 3 ? 4 : -1);
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
    ci = ppq_reader_chunk(&rd, 0, 0);
    if (PPQ_READER_METADATA) {
        PPQ_CHECK_EQ(ci->nkv, 2);
        PPQ_CHECK(ci->kv[0].key_len == 3 && memcmp(ci->kv[0].key, "foo", 3) == 0);
        PPQ_CHECK(ci->kv[0].value_len == 3 && memcmp(ci->kv[0].value, "bar", 3) == 0);
        PPQ_CHECK(ci->kv[1].key_len == 7 && memcmp(ci->kv[1].key, "keyonly", 7) == 0 && ci->kv[1].value == NULL);
    }
    memset(&sel, 0, sizeof sel); /* not kept when the metadata is not asked for */
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    PPQ_CHECK_OK(ppq_reader_open_select(&rd, &file, &sel, &arena));
    PPQ_CHECK(ppq_reader_chunk(&rd, 0, 0)->kv == NULL && ppq_reader_chunk(&rd, 0, 0)->nkv == 0);
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
    PPQ_CHECK(strcmp(ppq_reader_unsupported(&rd), "encrypted columns") == 0);
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
        if (cases[i].want == PPQ_OK) {
            PPQ_CHECK(n == 4 && memcmp(out, four, sizeof four) == 0);
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

static const ppq_test_case_t cases[] = {
    PPQ_TEST(rle_booleans),   PPQ_TEST(dictionary_offsets), PPQ_TEST(empty_v2_section),
    PPQ_TEST(column_metadata), PPQ_TEST(encrypted_column),  PPQ_TEST(page_refusals),
};
PPQ_SUITE(suite_reader_pages, "reader_pages", cases);
