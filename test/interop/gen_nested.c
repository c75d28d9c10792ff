/*
 * Writes nested Parquet files with picoparquet's writer (ppq_writer_init_nested,
 * ppq_writer_write_levels) for nested_check.mjs, which reads them with
 * independent readers and compares every value with what it computes
 * itself from the same rules (written out again there, in JavaScript, not
 * read from here).  Usage: gen_nested OUTDIR
 *
 * Record r (0-based) of each file, by these rules (i, j, k, m: positions in
 * their lists, from 0):
 *   nested_burst     ts INT64 = r * 1000;
 *                    burst LIST<FLOAT?>?: null when r % 10 == 3, empty when
 *                    r % 10 == 7, else (r * 397) % 2001 elements (0-2,000),
 *                    element i null when (r + i) % 13 == 0, else (r * 7 + i) / 4
 *   nested_burst_v2  the same in v2 pages, SNAPPY (where built), CRCs, pages of 4,096
 *                    entries and row groups of 50 records
 *   nested_struct    id INT32 = r; s STRUCT<a LIST<INT64> (required list and
 *                    elements), b STRING?>?: s null when r % 5 == 4; a has
 *                    r % 4 elements r * 100 + i; b null when r % 3 == 0, else "b<r>"
 *   nested_list_struct  ls LIST<STRUCT<id INT32, value DOUBLE?>?>?: null when
 *                    r % 6 == 5; r % 5 elements; element i null when
 *                    (r + i) % 7 == 3, else id r * 10 + i, value null when
 *                    i % 3 == 2, else (r + i) / 4
 *   nested_maps      m1 MAP<STRING, FLOAT?>?: null when r % 7 == 6; r % 4
 *                    entries, key "k<i>", value null when (r + i) % 5 == 0, else
 *                    r * i / 2; m2 MAP<INT32, STRING?> (required): r % 3 entries,
 *                    key r * 10 + i, value null when i == 1 and r is odd, else "v<r>_<i>"
 *   nested_maps_recoverable  nested_maps with recovery records, v2 pages, row groups of 30
 *   nested_maps_recovered    it cut at 60% of its bytes and recovered (ppq_recover_copy):
 *                    the records of the row groups before the cut
 *   nested_deep      d LIST<LIST<LIST<INT32?>?>?>?: null when r % 9 == 8;
 *                    r % 3 lists j: null when (r + j) % 4 == 3, else (r + j) % 3
 *                    lists k: null when (r + j + k) % 5 == 4, else (r + j + k) % 4
 *                    elements m: null when (r + j + k + m) % 6 == 5, else
 *                    r * 1000 + j * 100 + k * 10 + m
 * Each file has RECORDS records (nested_burst: 240) in several calls.
 * nested_maps_record, nested_deep_record (ppq_writer_write_nested_record)
 * and nested_list_struct_setters (ppq_writer_nest_*): the same records
 * record by record, byte for byte their files above.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"

#define RECORDS 240u
#define MAX_LEAVES 4u
#define MAX_ENTRIES 400000u

static ppq_status_t file_write(void *ctx, const uint8_t *data, size_t len)
{
    return fwrite(data, 1, len, (FILE *)ctx) == len ? PPQ_OK : PPQ_ERR_IO;
}

static uint64_t arena_mem[16 * 1024 * 1024 / 8];

/* A leaf's levels and values as the walk of the records emits them. */
typedef struct leaf {
    int16_t *def, *rep;
    uint8_t *vals;  /* dense, 8 bytes a slot at most (ppq_bytes_t: 16) */
    size_t size;    /* bytes a value */
    uint32_t n, nv;
} leaf_t;

static leaf_t L[MAX_LEAVES];
static char strings[MAX_ENTRIES][16]; /* the text values' bytes */
static uint32_t nstrings;

static void leaves_init(uint32_t n, const size_t *sizes)
{
    uint32_t k;
    for (k = 0; k < n; k++) {
        if (L[k].def == NULL) {
            L[k].def = (int16_t *)malloc(MAX_ENTRIES * sizeof(int16_t));
            L[k].rep = (int16_t *)malloc(MAX_ENTRIES * sizeof(int16_t));
            L[k].vals = (uint8_t *)malloc(MAX_ENTRIES * 16u);
        }
        L[k].size = sizes[k];
        L[k].n = L[k].nv = 0;
    }
    nstrings = 0;
}

