/* libFuzzer: the writer, both layouts, driven by a hostile caller.  The
 * bytes choose a schema (types, OPTIONAL, encodings, a few logical types),
 * the options (the compact layout or pages, or ppq_writer_options_for_arena
 * with and without a footer spill; every codec the build compresses, per
 * file or per column; v2 pages, page CRCs, recovery records, statistics,
 * bloom filters, the page index, dictionary limits, page and row-group
 * sizes; the arena: ample, exactly ppq_writer_arena_size, or a byte less)
 * and the rows: from the input bytes, or thousands generated from a small
 * seed (walks, constants, noise, runs, a few distinct values, sorted keys,
 * regime changes; nulls none, rare, half, most, in bursts, all), so that
 * AUTO's chunks pass the 4,096 values where rechunk samples them.  The
 * rows go in through the setters and commit, column batches or records
 * (or all three in turn), with ppq_writer_flush_row_group at chosen rows
 * (also between a row's setters and its commit), and now and then a row
 * the writer must refuse (a null in a REQUIRED column, a byte array too
 * long or of the wrong length, a wrong type, a REQUIRED column not set).
 *
 * Checked: every call returns PPQ_OK or a status its documentation gives
 * for that case, and refuses exactly the rows made to be refused; a full
 * footer store (PPQ_ERR_NOSPACE) comes only when ppq_writer_row_groups_left
 * said so; ppq_writer_rows counts the rows taken; sync is called after
 * each row group at the file's size; close reads back exactly the spilled
 * bytes.  The closed file is read by the reader value for value, null for
 * null; each chunk's statistics (null count, min and max: exact for
 * integers), its page index (page bounds, null counts, all-null pages,
 * boundary order) and its bloom filter (no value it holds reported absent)
 * agree with the rows; a recoverable file cut at its footer, or anywhere
 * before, recovers to whole row groups of the same rows. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"
#include "ppq_bloom.h"
#include "ppq_reader.h"
#include "ppq_recover.h"
#include "recover_util.h" /* a file in memory (mfile_t) */

#define MAX_COLS 8u
#define MAX_ROWS 20000u
#define MAX_BYTES 40u /* (past 32: byte-array bounds are cut) */
#define MAX_BATCH 2048u
#define ARENA_BYTES (16u << 20)
#define FILE_BYTES (32u << 20)

static uint64_t arena_mem[ARENA_BYTES / 8u];
static uint64_t read_arena[(64u << 20) / 8u];
static uint8_t file_buf[FILE_BYTES];
static uint8_t recov_buf[FILE_BYTES];
static uint8_t spill_buf[8u << 20];
static uint64_t recov_arena[(64u << 10) / 8u];

/* The rows, column by column: values in the C types a batch takes. */
static uint64_t vals[MAX_COLS][MAX_ROWS * 2u]; /* (16 bytes a row: a ppq_bytes_t) */
static uint8_t present[MAX_COLS][MAX_ROWS];    /* 1: a value, 0: a null */
static uint8_t heap[MAX_COLS][MAX_ROWS][MAX_BYTES];
static uint8_t bad[MAX_ROWS];                  /* a row made to be refused: how (BAD_*) */
static uint8_t bad_col[MAX_ROWS];
static uint32_t taken[MAX_ROWS]; /* the rows the writer took, in order */

enum { BAD_NONE = 0, BAD_NULL, BAD_LONG, BAD_FLBA_LEN, BAD_TYPE, BAD_UNSET, BAD_COUNT };

typedef struct input {
    const uint8_t *p;
    size_t left;
} input_t;

static uint32_t take(input_t *in, unsigned bytes)
{
    uint32_t v = 0;
    unsigned i;
    for (i = 0; i < bytes; i++) {
        v = v << 8 | (in->left > 0u ? (in->left--, *in->p++) : 0u);
    }
    return v;
}

