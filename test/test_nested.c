/* Nested writing (ppq_writer_init_nested, ppq_writer_write_levels): schema
 * trees of LIST, MAP, STRUCT and repeated leaves, written with random valid
 * levels (empty and null lists, null elements at every level) under many
 * options (page sizes that split records' neighbours, v1 and v2 pages,
 * CRCs, a codec, row groups, statistics off), read back through the
 * project's reader, which must return the same levels and values, and
 * every page starting a record; the footer's tree as the reader sees it;
 * trees and batches the writer refuses (PPQ_ERR_ARG, nothing written).
 * Built where the writer has PPQ_WRITER_NESTED (hosts by default). */
#include <string.h>

#include "recover_util.h" /* a file in memory (mfile_t) */
#include "test_util.h"
#include "ppq_reader.h"
#include "ppq_writer.h"

#if PPQ_WRITER_NESTED

#ifdef PPQ_TEST_SMALL
#define RECORDS 24u
#define MAX_ENTRIES 400u
#else
#define RECORDS 300u
#define MAX_ENTRIES 5000u
#endif
#define MAX_LEAVES 10u

static ppq_reader_t rd;
static ppq_column_reader_t cr;

/* ---- schemas --------------------------------------------------------------- */

#define LEAF(rep) {NULL, PPQ_NODE_LEAF, (rep), 0}
#define GROUP(name, kind, rep, n) {(name), (kind), (rep), (n)}
#define COL(name, type, opt) {(name), (type), 0, (opt), {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO}
#define STRCOL(name, opt) {(name), PPQ_BYTE_ARRAY, 0, (opt), {PPQ_LOGICAL_STRING, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO}