/* An entry without a value (def below the leaf's max). */
static void emit_null(uint32_t k, int rep, int def)
{
    L[k].rep[L[k].n] = (int16_t)rep;
    L[k].def[L[k].n] = (int16_t)def;
    L[k].n++;
}

/* An entry with a value (`v`: size bytes). */
static void emit(uint32_t k, int rep, int def, const void *v)
{
    memcpy(L[k].vals + (size_t)L[k].nv * L[k].size, v, L[k].size);
    L[k].nv++;
    emit_null(k, rep, def);
}

static void emit_i32(uint32_t k, int rep, int def, int32_t v) { emit(k, rep, def, &v); }
static void emit_i64(uint32_t k, int rep, int def, int64_t v) { emit(k, rep, def, &v); }
static void emit_f32(uint32_t k, int rep, int def, float v) { emit(k, rep, def, &v); }
static void emit_f64(uint32_t k, int rep, int def, double v) { emit(k, rep, def, &v); }
static void emit_str(uint32_t k, int rep, int def, const char *fmt, long a, long b)
{
    ppq_bytes_t s;
    char *at = strings[nstrings++];
    int len = snprintf(at, 16, fmt, a, b);
    s.ptr = (const uint8_t *)at;
    s.len = (uint32_t)len;
    emit(k, rep, def, &s);
}

/* Write the leaves' levels as `records` records in `calls` calls (split
 * between records). */
static int write_file(const char *dir, const char *name, const ppq_schema_t *s, const ppq_writer_options_t *o,
                      uint32_t records, uint32_t calls)
{
    char path[512];
    FILE *f;
    ppq_sink_t sink;
    ppq_writer_t w;
    ppq_leaf_batch_t b[MAX_LEAVES];
    uint32_t k, c, at_e[MAX_LEAVES] = {0}, at_v[MAX_LEAVES] = {0};
    ppq_status_t st;
    snprintf(path, sizeof path, "%s/%s.parquet", dir, name);
    f = fopen(path, "wb");
    if (f == NULL) {
        perror(path);
        return 1;
    }
    sink.write = file_write;
    sink.ctx = f;
    sink.offset = 0;
    st = ppq_writer_init_nested(&w, s, o, &sink, arena_mem, sizeof arena_mem);
    for (c = 0; c < calls && st == PPQ_OK; c++) {
        uint32_t from = records * c / calls, to = records * (c + 1u) / calls, written = 0;
        for (k = 0; k < s->nleaves; k++) {
            int16_t md, mr;
            uint32_t e = at_e[k], v = at_v[k], r = 0;
            st = ppq_writer_leaf_levels(&w, k, &md, &mr);
            /* the entries of records from..to: up to the (to - from + 1)-th rep 0 */
            while (e < L[k].n && (L[k].rep[e] != 0 || r < to - from)) {
                r += L[k].rep[e] == 0;
                v += L[k].def[e] == md;
                e++;
            }
            b[k].values = L[k].vals + (size_t)at_v[k] * L[k].size;
            b[k].def = md > 0 ? L[k].def + at_e[k] : NULL;
            b[k].rep = mr > 0 ? L[k].rep + at_e[k] : NULL;
            b[k].entries = e - at_e[k];
            at_e[k] = e;
            at_v[k] = v;
        }
        if (st == PPQ_OK) {
            st = ppq_writer_write_levels(&w, b, to - from, &written);
        }
    }
    if (st == PPQ_OK) {
        st = ppq_writer_close(&w);
    }
    fclose(f);
    if (st != PPQ_OK) {
        fprintf(stderr, "%s: %s\n", name, ppq_status_str(st));
        return 1;
    }
    return 0;
}

#define LEAF(rep) {NULL, PPQ_NODE_LEAF, (rep), 0}
#define GROUP(name, kind, rep, n) {(name), (kind), (rep), (n)}
#define COL(name, type, opt) {(name), (type), 0, (opt), {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO}
#define STRCOL(name, opt) {(name), PPQ_BYTE_ARRAY, 0, (opt), {PPQ_LOGICAL_STRING, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO}

/* ---- nested_burst ---------------------------------------------------------------- */