/* A broken promise: say which, and stop. */
#define abort_unless(ok)                                                          \
    do {                                                                          \
        if (!(ok)) {                                                              \
            fprintf(stderr, "fuzz_writer: line %d: %s\n", __LINE__, #ok);          \
            abort();                                                              \
        }                                                                         \
    } while (0)

/* ---- a small seeded generator (splitmix64) --------------------------------- */

static uint64_t rng_s;

static uint64_t rnd(void)
{
    uint64_t z = (rng_s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint32_t below(uint32_t n)
{
    return (uint32_t)((rnd() >> 32) % n);
}

/* 0, or 1 .. 2^bits on a log scale (x: three input bytes). */
static uint32_t scaled(uint32_t x, unsigned bits)
{
    unsigned b = 1u + (x & 31u) % bits;
    return (x & 32u) ? 0u : 1u + (x >> 6) % (1u << b);
}

/* ---- the file, the spill ------------------------------------------------------- */

typedef struct buf {
    uint8_t *p;
    size_t len, cap, at; /* at: the next byte read */
    int overflow;
} buf_t;

static ppq_status_t buf_write(void *ctx, const uint8_t *data, size_t len)
{
    buf_t *b = (buf_t *)ctx;
    if (len > b->cap - b->len) {
        b->overflow = 1;
        return PPQ_ERR_IO;
    }
    memcpy(b->p + b->len, data, len);
    b->len += len;
    return PPQ_OK;
}

static ppq_status_t buf_read(void *ctx, uint8_t *out, size_t len, size_t *got)
{
    buf_t *b = (buf_t *)ctx;
    size_t n = b->len - b->at < len ? b->len - b->at : len;
    memcpy(out, b->p + b->at, n);
    b->at += n;
    *got = n;
    return PPQ_OK;
}

typedef struct sync_seen {
    buf_t *file;
    uint32_t calls;
} sync_seen_t;

static ppq_status_t on_sync(void *ctx, uint64_t offset)
{
    sync_seen_t *s = (sync_seen_t *)ctx;
    abort_unless(offset == s->file->len); /* after each row group, at the file's size */
    s->calls++;
    return PPQ_OK;
}

/* ---- the schema and the rows ---------------------------------------------------- */

typedef struct col_plan {
    uint8_t kind, nulls, param;
    uint64_t x;        /* the value (a generator's state) */
    uint32_t run;      /* rows left in a run of nulls, or of a regime */
    uint8_t in_nulls;  /* in a burst of nulls */
    uint8_t regime;    /* kind 7: the kind it has now */
    uint8_t uns;       /* an unsigned INT logical type (unsigned order) */
    uint64_t last;     /* the last row's number (byte arrays: a repeat points where it did) */
} col_plan_t;

static ppq_column_t schema[MAX_COLS];
static col_plan_t plan[MAX_COLS];
static uint32_t ncols, nrows, page_bytes_eff;

static uint64_t mix(uint64_t v)
{
    v ^= v >> 33;
    v *= 0xFF51AFD7ED558CCDull;
    v ^= v >> 33;
    v *= 0xC4CEB9FE1A85EC53ull;
    return v ^ (v >> 33);
}

static const uint64_t width_mask[4] = {0xFFull, 0xFFFFull, 0xFFFFFFFFull, ~0ull};

/* Column c's next number, by its shape. */
static uint64_t next_number(col_plan_t *p, uint32_t r)
{
    unsigned kind = p->kind;
    if (kind == 7u) { /* regimes: another shape every few thousand rows */
        if (p->run == 0u) {
            p->regime = (uint8_t)below(7);
            p->run = 200u + below(3000);
        }
        p->run--;
        kind = p->regime;
    }
    switch (kind) {
    case 0: p->x += (uint64_t)(int64_t)((int)below(7) - 3); break;                 /* walk */
    case 1: break;                                                                 /* constant */
    case 2: p->x = rnd() & width_mask[p->param]; break;                            /* noise */
    case 3: p->x = below(8u << p->param) == 0u ? rnd() & width_mask[p->param] : p->x; break; /* runs */
    case 4: {                                                                      /* a few values */
        static const uint32_t k[4] = {2, 40, 300, 5000};
        p->x = mix(below(k[p->param]) + 1u) & width_mask[(p->param + 2u) & 3u];
        break;
    }
    case 5: p->x += below(1u << (p->param * 6u)); break;                            /* sorted */
    default: p->x += (uint64_t)(int64_t)((int32_t)below(1u << 20) - (1 << 19)); break; /* wide walk */
    }
    (void)r;
    return p->x;
}

/* Is the next row's value of column c a null (by its plan)? */
static int next_null(col_plan_t *p)
{
    switch (p->nulls) {
    case 2: return below(64) == 0u;
    case 3: return below(4) == 0u;
    case 4: return below(2) == 0u;
    case 5: return below(16) != 0u;
    case 6:
        if (below(100) == 0u) {
            p->in_nulls ^= 1u;
        }
        return p->in_nulls;
    case 7: return 1;
    default: return 0;
    }
}

/* Byte array bytes of column c for number x: hex text, keys with a shared
 * prefix, text of varying length, or raw bytes. */
static uint32_t make_bytes(uint32_t c, uint64_t x, uint8_t *out)
{
    static const char hex[] = "0123456789abcdef";
    uint32_t len, i;
    if (schema[c].type == PPQ_FIXED_LEN_BYTE_ARRAY) {
        for (i = 0; i < schema[c].type_len; i++) {
            out[i] = (uint8_t)(x >> (8u * ((schema[c].type_len - 1u - i) & 7u)));
        }
        return schema[c].type_len;
    }
    switch (plan[c].param) {
    case 0:
        for (i = 0; i < 8u; i++) {
            out[i] = (uint8_t)hex[(x >> (28u - 4u * i)) & 15u];
        }
        return 8u;
    case 1:
        memcpy(out, "sensor/key-", 11);
        for (i = 0; i < 10u; i++) {
            out[11u + i] = (uint8_t)('0' + (x >> (4u * (9u - i))) % 10u);
        }
        return 21u;
    case 2:
        len = (uint32_t)(x % (MAX_BYTES + 1u));
        for (i = 0; i < len; i++) {
            out[i] = (uint8_t)('a' + (x >> (i % 60u)) % 26u);
        }
        return len;
    default:
        len = (uint32_t)(mix(x) % (MAX_BYTES + 1u));
        for (i = 0; i < len; i++) {
            out[i] = (uint8_t)mix(x + i);
        }
        return len;
    }
}

/* Put number x (or bytes) into row r of column c's values. */
static void store_value(uint32_t c, uint32_t r, uint64_t x, int raw)
{
    uint8_t *v = (uint8_t *)vals[c];
    switch (schema[c].type) {
    case PPQ_BOOLEAN: v[r] = (uint8_t)(x & 1u); break;
    case PPQ_INT32: {
        uint32_t u = (uint32_t)x;
        memcpy(v + (size_t)r * 4u, &u, 4);
        break;
    }
    case PPQ_INT64: memcpy(v + (size_t)r * 8u, &x, 8); break;
    case PPQ_INT96: {
        uint32_t hi = (uint32_t)(x >> 32) ^ 0x2458C00u;
        memcpy(v + (size_t)r * 12u, &x, 8);
        memcpy(v + (size_t)r * 12u + 8u, &hi, 4);
        break;
    }
    case PPQ_FLOAT: {
        float f = (float)(int64_t)x * 0.25f;
        uint32_t u = (uint32_t)x;
        if (!raw) {
            memcpy(&u, &f, 4);
        }
        memcpy(v + (size_t)r * 4u, &u, 4);
        break;
    }
    case PPQ_DOUBLE: {
        double d = (double)(int64_t)x * 0.001;
        uint64_t u = x;
        if (!raw) {
            memcpy(&u, &d, 8);
        }
        memcpy(v + (size_t)r * 8u, &u, 8);
        break;
    }
    default: {
        ppq_bytes_t b;
        b.ptr = heap[c][r];
        b.len = raw ? (uint32_t)x : make_bytes(c, x, heap[c][r]);
        if (!raw && r > 0u && x == plan[c].last && (r & 3u) != 0u) { /* (a repeat, often where the last */
            memcpy(&b, v + (size_t)(r - 1u) * sizeof b, sizeof b); /* one was: a constant, a status) */
            b.len = schema[c].type == PPQ_FIXED_LEN_BYTE_ARRAY ? schema[c].type_len : b.len; /* (not a bad one's) */
        }
        plan[c].last = x;
        memcpy(v + (size_t)r * sizeof b, &b, sizeof b);
        break;
    }
    }
}

static size_t vsize(uint32_t c)
{
    return ppq_value_size(schema[c].type);
}

static const uint8_t *val_at(uint32_t c, uint32_t r)
{
    return (const uint8_t *)vals[c] + (size_t)r * vsize(c);
}

/* Row r's value of column c as PLAIN bytes (a byte array: its bytes). */
static const uint8_t *plain_of(uint32_t c, uint32_t r, uint32_t *len)
{
    const uint8_t *v = val_at(c, r);
    if (schema[c].type == PPQ_BYTE_ARRAY || schema[c].type == PPQ_FIXED_LEN_BYTE_ARRAY) {
        ppq_bytes_t b;
        memcpy(&b, v, sizeof b);
        *len = b.len;
        return b.ptr;
    }
    *len = (uint32_t)vsize(c);
    return v;
}

/* Row r made to be refused (in one of the ways `c`'s column allows)? */
static void make_bad(uint32_t r, uint32_t c, unsigned how)
{
    ppq_bytes_t b;
    bad[r] = BAD_NONE;
    switch (how) {
    case BAD_NULL:
        if (!schema[c].optional) {
            present[c][r] = 0;
            bad[r] = BAD_NULL;
        }
        break;
    case BAD_LONG:
        if (schema[c].type == PPQ_BYTE_ARRAY && present[c][r] && page_bytes_eff < MAX_BYTES) {
            memcpy(&b, val_at(c, r), sizeof b);
            b.len = page_bytes_eff + 1u + (uint32_t)(r % (MAX_BYTES - page_bytes_eff));
            b.ptr = heap[c][r];
            memset(heap[c][r], 'z', b.len);
            memcpy((uint8_t *)vals[c] + (size_t)r * sizeof b, &b, sizeof b);
            bad[r] = BAD_LONG;
        }
        break;
    case BAD_FLBA_LEN:
        if (schema[c].type == PPQ_FIXED_LEN_BYTE_ARRAY && present[c][r]) {
            memcpy(&b, val_at(c, r), sizeof b);
            b.len = schema[c].type_len + 1u;
            memcpy((uint8_t *)vals[c] + (size_t)r * sizeof b, &b, sizeof b);
            bad[r] = BAD_FLBA_LEN;
        }
        break;
    default: /* (the setters only: other APIs take the row as it is) */
        bad[r] = (uint8_t)how;
        break;
    }
    bad_col[r] = (uint8_t)c;
}

/* The rows: from the input (a byte or three a value), or generated. */
static void make_rows(input_t *in, int generated, uint32_t want, uint32_t bad_rate)
{
    uint32_t c, r;
    for (r = 0; r < want; r++) {
        if (!generated && in->left == 0u) {
            break;
        }
        for (c = 0; c < ncols; c++) {
            uint64_t x;
            int raw;
            if (generated) {
                present[c][r] = (uint8_t)!(schema[c].optional && next_null(&plan[c]));
                x = next_number(&plan[c], r);
                raw = plan[c].kind == 2u; /* (noise: a float's or double's raw bits) */
            } else {
                present[c][r] = (uint8_t)!(schema[c].optional && (take(in, 1) & 7u) == 0u);
                x = (uint64_t)take(in, 2) << 32 | take(in, 1); /* few distinct values: dictionaries */
                raw = 1;
            }
            if (schema[c].type == PPQ_BYTE_ARRAY && !generated) { /* a few letters */
                uint32_t len = (uint32_t)(x % (MAX_BYTES + 1u)), k;
                for (k = 0; k < len; k++) {
                    heap[c][r][k] = (uint8_t)('a' + (x + k) % 3u);
                }
                store_value(c, r, len, 1);
            } else {
                store_value(c, r, x, raw && schema[c].type != PPQ_BYTE_ARRAY && schema[c].type != PPQ_FIXED_LEN_BYTE_ARRAY);
            }
            if (schema[c].type == PPQ_BYTE_ARRAY) { /* a value must fit a page */
                ppq_bytes_t b;
                memcpy(&b, val_at(c, r), sizeof b);
                if (b.len > page_bytes_eff) {
                    b.len = page_bytes_eff;
                    memcpy((uint8_t *)vals[c] + (size_t)r * sizeof b, &b, sizeof b);
                }
            }
        }
        bad[r] = BAD_NONE;
        if (bad_rate != 0u && (generated ? below(bad_rate) : take(in, 1) % bad_rate) == 0u) {
            uint32_t k = generated ? below(0x10000u) : take(in, 1);
            make_bad(r, k % ncols, 1u + (k >> 4) % (BAD_COUNT - 1u));
        }
    }
    nrows = r;
}

/* ---- writing ------------------------------------------------------------------ */

/* FUZZ_WRITER_TRACE set: each call and its status, to stderr (triage). */
static int tracing;
#define TRACE(st, ...)                                                               \
    do {                                                                             \
        if (tracing) {                                                               \
            fprintf(stderr, "  ");                                                   \
            fprintf(stderr, __VA_ARGS__);                                            \
            fprintf(stderr, " -> %d\n", (int)(st));                                  \
        }                                                                            \
    } while (0)

static ppq_status_t set_value(ppq_writer_t *w, uint32_t c, uint32_t r);

/* Row r's value of column c through its setter. */
static ppq_status_t set_one(ppq_writer_t *w, uint32_t c, uint32_t r)
{
    ppq_status_t st = set_value(w, c, r);
    uint32_t len = 0, i;
    const uint8_t *v = plain_of(c, r, &len);
    if (tracing) {
        fprintf(stderr, "  set col %u row %u:", c, r);
        for (i = 0; i < len; i++) {
            fprintf(stderr, " %02x", v[i]);
        }
        fprintf(stderr, " -> %d\n", (int)st);
    }
    return st;
}

static ppq_status_t set_value(ppq_writer_t *w, uint32_t c, uint32_t r)
{
    const uint8_t *v = val_at(c, r);
    switch (schema[c].type) {
    case PPQ_BOOLEAN: return ppq_writer_set_bool(w, c, *v);
    case PPQ_INT32: {
        int32_t x;
        memcpy(&x, v, 4);
        return ppq_writer_set_i32(w, c, x);
    }
    case PPQ_INT64: {
        int64_t x;
        memcpy(&x, v, 8);
        return ppq_writer_set_i64(w, c, x);
    }
    case PPQ_INT96: {
        ppq_int96_t x;
        memcpy(&x, v, sizeof x);
        return ppq_writer_set_int96(w, c, &x);
    }
    case PPQ_FLOAT: {
        float x;
        memcpy(&x, v, 4);
        return ppq_writer_set_float(w, c, x);
    }
    case PPQ_DOUBLE: {
        double x;
        memcpy(&x, v, 8);
        return ppq_writer_set_double(w, c, x);
    }
    default: {
        ppq_bytes_t b;
        memcpy(&b, v, sizeof b);
        return ppq_writer_set_bytes(w, c, b.ptr, b.len);
    }
    }
}

static ppq_status_t t_set_null(ppq_writer_t *w, uint32_t c)
{
    ppq_status_t st = ppq_writer_set_null(w, c);
    TRACE(st, "set_null col %u", c);
    return st;
}

static ppq_status_t t_commit(ppq_writer_t *w)
{
    ppq_status_t st = ppq_writer_commit_row(w);
    TRACE(st, "commit (rows %llu)", (unsigned long long)ppq_writer_rows(w));
    return st;
}

static ppq_status_t t_flush(ppq_writer_t *w)
{
    ppq_status_t st = ppq_writer_flush_row_group(w);
    TRACE(st, "flush_row_group");
    return st;
}

/* A setter of another physical type than column c's (PPQ_ERR_ARG). */
static ppq_status_t set_wrong(ppq_writer_t *w, uint32_t c)
{
    static const uint8_t zeros[12];
    switch (schema[c].type) {
    case PPQ_INT32: return ppq_writer_set_i64(w, c, 1);
    case PPQ_BYTE_ARRAY:
    case PPQ_FIXED_LEN_BYTE_ARRAY: return ppq_writer_set_double(w, c, 1.0);
    case PPQ_INT96: return ppq_writer_set_float(w, c, 1.0f);
    default: return ppq_writer_set_bytes(w, c, zeros, schema[c].type_len);
    }
}

typedef struct run {
    ppq_writer_t w;
    uint32_t ntaken;
    int compact, spill, stopped;
    uint32_t next_flush, flush_mid; /* flush before row next_flush (mid: after some setters) */
} run_t;

/* Did the writer take no more than the rows it says (and the ones counted)? */
static void check_rows(run_t *s)
{
    abort_unless(ppq_writer_rows(&s->w) == s->ntaken);
}

/* A full footer store: PPQ_ERR_NOSPACE only when no row group was left
 * (the compact layout also for a row larger than its store) and never
 * with a spill in the page layout. */
static void nospace_ok(const run_t *s, uint32_t left_before, uint32_t rows_in)
{
    abort_unless(s->compact || (!s->spill && left_before <= rows_in));
}

/* Row r through the setters: its values (the bad one's refusal first),
 * maybe a flush midway, then commit. */
static void row_by_setters(run_t *s, uint32_t r, int mid_flush)
{
    uint32_t c, left = ppq_writer_row_groups_left(&s->w), skip = UINT32_MAX;
    ppq_status_t st;
    if (bad[r] == BAD_UNSET) {
        skip = bad_col[r];
    }
    for (c = 0; c < ncols; c++) {
        if (mid_flush && c == ncols / 2u) {
            abort_unless(t_flush(&s->w) == PPQ_OK);
        }
        if (bad[r] == BAD_TYPE && bad_col[r] == c) {
            abort_unless(set_wrong(&s->w, c) == PPQ_ERR_ARG);
        }
        if ((c * 7u + r) % 5u == 0u && schema[c].optional) { /* a value set then replaced */
            abort_unless(t_set_null(&s->w, c) == PPQ_OK);
        }
        if (c == skip) {
            continue;
        }
        if (!present[c][r]) {
            if (!schema[c].optional) { /* (BAD_NULL) */
                abort_unless(t_set_null(&s->w, c) == PPQ_ERR_ARG);
                skip = c; /* the commit refuses the row */
            } else if ((r & 1u) || c == ncols - 1u) {
                abort_unless(t_set_null(&s->w, c) == PPQ_OK);
            } else if (r % 3u == 0u) { /* set, then a null over it */
                abort_unless(set_one(&s->w, c, r) == PPQ_OK);
                abort_unless(t_set_null(&s->w, c) == PPQ_OK);
            } /* else not set: a null */
            continue;
        }
        st = set_one(&s->w, c, r);
        if (bad[r] == BAD_LONG || bad[r] == BAD_FLBA_LEN) {
            if (c == bad_col[r]) {
                abort_unless(st == PPQ_ERR_ARG);
                skip = schema[c].optional ? UINT32_MAX : c;
                if (schema[c].optional) { /* (then a null: the row is taken) */
                    abort_unless(t_set_null(&s->w, c) == PPQ_OK);
                }
                continue;
            }
        }
        abort_unless(st == PPQ_OK);
    }
    st = t_commit(&s->w);
    if (skip != UINT32_MAX && !schema[skip].optional) {
        abort_unless(st == PPQ_ERR_ARG);
        return;
    }
    if (st == PPQ_ERR_NOSPACE) {
        nospace_ok(s, left, 0);
        s->stopped = 1;
        return;
    }
    abort_unless(st == PPQ_OK);
    if (bad[r] == BAD_LONG || bad[r] == BAD_FLBA_LEN || bad[r] == BAD_UNSET) {
        present[bad_col[r]][r] = 0; /* (taken as a null) */
    }
    taken[s->ntaken++] = r;
}

/* Is row r one the batch and record APIs refuse? */
static int refused(uint32_t r)
{
    return bad[r] == BAD_NULL || bad[r] == BAD_LONG || bad[r] == BAD_FLBA_LEN;
}

static void row_by_record(run_t *s, uint32_t r, const uint8_t *always)
{
    static uint64_t rec[MAX_COLS * 4u];
    uint8_t *p = (uint8_t *)rec;
    uint32_t c, left = ppq_writer_row_groups_left(&s->w);
    ppq_status_t st;
    for (c = 0; c < ncols; c++) {
        memcpy(p + c * 32u, val_at(c, r), vsize(c));
        p[c * 32u + 16u] = present[c][r];
        abort_unless(!always[c] || present[c][r] || (bad[r] == BAD_NULL && bad_col[r] == c));
    }
    if (bad[r] == BAD_NULL && always[bad_col[r]]) {
        return; /* (a REQUIRED column without a flag: the record cannot say null) */
    }
    st = ppq_writer_write_record(&s->w, rec);
    if (refused(r)) {
        abort_unless(st == PPQ_ERR_ARG);
        return;
    }
    if (st == PPQ_ERR_NOSPACE) {
        nospace_ok(s, left, 0);
        s->stopped = 1;
        return;
    }
    abort_unless(st == PPQ_OK);
    taken[s->ntaken++] = r;
}

/* Rows [at, at + n) as one batch; returns the rows it went through. */
static uint32_t rows_by_batch(run_t *s, uint32_t at, uint32_t n, unsigned how)
{
    static ppq_column_batch_t cols[MAX_COLS];
    static uint8_t bits[MAX_COLS][MAX_BATCH / 8u];
    uint32_t c, r, written = 0, first_bad = n, left = ppq_writer_row_groups_left(&s->w);
    ppq_status_t st;
    for (r = 0; r < n; r++) {
        if (refused(at + r)) {
            first_bad = r;
            break;
        }
    }
    for (c = 0; c < ncols; c++) {
        int nulls = 0;
        cols[c].values = val_at(c, at);
        cols[c].validity = NULL;
        cols[c].def_levels = NULL;
        for (r = 0; r < n && !nulls; r++) {
            nulls = !present[c][at + r];
        }
        if (!nulls && (how & 1u)) {
            continue; /* (every row a value) */
        }
        if (how & 2u) {
            memset(bits[c], 0, (n + 7u) / 8u);
            for (r = 0; r < n; r++) {
                bits[c][r >> 3] = (uint8_t)(bits[c][r >> 3] | present[c][at + r] << (r & 7u));
            }
            cols[c].validity = bits[c];
        } else {
            cols[c].def_levels = &present[c][at];
        }
    }
    st = ppq_writer_write_batch(&s->w, cols, n, &written);
    for (r = 0; r < written; r++) {
        taken[s->ntaken++] = at + r;
    }
    if (first_bad < n && st == PPQ_ERR_ARG) {
        abort_unless(written == first_bad);
        return written + 1u; /* (the refused row: on after it) */
    }
    if (st == PPQ_ERR_NOSPACE) {
        nospace_ok(s, left, written);
        abort_unless(written <= first_bad);
        s->stopped = 1;
        return written;
    }
    abort_unless(st == PPQ_OK && first_bad == n && written == n);
    return n;
}

/* ---- reading back -------------------------------------------------------------- */

/* -1, 0, 1: a against b in the column's order (PLAIN bytes; byte arrays
 * without their length); 2: no order (NaN, INT96). */
static int order(uint32_t c, const uint8_t *a, uint32_t alen, const uint8_t *b, uint32_t blen)
{
    switch (schema[c].type) {
    case PPQ_BOOLEAN: return (a[0] != 0) - (b[0] != 0);
    case PPQ_INT32:
    case PPQ_INT64: { /* as unsigned keys: a signed value's sign bit flipped */
        uint64_t x = 0, y = 0, sign;
        size_t n = schema[c].type == PPQ_INT32 ? 4u : 8u;
        memcpy(&x, a, n); /* (little-endian hosts: libFuzzer's) */
        memcpy(&y, b, n);
        sign = plan[c].uns ? 0u : (uint64_t)1 << (8u * n - 1u);
        x ^= sign;
        y ^= sign;
        return (x > y) - (x < y);
    }
    case PPQ_FLOAT: {
        float x, y;
        memcpy(&x, a, 4);
        memcpy(&y, b, 4);
        return x != x || y != y ? 2 : (x > y) - (x < y);
    }
    case PPQ_DOUBLE: {
        double x, y;
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
        return x != x || y != y ? 2 : (x > y) - (x < y);
    }
    case PPQ_INT96: return 2;
    default: {
        uint32_t n = alen < blen ? alen : blen;
        int k = n ? memcmp(a, b, n) : 0;
        return k != 0 ? (k > 0) - (k < 0) : (alen > blen) - (alen < blen);
    }
    }
}

static int same(uint32_t c, const uint8_t *got, uint32_t r)
{
    uint32_t len;
    const uint8_t *want = plain_of(c, r, &len);
    if (schema[c].type == PPQ_BOOLEAN) {
        return (*got != 0) == (*want != 0);
    }
    if (schema[c].type == PPQ_BYTE_ARRAY || schema[c].type == PPQ_FIXED_LEN_BYTE_ARRAY) {
        ppq_bytes_t b;
        memcpy(&b, got, sizeof b);
        return b.len == len && (len == 0u || memcmp(b.ptr, want, len) == 0);
    }
    return memcmp(got, want, len) == 0;
}

static uint64_t hash_of(uint32_t c, uint32_t r)
{
    uint32_t len;
    const uint8_t *v = plain_of(c, r, &len);
    switch (schema[c].type) {
    case PPQ_INT32: {
        int32_t x;
        memcpy(&x, v, 4);
        return ppq_bloom_hash_i32(x);
    }
    case PPQ_INT64: {
        int64_t x;
        memcpy(&x, v, 8);
        return ppq_bloom_hash_i64(x);
    }
    case PPQ_FLOAT: {
        float x;
        memcpy(&x, v, 4);
        return ppq_bloom_hash_float(x);
    }
    case PPQ_DOUBLE: {
        double x;
        memcpy(&x, v, 8);
        return ppq_bloom_hash_double(x);
    }
    default: return ppq_bloom_hash_bytes(v, len);
    }
}

/* Do the chunk's statistics hold rows taken[row0 .. row0 + n) of column c? */
static void check_stats(const ppq_chunk_info_t *ch, uint32_t c, uint32_t row0, uint32_t n)
{
    const ppq_chunk_stats_t *s = &ch->stats;
    uint32_t i, nulls = 0, lo = UINT32_MAX, hi = UINT32_MAX, len, lo_len = 0, hi_len = 0;
    for (i = 0; i < n; i++) {
        uint32_t r = taken[row0 + i];
        const uint8_t *v;
        if (!present[c][r]) {
            nulls++;
            continue;
        }
        v = plain_of(c, r, &len);
        if (order(c, v, len, v, len) == 2) {
            continue; /* (NaN: outside any bounds) */
        }
        if (lo == UINT32_MAX || order(c, v, len, plain_of(c, lo, &lo_len), lo_len) < 0) {
            lo = r;
        }
        if (hi == UINT32_MAX || order(c, v, len, plain_of(c, hi, &hi_len), hi_len) > 0) {
            hi = r;
        }
    }
    abort_unless(s->null_count < 0 || s->null_count == (int64_t)nulls);
    if (s->min == NULL || s->max == NULL || s->legacy || lo == UINT32_MAX) {
        return;
    }
    {
        const uint8_t *a = plain_of(c, lo, &lo_len), *b = plain_of(c, hi, &hi_len);
        abort_unless(order(c, s->min, s->min_len, a, lo_len) <= 0);
        abort_unless(order(c, b, hi_len, s->max, s->max_len) <= 0);
        if (schema[c].type == PPQ_INT32 || schema[c].type == PPQ_INT64 || schema[c].type == PPQ_BOOLEAN) {
            abort_unless(order(c, s->min, s->min_len, a, lo_len) == 0 && order(c, b, hi_len, s->max, s->max_len) == 0);
        }
    }
}

/* Does the chunk's page index (if any) hold its rows? */
static void check_page_index(ppq_reader_t *rd, ppq_arena_t *arena, uint32_t rg, uint32_t c, uint32_t row0,
                             uint32_t n)
{
    ppq_status_t st;
    size_t need = ppq_reader_page_index_size(rd, rg, c, &st), mark = ppq_arena_mark(arena);
    ppq_page_index_t pi;
    const ppq_column_index_t *ci = &pi.ci;
    uint32_t p, i, prev = UINT32_MAX;
    abort_unless(st == PPQ_OK);
    if (need == 0u) {
        return;
    }
    abort_unless(ppq_reader_page_index(rd, rg, c, arena, &pi) == PPQ_OK);
    abort_unless(pi.npages > 0u && pi.locs[0].first_row_index == 0u && (ci->pages == 0u || ci->pages == pi.npages));
    for (p = 0; p < pi.npages; p++) {
        uint32_t from = (uint32_t)pi.locs[p].first_row_index, nulls = 0;
        uint32_t to = p + 1u < pi.npages ? (uint32_t)pi.locs[p + 1u].first_row_index : n;
        abort_unless(from < to && to <= n);
        if (ci->pages == 0u) {
            continue;
        }
        for (i = from; i < to; i++) {
            uint32_t r = taken[row0 + i], len;
            const uint8_t *v;
            if (!present[c][r]) {
                nulls++;
                continue;
            }
            abort_unless(!ci->null_pages[p]);
            v = plain_of(c, r, &len);
            if (order(c, v, len, v, len) != 2) {
                abort_unless(order(c, ci->min[p].ptr, ci->min[p].len, v, len) <= 0);
                abort_unless(order(c, v, len, ci->max[p].ptr, ci->max[p].len) <= 0);
            }
        }
        abort_unless(!ci->has_null_counts || ci->null_counts[p] == (int64_t)nulls);
        abort_unless(!ci->null_pages[p] || nulls == to - from);
        if (ci->null_pages[p] || order(c, ci->min[p].ptr, ci->min[p].len, ci->max[p].ptr, ci->max[p].len) == 2) {
            continue;
        }
        if (prev != UINT32_MAX && ci->boundary_order == PPQ_BOUNDARY_ASCENDING) {
            abort_unless(order(c, ci->min[prev].ptr, ci->min[prev].len, ci->min[p].ptr, ci->min[p].len) <= 0);
            abort_unless(order(c, ci->max[prev].ptr, ci->max[prev].len, ci->max[p].ptr, ci->max[p].len) <= 0);
        }
        if (prev != UINT32_MAX && ci->boundary_order == PPQ_BOUNDARY_DESCENDING) {
            abort_unless(order(c, ci->min[prev].ptr, ci->min[prev].len, ci->min[p].ptr, ci->min[p].len) >= 0);
            abort_unless(order(c, ci->max[prev].ptr, ci->max[prev].len, ci->max[p].ptr, ci->max[p].len) >= 0);
        }
        prev = p;
    }
    ppq_arena_rewind(arena, mark);
}

/* Is no value of the chunk absent by its bloom filter (a sample of up to
 * 256 rows)? */
static void check_bloom(ppq_reader_t *rd, const ppq_chunk_info_t *ch, uint32_t rg, uint32_t c, uint32_t row0,
                        uint32_t n)
{
    uint32_t i, step = n / 256u + 1u;
    if (ch->bloom_offset == 0) {
        return;
    }
    for (i = 0; i < n; i += step) {
        uint32_t r = taken[row0 + i];
        int maybe = 0;
        if (!present[c][r]) {
            continue;
        }
        abort_unless(ppq_reader_bloom_check(rd, rg, c, hash_of(c, r), &maybe) == PPQ_OK);
        abort_unless(maybe == 1);
    }
}

/* The file's row groups as the first read found them: rows, where each
 * starts (its first column's first page) and ends (the next one's start,
 * the last one's: the footer's). */
static uint32_t nrg;
static uint32_t rg_rows[MAX_ROWS];
static uint64_t rg_start[MAX_ROWS + 1u];

/* Read the file in buf[len], value for value, null for null: its rows must
 * be the first of taken[0 .. ntaken); full_checks: also each chunk's
 * statistics, page index and bloom filter, and the row groups kept in
 * rg_rows[], rg_start[].  Returns the rows it holds, or UINT32_MAX when
 * the reader's arena is too small for its footer. */
static uint32_t read_back(uint8_t *buf, size_t len, uint32_t ntaken, int first)
{
    static ppq_reader_t rd;
    static ppq_column_reader_t cr;
    static union {
        uint64_t w[128];
        ppq_bytes_t b[64];
        uint8_t i96[64 * 12];
    } got;
    static int16_t def[64];
    mfile_t m;
    ppq_file_t f;
    ppq_arena_t arena;
    ppq_status_t st;
    uint32_t rg, c, row0 = 0;
    mfile_init(&f, &m, buf, len, len);
    ppq_arena_init(&arena, read_arena, sizeof read_arena);
    st = ppq_reader_open(&rd, &f, &arena);
    if (st == PPQ_ERR_ARENA) {
        return UINT32_MAX;
    }
    abort_unless(st == PPQ_OK && rd.ncols == ncols && rd.num_rows >= 0 && rd.num_rows <= (int64_t)ntaken);
    for (rg = 0; rg < rd.nrg; rg++) {
        uint32_t n = (uint32_t)rd.rg_rows[rg];
        abort_unless(rd.rg_rows[rg] > 0 && n <= ntaken - row0);
        if (first) {
            const ppq_chunk_info_t *ch = &rd.chunks[rg * rd.ncols];
            rg_rows[rg] = n;
            rg_start[rg] = (uint64_t)(ch->dict_page_offset >= 0 ? ch->dict_page_offset : ch->data_page_offset);
        }
        for (c = 0; c < ncols; c++) {
            const ppq_chunk_info_t *ch = &rd.chunks[rg * rd.ncols + c];
            size_t mark = ppq_arena_mark(&arena), levels = 1, count = 0, i, k;
            uint32_t at = row0;
            size_t vs = vsize(c);
            abort_unless(ppq_column_reader_init(&cr, &rd, rg, c, &arena) == PPQ_OK);
            while (levels > 0u) {
                abort_unless(ppq_column_reader_read(&cr, 64, &got, def, NULL, &levels, &count) == PPQ_OK);
                for (i = 0, k = 0; i < levels; i++, at++) {
                    uint32_t r;
                    abort_unless(at < row0 + n);
                    r = taken[at];
                    if (schema[c].optional && def[i] != (present[c][r] ? 1 : 0) && getenv("FUZZ_WRITER_VERBOSE")) {
                        uint32_t vlen;
                        (void)plain_of(c, r, &vlen);
                        fprintf(stderr, "fuzz_writer: rg %u col %u row %u (input row %u, bad %u col %u, len %u): def %d\n",
                                rg, c, at, r, bad[r], bad_col[r], vlen, def[i]);
                    }
                    abort_unless(!schema[c].optional || def[i] == (present[c][r] ? 1 : 0));
                    if (present[c][r]) {
                        abort_unless(same(c, (const uint8_t *)&got + k * vs, r));
                        k++;
                    }
                }
                abort_unless(k == count);
            }
            abort_unless(at == row0 + n);
            ppq_arena_rewind(&arena, mark);
            check_stats(ch, c, row0, n);
            check_page_index(&rd, &arena, rg, c, row0, n);
            check_bloom(&rd, ch, rg, c, row0, n);
        }
        row0 += n;
    }
    abort_unless((int64_t)row0 == rd.num_rows);
    if (first) {
        nrg = rd.nrg;
        rg_start[nrg] = len - 8u - ppq_load_le32(buf + len - 8u);
    }
    return row0;
}

/* A recoverable file cut at `cut` recovers to the row groups that end
 * by then, the same rows (cut at its footer: all of them). */
static void check_recovery(size_t cut)
{
    mfile_t m;
    ppq_file_t f;
    ppq_sink_t sink;
    buf_t out = {recov_buf, 0, sizeof recov_buf, 0, 0};
    ppq_recover_result_t res;
    ppq_status_t st;
    uint32_t rows = 0, g, got;
    if (cut > rg_start[nrg]) {
        cut = (size_t)rg_start[nrg];
    }
    for (g = 0; g < nrg && rg_start[g + 1u] <= cut; g++) {
        rows += rg_rows[g];
    }
    mfile_init(&f, &m, file_buf, cut, cut);
    sink.write = buf_write;
    sink.ctx = &out;
    sink.offset = 0;
    memset(&res, 0, sizeof res);
    st = ppq_recover_copy(&f, &sink, recov_arena, sizeof recov_arena, &res);
    if (g == 0u) { /* no complete row group */
        abort_unless(st == PPQ_ERR_CORRUPT && res.rows == 0u);
        return;
    }
    abort_unless(st == PPQ_OK && res.recoverable && !res.was_valid && res.size == out.len);
    abort_unless(res.rows == rows && res.row_groups == g && res.kept_bytes == rg_start[g]);
    got = read_back(recov_buf, out.len, rows, 0);
    abort_unless(got == UINT32_MAX || got == rows);
}

/* ---- the input ------------------------------------------------------------------ */

static ppq_codec_t codecs[8];
static uint32_t ncodecs;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const names[MAX_COLS] = {"a", "b", "c", "d", "e", "f", "g", "h"};
    static run_t s;
    static ppq_writer_options_t o;
    static ppq_codec_t col_codecs[MAX_COLS];
    static uint8_t bloom_cols[MAX_COLS];
    static ppq_field_t fields[MAX_COLS];
    static uint8_t always[MAX_COLS];
    static ppq_sorting_column_t sorting[3];
    static const ppq_key_value_t key_values[2] = {{"origin", "fuzz_writer"}, {"empty", NULL}};
    input_t in = {data, size};
    buf_t file = {file_buf, 0, sizeof file_buf, 0, 0};
    buf_t spill = {spill_buf, 0, sizeof spill_buf, 0, 0};
    ppq_sink_t sink, spill_sink;
    ppq_source_t unspill;
    sync_seen_t synced;
    ppq_status_t st;
    size_t arena_len = sizeof arena_mem, need;
    uint32_t c, r, x, mode, layout, api, generated, want, arena_mode, flushes[4], nflush = 0, bad_rate;
    if (ncodecs == 0u) {
        for (c = 0; c < 8u; c++) {
            if (c == 0u || ppq_codec_can_compress((ppq_codec_t)c)) {
                codecs[ncodecs++] = (ppq_codec_t)c;
            }
        }
    }
    memset(&s, 0, sizeof s);
    memset(&o, 0, sizeof o);
    mode = take(&in, 1);
    ncols = 1u + (mode & 7u);
    generated = (mode >> 3) & 1u;
    api = (mode >> 4) & 3u;
    want = (mode >> 6) == 0u ? 64u : (mode >> 6) == 1u ? 600u : (mode >> 6) == 2u ? 5000u : MAX_ROWS;
    for (c = 0; c < ncols; c++) {
        x = take(&in, 3);
        memset(&schema[c], 0, sizeof schema[c]);
        memset(&plan[c], 0, sizeof plan[c]);
        schema[c].name = names[c];
        schema[c].type = (ppq_type_t)(x % 8u);
        schema[c].optional = (uint8_t)((x >> 3) & 1u);
        schema[c].encoding = (x >> 4) & 8u ? PPQ_COLUMN_AUTO : (ppq_column_encoding_t)((x >> 4) & 7u);
        schema[c].type_len = schema[c].type == PPQ_FIXED_LEN_BYTE_ARRAY ? 1u + (x >> 8) % 16u : 0u;
        switch ((x >> 12) & 3u) { /* a few logical types: other statistics' order, bloom filters */
        case 1:
            if (schema[c].type == PPQ_BYTE_ARRAY) {
                schema[c].logical.kind = PPQ_LOGICAL_STRING;
            }
            break;
        case 2:
            if (schema[c].type == PPQ_INT32 || schema[c].type == PPQ_INT64) {
                schema[c].logical.kind = PPQ_LOGICAL_INT;
                schema[c].logical.bit_width = schema[c].type == PPQ_INT32 ? 32u : 64u;
                plan[c].uns = 1;
            }
            break;
        case 3:
            if (schema[c].type == PPQ_INT64) {
                schema[c].logical.kind = PPQ_LOGICAL_TIMESTAMP;
                schema[c].logical.unit = PPQ_UNIT_MICROS;
                schema[c].logical.utc = 1;
            }
            break;
        default: break;
        }
        plan[c].kind = (uint8_t)((x >> 14) & 7u);
        plan[c].nulls = (uint8_t)((x >> 17) & 7u);
        plan[c].param = (uint8_t)((x >> 20) & 3u);
        plan[c].x = mix(x);
        col_codecs[c] = codecs[((x >> 22) & 3u) % ncodecs];
        bloom_cols[c] = (uint8_t)((x >> 23) & 1u);
    }
    x = take(&in, 4);
    layout = x & 3u; /* pages, compact, for_arena, for_arena with a spill */
    o.codec = codecs[((x >> 2) & 7u) % ncodecs];
    switch ((x >> 5) & 3u) {
    case 1: o.codec_level = 1; break;
    case 2: o.codec_level = o.codec == PPQ_CODEC_ZSTD ? -2 : 3; break;
    case 3: o.codec_level = (x >> 7) & 1u ? 99 : 0; break; /* (99: no codec has it) */
    default: break;
    }
    o.page_v2 = (uint8_t)((x >> 8) & 1u);
    o.page_crc = (uint8_t)((x >> 9) & 1u);
    o.recovery = (uint8_t)(((x >> 10) & 3u) == 0u);
    o.no_statistics = (uint8_t)(((x >> 12) & 3u) == 0u);
    o.no_bloom = (uint8_t)((x >> 14) & 1u);
    o.bloom_columns = (x >> 15) & 1u ? bloom_cols : NULL;
    o.bloom_fpp = (x >> 16) & 1u ? 1000u + (x >> 17) % 100000u : 0u;
    o.no_page_index = (uint8_t)(((x >> 18) & 3u) == 0u);
    o.column_codecs = ((x >> 20) & 7u) == 0u ? col_codecs : NULL;
    s.spill = (int)((x >> 23) & 1u) || layout == 3u;
    arena_mode = (x >> 24) & 3u; /* ample, exact, a byte less */
    api = api == 3u ? 3u + ((x >> 26) & 1u) : api; /* 3, 4: the APIs in turn */
    bad_rate = (x >> 27) & 1u ? 16u + ((x >> 28) & 15u) * 32u : 0u;
    o.page_values = scaled(take(&in, 3), 14);
    o.page_bytes = scaled(take(&in, 3), 14);
    o.row_group_rows = scaled(take(&in, 3), 15);
    o.row_group_bytes = scaled(take(&in, 3), 20);
    o.row_group_bytes = o.row_group_bytes < 64u ? 0u : o.row_group_bytes;
    o.chunk_bytes = scaled(take(&in, 3), 18);
    o.dict_entries = scaled(take(&in, 3), 14);
    o.dict_bytes = scaled(take(&in, 3), 18);
    o.footer_bytes = scaled(take(&in, 3), 18);
    x = take(&in, 3);
    o.index_pages = (uint16_t)(x & 1u ? 1u + (x >> 1) % 300u : 0u);
    if ((x >> 18) & 3u) { /* sorting_columns: the integer columns (another is PPQ_ERR_ARG) */
        uint32_t k = 0;
        for (c = 0; c < ncols && k < ((x >> 18) & 3u); c++) {
            if (schema[c].type == PPQ_INT32 || schema[c].type == PPQ_INT64 || ((x >> 22) & 3u) == 0u) {
                sorting[k].column = c;
                sorting[k].descending = (uint8_t)((x >> (20u + k)) & 1u);
                sorting[k].nulls_first = (uint8_t)((x >> (21u - k)) & 1u);
                k++;
            }
        }
        o.sorting_columns = sorting;
        o.sorting_count = k;
    }
    if ((x >> 23) & 1u) {
        o.key_values = key_values;
        o.key_value_count = 2;
    }
    o.auto_all_encodings = (uint8_t)(take(&in, 1) & 1u); /* (AUTO's encodings some readers lack) */
    if (layout == 1u) {
        o.compact = 1;
        if (((x >> 16) & 3u) != 0u) { /* (mostly what it takes; else PPQ_ERR_ARG, likely) */
            o.codec = PPQ_CODEC_UNCOMPRESSED;
            o.codec_level = 0;
            o.column_codecs = NULL;
            o.page_v2 = 0;
            o.recovery = 0;
            o.chunk_bytes %= 65536u / ncols;
        }
    }
    page_bytes_eff = o.page_bytes ? o.page_bytes : 8192u;
    s.compact = o.compact;
    /* a footer spill (its sink and source) */
    spill_sink.write = buf_write;
    spill_sink.ctx = &spill;
    spill_sink.offset = 0;
    unspill.read = buf_read;
    unspill.ctx = &spill;
    unspill.offset = 0;
    if (s.spill) {
        o.footer_spill = &spill_sink;
        o.footer_unspill = &unspill;
    }
    synced.file = &file;
    synced.calls = 0;
    o.sync = on_sync;
    o.sync_ctx = &synced;
    if (layout >= 2u) { /* sized for an arena of 1 KiB .. 4 MiB */
        x = take(&in, 2);
        arena_len = (size_t)1024u << (x % 13u);
        arena_len += (x >> 4) * (arena_len >> 12);
        st = ppq_writer_options_for_arena(&o, schema, ncols, arena_len);
        if (st != PPQ_OK) {
            abort_unless(st == PPQ_ERR_ARG || st == PPQ_ERR_ARENA);
            return 0;
        }
        need = ppq_writer_arena_size(schema, ncols, &o);
        abort_unless(need > 0u && need <= arena_len);
        page_bytes_eff = o.page_bytes ? o.page_bytes : 8192u;
        s.compact = o.compact;
        arena_mode = 0;
        x = take(&in, 1);
        if (x & 1u) { /* the page index again, as ppq_writer.h tells (the arena may be short then) */
            o.no_page_index = 0;
            o.index_pages = (uint16_t)(x >> 1);
            need = ppq_writer_arena_size(schema, ncols, &o);
            arena_mode = need == 0u || need > arena_len ? 3u : 0u;
        }
    } else {
        need = ppq_writer_arena_size(schema, ncols, &o);
        if (need > 0u && need <= sizeof arena_mem && arena_mode == 1u) {
            arena_len = need;
        } else if (need > 1u && need <= sizeof arena_mem && arena_mode == 2u) {
            arena_len = need - 1u;
        } else {
            arena_mode = 0;
        }
    }
    /* flushes at chosen rows (and the rows themselves) */
    for (c = 0; c < 4u; c++) {
        x = take(&in, 2);
        if (x & 1u) {
            flushes[nflush++] = x >> 1;
        }
    }
    rng_s = take(&in, 4);
    if (o.row_group_rows != 0u && want > 256u * o.row_group_rows) { /* (runs stay short: fewer row groups, */
        want = 256u * o.row_group_rows;
    }
    if (want > 6000u && (o.codec == PPQ_CODEC_GZIP || o.codec == PPQ_CODEC_ZSTD || o.column_codecs != NULL)) {
        want = 6000u; /* fewer rows for the slower compressors: chunks of 4,096 values and more still, */
    }
    x = o.codec != PPQ_CODEC_UNCOMPRESSED || o.column_codecs != NULL ? 256u : 1024u; /* and fewer pages a */
    for (c = 0; c < ncols; c++) { /* column, each compressed and weighed again) */
        uint32_t most = x * (schema[c].type == PPQ_BYTE_ARRAY && page_bytes_eff < 2048u ? 1u + page_bytes_eff / 32u
                                                                                           : 64u);
        want = want > most ? most : want;
    }
    want = want > x * o.page_values && o.page_values != 0u ? x * o.page_values : want;
    make_rows(&in, (int)generated, generated ? 1u + (uint32_t)(rnd() % want) : want, bad_rate);
    for (c = 0; c < nflush; c++) {
        flushes[c] = nrows ? flushes[c] % (nrows + 1u) : 0u;
    }

    ppq_sink_init_counter(&sink);
    sink.write = buf_write;
    sink.ctx = &file;
    st = ppq_writer_init(&s.w, schema, ncols, &o, &sink,
                         (uint8_t *)arena_mem + (sizeof arena_mem - ((arena_len + 7u) & ~(size_t)7u)), arena_len);
    if (arena_mode == 2u) {
        abort_unless(st != PPQ_OK); /* (the exact size is the least) */
        return 0;
    }
    if (st != PPQ_OK) {
        abort_unless(st == PPQ_ERR_ARG || st == PPQ_ERR_UNSUPPORTED ||
                     (st == PPQ_ERR_ARENA && ((arena_mode == 0u && layout < 2u) || arena_mode == 3u)));
        abort_unless(ppq_writer_commit_row(&s.w) == PPQ_ERR_STATE && ppq_writer_close(&s.w) == PPQ_ERR_STATE);
        return 0;
    }
    if (api == 2u || api >= 3u) {
        for (c = 0; c < ncols; c++) {
            int nulls = 0;
            for (r = 0; r < nrows && !nulls; r++) {
                nulls = !present[c][r];
            }
            always[c] = (uint8_t)(!nulls && (c & 1u) == 0u);
            fields[c].value = (uint16_t)(c * 32u);
            fields[c].present = always[c] ? (uint16_t)PPQ_FIELD_ALWAYS : (uint16_t)(c * 32u + 16u);
        }
        abort_unless(ppq_writer_use_record(&s.w, fields) == PPQ_OK);
    }

    tracing = getenv("FUZZ_WRITER_TRACE") != NULL;
    if (getenv("FUZZ_WRITER_VERBOSE") != NULL) { /* (what an input asks for: triage) */
        for (c = 0; c < ncols; c++) {
            fprintf(stderr, "fuzz_writer: col %u type %d optional %u encoding %d len %u logical %d shape %u/%u/%u codec %s\n",
                    c, (int)schema[c].type, schema[c].optional, (int)schema[c].encoding, schema[c].type_len,
                    (int)schema[c].logical.kind, plan[c].kind, plan[c].nulls, plan[c].param,
                    ppq_codec_name(o.column_codecs ? o.column_codecs[c] : o.codec));
        }
        fprintf(stderr, "fuzz_writer: rows %u api %u gen %u layout %u compact %u v2 %u crc %u rec %u stats %u bloom %u "
                "pidx %u pv %u pb %u rgr %u rgb %u cb %u de %u db %u fb %u ip %u level %d spill %d flushes %u: %u %u %u %u\n",
                nrows, api, generated, layout, o.compact, o.page_v2, o.page_crc, o.recovery, !o.no_statistics,
                !o.no_bloom, !o.no_page_index, o.page_values, o.page_bytes, o.row_group_rows, o.row_group_bytes,
                o.chunk_bytes, o.dict_entries, o.dict_bytes, o.footer_bytes, o.index_pages, (int)o.codec_level,
                s.spill, nflush, flushes[0], flushes[1], flushes[2], flushes[3]);
    }
    /* the rows */
    r = 0;
    while (r < nrows && !s.stopped) {
        uint32_t k, next = nrows, how = api >= 3u ? (r / 97u + (api == 4u ? r : 0u)) % 3u : api;
        int mid = 0;
        for (k = 0; k < nflush; k++) {
            if (flushes[k] == r) {
                mid = (r & 1u) && how == 0u;
                if (!mid) {
                    abort_unless(t_flush(&s.w) == PPQ_OK);
                    check_rows(&s);
                }
            }
            if (flushes[k] > r && flushes[k] < next) {
                next = flushes[k];
            }
        }
        if (how == 0u) {
            row_by_setters(&s, r, mid);
            r++;
        } else if (how == 2u) {
            row_by_record(&s, r, always);
            r++;
        } else {
            uint32_t n = 1u + (generated ? below(MAX_BATCH) : (r * 131u) % 300u);
            if (n > next - r) {
                n = next - r;
            }
            r += rows_by_batch(&s, r, n, r);
        }
        check_rows(&s);
    }
    if (s.stopped && !s.compact) { /* a full footer store: every later row refused alike */
        abort_unless(ppq_writer_row_groups_left(&s.w) == 0u);
        if (r < nrows && !refused(r) && bad[r] != BAD_UNSET) {
            for (c = 0; c < ncols; c++) {
                if (present[c][r]) {
                    abort_unless(set_one(&s.w, c, r) == PPQ_OK);
                }
            }
            abort_unless(ppq_writer_commit_row(&s.w) == PPQ_ERR_NOSPACE);
        }
    }
    st = ppq_writer_close(&s.w);
    if (file.overflow || spill.overflow) { /* (this harness's buffers: the sink's error) */
        abort_unless(st == PPQ_ERR_IO);
        return 0;
    }
    abort_unless(st == PPQ_OK);
    abort_unless(ppq_writer_close(&s.w) == PPQ_ERR_STATE && ppq_writer_row_groups_left(&s.w) == 0u);
    abort_unless(spill.at == spill.len); /* close read back exactly what was spilled */
    r = read_back(file_buf, file.len, s.ntaken, 1);
    if (r == UINT32_MAX) {
        return 0; /* (a footer larger than the reader's arena here) */
    }
    abort_unless(r == s.ntaken && synced.calls == nrg);
    if (getenv("FUZZ_WRITER_VERBOSE") != NULL) { /* (what an input made: for seeds and triage) */
        fprintf(stderr, "fuzz_writer: %u cols, %u rows, %u taken, %u row groups, %zu bytes; layout %u api %u codec %s v2 %u "
                "crc %u recovery %u compact %u spill %d arena %zu\n", ncols, nrows, s.ntaken, nrg, file.len, layout,
                api, ppq_codec_name(o.codec), o.page_v2, o.page_crc, o.recovery, o.compact, s.spill, arena_len);
    }
    if (o.recovery) {
        x = take(&in, 4);
        check_recovery((x & 1u) ? file.len : (size_t)(x >> 1) % file.len);
    }
    return 0;
}
