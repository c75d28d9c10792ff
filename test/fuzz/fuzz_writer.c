/* libFuzzer: the writer, both layouts, driven by a hostile caller.  The
 * bytes choose a schema (types, OPTIONAL, encodings), the options (the
 * compact layout or pages, its store, dictionary limits, page sizes, CRC,
 * statistics) and rows of values, nulls where a column is OPTIONAL.  Every
 * call ends with a status the caller can act on (a refused schema or row,
 * a full store: nothing else); a file that closes is read back by the
 * reader value for value, level for level. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"
#include "ppq_reader.h"
#include "recover_util.h" /* a file in memory (mfile_t) */

#define MAX_COLS 6u
#define MAX_ROWS 600u
#define MAX_BYTES 24u

static uint64_t arena_mem[(256u * 1024u) / 8u];
static uint64_t read_arena[(1u << 20) / 8u];
static uint8_t file_buf[1u << 20];

typedef struct cell {
    uint8_t null;
    uint8_t len; /* byte arrays */
    uint8_t bytes[MAX_BYTES];
    uint64_t bits; /* numbers; booleans 0/1 */
} cell_t;

static cell_t cells[MAX_ROWS][MAX_COLS];

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

static ppq_status_t set_cell(ppq_writer_t *w, uint32_t c, ppq_type_t t, const cell_t *x)
{
    float f;
    double d;
    ppq_int96_t i96;
    if (x->null) {
        return ppq_writer_set_null(w, c);
    }
    switch (t) {
    case PPQ_BOOLEAN: return ppq_writer_set_bool(w, c, (int)(x->bits & 1u));
    case PPQ_INT32: return ppq_writer_set_i32(w, c, (int32_t)(uint32_t)x->bits);
    case PPQ_INT64: return ppq_writer_set_i64(w, c, (int64_t)x->bits);
    case PPQ_INT96:
        memcpy(i96.bytes, x->bytes, 12);
        return ppq_writer_set_int96(w, c, &i96);
    case PPQ_FLOAT: {
        uint32_t b = (uint32_t)x->bits;
        memcpy(&f, &b, 4);
        return ppq_writer_set_float(w, c, f);
    }
    case PPQ_DOUBLE:
        memcpy(&d, &x->bits, 8);
        return ppq_writer_set_double(w, c, d);
    default: return ppq_writer_set_bytes(w, c, x->bytes, x->len);
    }
}

/* Does the value read (PLAIN-like memory as the reader returns it) equal
 * the cell written? */
