/* The writer's column-batch and record paths against its row path: random schemas
 * (every physical type, REQUIRED and OPTIONAL, every encoding the build
 * has), random options (pages, row groups by rows and bytes, least chunks,
 * dictionary fallback, v2 pages, recovery records) and random rows, one
 * file written row by row and one in batches of random sizes: the same
 * bytes, and at a refused row the same status after the same rows. */
#include <string.h>

#include "test_util.h"

#ifdef PPQ_TEST_SMALL
#define MAX_COLS 2u
#define MAX_ROWS 60u
#define FILE_CAP 2048u
#define TRIALS 60u
#else
#define MAX_COLS 6u
#define MAX_ROWS 400u
#define FILE_CAP 65536u
#define TRIALS 400u
#endif

static const char *const names[] = {"a", "b", "c", "d", "e", "f"};

static ppq_column_encoding_t pick_encoding(ppq_type_t t)
{
    static const ppq_column_encoding_t any[] = {PPQ_COLUMN_AUTO, PPQ_COLUMN_PLAIN, PPQ_COLUMN_DICTIONARY};
    switch (ppq_test_below(3)) {
    case 0: return any[ppq_test_below(3)];
    default: break;
    }
    switch (t) {
    case PPQ_BOOLEAN: return PPQ_COLUMN_RLE;
    case PPQ_INT32:
    case PPQ_INT64: return ppq_test_below(2) ? PPQ_COLUMN_DELTA_BINARY_PACKED : PPQ_COLUMN_BYTE_STREAM_SPLIT;
    case PPQ_FLOAT:
    case PPQ_DOUBLE: return PPQ_COLUMN_BYTE_STREAM_SPLIT;
    case PPQ_BYTE_ARRAY: return ppq_test_below(2) ? PPQ_COLUMN_DELTA_LENGTH_BYTE_ARRAY : PPQ_COLUMN_DELTA_BYTE_ARRAY;
    case PPQ_FIXED_LEN_BYTE_ARRAY: return ppq_test_below(2) ? PPQ_COLUMN_BYTE_STREAM_SPLIT : PPQ_COLUMN_DELTA_BYTE_ARRAY;
    default: return PPQ_COLUMN_PLAIN;
    }
}

typedef struct trial {
    ppq_column_t cols[MAX_COLS];
    const uint8_t *levels[MAX_COLS]; /* the validity as a byte per row */
    uint32_t ncols, rows;
    ppq_writer_options_t o;
    ppq_column_batch_t batch[MAX_COLS];
} trial_t;

/* Column c's values: slots of every type, with few distinct values now and
 * then so dictionaries hold, and nulls by validity bits or levels. */