static const ppq_node_t burst_nodes[] = {
    LEAF(PPQ_REQUIRED),
    GROUP("burst", PPQ_NODE_LIST, PPQ_OPTIONAL, 1),
    GROUP("list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1),
    LEAF(PPQ_OPTIONAL),
};
static const ppq_column_t burst_leaves[] = {COL("ts", PPQ_INT64, 0), COL("element", PPQ_FLOAT, 1)};
static const ppq_schema_t burst = {burst_nodes, 4, burst_leaves, 2};

static void gen_burst(void)
{
    static const size_t sizes[2] = {8, 4};
    uint32_t r, i;
    leaves_init(2, sizes);
    for (r = 0; r < RECORDS; r++) {
        emit_i64(0, 0, 0, (int64_t)r * 1000);
        if (r % 10u == 3u) {
            emit_null(1, 0, 0); /* null list */
        } else if (r % 10u == 7u || (r * 397u) % 2001u == 0u) {
            emit_null(1, 0, 1); /* empty list */
        } else {
            for (i = 0; i < (r * 397u) % 2001u; i++) {
                if ((r + i) % 13u == 0u) {
                    emit_null(1, i == 0u ? 0 : 1, 2);
                } else {
                    emit_f32(1, i == 0u ? 0 : 1, 3, (float)(r * 7u + i) / 4.0f);
                }
            }
        }
    }
}

/* ---- nested_struct ------------------------------------------------------------------ */

static const ppq_node_t struct_nodes[] = {
    LEAF(PPQ_REQUIRED),
    GROUP("s", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 2),
    GROUP("a", PPQ_NODE_LIST, PPQ_REQUIRED, 1),
    GROUP("list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1),
    LEAF(PPQ_REQUIRED),
    LEAF(PPQ_OPTIONAL),
};
static const ppq_column_t struct_leaves[] = {COL("id", PPQ_INT32, 0), COL("element", PPQ_INT64, 0), STRCOL("b", 1)};
static const ppq_schema_t structs = {struct_nodes, 6, struct_leaves, 3};

static void gen_struct(void)
{
    static const size_t sizes[3] = {4, 8, sizeof(ppq_bytes_t)};
    uint32_t r, i;
    leaves_init(3, sizes);
    for (r = 0; r < RECORDS; r++) {
        emit_i32(0, 0, 0, (int32_t)r);
        if (r % 5u == 4u) { /* s null: a (max_def 2) at 0, b (max_def 2) at 0 */
            emit_null(1, 0, 0);
            emit_null(2, 0, 0);
            continue;
        }
        if (r % 4u == 0u) {
            emit_null(1, 0, 1); /* s there, a empty */
        }
        for (i = 0; i < r % 4u; i++) {
            emit_i64(1, i == 0u ? 0 : 1, 2, (int64_t)r * 100 + i);
        }
        if (r % 3u == 0u) {
            emit_null(2, 0, 1);
        } else {
            emit_str(2, 0, 2, "b%ld", (long)r, 0);
        }
    }
}

/* ---- nested_list_struct ------------------------------------------------------------- */

static const ppq_node_t ls_nodes[] = {
    GROUP("ls", PPQ_NODE_LIST, PPQ_OPTIONAL, 1),
    GROUP("list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1),
    GROUP("element", PPQ_NODE_STRUCT, PPQ_OPTIONAL, 2),
    LEAF(PPQ_REQUIRED),
    LEAF(PPQ_OPTIONAL),
};
static const ppq_column_t ls_leaves[] = {COL("id", PPQ_INT32, 0), COL("value", PPQ_DOUBLE, 1)};
static const ppq_schema_t list_struct = {ls_nodes, 5, ls_leaves, 2};

static void gen_list_struct(void)
{
    static const size_t sizes[2] = {4, 8};
    uint32_t r, i;
    leaves_init(2, sizes);
    for (r = 0; r < RECORDS; r++) {
        if (r % 6u == 5u || r % 5u == 0u) { /* null, or empty */
            int d = r % 6u == 5u ? 0 : 1;
            emit_null(0, 0, d);
            emit_null(1, 0, d);
            continue;
        }
        for (i = 0; i < r % 5u; i++) {
            int rep = i == 0u ? 0 : 1;
            if ((r + i) % 7u == 3u) { /* a null element: def 2 */
                emit_null(0, rep, 2);
                emit_null(1, rep, 2);
                continue;
            }
            emit_i32(0, rep, 3, (int32_t)(r * 10u + i));
            if (i % 3u == 2u) {
                emit_null(1, rep, 3);
            } else {
                emit_f64(1, rep, 4, (double)(r + i) / 4.0);
            }
        }
    }
}

/* ---- nested_maps --------------------------------------------------------------------- */

static const ppq_node_t map_nodes[] = {
    GROUP("m1", PPQ_NODE_MAP, PPQ_OPTIONAL, 1),
    GROUP("key_value", PPQ_NODE_STRUCT, PPQ_REPEATED, 2),
    LEAF(PPQ_REQUIRED),
    LEAF(PPQ_OPTIONAL),
    GROUP("m2", PPQ_NODE_MAP, PPQ_REQUIRED, 1),
    GROUP("key_value", PPQ_NODE_STRUCT, PPQ_REPEATED, 2),
    LEAF(PPQ_REQUIRED),
    LEAF(PPQ_OPTIONAL),
};
static const ppq_column_t map_leaves[] = {STRCOL("key", 0), COL("value", PPQ_FLOAT, 1), COL("key", PPQ_INT32, 0),
                                          STRCOL("value", 1)};
static const ppq_schema_t maps = {map_nodes, 8, map_leaves, 4};

static void gen_maps(void)
{
    static const size_t sizes[4] = {sizeof(ppq_bytes_t), 4, 4, sizeof(ppq_bytes_t)};
    uint32_t r, i;
    leaves_init(4, sizes);
    for (r = 0; r < RECORDS; r++) {
        /* m1: max_def 3 (value), key 2 */
        if (r % 7u == 6u || r % 4u == 0u) {
            int d = r % 7u == 6u ? 0 : 1;
            emit_null(0, 0, d);
            emit_null(1, 0, d);
        } else {
            for (i = 0; i < r % 4u; i++) {
                int rep = i == 0u ? 0 : 1;
                emit_str(0, rep, 2, "k%ld", (long)i, 0);
                if ((r + i) % 5u == 0u) {
                    emit_null(1, rep, 2);
                } else {
                    emit_f32(1, rep, 3, (float)(r * i) / 2.0f);
                }
            }
        }
        /* m2 (required): key max_def 1, value 2 */
        if (r % 3u == 0u) {
            emit_null(2, 0, 0);
            emit_null(3, 0, 0);
        }
        for (i = 0; i < r % 3u; i++) {
            int rep = i == 0u ? 0 : 1;
            emit_i32(2, rep, 1, (int32_t)(r * 10u + i));
            if (i == 1u && r % 2u == 1u) {
                emit_null(3, rep, 1);
            } else {
                emit_str(3, rep, 2, "v%ld_%ld", (long)r, (long)i);
            }
        }
    }
}

/* ---- nested_deep ---------------------------------------------------------------------- */

static const ppq_node_t deep_nodes[] = {
    GROUP("d", PPQ_NODE_LIST, PPQ_OPTIONAL, 1),
    GROUP("list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1),
    GROUP("element", PPQ_NODE_LIST, PPQ_OPTIONAL, 1),
    GROUP("list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1),
    GROUP("element", PPQ_NODE_LIST, PPQ_OPTIONAL, 1),
    GROUP("list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1),
    LEAF(PPQ_OPTIONAL),
};
static const ppq_column_t deep_leaves[] = {COL("element", PPQ_INT32, 1)};
static const ppq_schema_t deep = {deep_nodes, 7, deep_leaves, 1};

/* Levels: d null 0, empty 1; list j null 2, empty 3; list k null 4, empty 5;
 * element null 6, value 7.  Repetition: 1 a new j, 2 a new k, 3 a new m. */
static void gen_deep(void)
{
    static const size_t sizes[1] = {4};
    uint32_t r, j, k, m;
    leaves_init(1, sizes);
    for (r = 0; r < RECORDS; r++) {
        int rep = 0; /* the next entry's repetition level */
        if (r % 9u == 8u || r % 3u == 0u) {
            emit_null(0, 0, r % 9u == 8u ? 0 : 1);
            continue;
        }
        for (j = 0; j < r % 3u; j++) {
            rep = j == 0u ? 0 : 1;
            if ((r + j) % 4u == 3u || (r + j) % 3u == 0u) {
                emit_null(0, rep, (r + j) % 4u == 3u ? 2 : 3);
                continue;
            }
            for (k = 0; k < (r + j) % 3u; k++) {
                rep = j == 0u && k == 0u ? 0 : k == 0u ? 1 : 2;
                if ((r + j + k) % 5u == 4u || (r + j + k) % 4u == 0u) {
                    emit_null(0, rep, (r + j + k) % 5u == 4u ? 4 : 5);
                    continue;
                }
                for (m = 0; m < (r + j + k) % 4u; m++) {
                    int rp = m > 0u ? 3 : rep;
                    if ((r + j + k + m) % 6u == 5u) {
                        emit_null(0, rp, 6);
                    } else {
                        emit_i32(0, rp, 7, (int32_t)(r * 1000u + j * 100u + k * 10u + m));
                    }
                }
            }
        }
    }
}

/* The file `name` (written) cut at 60% of its bytes and recovered
 * (ppq_recover_copy) as `out`: its whole row groups before the cut. */
static ppq_status_t cut_read_at(void *ctx, uint64_t off, uint8_t *buf, size_t len, size_t *got)
{
    FILE *f = (FILE *)((void **)ctx)[0];
    uint64_t size = *(uint64_t *)((void **)ctx)[1];
    size_t n = off >= size ? 0u : (size_t)(size - off < len ? size - off : len);
    *got = 0;
    if (n > 0u && (fseek(f, (long)off, SEEK_SET) != 0 || (*got = fread(buf, 1, n, f)) != n)) {
        return PPQ_ERR_IO;
    }
    return PPQ_OK;
}

static int recover_cut(const char *dir, const char *name, const char *outname)
{
    char path[512];
    FILE *in, *out;
    uint64_t size;
    void *ctx[2];
    ppq_file_t f;
    ppq_sink_t sink;
    ppq_recover_result_t res;
    ppq_status_t st;
    snprintf(path, sizeof path, "%s/%s.parquet", dir, name);
    in = fopen(path, "rb");
    if (in == NULL || fseek(in, 0, SEEK_END) != 0) {
        perror(path);
        return 1;
    }
    size = (uint64_t)ftell(in) * 6u / 10u;
    ctx[0] = in;
    ctx[1] = &size;
    memset(&f, 0, sizeof f);
    f.read_at = cut_read_at;
    f.ctx = ctx;
    f.size = size;
    snprintf(path, sizeof path, "%s/%s.parquet", dir, outname);
    out = fopen(path, "wb");
    if (out == NULL) {
        perror(path);
        fclose(in);
        return 1;
    }
    sink.write = file_write;
    sink.ctx = out;
    sink.offset = 0;
    st = ppq_recover_copy(&f, &sink, arena_mem, sizeof arena_mem, &res);
    fclose(in);
    fclose(out);
    if (st != PPQ_OK || res.rows == 0u || res.rows >= RECORDS) {
        fprintf(stderr, "%s: %s, %u rows kept\n", outname, ppq_status_str(st), (unsigned)res.rows);
        return 1;
    }
    return 0;
}

/* ---- the same records through the record API and the setters ---------------------
 *
 * nested_maps_record, nested_deep_record (ppq_writer_write_nested_record
 * over C structs built by the rules above) and nested_list_struct_setters
 * (ppq_writer_nest_*): each must be byte for byte the write_levels file of
 * the same name without the suffix (checked here), and nested_check.mjs
 * reads them by the same rules. */

typedef struct m1_kv { ppq_bytes_t key; float value; uint8_t has_value; } m1_kv_t;
typedef struct m2_kv { int32_t key; ppq_bytes_t value; uint8_t has_value; } m2_kv_t;
typedef struct maps_row {
    const m1_kv_t *m1;
    uint32_t n1;
    uint8_t has_m1;
    const m2_kv_t *m2;
    uint32_t n2;
} maps_row_t;
static const ppq_nest_field_t map_fields[] = {
    PPQ_NEST_MAP_OPTIONAL(maps_row_t, m1, n1, m1_kv_t, has_m1),
    PPQ_NEST_FIELD(m1_kv_t, key),
    PPQ_NEST_FIELD_OPTIONAL(m1_kv_t, value, has_value),
    PPQ_NEST_MAP(maps_row_t, m2, n2, m2_kv_t),
    PPQ_NEST_FIELD(m2_kv_t, key),
    PPQ_NEST_FIELD_OPTIONAL(m2_kv_t, value, has_value),
};

typedef struct d3 { int32_t v; uint8_t ok; } d3_t;
typedef struct d2 { const d3_t *e; uint32_t n; uint8_t ok; } d2_t;
typedef struct d1 { const d2_t *e; uint32_t n; uint8_t ok; } d1_t;
typedef struct drow { const d1_t *e; uint32_t n; uint8_t ok; } drow_t;
static const ppq_nest_field_t deep_fields[] = {
    PPQ_NEST_LIST_OPTIONAL(drow_t, e, n, d1_t, ok),
    PPQ_NEST_LIST_OPTIONAL(d1_t, e, n, d2_t, ok),
    PPQ_NEST_LIST_OPTIONAL(d2_t, e, n, d3_t, ok),
    PPQ_NEST_FIELD_OPTIONAL(d3_t, v, ok),
};

static ppq_bytes_t text(char *buf, const char *fmt, long a, long b)
{
    ppq_bytes_t t;
    t.len = (uint32_t)snprintf(buf, 16, fmt, a, b);
    t.ptr = (const uint8_t *)buf;
    return t;
}

/* Record r of `name` through the record API (a row struct) or the setters. */
static ppq_status_t put_record(ppq_writer_t *w, const char *name, uint32_t r)
{
    uint32_t i, j, k, m;
    ppq_status_t st = PPQ_OK;
    if (strcmp(name, "nested_maps") == 0) {
        static char ks[4][16], vs[3][16];
        m1_kv_t m1[4];
        m2_kv_t m2[3];
        maps_row_t row;
        memset(&row, 0, sizeof row);
        row.has_m1 = (uint8_t)(r % 7u != 6u);
        row.n1 = r % 4u;
        row.m1 = m1;
        for (i = 0; i < row.n1; i++) {
            m1[i].key = text(ks[i], "k%ld", (long)i, 0);
            m1[i].has_value = (uint8_t)((r + i) % 5u != 0u);
            m1[i].value = (float)(r * i) / 2.0f;
        }
        row.n2 = r % 3u;
        row.m2 = m2;
        for (i = 0; i < row.n2; i++) {
            m2[i].key = (int32_t)(r * 10u + i);
            m2[i].has_value = (uint8_t)!(i == 1u && r % 2u == 1u);
            m2[i].value = text(vs[i], "v%ld_%ld", (long)r, (long)i);
        }
        return ppq_writer_write_nested_record(w, &row);
    }
    if (strcmp(name, "nested_deep") == 0) {
        d1_t e1[3];
        d2_t e2[3][3];
        d3_t e3[3][3][4];
        drow_t row;
        row.ok = (uint8_t)(r % 9u != 8u);
        row.n = r % 3u;
        row.e = e1;
        for (j = 0; j < row.n; j++) {
            e1[j].ok = (uint8_t)((r + j) % 4u != 3u);
            e1[j].n = (r + j) % 3u;
            e1[j].e = e2[j];
            for (k = 0; k < e1[j].n; k++) {
                e2[j][k].ok = (uint8_t)((r + j + k) % 5u != 4u);
                e2[j][k].n = (r + j + k) % 4u;
                e2[j][k].e = e3[j][k];
                for (m = 0; m < e2[j][k].n; m++) {
                    e3[j][k][m].ok = (uint8_t)((r + j + k + m) % 6u != 5u);
                    e3[j][k][m].v = (int32_t)(r * 1000u + j * 100u + k * 10u + m);
                }
            }
        }
        return ppq_writer_write_nested_record(w, &row);
    }
    /* nested_list_struct by the setters: nodes 0 ls, 1 list, 2 element, 3 id, 4 value */
    if (r % 6u == 5u) {
        return ppq_writer_nest_commit(w); /* ls not given: null */
    }
    st = ppq_writer_nest_empty(w, 0);
    for (i = 0; i < r % 5u && st == PPQ_OK; i++) {
        st = ppq_writer_nest_begin(w, 0);
        if (st == PPQ_OK && (r + i) % 7u != 3u) { /* (else a null element: nothing given) */
            st = ppq_writer_nest_set_i32(w, 3, (int32_t)(r * 10u + i));
            if (st == PPQ_OK && i % 3u != 2u) {
                st = ppq_writer_nest_set_double(w, 4, (double)(r + i) / 4.0);
            }
        }
        if (st == PPQ_OK) {
            st = ppq_writer_nest_end(w);
        }
    }
    return st == PPQ_OK ? ppq_writer_nest_commit(w) : st;
}

/* `name`_`how` written record by record; 0 when it has the same bytes as `name`. */
static int write_by_record(const char *dir, const char *name, const char *how, const ppq_schema_t *s,
                           const ppq_nest_field_t *fields, const ppq_writer_options_t *opts)
{
    char path[512], ref[512];
    FILE *f, *g;
    ppq_sink_t sink;
    ppq_writer_t w;
    ppq_writer_options_t o = *opts;
    uint32_t r;
    int c1 = 0, c2 = 0, same = 1;
    ppq_status_t st;
    o.record_entries = 64;
    snprintf(path, sizeof path, "%s/%s_%s.parquet", dir, name, how);
    snprintf(ref, sizeof ref, "%s/%s.parquet", dir, name);
    f = fopen(path, "wb");
    if (f == NULL) {
        perror(path);
        return 1;
    }
    sink.write = file_write;
    sink.ctx = f;
    sink.offset = 0;
    st = ppq_writer_init_nested(&w, s, &o, &sink, arena_mem, sizeof arena_mem);
    if (st == PPQ_OK && fields != NULL) {
        st = ppq_writer_use_nested_record(&w, fields, s->nnodes);
    }
    for (r = 0; r < RECORDS && st == PPQ_OK; r++) {
        st = put_record(&w, name, r);
    }
    if (st == PPQ_OK) {
        st = ppq_writer_close(&w);
    }
    fclose(f);
    if (st != PPQ_OK) {
        fprintf(stderr, "%s_%s: %s\n", name, how, ppq_status_str(st));
        return 1;
    }
    f = fopen(path, "rb");
    g = fopen(ref, "rb");
    while (f != NULL && g != NULL && same && c1 != EOF) {
        c1 = getc(f);
        c2 = getc(g);
        same = c1 == c2;
    }
    if (f != NULL) {
        fclose(f);
    }
    if (g != NULL) {
        fclose(g);
    }
    if (!same || f == NULL || g == NULL) {
        fprintf(stderr, "%s_%s: not the bytes of %s\n", name, how, ref);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    ppq_writer_options_t o;
    int bad = 0;
    memset(&o, 0, sizeof o);
    o.page_crc = 1;
    gen_burst();
    bad |= write_file(dir, "nested_burst", &burst, &o, RECORDS, 3);
    o.page_v2 = 1;
    o.page_values = 4096;
    o.row_group_rows = 50;
    if (ppq_codec_can_compress(PPQ_CODEC_SNAPPY)) {
        o.codec = PPQ_CODEC_SNAPPY;
    }
    bad |= write_file(dir, "nested_burst_v2", &burst, &o, RECORDS, 4);
    memset(&o, 0, sizeof o);
    o.page_crc = 1;
    o.page_values = 64; /* several pages, each ending at a record */
    o.row_group_rows = 100;
    gen_struct();
    bad |= write_file(dir, "nested_struct", &structs, &o, RECORDS, 2);
    gen_list_struct();
    bad |= write_file(dir, "nested_list_struct", &list_struct, &o, RECORDS, 2);
    gen_maps();
    bad |= write_file(dir, "nested_maps", &maps, &o, RECORDS, 2);
    bad |= write_by_record(dir, "nested_maps", "record", &maps, map_fields, &o);
    bad |= write_by_record(dir, "nested_list_struct", "setters", &list_struct, NULL, &o);
    /* recoverable (v2 pages), cut and recovered: its first row groups */
    o.page_v2 = 1;
    o.recovery = 1;
    o.row_group_rows = 30;
    bad |= write_file(dir, "nested_maps_recoverable", &maps, &o, RECORDS, 2);
    bad |= recover_cut(dir, "nested_maps_recoverable", "nested_maps_recovered");
    o.recovery = 0;
    o.row_group_rows = 100;
    o.page_v2 = 0;
    o.page_v2 = 1;
    gen_deep();
    bad |= write_file(dir, "nested_deep", &deep, &o, RECORDS, 3);
    bad |= write_by_record(dir, "nested_deep", "record", &deep, deep_fields, &o);
    return bad;
}