static int same(ppq_type_t t, const void *got, const cell_t *x, uint32_t type_len)
{
    switch (t) {
    case PPQ_BOOLEAN: return *(const uint8_t *)got == (uint8_t)(x->bits & 1u);
    case PPQ_INT32:
    case PPQ_FLOAT: return memcmp(got, &x->bits, 4) == 0; /* (little-endian host) */
    case PPQ_INT64:
    case PPQ_DOUBLE: return memcmp(got, &x->bits, 8) == 0;
    case PPQ_INT96: return memcmp(got, x->bytes, 12) == 0;
    default: {
        const ppq_bytes_t *b = (const ppq_bytes_t *)got;
        uint32_t len = t == PPQ_FIXED_LEN_BYTE_ARRAY ? type_len : x->len;
        return b->len == len && (len == 0u || memcmp(b->ptr, x->bytes, len) == 0);
    }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const names[MAX_COLS] = {"a", "b", "c", "d", "e", "f"};
    static ppq_column_t schema[MAX_COLS];
    static ppq_writer_t w;
    static ppq_reader_t rd;
    static ppq_column_reader_t cr;
    static union {
        uint64_t w[64];
        ppq_bytes_t b[32];
        uint8_t i96[32 * 12];
    } got;
    static int16_t def[32];
    input_t in = {data, size};
    ppq_writer_options_t o;
    ppq_memsink_t mem;
    ppq_sink_t sink;
    ppq_status_t st;
    uint32_t ncols = 1u + take(&in, 1) % MAX_COLS, nrows = take(&in, 2) % MAX_ROWS, c, r, rows = 0;
    memset(&o, 0, sizeof o);
    for (c = 0; c < ncols; c++) {
        uint32_t x = take(&in, 2);
        memset(&schema[c], 0, sizeof schema[c]);
        schema[c].name = names[c];
        schema[c].type = (ppq_type_t)(x % 8u);
        schema[c].type_len = schema[c].type == PPQ_FIXED_LEN_BYTE_ARRAY ? 1u + (x >> 3) % 12u : 0u;
        schema[c].optional = (uint8_t)((x >> 7) & 1u);
        schema[c].encoding = (ppq_column_encoding_t)((x >> 8) % 8u);
    }
    {
        uint32_t x = take(&in, 4);
        o.compact = (uint8_t)(x & 1u);
        o.chunk_bytes = (x >> 1) % 2048u;
        o.dict_entries = 1u + (x >> 12) % 300u;
        o.page_values = 1u + (x >> 21) % 64u;
        o.page_bytes = 8u + (uint32_t)(x >> 27) % 32u;
        o.page_crc = (uint8_t)(take(&in, 1) & 1u);
        o.no_statistics = (uint8_t)(take(&in, 1) & 1u);
        o.row_group_rows = 1u + take(&in, 2) % 1000u;
        o.footer_bytes = 64u * 1024u;
    }
    ppq_sink_init_mem(&sink, &mem, file_buf, sizeof file_buf);
    st = ppq_writer_init(&w, schema, ncols, &o, &sink, arena_mem, sizeof arena_mem);
    if (st != PPQ_OK) {
        abort_unless(st == PPQ_ERR_ARG || st == PPQ_ERR_ARENA || st == PPQ_ERR_UNSUPPORTED);
        return 0;
    }
    for (r = 0; r < nrows && in.left > 0u; r++) {
        int refused = 0;
        for (c = 0; c < ncols; c++) {
            cell_t *x = &cells[rows][c];
            uint32_t k;
            memset(x, 0, sizeof *x);
            x->null = (uint8_t)(schema[c].optional && (take(&in, 1) & 7u) == 0u);
            x->bits = (uint64_t)take(&in, 2) << 32 | take(&in, 1); /* few distinct values: dictionaries */
            x->len = schema[c].type == PPQ_FIXED_LEN_BYTE_ARRAY ? (uint8_t)schema[c].type_len
                                                                 : (uint8_t)(take(&in, 1) % MAX_BYTES);
            for (k = 0; k < MAX_BYTES; k++) {
                x->bytes[k] = (uint8_t)('a' + (x->bits + k) % 3u);
            }
            st = set_cell(&w, c, schema[c].type, x);
            if (st != PPQ_OK) {
                abort_unless(st == PPQ_ERR_ARG); /* (a byte array longer than page_bytes) */
                refused = 1;
            }
        }
        if (refused) {
            break; /* (the row is not committed: close leaves it out) */
        }
        st = ppq_writer_commit_row(&w);
        if (st == PPQ_ERR_NOSPACE) {
            break; /* a full footer or store: the file ends here */
        }
        abort_unless(st == PPQ_OK);
        rows++;
    }
    st = ppq_writer_close(&w);
    abort_unless(st == PPQ_OK);
    {
        mfile_t m;
        ppq_file_t f;
        ppq_arena_t arena;
        uint32_t rg, row0 = 0;
        mfile_init(&f, &m, file_buf, mem.len, mem.len);
        ppq_arena_init(&arena, read_arena, sizeof read_arena);
        abort_unless(ppq_reader_open(&rd, &f, &arena) == PPQ_OK && rd.num_rows == rows && rd.ncols == ncols);
        for (rg = 0; rg < rd.nrg; rg++) {
            for (c = 0; c < ncols; c++) {
                size_t mark = ppq_arena_mark(&arena), levels = 1, count = 0, i, k;
                uint32_t at = row0;
                size_t vsize = schema[c].type >= PPQ_BYTE_ARRAY ? sizeof(ppq_bytes_t) : ppq_value_size(schema[c].type);
                abort_unless(ppq_column_reader_init(&cr, &rd, rg, c, &arena) == PPQ_OK);
                while (levels > 0u) {
                    /* (DELTA_BYTE_ARRAY: values rebuilt per read must fit the reader's
                     * buffer of twice the page, so one at a time) */
                    size_t n = schema[c].encoding == PPQ_COLUMN_DELTA_BYTE_ARRAY ? 1u : 32u;
                    abort_unless(ppq_column_reader_read(&cr, n, &got, def, NULL, &levels, &count) == PPQ_OK);
                    for (i = 0, k = 0; i < levels; i++, at++) {
                        const cell_t *x;
                        abort_unless(at < rows);
                        x = &cells[at][c];
                        abort_unless(!schema[c].optional || def[i] == (x->null ? 0 : 1));
                        if (!x->null) {
                            abort_unless(same(schema[c].type, (const uint8_t *)&got + k * vsize, x, schema[c].type_len));
                            k++;
                        }
                    }
                    abort_unless(k == count);
                }
                abort_unless(at == row0 + (uint32_t)rd.rg_rows[rg]);
                ppq_arena_rewind(&arena, mark);
            }
            row0 += (uint32_t)rd.rg_rows[rg];
        }
        abort_unless(row0 == rows);
    }
    return 0;
}