static int fill(trial_t *t, uint32_t c)
{
    ppq_type_t type = t->cols[c].type;
    size_t size = type == PPQ_BYTE_ARRAY || type == PPQ_FIXED_LEN_BYTE_ARRAY ? sizeof(ppq_bytes_t)
                                                                              : ppq_value_size(type);
    uint8_t *values = (uint8_t *)test_alloc(size * MAX_ROWS), *pool = (uint8_t *)test_alloc(MAX_ROWS * 8u);
    uint8_t *valid = (uint8_t *)test_alloc(MAX_ROWS / 8u + 1u), *levels = (uint8_t *)test_alloc(MAX_ROWS);
    uint32_t r, distinct = ppq_test_below(2) ? 3u : 1000u, null_every = (uint32_t)ppq_test_below(5);
    int shared = distinct == 3u && ppq_test_below(2); /* byte arrays: a few constant strings, by pointer */
    if (values == NULL || pool == NULL || valid == NULL || levels == NULL) {
        return 0;
    }
    memset(valid, 0, MAX_ROWS / 8u + 1u);
    for (r = 0; r < t->rows; r++) {
        uint64_t x = ppq_test_rand() % distinct;
        int has = !t->cols[c].optional || null_every == 0u || r % (null_every + 1u) != 0u;
        valid[r / 8u] = (uint8_t)(valid[r / 8u] | (has ? 1u << (r % 8u) : 0u));
        levels[r] = (uint8_t)has;
        if (type == PPQ_BYTE_ARRAY || type == PPQ_FIXED_LEN_BYTE_ARRAY) {
            ppq_bytes_t *b = (ppq_bytes_t *)values + r;
            uint32_t k;
            b->len = type == PPQ_FIXED_LEN_BYTE_ARRAY ? t->cols[c].type_len : shared ? 3u : (uint32_t)(x * 5u % 9u);
            for (k = 0; k < b->len; k++) {
                pool[(shared ? x : r) * 8u + k] = (uint8_t)('a' + (x + k) % 5u);
            }
            b->ptr = pool + (shared ? x : r) * 8u;
        } else if (type == PPQ_BOOLEAN) {
            values[r] = (uint8_t)(x & 1u);
        } else {
            uint64_t v[2];
            v[0] = distinct == 3u ? x * 0x0101010101010101ull : ppq_test_rand();
            v[1] = distinct == 3u ? x : ppq_test_rand();
            memcpy(values + r * size, v, size); /* any bits: NaNs and infinities too; INT96 12 bytes */
        }
    }
    if (!t->cols[c].optional && ppq_test_below(4) == 0u && t->rows > 0u) {
        r = (uint32_t)ppq_test_below(t->rows); /* a null in a REQUIRED column: refused */
        levels[r] = 0;
        valid[r / 8u] = (uint8_t)(valid[r / 8u] & ~(1u << (r % 8u)));
        null_every = 1u;
    }
    t->batch[c].values = values;
    t->batch[c].validity = ppq_test_below(2) ? valid : NULL;
    t->batch[c].def_levels = t->batch[c].validity == NULL ? levels : NULL;
    if (!t->cols[c].optional && null_every != 1u && ppq_test_below(2)) {
        t->batch[c].validity = NULL; /* no nulls: neither validity nor levels */
        t->batch[c].def_levels = NULL;
    }
    t->levels[c] = levels;
    return 1;
}

/* A record of the trial's columns: column c's value at c * 16 (room for
 * every C type, aligned for all), its presence flag at FLAGS + c. */
#define SLOT 16u
#define FLAGS (MAX_COLS * SLOT)

static void record_fields(const trial_t *t, ppq_field_t *f)
{
    uint32_t c, r;
    for (c = 0; c < t->ncols; c++) {
        int has_null = 0;
        for (r = 0; r < t->rows; r++) {
            has_null |= t->levels[c][r] == 0u;
        }
        /* REQUIRED columns: a flag where the trial has a null to refuse, else one now and then */
        f[c].value = (uint16_t)(c * SLOT);
        f[c].present = (uint16_t)(t->cols[c].optional || has_null || (c + t->rows) % 2u == 0u ? FLAGS + c
                                                                                             : PPQ_FIELD_ALWAYS);
    }
}

static void record_of(const trial_t *t, uint32_t r, uint64_t *rec)
{
    uint8_t *p = (uint8_t *)rec;
    uint32_t c;
    memset(rec, 0xA5, FLAGS + MAX_COLS);
    for (c = 0; c < t->ncols; c++) {
        ppq_type_t type = t->cols[c].type;
        size_t size = type == PPQ_BYTE_ARRAY || type == PPQ_FIXED_LEN_BYTE_ARRAY ? sizeof(ppq_bytes_t)
                                                                              : ppq_value_size(type);
        memcpy(p + c * SLOT, (const uint8_t *)t->batch[c].values + r * size, size);
        if (type == PPQ_BOOLEAN && p[c * SLOT] != 0u) {
            p[c * SLOT] = (uint8_t)(1u + r % 200u); /* any nonzero byte is true */
        }
        p[FLAGS + c] = (uint8_t)(t->levels[c][r] != 0u ? 1u + r % 7u : 0u);
    }
}

/* Write the trial row by row (api 1: the setters, 2: records), in
 * batches (0) or all three mixed (3); *status, *len. */