/* A: a timestamp and a burst, LIST<FLOAT?>? */
static const ppq_node_t a_nodes[] = {
    LEAF(PPQ_REQUIRED),
    GROUP("burst", PPQ_NODE_LIST, PPQ_OPTIONAL, 1),
    GROUP("list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1),
    LEAF(PPQ_OPTIONAL),
};
static const ppq_column_t a_leaves[] = {COL("ts", PPQ_INT64, 0), COL("element", PPQ_FLOAT, 1)};

/* B: a struct of a list and a string, a list of structs, a map, a legacy
 * repeated leaf. */
static const ppq_node_t b_nodes[] = {
    LEAF(PPQ_REQUIRED),                              /* id */
    GROUP("s", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 2),
    GROUP("a", PPQ_NODE_LIST, PPQ_REQUIRED, 1),
    GROUP("list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1),
    LEAF(PPQ_REQUIRED),                              /* s.a.list.element INT64 */
    LEAF(PPQ_OPTIONAL),                              /* s.b STRING */
    GROUP("ls", PPQ_NODE_LIST, PPQ_OPTIONAL, 1),
    GROUP("list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1),
    GROUP("element", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 2),
    LEAF(PPQ_REQUIRED),                              /* x INT32 */
    LEAF(PPQ_OPTIONAL),                              /* y DOUBLE */
    GROUP("m", PPQ_NODE_MAP, PPQ_OPTIONAL, 1),
    GROUP("key_value", PPQ_NODE_STRUCT, PPQ_REPEATED, 2),
    LEAF(PPQ_REQUIRED),                              /* key STRING */
    LEAF(PPQ_OPTIONAL),                              /* value FLOAT */
    LEAF(PPQ_REPEATED),                              /* tags INT32 */
};
static const ppq_column_t b_leaves[] = {
    COL("id", PPQ_INT32, 0), COL("element", PPQ_INT64, 0), STRCOL("b", 1), COL("x", PPQ_INT32, 0),
    COL("y", PPQ_DOUBLE, 1), STRCOL("key", 0), COL("value", PPQ_FLOAT, 1), COL("tags", PPQ_INT32, 0),
};

/* C: three levels deep, LIST<LIST<INT32?>?>? */
static const ppq_node_t c_nodes[] = {
    GROUP("outer", PPQ_NODE_LIST, PPQ_OPTIONAL, 1),
    GROUP("list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1),
    GROUP("element", PPQ_NODE_LIST, PPQ_OPTIONAL, 1),
    GROUP("list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1),
    LEAF(PPQ_OPTIONAL),
};
static const ppq_column_t c_leaves[] = {COL("element", PPQ_INT32, 1)};

static const ppq_schema_t schema_a = {a_nodes, 4, a_leaves, 2};
static const ppq_schema_t schema_b = {b_nodes, 16, b_leaves, 8};
static const ppq_schema_t schema_c = {c_nodes, 5, c_leaves, 1};

/* Each leaf's levels as the spec defines them, computed here from the
 * nodes (not by the writer): max_def, max_rep, and the definition level of
 * each repeated ancestor. */
typedef struct leaf_levels {
    int16_t max_def, max_rep;
    int16_t rdef[8];
} leaf_levels_t;

static void levels_of(const ppq_schema_t *s, leaf_levels_t *out)
{
    int16_t def[17], rep[17];
    int16_t rdefs[17][8];
    uint32_t left[17], depth = 0, j, k = 0;
    left[0] = UINT32_MAX;
    def[0] = rep[0] = 0;
    for (j = 0; j < s->nnodes; j++) {
        const ppq_node_t *n = &s->nodes[j];
        int16_t d, r;
        while (depth > 0u && left[depth] == 0u) {
            depth--;
        }
        left[depth]--;
        d = (int16_t)(def[depth] + (n->repetition != PPQ_REQUIRED));
        r = (int16_t)(rep[depth] + (n->repetition == PPQ_REPEATED));
        if (n->kind == PPQ_NODE_LEAF) {
            out[k].max_def = d;
            out[k].max_rep = r;
            memcpy(out[k].rdef, rdefs[depth], sizeof out[k].rdef);
            if (n->repetition == PPQ_REPEATED) {
                out[k].rdef[r] = d;
            }
            k++;
        } else {
            depth++;
            left[depth] = n->children;
            def[depth] = d;
            rep[depth] = r;
            memcpy(rdefs[depth], rdefs[depth - 1u], sizeof rdefs[depth]);
            if (n->repetition == PPQ_REPEATED) {
                rdefs[depth][r] = d;
            }
        }
    }
}

/* ---- random valid levels and values ------------------------------------------- */

static uint32_t rng;
static uint32_t rnd(uint32_t n)
{
    rng = rng * 1103515245u + 12345u;
    return (rng >> 8) % n;
}

typedef struct leaf_data {
    int16_t *def, *rep;
    uint8_t *values;      /* dense, in the type's C size */
    ppq_bytes_t *bytes;
    uint32_t entries, nvals, records;
} leaf_data_t;

static const char *const words[] = {"alpha", "beta", "gamma", "", "delta-long-string-value-here", "x"};
static int gen_dense; /* every entry a value (no nulls, no empty lists): the writer's common shape */

/* `records` records of leaf l: random lists (empty, null, null elements),
 * each record's entries at most `most`. */
static int gen_leaf(const ppq_column_t *col, const leaf_levels_t *lv, leaf_data_t *ld, uint32_t records,
                    uint32_t most, uint32_t seed)
{
    size_t size = col->type == PPQ_BOOLEAN ? 1u : ppq_value_size(col->type);
    uint32_t r, e = 0;
    ld->def = (int16_t *)test_alloc(MAX_ENTRIES * sizeof(int16_t));
    ld->rep = (int16_t *)test_alloc(MAX_ENTRIES * sizeof(int16_t));
    ld->values = (uint8_t *)test_alloc(MAX_ENTRIES * 12u);
    if (ld->def == NULL || ld->rep == NULL || ld->values == NULL) {
        return 0;
    }
    ld->bytes = (ppq_bytes_t *)(void *)ld->values;
    ld->nvals = 0;
    rng = seed;
    for (r = 0; r < records; r++) {
        uint32_t n = 0, burst = rnd(5) == 0 ? rnd(most) : rnd(6);
        int16_t prev = 0;
        do {
            int16_t rep = 0, d;
            if (n > 0u) { /* another element: of a repeated ancestor that has one */
                int16_t k, cands[8], nc = 0;
                for (k = 1; k <= lv->max_rep; k++) {
                    if (prev >= lv->rdef[k]) {
                        cands[nc++] = k;
                    }
                }
                if (nc == 0) {
                    break;
                }
                rep = cands[rnd((uint32_t)nc)];
            }
            d = rep > 0 ? lv->rdef[rep] : 0;
            /* mostly full entries, sometimes nulls and empties */
            d = (int16_t)(rnd(4) != 0u || gen_dense ? lv->max_def : d + (int16_t)rnd((uint32_t)(lv->max_def - d + 1)));
            if (e >= MAX_ENTRIES) {
                return 0;
            }
            ld->def[e] = d;
            ld->rep[e] = rep;
            if (d == lv->max_def) {
                uint32_t v = ld->nvals++, x = r * 131u + n * 7u + seed;
                uint8_t *at = ld->values + (size_t)v * size;
                switch (col->type) {
                case PPQ_BOOLEAN: *at = (uint8_t)(x & 1u); break;
                case PPQ_INT32: { int32_t y = (int32_t)(x % 1000u) - 500; memcpy(at, &y, 4); break; }
                case PPQ_INT64: { int64_t y = (int64_t)x * 1000003 - 7; memcpy(at, &y, 8); break; }
                case PPQ_FLOAT: { float y = (float)(x % 997u) * 0.25f - 3.0f; memcpy(at, &y, 4); break; }
                case PPQ_DOUBLE: { double y = (double)x / 3.0; memcpy(at, &y, 8); break; }
                default: {
                    const char *w = words[x % 6u];
                    ld->bytes[v].ptr = (const uint8_t *)w;
                    ld->bytes[v].len = (uint32_t)strlen(w);
                    break;
                }
                }
            }
            prev = d;
            e++;
            n++;
        } while (lv->max_rep > 0 && n < burst + 1u && n < most);
    }
    ld->entries = e;
    ld->records = records;
    return 1;
}

/* ---- write and read back ------------------------------------------------------- */

static uint8_t *file_buf;
#define FILE_CAP (PPQ_TEST_SCRATCH / 6u)

static ppq_status_t write_file(const ppq_schema_t *s, const ppq_writer_options_t *o, leaf_data_t *ld, uint32_t chunks,
                               size_t *len)
{
    ppq_writer_t w;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    ppq_leaf_batch_t b[MAX_LEAVES];
    uint32_t k, part, at_e[MAX_LEAVES] = {0}, at_v[MAX_LEAVES] = {0};
    size_t need = ppq_writer_arena_size_nested(s, o);
    ppq_status_t st;
    if (need == 0u || need > test_arena_size) {
        return need == 0u ? PPQ_ERR_ARG : PPQ_ERR_ARENA;
    }
    ppq_sink_init_mem(&sink, &mem, file_buf, FILE_CAP);
    st = ppq_writer_init_nested(&w, s, o, &sink, test_arena_ptr, test_arena_size);
    if (st != PPQ_OK) {
        return st;
    }
    /* the records in `chunks` calls, split between records */
    for (part = 0; part < chunks; part++) {
        uint32_t from = ld[0].records * part / chunks, to = ld[0].records * (part + 1u) / chunks, written = 0;
        for (k = 0; k < s->nleaves; k++) {
            uint32_t e = at_e[k], v = at_v[k], r = from;
            size_t size = s->leaves[k].type == PPQ_BYTE_ARRAY ? sizeof(ppq_bytes_t)
                          : s->leaves[k].type == PPQ_BOOLEAN  ? 1u
                                                              : ppq_value_size(s->leaves[k].type);
            int16_t max_def, max_rep;
            if (ppq_writer_leaf_levels(&w, k, &max_def, &max_rep) != PPQ_OK) {
                return PPQ_ERR_STATE;
            }
            b[k].values = ld[k].values + (size_t)v * size;
            b[k].def = max_def > 0 ? ld[k].def + e : NULL;
            b[k].rep = max_rep > 0 ? ld[k].rep + e : NULL;
            while (e < ld[k].entries && (r < to || ld[k].rep[e] != 0)) {
                if (ld[k].def[e] == max_def) {
                    v++;
                }
                e++;
                if (e < ld[k].entries && ld[k].rep[e] == 0) {
                    r++;
                }
            }
            if (e == ld[k].entries) {
                r++;
            }
            b[k].entries = e - at_e[k];
            at_e[k] = e;
            at_v[k] = v;
        }
        st = ppq_writer_write_levels(&w, b, to - from, &written);
        if (st != PPQ_OK) {
            return st;
        }
        if (written != to - from) {
            return PPQ_ERR_STATE;
        }
    }
    if (ppq_writer_rows(&w) != ld[0].records) {
        return PPQ_ERR_STATE;
    }
    st = ppq_writer_close(&w);
    *len = mem.len;
    return st;
}

/* Read every leaf back and compare; pages of at most page_values entries,
 * each read asked for more: a read is a page, which starts a record. */
static void read_back(const ppq_schema_t *s, const leaf_levels_t *lv, leaf_data_t *ld, size_t len, uint32_t pv,
                      int stats)
{
    static int16_t def[MAX_ENTRIES], rep[MAX_ENTRIES];
    static uint8_t vals[MAX_ENTRIES * 16u];
    ppq_file_t f;
    mfile_t m;
    ppq_arena_t arena;
    uint32_t k, g;
    mfile_init(&f, &m, file_buf, len, len);
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    PPQ_CHECK_OK(ppq_reader_open(&rd, &f, &arena));
    PPQ_CHECK_EQ(rd.ncols, s->nleaves);
    PPQ_CHECK_EQ(rd.nnodes, s->nnodes + 1u);
    PPQ_CHECK_EQ((uint64_t)rd.num_rows, ld[0].records);
    for (k = 0; k < s->nleaves; k++) {
        const ppq_schema_node_t *n = &rd.nodes[rd.leaves[k]];
        uint32_t e = 0, v = 0;
        size_t size = s->leaves[k].type == PPQ_BYTE_ARRAY ? sizeof(ppq_bytes_t)
                      : s->leaves[k].type == PPQ_BOOLEAN  ? 1u
                                                          : ppq_value_size(s->leaves[k].type);
        PPQ_CHECK_EQ(n->max_def, lv[k].max_def);
        PPQ_CHECK_EQ(n->max_rep, lv[k].max_rep);
        for (g = 0; g < rd.nrg; g++) {
            size_t mark = ppq_arena_mark(&arena), levels = 1, count = 0;
            int64_t nulls = 0, entries = 0;
            PPQ_CHECK_OK(ppq_column_reader_init(&cr, &rd, g, k, &arena));
            while (levels > 0u) {
                size_t i;
                PPQ_CHECK_OK(ppq_column_reader_read(&cr, pv + 5u, vals, def, rep, &levels, &count));
                if (levels == 0u) {
                    break;
                }
                PPQ_CHECK(e + levels <= ld[k].entries);
                if (e + levels > ld[k].entries) {
                    return;
                }
                PPQ_CHECK_EQ(rep[0], 0); /* a page starts a record */
                for (i = 0; i < levels; i++) {
                    PPQ_CHECK_EQ(def[i], ld[k].def[e + i]);
                    PPQ_CHECK_EQ(rep[i], ld[k].rep[e + i]);
                    nulls += def[i] < lv[k].max_def;
                }
                for (i = 0; i < count; i++) {
                    if (s->leaves[k].type == PPQ_BYTE_ARRAY) {
                        const ppq_bytes_t *a = (const ppq_bytes_t *)(void *)vals + i, *b = &ld[k].bytes[v + i];
                        PPQ_CHECK_EQ(a->len, b->len);
                        PPQ_CHECK(a->len == 0u || memcmp(a->ptr, b->ptr, a->len) == 0);
                    } else {
                        PPQ_CHECK_MEM(vals + i * size, ld[k].values + (v + i) * size, size);
                    }
                }
                e += (uint32_t)levels;
                v += (uint32_t)count;
                entries += (int64_t)levels;
            }
            {
                const ppq_chunk_info_t *ci = &rd.chunks[(size_t)g * rd.ncols + k];
                PPQ_CHECK_EQ(ci->num_values, entries);
                if (stats && PPQ_READER_STATISTICS && PPQ_WRITER_STATISTICS) {
                    PPQ_CHECK_EQ(ci->stats.null_count, nulls);
                }
            }
            ppq_arena_rewind(&arena, mark);
        }
        PPQ_CHECK_EQ(e, ld[k].entries);
        PPQ_CHECK_EQ(v, ld[k].nvals);
    }
}

/* Every schema under a set of options: the same levels and values back. */
static void nested_round_trip(void)
{
    static const ppq_schema_t *const schemas[3] = {&schema_a, &schema_b, &schema_c};
    leaf_levels_t lv[MAX_LEAVES];
    leaf_data_t ld[MAX_LEAVES];
    uint32_t si, variant, k, ran = 0;
    for (si = 0; si < 3u; si++) {
        const ppq_schema_t *s = schemas[si];
        levels_of(s, lv);
        for (variant = 0; variant < 10u; variant++) {
            ppq_writer_options_t o;
            size_t len = 0;
            ppq_status_t st;
            uint32_t opt = variant & 7u; /* (8, 9: the options of 0 and 1, no nulls and no empty lists) */
            gen_dense = variant >= 8u;
            memset(&o, 0, sizeof o);
            o.page_v2 = (uint8_t)((opt >> 1) & 1u);
            if (o.page_v2 && !PPQ_WRITER_PAGE_V2) {
                continue; /* (a build without v2 pages: the logger's) */
            }
            o.page_crc = (uint8_t)(opt == 3u);
            o.no_statistics = (uint8_t)(opt == 5u);
            if (opt == 6u && (PPQ_COMPRESSORS & PPQ_CODEC_BIT(PPQ_CODEC_SNAPPY)) != 0u) {
                o.codec = PPQ_CODEC_SNAPPY;
            }
            if ((opt & 1u) == 0u) { /* the options that fill the arena (the page index off) */
                PPQ_CHECK_OK(ppq_writer_options_for_arena_nested(&o, s, test_arena_size));
                PPQ_CHECK(ppq_writer_arena_size_nested(s, &o) <= test_arena_size);
                PPQ_CHECK(ppq_writer_arena_size_nested(s, &o) > 0u);
            } else { /* small pages, row groups of 37 records, the page index */
                o.page_values = 64u;
                o.page_bytes = 1024u;
                o.row_group_rows = 37u;
                o.chunk_bytes = opt == 3u ? 1u : 2048u; /* (1: the least, row groups end as chunks fill) */
                o.dict_entries = 256u;
                o.dict_bytes = 4096u;
                o.footer_bytes = 65536u;
                o.index_pages = 64u; /* (a chunk of more keeps no index) */
            }
#ifdef PPQ_TEST_SMALL
            o.page_values = 64u;
            o.dict_entries = 64u;
            o.dict_bytes = 1024u;
            o.row_group_rows = 12u;
            o.footer_bytes = 1024u;
            o.chunk_bytes = 1u;
            o.row_group_rows = 64; /* (a small arena: the test arena of a board) */
    o.dict_entries = 64;
    o.dict_bytes = 1024;
    o.footer_bytes = 8192;
    o.chunk_bytes = 4096;
#endif
            test_setup();
            file_buf = (uint8_t *)test_alloc(FILE_CAP);
            PPQ_CHECK(file_buf != NULL);
            for (k = 0; k < s->nleaves; k++) {
                PPQ_CHECK(gen_leaf(&s->leaves[k], &lv[k], &ld[k], RECORDS, o.page_values < 64u ? o.page_values : 64u,
                                   si * 1000u + variant * 10u + k + 1u));
            }
            st = write_file(s, &o, ld, opt % 3u + 1u, &len);
            if (st == PPQ_ERR_ARENA) {
#ifndef PPQ_TEST_SMALL
                PPQ_CHECK_EQ(si * 100u + variant, 999u); /* (which) */
#endif
                continue; /* (a small board's arena) */
            }
            PPQ_CHECK_EQ(si * 100u + variant, si * 100u + variant + (st != PPQ_OK)); /* (which, on failure) */
            PPQ_CHECK_OK(st);
            read_back(s, lv, ld, len, o.page_values, !o.no_statistics);
            ran++;
        }
    }
#ifndef PPQ_TEST_SMALL
    PPQ_CHECK_EQ(ran, PPQ_WRITER_PAGE_V2 ? 30u : 18u);
#endif
    gen_dense = 0;
}

/* A recoverable nested file (v2 pages) cut at 60% of its bytes: recovery
 * keeps its whole row groups, each leaf's chunk found by the records its
 * pages count, the paths as the writer wrote them; the reader gets the
 * kept records' levels and values.  (v1 pages with recovery: PPQ_ERR_ARG.) */
static void nested_recovery(void)
{
    leaf_levels_t lv[MAX_LEAVES];
    leaf_data_t ld[MAX_LEAVES];
    ppq_writer_options_t o;
    ppq_recover_result_t res;
    ppq_file_t f;
    mfile_t m;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    uint8_t *out;
    size_t len = 0;
    uint32_t k, si, ran = 0;
    static const ppq_schema_t *const schemas[2] = {&schema_b, &schema_c};
    for (si = 0; si < 2u && PPQ_WRITER_PAGE_V2 && PPQ_WRITER_RECOVERY; si++) { /* (recovery of nested files needs
                                                                                  v2 pages) */
        const ppq_schema_t *s = schemas[si];
        memset(&o, 0, sizeof o);
        o.page_v2 = 1;
        o.recovery = 1;
        o.page_values = 64;
        o.page_bytes = 1024;
        o.row_group_rows = RECORDS / 10u;
        o.chunk_bytes = 2048;
        o.dict_entries = 256;
        o.dict_bytes = 4096;
        o.footer_bytes = 65536;
        o.index_pages = 64;
        levels_of(s, lv);
        test_setup();
        file_buf = (uint8_t *)test_alloc(FILE_CAP);
        out = (uint8_t *)test_alloc(FILE_CAP);
        PPQ_CHECK(file_buf != NULL && out != NULL);
        for (k = 0; k < s->nleaves; k++) {
            PPQ_CHECK(gen_leaf(&s->leaves[k], &lv[k], &ld[k], RECORDS, 40, 77u + k));
        }
        if (write_file(s, &o, ld, 2, &len) == PPQ_ERR_ARENA) {
            continue;
        }
        /* cut, recover into out */
        mfile_init(&f, &m, file_buf, len * 6u / 10u, len);
        ppq_sink_init_mem(&sink, &mem, out, FILE_CAP);
        PPQ_CHECK_OK(ppq_recover_copy(&f, &sink, test_arena_ptr, test_arena_size, &res));
        PPQ_CHECK(res.recoverable);
        PPQ_CHECK(res.row_groups >= 2u);
        PPQ_CHECK(res.rows < RECORDS && res.rows > 0u);
        /* the kept records' entries and values */
        for (k = 0; k < s->nleaves; k++) {
            uint32_t e = 0, v = 0, r = 0;
            for (; e < ld[k].entries; e++) {
                if (ld[k].rep[e] == 0 && r++ == res.rows) {
                    break;
                }
                v += ld[k].def[e] == lv[k].max_def;
            }
            ld[k].entries = e;
            ld[k].nvals = v;
            ld[k].records = (uint32_t)res.rows;
        }
        memcpy(file_buf, out, mem.len);
        read_back(s, lv, ld, mem.len, o.page_values, 1);
        ran++;
    }
#ifndef PPQ_TEST_SMALL
    PPQ_CHECK_EQ(ran, PPQ_WRITER_PAGE_V2 && PPQ_WRITER_RECOVERY ? 2u : 0u);
#endif
    /* v1 pages with recovery: refused */
    memset(&o, 0, sizeof o);
    o.recovery = 1;
    PPQ_CHECK_EQ(ppq_writer_arena_size_nested(&schema_a, &o), 0u);
}

/* The footer's tree as the reader sees it: groups, children, LIST/MAP
 * annotations, repetitions, the leaves' paths. */
static void nested_footer_tree(void)
{
    leaf_levels_t lv[MAX_LEAVES];
    leaf_data_t ld[MAX_LEAVES];
    ppq_writer_options_t o;
    ppq_file_t f;
    mfile_t m;
    ppq_arena_t arena;
    size_t len = 0;
    uint32_t k, j;
    memset(&o, 0, sizeof o);
    levels_of(&schema_b, lv);
    test_setup();
    file_buf = (uint8_t *)test_alloc(FILE_CAP);
    PPQ_CHECK(file_buf != NULL);
    for (k = 0; k < schema_b.nleaves; k++) {
        PPQ_CHECK(gen_leaf(&schema_b.leaves[k], &lv[k], &ld[k], 5, 4, k + 7u));
    }
    if (write_file(&schema_b, &o, ld, 1, &len) == PPQ_ERR_ARENA) {
        return;
    }
    mfile_init(&f, &m, file_buf, len, len);
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    PPQ_CHECK_OK(ppq_reader_open(&rd, &f, &arena));
    PPQ_CHECK_EQ(rd.nodes[0].num_children, 5u); /* id, s, ls, m, tags */
    for (j = 0; j < schema_b.nnodes; j++) {
        const ppq_schema_node_t *n = &rd.nodes[j + 1u];
        const ppq_node_t *x = &schema_b.nodes[j];
        PPQ_CHECK_EQ(n->repetition, x->repetition);
        if (x->kind == PPQ_NODE_LEAF) {
            PPQ_CHECK(n->type >= 0);
        } else {
            PPQ_CHECK_EQ(n->type, -1);
            PPQ_CHECK_EQ(n->num_children, x->children);
            PPQ_CHECK_EQ(n->name_len, (uint32_t)strlen(x->name));
            PPQ_CHECK(memcmp(n->name, x->name, n->name_len) == 0);
            PPQ_CHECK_EQ(n->logical, x->kind == PPQ_NODE_LIST ? 3 : x->kind == PPQ_NODE_MAP ? 2 : 0);
            PPQ_CHECK_EQ(n->converted, x->kind == PPQ_NODE_LIST ? 3 : x->kind == PPQ_NODE_MAP ? 1 : -1);
        }
    }
}

/* Trees the writer refuses. */
static void nested_bad_trees(void)
{
    static const ppq_column_t one_f[] = {COL("element", PPQ_FLOAT, 1)};
    static const ppq_column_t one_r[] = {COL("element", PPQ_FLOAT, 0)};
    static const ppq_column_t two[] = {COL("a", PPQ_FLOAT, 0), COL("a", PPQ_FLOAT, 0)};
    static const ppq_column_t kv[] = {COL("key", PPQ_INT32, 1), COL("value", PPQ_FLOAT, 1)};
    /* LIST whose middle is not REPEATED */
    static const ppq_node_t t1[] = {GROUP("l", PPQ_NODE_LIST, PPQ_OPTIONAL, 1),
                                    GROUP("list", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 1), LEAF(PPQ_OPTIONAL)};
    /* LIST straight over the leaf (2-level) */
    static const ppq_node_t t2[] = {GROUP("l", PPQ_NODE_LIST, PPQ_OPTIONAL, 1), LEAF(PPQ_OPTIONAL)};
    /* a REPEATED LIST */
    static const ppq_node_t t3[] = {GROUP("l", PPQ_NODE_LIST, PPQ_REPEATED, 1),
                                    GROUP("list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1), LEAF(PPQ_OPTIONAL)};
    /* an empty group */
    static const ppq_node_t t4[] = {GROUP("g", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 0), LEAF(PPQ_OPTIONAL)};
    /* children past the nodes */
    static const ppq_node_t t5[] = {GROUP("g", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 2), LEAF(PPQ_OPTIONAL)};
    /* the leaf's optional not its node's */
    static const ppq_node_t t6[] = {LEAF(PPQ_REQUIRED)};
    /* duplicate sibling names */
    static const ppq_node_t t7[] = {LEAF(PPQ_REQUIRED), LEAF(PPQ_REQUIRED)};
    /* a MAP key that is OPTIONAL */
    static const ppq_node_t t8[] = {GROUP("m", PPQ_NODE_MAP, PPQ_OPTIONAL, 1),
                                    GROUP("key_value", PPQ_NODE_STRUCT, PPQ_REPEATED, 2), LEAF(PPQ_OPTIONAL),
                                    LEAF(PPQ_OPTIONAL)};
    /* a REPEATED element */
    static const ppq_node_t t9[] = {GROUP("l", PPQ_NODE_LIST, PPQ_OPTIONAL, 1),
                                    GROUP("list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1), LEAF(PPQ_REPEATED)};
    /* a leaf with children */
    static const ppq_node_t t10[] = {{NULL, PPQ_NODE_LEAF, PPQ_OPTIONAL, 1}};
    /* an unknown kind */
    static const ppq_node_t t11[] = {{NULL, 9, PPQ_OPTIONAL, 0}};
    const ppq_schema_t bad[] = {
        {t1, 3, one_f, 1}, {t2, 2, one_f, 1}, {t3, 3, one_f, 1}, {t4, 2, one_f, 1}, {t5, 2, one_f, 1},
        {t6, 1, one_f, 1}, {t7, 2, two, 2},   {t8, 4, kv, 2},    {t9, 3, one_r, 1}, {t10, 1, one_f, 1},
        {t11, 1, one_f, 1}, {t1, 3, one_f, 0}, {NULL, 0, one_f, 1},
    };
    /* a REPEATED leaf at the root, a MAP with a REQUIRED key: fine */
    static const ppq_node_t ok1[] = {LEAF(PPQ_REPEATED)};
    static const ppq_column_t kv_ok[] = {COL("key", PPQ_INT32, 0), COL("value", PPQ_FLOAT, 1)};
    static const ppq_node_t ok2[] = {GROUP("m", PPQ_NODE_MAP, PPQ_OPTIONAL, 1),
                                     GROUP("key_value", PPQ_NODE_STRUCT, PPQ_REPEATED, 2), LEAF(PPQ_REQUIRED),
                                     LEAF(PPQ_OPTIONAL)};
    const ppq_schema_t good1 = {ok1, 1, one_r, 1}, good2 = {ok2, 4, kv_ok, 2};
    ppq_writer_t w;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    uint8_t buf[16];
    ppq_writer_options_t o;
    uint32_t i;
    memset(&o, 0, sizeof o);
    for (i = 0; i < ARRAY_LEN(bad); i++) {
        ppq_sink_init_mem(&sink, &mem, buf, sizeof buf);
        PPQ_CHECK_EQ(ppq_writer_arena_size_nested(&bad[i], NULL), 0u);
        PPQ_CHECK_EQ(ppq_writer_init_nested(&w, &bad[i], NULL, &sink, test_arena_ptr, test_arena_size), PPQ_ERR_ARG);
        PPQ_CHECK_EQ(mem.len, 0u);
    }
    PPQ_CHECK(ppq_writer_arena_size_nested(&good1, NULL) > 0u);
    PPQ_CHECK(ppq_writer_arena_size_nested(&good2, NULL) > 0u);
    /* the compact layout and recovery records: not for nested schemas */
    o.compact = 1;
    PPQ_CHECK_EQ(ppq_writer_arena_size_nested(&good2, &o), 0u);
    o.compact = 0;
    o.recovery = 1;
    PPQ_CHECK_EQ(ppq_writer_init_nested(&w, &good2, &o, &sink, test_arena_ptr, test_arena_size), PPQ_ERR_ARG);
}

/* Batches the writer refuses take nothing: the file is the same bytes as
 * without them; the flat API on a nested writer is PPQ_ERR_STATE. */
static void nested_bad_batches(void)
{
    static const float vals[4] = {1, 2, 3, 4};
    static const int64_t ts[4] = {1, 2, 3, 4};
    /* A: ts, burst.list.element (max_def 3, max_rep 1) */
    static const int16_t good_def[5] = {3, 3, 0, 1, 2}, good_rep[5] = {0, 1, 0, 0, 0};
    static const int16_t bad_defs[][5] = {{4, 3, 0, 1, 2}, {-1, 3, 0, 1, 2}, {3, 0, 0, 1, 2}};
    static const int16_t bad_reps[][5] = {{1, 1, 0, 0, 0}, {0, 2, 0, 0, 0}, {0, 1, 1, 0, 0}, {0, 0, 0, 0, 0}};
    ppq_leaf_batch_t b[2];
    ppq_writer_t w;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    uint8_t *buf, *ref;
    size_t ref_len;
    uint32_t i, k, written = 7;
    ppq_writer_options_t o;
    memset(&o, 0, sizeof o);
    o.page_values = 4; /* a record of 5 entries passes a page */
    o.row_group_rows = 64; /* (a small arena: the test arena of a board) */
    o.dict_entries = 64;
    o.dict_bytes = 1024;
    o.footer_bytes = 8192;
    o.chunk_bytes = 4096;
    test_setup();
    buf = (uint8_t *)test_alloc(4096);
    ref = (uint8_t *)test_alloc(4096);
    PPQ_CHECK(buf != NULL && ref != NULL);
    if (ppq_writer_arena_size_nested(&schema_a, &o) > test_arena_size) {
        return;
    }
    /* the reference: the good batch alone */
    ppq_sink_init_mem(&sink, &mem, ref, 4096);
    PPQ_CHECK_OK(ppq_writer_init_nested(&w, &schema_a, &o, &sink, test_arena_ptr, test_arena_size));
    b[0].values = ts;
    b[0].def = b[0].rep = NULL;
    b[0].entries = 4;
    b[1].values = vals;
    b[1].def = good_def;
    b[1].rep = good_rep;
    b[1].entries = 5;
    PPQ_CHECK_OK(ppq_writer_write_levels(&w, b, 4, &written));
    PPQ_CHECK_EQ(written, 4u);
    PPQ_CHECK_OK(ppq_writer_close(&w));
    ref_len = mem.len;
    /* each bad batch first, then the good one: the same file */
    for (i = 0; i < ARRAY_LEN(bad_defs) + ARRAY_LEN(bad_reps) + 5u; i++) {
        ppq_leaf_batch_t x[2];
        uint32_t recs = 4;
        ppq_sink_init_mem(&sink, &mem, buf, 4096);
        PPQ_CHECK_OK(ppq_writer_init_nested(&w, &schema_a, &o, &sink, test_arena_ptr, test_arena_size));
        memcpy(x, b, sizeof x);
        if (i < ARRAY_LEN(bad_defs)) {
            x[1].def = bad_defs[i];
        } else if (i < ARRAY_LEN(bad_defs) + ARRAY_LEN(bad_reps)) {
            x[1].rep = bad_reps[i - ARRAY_LEN(bad_defs)];
        } else {
            switch (i - ARRAY_LEN(bad_defs) - ARRAY_LEN(bad_reps)) {
            case 0: x[1].def = NULL; break;             /* levels missing */
            case 1: recs = 2; break;                    /* another record count */
            case 2: x[0].entries = 2; break;            /* leaves disagree */
            case 3: x[1].values = NULL; break;          /* no values */
            default: x[1].rep = NULL; break;
            }
        }
        PPQ_CHECK_EQ(ppq_writer_write_levels(&w, x, recs, &written), PPQ_ERR_ARG);
        PPQ_CHECK_EQ(written, 0u);
        PPQ_CHECK_EQ(ppq_writer_rows(&w), 0u);
        PPQ_CHECK_OK(ppq_writer_write_levels(&w, b, 4, NULL));
        PPQ_CHECK_OK(ppq_writer_close(&w));
        PPQ_CHECK_EQ(mem.len, ref_len);
        PPQ_CHECK_MEM(buf, ref, ref_len);
    }
    /* a record of more entries than a page: refused */
    {
        static const int16_t d5[5] = {3, 3, 3, 3, 3}, r5[5] = {0, 1, 1, 1, 1};
        static const float v5[5] = {1, 2, 3, 4, 5};
        ppq_leaf_batch_t x[2];
        ppq_sink_init_mem(&sink, &mem, buf, 4096);
        PPQ_CHECK_OK(ppq_writer_init_nested(&w, &schema_a, &o, &sink, test_arena_ptr, test_arena_size));
        memcpy(x, b, sizeof x);
        x[0].entries = 1;
        x[1].def = d5;
        x[1].rep = r5;
        x[1].values = v5;
        x[1].entries = 5;
        PPQ_CHECK_EQ(ppq_writer_write_levels(&w, x, 1, NULL), PPQ_ERR_ARG);
        /* the flat API on a nested writer */
        PPQ_CHECK_EQ(ppq_writer_commit_row(&w), PPQ_ERR_STATE);
        PPQ_CHECK_EQ(ppq_writer_write_batch(&w, NULL, 0, NULL), PPQ_ERR_STATE);
        PPQ_CHECK_OK(ppq_writer_close(&w));
    }
    /* the common shape (every entry a value), nine entries (two words of
     * four levels and one more), pages of 6: refused where a level is
     * past its max or negative, in a word or the last few, or a record
     * passes a page; the file as without them */
    {
        static const int16_t d9[9] = {3, 3, 3, 3, 3, 3, 3, 3, 3}, r9[9] = {0, 1, 1, 0, 1, 1, 1, 0, 1};
        static const int16_t bad_r9[][9] = {
            {0, 1, 2, 0, 1, 1, 1, 0, 1},  /* 2 > max_rep, in a word */
            {0, 1, 1, 0, 1, 1, 1, 0, 2},  /* ... in the last entry */
            {0, 1, -1, 0, 1, 1, 1, 0, 1}, /* negative */
            {0, 1, 1, 0, 1, 1, 1, 0, -1},
            {0, 1, 1, 1, 1, 1, 1, 0, 0},  /* a record of 7 entries */
            {0, 0, 0, 1, 1, 1, 1, 1, 1},  /* the last one of 7 */
            {0, 1, 1, 0, 1, 1, 1, 1, 1},  /* 2 records, 3 asked */
            {1, 1, 1, 0, 1, 1, 1, 0, 1},  /* not starting a record */
        };
        static const int16_t bad_d9[9] = {3, 3, 3, 3, 3, 4, 3, 3, 3};
        static const float v9[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        ppq_leaf_batch_t x[2], g[2];
        o.page_values = 6;
        memcpy(g, b, sizeof g);
        g[0].entries = 3;
        g[1].def = d9;
        g[1].rep = r9;
        g[1].values = v9;
        g[1].entries = 9;
        ppq_sink_init_mem(&sink, &mem, ref, 4096);
        PPQ_CHECK_OK(ppq_writer_init_nested(&w, &schema_a, &o, &sink, test_arena_ptr, test_arena_size));
        PPQ_CHECK_OK(ppq_writer_write_levels(&w, g, 3, NULL));
        PPQ_CHECK_OK(ppq_writer_close(&w));
        ref_len = mem.len;
        for (i = 0; i <= ARRAY_LEN(bad_r9); i++) {
            ppq_sink_init_mem(&sink, &mem, buf, 4096);
            PPQ_CHECK_OK(ppq_writer_init_nested(&w, &schema_a, &o, &sink, test_arena_ptr, test_arena_size));
            memcpy(x, g, sizeof x);
            if (i < ARRAY_LEN(bad_r9)) {
                x[1].rep = bad_r9[i];
            } else {
                x[1].def = bad_d9;
            }
            PPQ_CHECK_EQ(ppq_writer_write_levels(&w, x, 3, &written), PPQ_ERR_ARG);
            PPQ_CHECK_EQ(written, 0u);
            PPQ_CHECK_OK(ppq_writer_write_levels(&w, g, 3, NULL));
            PPQ_CHECK_OK(ppq_writer_close(&w));
            PPQ_CHECK_EQ(mem.len, ref_len);
            PPQ_CHECK_MEM(buf, ref, ref_len);
        }
    }
    /* C's leaf (max_def 5, max_rep 2), every entry a value: refused where a
     * repetition level is past 2 or negative, in a word or the last */
    {
        static const int16_t d9[9] = {5, 5, 5, 5, 5, 5, 5, 5, 5}, r9[9] = {0, 2, 1, 2, 0, 1, 2, 2, 0};
        static const int16_t bad_r9[][9] = {
            {0, 2, 3, 2, 0, 1, 2, 2, 0},
            {0, 2, 1, 2, 0, 1, 2, 2, 3},
            {0, 2, 1, -2, 0, 1, 2, 2, 0},
            {0, 2, 1, 2, 0, 1, 2, 2, -1},
        };
        static const int32_t v9[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        ppq_leaf_batch_t x[1], g[1];
        g[0].values = v9;
        g[0].def = d9;
        g[0].rep = r9;
        g[0].entries = 9;
        ppq_sink_init_mem(&sink, &mem, ref, 4096);
        PPQ_CHECK_OK(ppq_writer_init_nested(&w, &schema_c, &o, &sink, test_arena_ptr, test_arena_size));
        PPQ_CHECK_OK(ppq_writer_write_levels(&w, g, 3, NULL));
        PPQ_CHECK_OK(ppq_writer_close(&w));
        ref_len = mem.len;
        for (i = 0; i < ARRAY_LEN(bad_r9); i++) {
            ppq_sink_init_mem(&sink, &mem, buf, 4096);
            PPQ_CHECK_OK(ppq_writer_init_nested(&w, &schema_c, &o, &sink, test_arena_ptr, test_arena_size));
            x[0] = g[0];
            x[0].rep = bad_r9[i];
            PPQ_CHECK_EQ(ppq_writer_write_levels(&w, x, 3, &written), PPQ_ERR_ARG);
            PPQ_CHECK_EQ(written, 0u);
            PPQ_CHECK_OK(ppq_writer_write_levels(&w, g, 3, NULL));
            PPQ_CHECK_OK(ppq_writer_close(&w));
            PPQ_CHECK_EQ(mem.len, ref_len);
            PPQ_CHECK_MEM(buf, ref, ref_len);
        }
    }
    /* records of 3, 3 and 2 entries (all one length but the last) in one
     * call and in three: the same bytes; with every entry a value, and with
     * a null element in the second record (a batch not of the common shape:
     * the last record's length is its own) */
    for (k = 0; k < 2u; k++) {
        static const int16_t d8s[2][8] = {{3, 3, 3, 3, 3, 3, 3, 3}, {3, 3, 3, 3, 2, 3, 3, 3}},
                             r8[8] = {0, 1, 1, 0, 1, 1, 0, 1};
        static const float v8[8] = {1, 2, 3, 4, 5, 6, 7, 8};
        static const uint32_t at[4] = {0, 3, 6, 8}, at_vs[2][4] = {{0, 3, 6, 8}, {0, 3, 5, 7}};
        const int16_t *d8 = d8s[k];
        const uint32_t *at_v = at_vs[k];
        ppq_leaf_batch_t g[2];
        ppq_sink_init_mem(&sink, &mem, ref, 4096);
        PPQ_CHECK_OK(ppq_writer_init_nested(&w, &schema_a, &o, &sink, test_arena_ptr, test_arena_size));
        g[0].values = ts;
        g[0].def = g[0].rep = NULL;
        g[0].entries = 3;
        g[1].values = v8;
        g[1].def = d8;
        g[1].rep = r8;
        g[1].entries = 8;
        PPQ_CHECK_OK(ppq_writer_write_levels(&w, g, 3, NULL));
        PPQ_CHECK_OK(ppq_writer_close(&w));
        ref_len = mem.len;
        ppq_sink_init_mem(&sink, &mem, buf, 4096);
        PPQ_CHECK_OK(ppq_writer_init_nested(&w, &schema_a, &o, &sink, test_arena_ptr, test_arena_size));
        for (i = 0; i < 3u; i++) {
            g[0].values = ts + i;
            g[0].entries = 1;
            g[1].values = v8 + at_v[i];
            g[1].def = d8 + at[i];
            g[1].rep = r8 + at[i];
            g[1].entries = at[i + 1u] - at[i];
            PPQ_CHECK_OK(ppq_writer_write_levels(&w, g, 1, NULL));
        }
        PPQ_CHECK_OK(ppq_writer_close(&w));
        PPQ_CHECK_EQ(mem.len, ref_len);
        PPQ_CHECK_MEM(buf, ref, ref_len);
    }
    /* a flat writer has no levels call */
    {
        static const ppq_column_t flat[1] = {COL("v", PPQ_INT32, 0)};
        int16_t md, mr;
        ppq_sink_init_mem(&sink, &mem, buf, 4096);
        PPQ_CHECK_OK(ppq_writer_init(&w, flat, 1, &o, &sink, test_arena_ptr, test_arena_size));
        PPQ_CHECK_EQ(ppq_writer_write_levels(&w, b, 1, NULL), PPQ_ERR_STATE);
        PPQ_CHECK_EQ(ppq_writer_leaf_levels(&w, 0, &md, &mr), PPQ_ERR_ARG);
    }
}


/* ---- the record API and the setters ---------------------------------------------
 *
 * Records as the caller's C structs, written three ways: striped into
 * levels here by hand (each leaf's definition and repetition levels as the
 * spec defines them for this schema, not by the writer) and given to
 * ppq_writer_write_levels, read through ppq_writer_write_nested_record, and
 * built with ppq_writer_nest_*: the three files byte for byte the same, and
 * read back through the reader with the hand-striped levels and values. */

/* R: a list, a struct of a list, a list of structs, maps with string and
 * integer keys. */
static const ppq_node_t r_nodes[] = {
    LEAF(PPQ_REQUIRED),                                   /* 0 id INT32 */
    GROUP("burst", PPQ_NODE_LIST, PPQ_REQUIRED, 1),       /* 1 */
    GROUP("list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1),      /* 2 */
    LEAF(PPQ_REQUIRED),                                   /* 3 element FLOAT */
    GROUP("gps", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 2),       /* 4 */
    LEAF(PPQ_REQUIRED),                                   /* 5 lat DOUBLE */
    GROUP("sats", PPQ_NODE_LIST, PPQ_OPTIONAL, 1),        /* 6 */
    GROUP("list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1),      /* 7 */
    LEAF(PPQ_OPTIONAL),                                   /* 8 element INT32 */
    GROUP("readings", PPQ_NODE_LIST, PPQ_OPTIONAL, 1),    /* 9 */
    GROUP("list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1),      /* 10 */
    GROUP("element", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 2),   /* 11 */
    LEAF(PPQ_REQUIRED),                                   /* 12 id INT32 */
    LEAF(PPQ_OPTIONAL),                                   /* 13 value FLOAT */
    GROUP("tags", PPQ_NODE_MAP, PPQ_OPTIONAL, 1),         /* 14 */
    GROUP("key_value", PPQ_NODE_STRUCT, PPQ_REPEATED, 2), /* 15 */
    LEAF(PPQ_REQUIRED),                                   /* 16 key STRING */
    LEAF(PPQ_OPTIONAL),                                   /* 17 value FLOAT */
    GROUP("codes", PPQ_NODE_MAP, PPQ_REQUIRED, 1),        /* 18 */
    GROUP("key_value", PPQ_NODE_STRUCT, PPQ_REPEATED, 2), /* 19 */
    LEAF(PPQ_REQUIRED),                                   /* 20 key INT32 */
    LEAF(PPQ_OPTIONAL),                                   /* 21 value STRING */
};
static const ppq_column_t r_leaves[] = {
    COL("id", PPQ_INT32, 0),    COL("element", PPQ_FLOAT, 0), COL("lat", PPQ_DOUBLE, 0), COL("element", PPQ_INT32, 1),
    COL("id", PPQ_INT32, 0),    COL("value", PPQ_FLOAT, 1),   STRCOL("key", 0),          COL("value", PPQ_FLOAT, 1),
    COL("key", PPQ_INT32, 0),   STRCOL("value", 1),
};
static const ppq_schema_t schema_r = {r_nodes, 22, r_leaves, 10};
#define R_LEAVES 10u

typedef struct sat { int32_t v; uint8_t ok; } sat_t;
typedef struct gps {
    double lat;
    const sat_t *sats;
    uint32_t nsats;
    uint8_t has_sats;
} gps_t;
typedef struct reading { int32_t id; float value; uint8_t has_value, there; } reading_t;
typedef struct tag { ppq_bytes_t key; float value; uint8_t has_value; } tag_t;
typedef struct code { int32_t key; ppq_bytes_t name; uint8_t has_name; } code_t;
typedef struct rrow {
    int32_t id;
    const float *burst;
    uint32_t nburst;
    gps_t gps;
    uint8_t has_gps, has_readings, has_tags;
    const reading_t *readings;
    uint32_t nreadings;
    const tag_t *tags;
    uint32_t ntags;
    const code_t *codes;
    uint32_t ncodes;
} rrow_t;

static const ppq_nest_field_t r_fields[] = {
    PPQ_NEST_FIELD(rrow_t, id),
    PPQ_NEST_LIST(rrow_t, burst, nburst, float),
    PPQ_NEST_ELEMENT,
    PPQ_NEST_FIELD_OPTIONAL(rrow_t, gps, has_gps),
    PPQ_NEST_FIELD(gps_t, lat),
    PPQ_NEST_LIST_OPTIONAL(gps_t, sats, nsats, sat_t, has_sats),
    PPQ_NEST_FIELD_OPTIONAL(sat_t, v, ok),
    PPQ_NEST_LIST_OPTIONAL(rrow_t, readings, nreadings, reading_t, has_readings),
    PPQ_NEST_INLINE_OPTIONAL(reading_t, there),
    PPQ_NEST_FIELD(reading_t, id),
    PPQ_NEST_FIELD_OPTIONAL(reading_t, value, has_value),
    PPQ_NEST_MAP_OPTIONAL(rrow_t, tags, ntags, tag_t, has_tags),
    PPQ_NEST_FIELD(tag_t, key),
    PPQ_NEST_FIELD_OPTIONAL(tag_t, value, has_value),
    PPQ_NEST_MAP(rrow_t, codes, ncodes, code_t),
    PPQ_NEST_FIELD(code_t, key),
    PPQ_NEST_FIELD_OPTIONAL(code_t, name, has_name),
};

#ifdef PPQ_TEST_SMALL
#define R_RECORDS 12u
#define R_ENTRIES 160u
#else
#define R_RECORDS 150u
#define R_ENTRIES 1600u
#endif
#define R_MOST 7u /* elements per list at most (some records: none) */

/* The records' arrays (pools the rows point into). */
static float pool_f[R_RECORDS * R_MOST];
static sat_t pool_sat[R_RECORDS * R_MOST];
static reading_t pool_rd[R_RECORDS * R_MOST];
static tag_t pool_tag[R_RECORDS * R_MOST];
static code_t pool_code[R_RECORDS * R_MOST];
static rrow_t rows_r[R_RECORDS];

static ppq_bytes_t word(uint32_t x)
{
    ppq_bytes_t b;
    b.ptr = (const uint8_t *)words[x % 6u];
    b.len = (uint32_t)strlen(words[x % 6u]);
    return b;
}

/* Random records: lists of 0..R_MOST elements, nulls at every level. */
static void gen_rows_r(uint32_t seed)
{
    uint32_t r, i;
    rng = seed;
    for (r = 0; r < R_RECORDS; r++) {
        rrow_t *x = &rows_r[r];
        uint32_t at = r * R_MOST;
        memset(x, 0, sizeof *x);
        x->id = (int32_t)rnd(100000u) - 50000;
        x->nburst = rnd(3) == 0u ? 0u : rnd(R_MOST + 1u);
        x->burst = x->nburst > 0u || rnd(2) ? &pool_f[at] : NULL;
        for (i = 0; i < x->nburst; i++) {
            pool_f[at + i] = (float)rnd(2000u) * 0.5f - 100.0f;
        }
        x->has_gps = (uint8_t)(rnd(4) != 0u);
        x->gps.lat = (double)rnd(1000000u) / 7.0;
        x->gps.has_sats = (uint8_t)(rnd(4) != 0u);
        x->gps.nsats = rnd(R_MOST + 1u);
        x->gps.sats = &pool_sat[at];
        for (i = 0; i < x->gps.nsats; i++) {
            pool_sat[at + i].v = (int32_t)rnd(40u);
            pool_sat[at + i].ok = (uint8_t)(rnd(5) != 0u);
        }
        x->has_readings = (uint8_t)(rnd(4) != 0u);
        x->nreadings = rnd(R_MOST + 1u);
        x->readings = &pool_rd[at];
        for (i = 0; i < x->nreadings; i++) {
            reading_t *y = &pool_rd[at + i];
            y->id = (int32_t)rnd(1000u);
            y->value = (float)rnd(500u) * 0.25f;
            y->has_value = (uint8_t)(rnd(4) != 0u);
            y->there = (uint8_t)(rnd(6) != 0u);
        }
        x->has_tags = (uint8_t)(rnd(4) != 0u);
        x->ntags = rnd(R_MOST + 1u);
        x->tags = &pool_tag[at];
        for (i = 0; i < x->ntags; i++) {
            pool_tag[at + i].key = word(rnd(6u));
            pool_tag[at + i].value = (float)rnd(90u) - 45.0f;
            pool_tag[at + i].has_value = (uint8_t)(rnd(4) != 0u);
        }
        x->ncodes = rnd(R_MOST + 1u);
        x->codes = &pool_code[at];
        for (i = 0; i < x->ncodes; i++) {
            pool_code[at + i].key = (int32_t)(i * 10u + rnd(10u));
            pool_code[at + i].name = word(rnd(6u));
            pool_code[at + i].has_name = (uint8_t)(rnd(3) != 0u);
        }
    }
}

static int ld_alloc(leaf_data_t *ld, uint32_t n, uint32_t cap)
{
    uint32_t k;
    for (k = 0; k < n; k++) {
        ld[k].def = (int16_t *)test_alloc(cap * sizeof(int16_t));
        ld[k].rep = (int16_t *)test_alloc(cap * sizeof(int16_t));
        ld[k].values = (uint8_t *)test_alloc(cap * 16u);
        if (ld[k].def == NULL || ld[k].rep == NULL || ld[k].values == NULL) {
            return 0;
        }
        ld[k].bytes = (ppq_bytes_t *)(void *)ld[k].values;
        ld[k].entries = ld[k].nvals = ld[k].records = 0;
    }
    return 1;
}

/* An entry of leaf k: levels, and the value (size bytes at v) at max_def. */
static void put_entry(leaf_data_t *ld, uint32_t cap, int d, int r, const void *v, size_t size)
{
    if (ld->entries >= cap) {
        return; /* (the caller checks the count) */
    }
    ld->def[ld->entries] = (int16_t)d;
    ld->rep[ld->entries] = (int16_t)r;
    ld->entries++;
    if (v != NULL) {
        memcpy(ld->values + (size_t)ld->nvals * size, v, size);
        ld->nvals++;
    }
    ld->records += r == 0;
}

/* Row x striped by hand into R's 10 leaves (the spec's levels for R). */
static void stripe_r(const rrow_t *x, leaf_data_t *ld)
{
    uint32_t i;
    put_entry(&ld[0], R_ENTRIES, 0, 0, &x->id, 4); /* id: max_def 0 */
    if (x->nburst == 0u) {                          /* burst.list.element: max_def 1, max_rep 1 */
        put_entry(&ld[1], R_ENTRIES, 0, 0, NULL, 0);
    }
    for (i = 0; i < x->nburst; i++) {
        put_entry(&ld[1], R_ENTRIES, 1, i > 0u, &x->burst[i], 4);
    }
    /* gps.lat: max_def 1; gps.sats.list.element: max_def 4, max_rep 1 */
    put_entry(&ld[2], R_ENTRIES, x->has_gps, 0, x->has_gps ? &x->gps.lat : NULL, 8);
    if (!x->has_gps || !x->gps.has_sats || x->gps.nsats == 0u) {
        put_entry(&ld[3], R_ENTRIES, !x->has_gps ? 0 : !x->gps.has_sats ? 1 : 2, 0, NULL, 0);
    } else {
        for (i = 0; i < x->gps.nsats; i++) {
            const sat_t *y = &x->gps.sats[i];
            put_entry(&ld[3], R_ENTRIES, y->ok ? 4 : 3, i > 0u, y->ok ? &y->v : NULL, 4);
        }
    }
    /* readings.list.element.{id: max_def 3, value: max_def 4}, max_rep 1 */
    if (!x->has_readings || x->nreadings == 0u) {
        put_entry(&ld[4], R_ENTRIES, x->has_readings, 0, NULL, 0);
        put_entry(&ld[5], R_ENTRIES, x->has_readings, 0, NULL, 0);
    } else {
        for (i = 0; i < x->nreadings; i++) {
            const reading_t *y = &x->readings[i];
            put_entry(&ld[4], R_ENTRIES, y->there ? 3 : 2, i > 0u, y->there ? &y->id : NULL, 4);
            put_entry(&ld[5], R_ENTRIES, !y->there ? 2 : y->has_value ? 4 : 3, i > 0u,
                      y->there && y->has_value ? &y->value : NULL, 4);
        }
    }
    /* tags.key_value.{key: max_def 2, value: max_def 3}, max_rep 1 */
    if (!x->has_tags || x->ntags == 0u) {
        put_entry(&ld[6], R_ENTRIES, x->has_tags, 0, NULL, 0);
        put_entry(&ld[7], R_ENTRIES, x->has_tags, 0, NULL, 0);
    } else {
        for (i = 0; i < x->ntags; i++) {
            const tag_t *y = &x->tags[i];
            put_entry(&ld[6], R_ENTRIES, 2, i > 0u, &y->key, sizeof(ppq_bytes_t));
            put_entry(&ld[7], R_ENTRIES, y->has_value ? 3 : 2, i > 0u, y->has_value ? &y->value : NULL, 4);
        }
    }
    /* codes.key_value.{key: max_def 1, value: max_def 2}, max_rep 1 */
    if (x->ncodes == 0u) {
        put_entry(&ld[8], R_ENTRIES, 0, 0, NULL, 0);
        put_entry(&ld[9], R_ENTRIES, 0, 0, NULL, 0);
    }
    for (i = 0; i < x->ncodes; i++) {
        const code_t *y = &x->codes[i];
        put_entry(&ld[8], R_ENTRIES, 1, i > 0u, &y->key, 4);
        put_entry(&ld[9], R_ENTRIES, y->has_name ? 2 : 1, i > 0u, y->has_name ? &y->name : NULL, sizeof(ppq_bytes_t));
    }
}

/* Row x through the setters (`style` varies the calls that mean the same:
 * explicit elements or an element per set, nulls given or left out). */
static ppq_status_t set_r(ppq_writer_t *w, const rrow_t *x, uint32_t style)
{
    ppq_status_t st = PPQ_OK;
    uint32_t i;
#define S(call)                                                                                                        \
    do {                                                                                                               \
        if (st == PPQ_OK) {                                                                                            \
            st = (call);                                                                                               \
        }                                                                                                              \
    } while (0)
    S(ppq_writer_nest_set_i32(w, 0, x->id));
    for (i = 0; i < x->nburst; i++) {
        if (style & 1u) {
            S(ppq_writer_nest_set_float(w, 3, x->burst[i])); /* an element per set */
        } else {
            S(ppq_writer_nest_begin(w, i & 1u ? 1u : 2u)); /* (the LIST or its middle group) */
            S(ppq_writer_nest_set_float(w, 3, x->burst[i]));
            S(ppq_writer_nest_end(w));
        }
    }
    if (x->has_gps) {
        S(ppq_writer_nest_set_double(w, 5, x->gps.lat));
        if (x->gps.has_sats) {
            S(ppq_writer_nest_empty(w, 6));
            for (i = 0; i < x->gps.nsats; i++) {
                if (x->gps.sats[i].ok) {
                    S(ppq_writer_nest_set_i32(w, 8, x->gps.sats[i].v));
                } else if (style & 2u) {
                    S(ppq_writer_nest_null(w, 8)); /* a null element */
                } else {
                    S(ppq_writer_nest_begin(w, 6));
                    S(ppq_writer_nest_end(w));
                }
            }
        } else if (style & 2u) {
            S(ppq_writer_nest_null(w, 6));
        }
    } else if (style & 2u) {
        S(ppq_writer_nest_null(w, 4));
    }
    if (x->has_readings) {
        S(ppq_writer_nest_empty(w, 9));
        for (i = 0; i < x->nreadings; i++) {
            const reading_t *y = &x->readings[i];
            S(ppq_writer_nest_begin(w, 9));
            if (y->there) {
                if (style & 4u) {
                    S(ppq_writer_nest_empty(w, 11));
                }
                S(ppq_writer_nest_set_i32(w, 12, y->id));
                if (y->has_value) {
                    S(ppq_writer_nest_set_float(w, 13, y->value));
                } else if (style & 2u) {
                    S(ppq_writer_nest_null(w, 13));
                }
            } else if (style & 2u) {
                S(ppq_writer_nest_null(w, 11));
            }
            S(ppq_writer_nest_end(w));
        }
    }
    if (x->has_tags) {
        S(ppq_writer_nest_empty(w, 14));
        for (i = 0; i < x->ntags; i++) {
            const tag_t *y = &x->tags[i];
            S(ppq_writer_nest_begin(w, 14));
            if (y->has_value) { /* (the value first: any order inside an element) */
                S(ppq_writer_nest_set_float(w, 17, y->value));
            }
            S(ppq_writer_nest_set_bytes(w, 16, y->key.ptr, y->key.len));
            S(ppq_writer_nest_end(w));
        }
    }
    for (i = 0; i < x->ncodes; i++) {
        const code_t *y = &x->codes[i];
        S(ppq_writer_nest_begin(w, 19));
        S(ppq_writer_nest_set_i32(w, 20, y->key));
        if (y->has_name) {
            S(ppq_writer_nest_set_bytes(w, 21, y->name.ptr, y->name.len));
        }
        S(ppq_writer_nest_end(w));
    }
    if (style & 4u) {
        S(ppq_writer_nest_empty(w, 18)); /* (REQUIRED: there anyway) */
    }
#undef S
    return st == PPQ_OK ? ppq_writer_nest_commit(w) : st;
}

static uint8_t *file_b, *file_c;

/* R's records through the record API (style 0) or the setters (style
 * 1..8: set_r's style - 1) into buf: *len its bytes. */
static ppq_status_t write_r(const ppq_writer_options_t *o, uint32_t style, uint8_t *buf, size_t *len)
{
    ppq_writer_t w;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    uint32_t r;
    ppq_status_t st;
    ppq_sink_init_mem(&sink, &mem, buf, FILE_CAP);
    st = ppq_writer_init_nested(&w, &schema_r, o, &sink, test_arena_ptr, test_arena_size);
    if (st == PPQ_OK && style == 0u) {
        st = ppq_writer_use_nested_record(&w, r_fields, (uint32_t)(sizeof r_fields / sizeof r_fields[0]));
    }
    for (r = 0; r < R_RECORDS && st == PPQ_OK; r++) {
        st = style == 0u ? ppq_writer_write_nested_record(&w, &rows_r[r]) : set_r(&w, &rows_r[r], style - 1u + r);
    }
    if (st == PPQ_OK && ppq_writer_rows(&w) != R_RECORDS) {
        st = PPQ_ERR_STATE;
    }
    if (st == PPQ_OK) {
        st = ppq_writer_close(&w);
    }
    *len = mem.len;
    return st;
}

/* Options for R's files: variant 0 the defaults, then small pages and row
 * groups, v2 pages, a codec, dictionaries that fill (record_entries 16). */
static void r_options(ppq_writer_options_t *o, uint32_t variant)
{
    memset(o, 0, sizeof *o);
    o->record_entries = 16u;
    if (variant >= 1u) {
        o->page_values = variant == 3u ? 8u : 40u; /* (8: pages of a record or two) */
        o->page_bytes = 256u;
        o->row_group_rows = 23u;
        o->dict_entries = 8u;
        o->dict_bytes = 64u;
        o->footer_bytes = 65536u;
        o->chunk_bytes = 4096u;
    }
    o->page_v2 = (uint8_t)(PPQ_WRITER_PAGE_V2 && variant == 2u);
    if (variant == 2u && (PPQ_COMPRESSORS & PPQ_DECOMPRESSORS & PPQ_CODEC_BIT(PPQ_CODEC_SNAPPY)) != 0u) {
        o->codec = PPQ_CODEC_SNAPPY; /* (where the reader reads it back too) */
    }
#ifdef PPQ_TEST_SMALL
    o->page_values = 16u;
    o->dict_entries = 16u;
    o->dict_bytes = 256u;
    o->row_group_rows = 6u;
    o->footer_bytes = 2048u;
    o->chunk_bytes = 1u;
    o->no_page_index = 1;
    o->no_bloom = 1;
#endif
}

/* The same records through write_levels, the record API and the setters:
 * the same bytes, read back as striped. */
static void nested_record_same(void)
{
    leaf_levels_t lv[R_LEAVES];
    leaf_data_t ld[R_LEAVES];
    uint32_t variant, r, k, style;
    levels_of(&schema_r, lv);
    for (variant = 0; variant < 4u; variant++) {
        ppq_writer_options_t o;
        size_t len_a = 0, len_b = 0, len_c = 0;
        ppq_status_t st;
        r_options(&o, variant);
        test_setup();
        file_buf = (uint8_t *)test_alloc(FILE_CAP);
        file_b = (uint8_t *)test_alloc(FILE_CAP);
        file_c = (uint8_t *)test_alloc(FILE_CAP);
        PPQ_CHECK(file_buf != NULL && file_b != NULL && file_c != NULL);
        PPQ_CHECK(ld_alloc(ld, R_LEAVES, R_ENTRIES));
        if (file_c == NULL || ld[R_LEAVES - 1u].values == NULL) {
            return;
        }
        gen_rows_r(variant * 77u + 5u);
        for (r = 0; r < R_RECORDS; r++) {
            stripe_r(&rows_r[r], ld);
        }
        for (k = 0; k < R_LEAVES; k++) {
            PPQ_CHECK(ld[k].entries < R_ENTRIES);
            PPQ_CHECK_EQ(ld[k].records, R_RECORDS);
        }
        st = write_file(&schema_r, &o, ld, variant + 1u, &len_a);
        if (st == PPQ_ERR_ARENA) {
            continue; /* (a small board) */
        }
        PPQ_CHECK_OK(st);
        PPQ_CHECK_OK(write_r(&o, 0, file_b, &len_b));
        PPQ_CHECK_EQ(len_b, len_a);
        PPQ_CHECK(memcmp(file_b, file_buf, len_a) == 0);
        for (style = 1; style <= 8u; style += variant == 0u ? 1u : 4u) {
            PPQ_CHECK_OK(write_r(&o, style, file_c, &len_c));
            PPQ_CHECK_EQ(len_c * 100u + style, len_a * 100u + style);
            PPQ_CHECK(memcmp(file_c, file_buf, len_a) == 0);
        }
        read_back(&schema_r, lv, ld, len_b, o.page_values == 0u ? 8192u : o.page_values, 1);
    }
}

/* Sixteen nodes deep (fifteen OPTIONAL structs and a leaf), and three
 * levels of lists (schema C, LIST<LIST<INT32?>?>?), by the record API and
 * the setters, against levels made here. */
static const ppq_node_t deep_nodes[16] = {
    GROUP("s0", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 1),  GROUP("s1", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 1),
    GROUP("s2", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 1),  GROUP("s3", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 1),
    GROUP("s4", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 1),  GROUP("s5", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 1),
    GROUP("s6", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 1),  GROUP("s7", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 1),
    GROUP("s8", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 1),  GROUP("s9", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 1),
    GROUP("s10", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 1), GROUP("s11", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 1),
    GROUP("s12", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 1), GROUP("s13", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 1),
    GROUP("s14", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 1), LEAF(PPQ_OPTIONAL),
};
static const ppq_column_t deep_leaves[1] = {COL("v", PPQ_INT64, 1)};
static const ppq_schema_t schema_deep = {deep_nodes, 16, deep_leaves, 1};
typedef struct deep_row { uint8_t there[16]; int64_t v; } deep_row_t;

typedef struct inner { int32_t v; uint8_t ok; } inner_t;
typedef struct outer { const inner_t *in; uint32_t n; uint8_t ok; } outer_t;
typedef struct crow { const outer_t *out; uint32_t n; uint8_t ok; } crow_t;
static const ppq_nest_field_t c_fields[] = {
    PPQ_NEST_LIST_OPTIONAL(crow_t, out, n, outer_t, ok),
    PPQ_NEST_LIST_OPTIONAL(outer_t, in, n, inner_t, ok),
    PPQ_NEST_FIELD_OPTIONAL(inner_t, v, ok),
};

#define DEEP_RECORDS 40u

static void nested_record_deep(void)
{
    static inner_t ins[DEEP_RECORDS * 16u];
    static outer_t outs[DEEP_RECORDS * 4u];
    static crow_t crows[DEEP_RECORDS];
    static deep_row_t drows[DEEP_RECORDS];
    ppq_nest_field_t dfields[16];
    leaf_levels_t lv[1];
    leaf_data_t ld[1];
    ppq_writer_options_t o;
    uint32_t r, i, j, pass;
    memset(&o, 0, sizeof o);
    o.record_entries = 20u;
#ifdef PPQ_TEST_SMALL
    o.page_values = 64u;
    o.dict_entries = 16u;
    o.dict_bytes = 256u;
    o.footer_bytes = 2048u;
    o.chunk_bytes = 1u;
    o.row_group_rows = 64; /* (a small arena: the test arena of a board) */
    o.dict_entries = 64;
    o.dict_bytes = 1024;
    o.footer_bytes = 8192;
    o.chunk_bytes = 4096;
    o.no_bloom = 1;
#endif
    for (i = 0; i < 15u; i++) {
        dfields[i].value = 0;
        dfields[i].present = (uint16_t)(offsetof(deep_row_t, there) + i);
        dfields[i].count = dfields[i].stride = 0;
    }
    dfields[15].value = (uint16_t)offsetof(deep_row_t, v);
    dfields[15].present = (uint16_t)(offsetof(deep_row_t, there) + 15u);
    dfields[15].count = dfields[15].stride = 0;
    for (pass = 0; pass < 2u; pass++) { /* the deep structs, then the lists of lists */
        const ppq_schema_t *s = pass == 0u ? &schema_deep : &schema_c;
        size_t len_a = 0, len_b = 0;
        ppq_status_t st;
        int style;
        test_setup();
        file_buf = (uint8_t *)test_alloc(FILE_CAP);
        file_b = (uint8_t *)test_alloc(FILE_CAP);
        PPQ_CHECK(file_buf != NULL && file_b != NULL && ld_alloc(ld, 1, DEEP_RECORDS * 20u));
        levels_of(s, lv);
        rng = 99u + pass;
        for (r = 0; r < DEEP_RECORDS; r++) {
            if (pass == 0u) { /* present down to level m: definition level m */
                uint32_t m = r % 17u;
                memset(&drows[r], 0, sizeof drows[r]);
                for (i = 0; i < m; i++) {
                    drows[r].there[i] = 1;
                }
                drows[r].v = (int64_t)r * 1000003;
                put_entry(&ld[0], DEEP_RECORDS * 20u, (int)m, 0, m == 16u ? &drows[r].v : NULL, 8);
                continue;
            }
            /* LIST<LIST<INT32?>?>?: max_def 5, max_rep 2 */
            crows[r].ok = (uint8_t)(r % 7u != 3u);
            crows[r].n = r % 5u == 1u ? 0u : rnd(4u);
            crows[r].out = &outs[r * 4u];
            if (!crows[r].ok || crows[r].n == 0u) {
                put_entry(&ld[0], DEEP_RECORDS * 20u, crows[r].ok, 0, NULL, 0);
            }
            for (i = 0; i < crows[r].n; i++) {
                outer_t *x = &outs[r * 4u + i];
                x->ok = (uint8_t)(rnd(5u) != 0u);
                x->n = rnd(5u);
                x->in = &ins[r * 16u + i * 4u];
                if (!crows[r].ok) {
                    continue;
                }
                if (!x->ok || x->n == 0u) {
                    put_entry(&ld[0], DEEP_RECORDS * 20u, x->ok ? 3 : 2, i > 0u, NULL, 0);
                }
                for (j = 0; j < x->n; j++) {
                    inner_t *y = &ins[r * 16u + i * 4u + j];
                    y->ok = (uint8_t)(rnd(4u) != 0u);
                    y->v = (int32_t)rnd(1000u);
                    if (x->ok) {
                        put_entry(&ld[0], DEEP_RECORDS * 20u, y->ok ? 5 : 4, j > 0u ? 2 : i > 0u ? 1 : 0,
                                  y->ok ? &y->v : NULL, 4);
                    }
                }
            }
        }
        PPQ_CHECK_EQ(ld[0].records, DEEP_RECORDS);
        st = write_file(s, &o, ld, 2, &len_a);
        if (st == PPQ_ERR_ARENA) {
            continue;
        }
        PPQ_CHECK_OK(st);
        for (style = 0; style < 2; style++) {
            ppq_writer_t w;
            ppq_sink_t sink;
            ppq_memsink_t mem;
            ppq_sink_init_mem(&sink, &mem, file_b, FILE_CAP);
            PPQ_CHECK_OK(ppq_writer_init_nested(&w, s, &o, &sink, test_arena_ptr, test_arena_size));
            if (style == 0) {
                PPQ_CHECK_OK(ppq_writer_use_nested_record(&w, pass == 0u ? dfields : c_fields, s->nnodes));
            }
            for (r = 0; r < DEEP_RECORDS; r++) {
                if (style == 0) {
                    PPQ_CHECK_OK(ppq_writer_write_nested_record(&w, pass == 0u ? (const void *)&drows[r]
                                                                               : (const void *)&crows[r]));
                    continue;
                }
                if (pass == 0u) {
                    uint32_t m = r % 17u;
                    if (m == 16u) {
                        PPQ_CHECK_OK(ppq_writer_nest_set_i64(&w, 15, drows[r].v));
                    } else if (m > 0u) {
                        PPQ_CHECK_OK(ppq_writer_nest_empty(&w, m - 1u)); /* the deepest there */
                    }
                } else if (crows[r].ok) {
                    PPQ_CHECK_OK(ppq_writer_nest_empty(&w, 0));
                    for (i = 0; i < crows[r].n; i++) {
                        const outer_t *x = &crows[r].out[i];
                        PPQ_CHECK_OK(ppq_writer_nest_begin(&w, 0));
                        if (x->ok) {
                            PPQ_CHECK_OK(ppq_writer_nest_empty(&w, 2));
                            for (j = 0; j < x->n; j++) {
                                if (x->in[j].ok) {
                                    PPQ_CHECK_OK(ppq_writer_nest_set_i32(&w, 4, x->in[j].v));
                                } else {
                                    PPQ_CHECK_OK(ppq_writer_nest_null(&w, 4));
                                }
                            }
                        }
                        PPQ_CHECK_OK(ppq_writer_nest_end(&w));
                    }
                }
                PPQ_CHECK_OK(ppq_writer_nest_commit(&w));
            }
            PPQ_CHECK_OK(ppq_writer_close(&w));
            len_b = mem.len;
            PPQ_CHECK_EQ(len_b, len_a);
            PPQ_CHECK(memcmp(file_b, file_buf, len_a) == 0);
        }
        read_back(s, lv, ld, len_a, 8192u, 1);
    }
}

/* Every misuse returns its status and changes nothing accepted: the file
 * holds exactly the records accepted, byte for byte as write_levels writes
 * them. */
static void nested_record_misuse(void)
{
    static const float four[5] = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f};
    static const uint8_t k_bytes[1] = {'k'};
    static code_t one_code;
    static tag_t one_tag, bad_tag;
    rrow_t want[5], bad;
    ppq_nest_field_t f2[22];
    leaf_data_t ld[R_LEAVES];
    ppq_writer_options_t o;
    ppq_writer_t w;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    size_t len_a = 0;
    uint32_t r, i;
    ppq_status_t st;
    memset(&o, 0, sizeof o);
    o.record_entries = 4u;
#ifdef PPQ_TEST_SMALL
    o.page_values = 16u;
    o.dict_entries = 16u;
    o.dict_bytes = 256u;
    o.footer_bytes = 2048u;
    o.chunk_bytes = 1u;
    o.row_group_rows = 64; /* (a small arena: the test arena of a board) */
    o.dict_entries = 64;
    o.dict_bytes = 1024;
    o.footer_bytes = 8192;
    o.chunk_bytes = 4096;
    o.no_bloom = 1;
#endif
    test_setup();
    file_buf = (uint8_t *)test_alloc(FILE_CAP);
    file_b = (uint8_t *)test_alloc(FILE_CAP);
    PPQ_CHECK(file_buf != NULL && file_b != NULL && ld_alloc(ld, R_LEAVES, 64u));
    gen_rows_r(4242u);
    for (r = 0; r < 4u; r++) { /* (at most 3 entries a leaf) */
        rrow_t *x = &rows_r[r];
        x->nburst = x->nburst > 3u ? 3u : x->nburst;
        x->gps.nsats = x->gps.nsats > 3u ? 3u : x->gps.nsats;
        x->nreadings = x->nreadings > 3u ? 3u : x->nreadings;
        x->ntags = x->ntags > 3u ? 3u : x->ntags;
        x->ncodes = x->ncodes > 3u ? 3u : x->ncodes;
    }
    /* the records the file should hold */
    memset(want, 0, sizeof want);
    want[0] = rows_r[0];
    want[1].id = 5; /* the setters' record below */
    want[1].burst = four;
    want[1].nburst = 4;
    one_tag.key.ptr = k_bytes;
    one_tag.key.len = 1;
    want[1].has_tags = 1;
    want[1].tags = &one_tag;
    want[1].ntags = 1;
    one_code.key = 1;
    want[1].codes = &one_code;
    want[1].ncodes = 1;
    want[2].id = 7; /* a record of an id only */
    want[3] = rows_r[1];
    want[4] = rows_r[3];
    for (r = 0; r < 5u; r++) {
        stripe_r(&want[r], ld);
    }
    st = write_file(&schema_r, &o, ld, 1, &len_a);
    if (st == PPQ_ERR_ARENA) {
        return;
    }
    PPQ_CHECK_OK(st);

    ppq_sink_init_mem(&sink, &mem, file_b, FILE_CAP);
    PPQ_CHECK_OK(ppq_writer_init_nested(&w, &schema_r, &o, &sink, test_arena_ptr, test_arena_size));
    PPQ_CHECK_EQ(ppq_writer_write_nested_record(&w, &want[0]), PPQ_ERR_STATE); /* no fields yet */
    /* the descriptors */
    PPQ_CHECK_EQ(ppq_writer_use_nested_record(&w, NULL, 22), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_writer_use_nested_record(&w, r_fields, 21), PPQ_ERR_ARG);
    memcpy(f2, r_fields, sizeof f2);
    f2[2].stride = 0;
    PPQ_CHECK_EQ(ppq_writer_use_nested_record(&w, f2, 22), PPQ_ERR_ARG);
    memcpy(f2, r_fields, sizeof f2);
    f2[10].present = (uint16_t)offsetof(rrow_t, has_tags);
    PPQ_CHECK_EQ(ppq_writer_use_nested_record(&w, f2, 22), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_writer_use_nested_record(&w, r_fields, 22));
    PPQ_CHECK_OK(ppq_writer_write_nested_record(&w, &want[0]));

    /* the setters: each refusal leaves the record as it was */
    PPQ_CHECK_EQ(ppq_writer_nest_end(&w), PPQ_ERR_STATE);
    PPQ_CHECK_EQ(ppq_writer_nest_set_i32(&w, 99, 1), PPQ_ERR_ARG);   /* no such node */
    PPQ_CHECK_EQ(ppq_writer_nest_set_i32(&w, 1, 1), PPQ_ERR_ARG);    /* a group */
    PPQ_CHECK_EQ(ppq_writer_nest_set_float(&w, 0, 1.0f), PPQ_ERR_ARG); /* another type */
    PPQ_CHECK_EQ(ppq_writer_nest_set_i32(&w, 12, 1), PPQ_ERR_ARG);   /* inside an element not begun */
    PPQ_CHECK_OK(ppq_writer_nest_set_i32(&w, 0, 5));
    PPQ_CHECK_EQ(ppq_writer_nest_set_i32(&w, 0, 6), PPQ_ERR_ARG);    /* given already */
    PPQ_CHECK_EQ(ppq_writer_nest_null(&w, 0), PPQ_ERR_ARG);          /* REQUIRED */
    PPQ_CHECK_EQ(ppq_writer_nest_null(&w, 99), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_writer_nest_null(&w, 4));                       /* gps null */
    PPQ_CHECK_EQ(ppq_writer_nest_set_double(&w, 5, 1.0), PPQ_ERR_ARG); /* inside a null */
    PPQ_CHECK_EQ(ppq_writer_nest_empty(&w, 4), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_writer_nest_empty(&w, 3), PPQ_ERR_ARG);         /* a leaf */
    PPQ_CHECK_EQ(ppq_writer_nest_empty(&w, 2), PPQ_ERR_ARG);         /* REPEATED */
    PPQ_CHECK_EQ(ppq_writer_nest_begin(&w, 0), PPQ_ERR_ARG);         /* a leaf */
    PPQ_CHECK_EQ(ppq_writer_nest_begin(&w, 4), PPQ_ERR_ARG);         /* a STRUCT */
    PPQ_CHECK_EQ(ppq_writer_nest_begin(&w, 99), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_writer_nest_set_bytes(&w, 16, k_bytes, 1), PPQ_ERR_ARG); /* outside its element */
    PPQ_CHECK_OK(ppq_writer_nest_begin(&w, 14));
    PPQ_CHECK_EQ(ppq_writer_nest_begin(&w, 14), PPQ_ERR_ARG);        /* not inside the element begun */
    PPQ_CHECK_EQ(ppq_writer_nest_set_i32(&w, 0, 1), PPQ_ERR_ARG);    /* outside the element begun */
    PPQ_CHECK_EQ(ppq_writer_nest_set_bytes(&w, 16, NULL, 3), PPQ_ERR_ARG);  /* NULL with a length */
    PPQ_CHECK_EQ(ppq_writer_nest_set_i32(&w, 16, 3), PPQ_ERR_ARG);  /* another type */
    PPQ_CHECK_OK(ppq_writer_nest_set_bytes(&w, 16, k_bytes, 1));
    PPQ_CHECK_EQ(ppq_writer_nest_set_bytes(&w, 16, k_bytes, 1), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_writer_nest_end(&w));
    PPQ_CHECK_OK(ppq_writer_nest_begin(&w, 18));
    PPQ_CHECK_EQ(ppq_writer_nest_commit(&w), PPQ_ERR_STATE);        /* an element still begun: kept */
    PPQ_CHECK_OK(ppq_writer_nest_set_i32(&w, 20, 1));
    PPQ_CHECK_OK(ppq_writer_nest_end(&w));
    for (i = 0; i < 4u; i++) {
        PPQ_CHECK_OK(ppq_writer_nest_set_float(&w, 3, four[i]));
    }
    PPQ_CHECK_EQ(ppq_writer_nest_set_float(&w, 3, four[4]), PPQ_ERR_ARG); /* past record_entries */
    PPQ_CHECK_OK(ppq_writer_nest_commit(&w));                        /* want[1] */
    /* a REQUIRED leaf not given: the commit drops the record */
    PPQ_CHECK_OK(ppq_writer_nest_set_float(&w, 3, 1.0f));
    PPQ_CHECK_EQ(ppq_writer_nest_commit(&w), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_writer_nest_begin(&w, 18)); /* a map entry without its REQUIRED key */
    PPQ_CHECK_OK(ppq_writer_nest_end(&w));
    PPQ_CHECK_OK(ppq_writer_nest_set_i32(&w, 0, 8));
    PPQ_CHECK_EQ(ppq_writer_nest_commit(&w), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_writer_nest_set_i32(&w, 0, 9)); /* discarded */
    ppq_writer_nest_discard(&w);
    PPQ_CHECK_OK(ppq_writer_nest_set_i32(&w, 0, 7));
    PPQ_CHECK_OK(ppq_writer_nest_commit(&w)); /* want[2] */
    for (i = 0; i < 4u; i++) { /* an element whose null has no room */
        PPQ_CHECK_OK(ppq_writer_nest_set_float(&w, 3, four[i]));
    }
    PPQ_CHECK_OK(ppq_writer_nest_begin(&w, 1));
    PPQ_CHECK_EQ(ppq_writer_nest_end(&w), PPQ_ERR_ARG); /* the element still begun */
    PPQ_CHECK_EQ(ppq_writer_nest_commit(&w), PPQ_ERR_STATE);
    ppq_writer_nest_discard(&w);

    /* records refused */
    PPQ_CHECK_EQ(ppq_writer_write_nested_record(&w, NULL), PPQ_ERR_ARG);
    bad = want[3];
    bad.burst = four;
    bad.nburst = 5; /* past record_entries */
    PPQ_CHECK_EQ(ppq_writer_write_nested_record(&w, &bad), PPQ_ERR_ARG);
    bad = want[3];
    bad.burst = NULL;
    bad.nburst = 2; /* elements, no pointer */
    PPQ_CHECK_EQ(ppq_writer_write_nested_record(&w, &bad), PPQ_ERR_ARG);
    bad = want[3];
    bad_tag.key.ptr = NULL;
    bad_tag.key.len = 2;
    bad.has_tags = 1;
    bad.tags = &bad_tag;
    bad.ntags = 1; /* a byte array NULL with a length */
    PPQ_CHECK_EQ(ppq_writer_write_nested_record(&w, &bad), PPQ_ERR_ARG);
    memcpy(f2, r_fields, sizeof f2);
    f2[0].present = (uint16_t)offsetof(rrow_t, has_gps); /* the REQUIRED id null where gps is */
    PPQ_CHECK_OK(ppq_writer_use_nested_record(&w, f2, 22));
    bad = want[3];
    bad.has_gps = 0;
    PPQ_CHECK_EQ(ppq_writer_write_nested_record(&w, &bad), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_writer_use_nested_record(&w, r_fields, 22));
    /* a record the setters began is dropped by write_nested_record */
    PPQ_CHECK_OK(ppq_writer_nest_set_i32(&w, 0, 10));
    PPQ_CHECK_OK(ppq_writer_write_nested_record(&w, &want[3]));
    PPQ_CHECK_EQ(ppq_writer_nest_commit(&w), PPQ_ERR_ARG); /* (nothing given: no id) */
    PPQ_CHECK_EQ(set_r(&w, &want[4], 5), PPQ_OK);
    PPQ_CHECK_EQ(ppq_writer_rows(&w), 5u);
    PPQ_CHECK_OK(ppq_writer_close(&w));
    PPQ_CHECK_EQ(mem.len, len_a);
    PPQ_CHECK(memcmp(file_b, file_buf, len_a) == 0);
    /* closed: the sticky state */
    PPQ_CHECK_EQ(ppq_writer_nest_set_i32(&w, 0, 1), PPQ_ERR_STATE);
    PPQ_CHECK_EQ(ppq_writer_write_nested_record(&w, &want[0]), PPQ_ERR_STATE);
    PPQ_CHECK_EQ(ppq_writer_nest_commit(&w), PPQ_ERR_STATE);

    /* without record_entries, and on a flat writer: PPQ_ERR_STATE */
    o.record_entries = 0;
    ppq_sink_init_mem(&sink, &mem, file_b, FILE_CAP);
    PPQ_CHECK_OK(ppq_writer_init_nested(&w, &schema_r, &o, &sink, test_arena_ptr, test_arena_size));
    PPQ_CHECK_EQ(ppq_writer_use_nested_record(&w, r_fields, 22), PPQ_ERR_STATE);
    PPQ_CHECK_EQ(ppq_writer_nest_set_i32(&w, 0, 1), PPQ_ERR_STATE);
    PPQ_CHECK_EQ(ppq_writer_nest_commit(&w), PPQ_ERR_STATE);
    {
        static const ppq_column_t flat[1] = {COL("v", PPQ_INT32, 0)};
        ppq_sink_init_mem(&sink, &mem, file_b, FILE_CAP);
        PPQ_CHECK_OK(ppq_writer_init(&w, flat, 1, NULL, &sink, test_arena_ptr, test_arena_size));
        PPQ_CHECK_EQ(ppq_writer_nest_set_i32(&w, 0, 1), PPQ_ERR_STATE);
        PPQ_CHECK_EQ(ppq_writer_use_nested_record(&w, r_fields, 22), PPQ_ERR_STATE);
        PPQ_CHECK_EQ(ppq_writer_nest_commit(&w), PPQ_ERR_STATE);
        ppq_writer_nest_discard(&w);
    }
    /* the arena: record_entries counted */
    o.record_entries = 16u;
    {
        size_t with = ppq_writer_arena_size_nested(&schema_r, &o);
        o.record_entries = 0;
        PPQ_CHECK(with > ppq_writer_arena_size_nested(&schema_r, &o));
    }
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(nested_round_trip),
    PPQ_TEST(nested_footer_tree),
    PPQ_TEST(nested_recovery),
    PPQ_TEST(nested_bad_trees),
    PPQ_TEST(nested_bad_batches),
    PPQ_TEST(nested_record_same),
    PPQ_TEST(nested_record_deep),
    PPQ_TEST(nested_record_misuse),
};

#else /* a build without nested writing: the flat writer as it was */

/* Without PPQ_WRITER_NESTED the nested entry points are not in the library;
 * the flat schema a nested build would also take still sizes and opens. */
static void nested_not_built(void)
{
    static const ppq_column_t flat[] = {
        {"ts", PPQ_INT64, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},
        {"element", PPQ_FLOAT, 0, 1, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO}};
    ppq_writer_options_t o;
    memset(&o, 0, sizeof o);
    PPQ_CHECK(ppq_writer_arena_size(flat, 2, NULL) > 0u);
    PPQ_CHECK_OK(ppq_writer_options_for_arena(&o, flat, 2, 8u * 1024u));
    PPQ_CHECK(ppq_writer_arena_size(flat, 2, &o) <= 8u * 1024u);
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(nested_not_built),
};

#endif

PPQ_SUITE(suite_nested, "nested", cases);