static ppq_status_t write_trial(const trial_t *t, int api, uint8_t *buf, size_t *len, uint32_t *done)
{
    ppq_writer_t w;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    ppq_field_t fields[MAX_COLS];
    uint64_t rec[(FLAGS + MAX_COLS) / 8u + 1u];
    uint32_t r = 0, c;
    ppq_status_t st;
    ppq_sink_init_mem(&sink, &mem, buf, FILE_CAP);
    st = ppq_writer_init(&w, t->cols, t->ncols, &t->o, &sink, test_arena_ptr, test_arena_size);
    if (st != PPQ_OK) {
        return st;
    }
    record_fields(t, fields);
    if (api >= 2) {
        st = ppq_writer_use_record(&w, fields);
    }
    while (r < t->rows && st == PPQ_OK) {
        int way = api == 3 ? (int)ppq_test_below(3) : api; /* 3: the three ways mixed */
        if (way == 2) {
            record_of(t, r, rec);
            st = ppq_writer_write_record(&w, rec);
            r += st == PPQ_OK;
        } else if (way == 1) {
            for (c = 0; c < t->ncols && st == PPQ_OK; c++) {
                const ppq_column_batch_t *b = &t->batch[c];
                int has = t->levels[c][r] != 0;
                size_t size = ppq_value_size(t->cols[c].type);
                const uint8_t *v = (const uint8_t *)b->values;
                if (!has) {
                    st = ppq_writer_set_null(&w, c);
                    continue;
                }
                switch (t->cols[c].type) {
                case PPQ_BOOLEAN: st = ppq_writer_set_bool(&w, c, v[r]); break;
                case PPQ_INT32: {
                    int32_t x;
                    memcpy(&x, v + r * size, 4);
                    st = ppq_writer_set_i32(&w, c, x);
                    break;
                }
                case PPQ_INT64: {
                    int64_t x;
                    memcpy(&x, v + r * size, 8);
                    st = ppq_writer_set_i64(&w, c, x);
                    break;
                }
                case PPQ_INT96: st = ppq_writer_set_int96(&w, c, (const ppq_int96_t *)(const void *)(v + r * size)); break;
                case PPQ_FLOAT: {
                    float x;
                    memcpy(&x, v + r * size, 4);
                    st = ppq_writer_set_float(&w, c, x);
                    break;
                }
                case PPQ_DOUBLE: {
                    double x;
                    memcpy(&x, v + r * size, 8);
                    st = ppq_writer_set_double(&w, c, x);
                    break;
                }
                default: {
                    const ppq_bytes_t *x = (const ppq_bytes_t *)b->values + r;
                    st = ppq_writer_set_bytes(&w, c, x->ptr, x->len);
                    break;
                }
                }
            }
            st = st == PPQ_OK ? ppq_writer_commit_row(&w) : st;
            r += st == PPQ_OK;
        } else {
            ppq_column_batch_t part[MAX_COLS];
            uint32_t n = 1u + (uint32_t)ppq_test_below(t->rows - r), got = 0;
            for (c = 0; c < t->ncols; c++) { /* rows r.. of every column */
                ppq_type_t type = t->cols[c].type;
                size_t size = type == PPQ_BYTE_ARRAY || type == PPQ_FIXED_LEN_BYTE_ARRAY ? sizeof(ppq_bytes_t)
                                                                                          : ppq_value_size(type);
                part[c].values = (const uint8_t *)t->batch[c].values + r * size;
                /* validity bits from a whole byte; levels (the same rows) elsewhere */
                part[c].validity = t->batch[c].validity != NULL && r % 8u == 0u ? t->batch[c].validity + r / 8u : NULL;
                part[c].def_levels = part[c].validity == NULL && (t->batch[c].validity != NULL || t->batch[c].def_levels != NULL)
                                         ? t->levels[c] + r
                                         : NULL; /* (neither: no nulls) */
            }
            st = ppq_writer_write_batch(&w, part, n, &got);
            r += got;
        }
    }
    *done = r;
    if (st == PPQ_OK) {
        st = ppq_writer_close(&w);
    }
    *len = mem.len;
    return st;
}

static void batches_equal_rows(void)
{
    static const ppq_type_t types[] = {PPQ_BOOLEAN, PPQ_INT32, PPQ_INT64, PPQ_INT96,
                                       PPQ_FLOAT,   PPQ_DOUBLE, PPQ_BYTE_ARRAY, PPQ_FIXED_LEN_BYTE_ARRAY};
    unsigned trial, ran = 0;
    for (trial = 0; trial < TRIALS; trial++) {
        trial_t t;
        uint8_t *a, *b;
        size_t alen = 0, blen = 0;
        uint32_t c, adone = 0, bdone = 0;
        ppq_status_t sa, sb;
        test_setup();
        a = (uint8_t *)test_alloc(FILE_CAP);
        b = (uint8_t *)test_alloc(FILE_CAP);
        PPQ_CHECK(b != NULL);
        memset(&t, 0, sizeof t);
        t.ncols = 1u + (uint32_t)ppq_test_below(MAX_COLS);
        t.rows = (uint32_t)ppq_test_below(MAX_ROWS + 1u);
        for (c = 0; c < t.ncols; c++) {
            ppq_column_t *d = &t.cols[c];
            d->name = names[c];
            d->type = types[ppq_test_below(8)];
            d->type_len = d->type == PPQ_FIXED_LEN_BYTE_ARRAY ? 1u + (uint32_t)ppq_test_below(6) : 0u;
            d->optional = (uint8_t)ppq_test_below(2);
            d->encoding = pick_encoding(d->type);
            PPQ_CHECK(fill(&t, c));
        }
        t.o.page_values = 1u + (uint32_t)ppq_test_below(20);
        t.o.page_bytes = 8u + (uint32_t)ppq_test_below(60);
        t.o.row_group_rows = 1u + (uint32_t)ppq_test_below(60);
        t.o.row_group_bytes = ppq_test_below(3) == 0u ? 100u + (uint32_t)ppq_test_below(400) : 0u;
        t.o.chunk_bytes = (uint32_t)ppq_test_below(2);
        t.o.dict_entries = 2u + (uint32_t)ppq_test_below(6);
        t.o.dict_bytes = 16u + (uint32_t)ppq_test_below(48);
        if (ppq_test_below(3) == 0u) { /* dictionaries with room for a run of values (32 new entries) */
            t.o.page_values = 1u + (uint32_t)ppq_test_below(300);
            t.o.page_bytes = 64u + (uint32_t)ppq_test_below(4000);
            t.o.dict_entries = 40u + (uint32_t)ppq_test_below(200);
            t.o.dict_bytes = 4096u;
        }
        t.o.footer_bytes = FILE_CAP / 2u;
        t.o.page_v2 = (uint8_t)ppq_test_below(2);
        t.o.recovery = (uint8_t)ppq_test_below(2);
        t.o.compact = (uint8_t)(PPQ_WRITER_COMPACT && !t.o.page_v2 && !t.o.recovery && ppq_test_below(3) == 0u);
        sa = write_trial(&t, 1, a, &alen, &adone);
        if (sa == PPQ_ERR_ARG && adone == 0u && alen == 0u) { /* an encoding this build leaves out */
            for (c = 0; c < t.ncols; c++) {
                t.cols[c].encoding = PPQ_COLUMN_AUTO;
            }
            sa = write_trial(&t, 1, a, &alen, &adone);
        }
        if (sa == PPQ_ERR_ARENA || sa == PPQ_ERR_NOSPACE) {
            continue; /* too big for the test arena or file */
        }
        sb = write_trial(&t, 0, b, &blen, &bdone);
        PPQ_CHECK_EQ(sb, sa);
        PPQ_CHECK_EQ(bdone, adone);
        PPQ_CHECK_EQ(blen, alen);
        PPQ_CHECK_MEM(b, a, alen);
        sb = write_trial(&t, 2, b, &blen, &bdone); /* records */
        PPQ_CHECK_EQ(sb, sa);
        PPQ_CHECK_EQ(bdone, adone);
        PPQ_CHECK_EQ(blen, alen);
        PPQ_CHECK_MEM(b, a, alen);
        sb = write_trial(&t, 3, b, &blen, &bdone); /* mixed */
        PPQ_CHECK_EQ(sb, sa);
        PPQ_CHECK_EQ(bdone, adone);
        PPQ_CHECK_EQ(blen, alen);
        PPQ_CHECK_MEM(b, a, alen);
        ran++;
    }
    PPQ_CHECK(ran >= TRIALS / 3u);
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(batches_equal_rows),
};

PPQ_SUITE(suite_batch, "batch", cases);
