/*
 * Writes the interop matrix: Parquet files from picoparquet's writer, each
 * with a JSON file of the exact values written (read_check.mjs compares
 * what independent readers return).  Usage: gen_files OUTDIR
 *
 * JSON values: integers as decimal strings (no precision loss), floats as
 * numbers (NaN, Infinity as strings), byte arrays as hex strings, booleans,
 * null.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"

#define MAX_COLS 12

typedef struct file_spec {
    const char *name;
    uint32_t rows;
    ppq_column_t cols[MAX_COLS];
    uint32_t ncols;
    ppq_writer_options_t opts;
    int null_every; /* every n-th value of OPTIONAL columns is null; -1: all null */
} file_spec_t;

static ppq_status_t file_write(void *ctx, const uint8_t *data, size_t len)
{
    return fwrite(data, 1, len, (FILE *)ctx) == len ? PPQ_OK : PPQ_ERR_IO;
}

static uint64_t arena_mem[8 * 1024 * 1024 / 8];
static uint8_t bytes_buf[MAX_COLS][70000]; /* one per column: values are copied at commit */

/* A deterministic value for (column, row). */
static uint64_t mix(uint32_t col, uint32_t row)
{
    uint64_t x = (uint64_t)col * 0x9E3779B97F4A7C15ull + row * 0xBF58476D1CE4E5B9ull + 1;
    x ^= x >> 31;
    x *= 0x94D049BB133111EBull;
    return x ^ (x >> 29);
}

static void json_double(FILE *j, double d)
{
    if (isnan(d)) {
        fputs("\"NaN\"", j);
    } else if (isinf(d)) {
        fputs(d > 0 ? "\"Infinity\"" : "\"-Infinity\"", j);
    } else {
        fprintf(j, "%.17g", d);
    }
}

static int write_file(const char *dir, const file_spec_t *f)
{
    char path[512];
    FILE *out, *j;
    ppq_writer_t w;
    ppq_sink_t sink;
    ppq_status_t st;
    uint32_t r, c;
    snprintf(path, sizeof path, "%s/%s.parquet", dir, f->name);
    out = fopen(path, "wb");
    snprintf(path, sizeof path, "%s/%s.json", dir, f->name);
    j = fopen(path, "w");
    if (out == NULL || j == NULL) {
        return 1;
    }
    sink.write = file_write;
    sink.ctx = out;
    sink.offset = 0;
    st = ppq_writer_init(&w, f->cols, f->ncols, &f->opts, &sink, arena_mem, sizeof arena_mem);
    fprintf(j, "{\"columns\":[");
    for (c = 0; c < f->ncols; c++) {
        fprintf(j, "%s{\"name\":\"%s\",\"type\":%d}", c ? "," : "", f->cols[c].name, (int)f->cols[c].type);
    }
    fprintf(j, "],\"rows\":[");
    for (r = 0; r < f->rows && st == PPQ_OK; r++) {
        fprintf(j, "%s[", r ? ",\n" : "");
        for (c = 0; c < f->ncols && st == PPQ_OK; c++) {
            const ppq_column_t *col = &f->cols[c];
            uint64_t x = mix(c, r);
            int is_null = col->optional && (f->null_every < 0 || (f->null_every > 0 && r % (uint32_t)f->null_every == 3));
            if (c) {
                fputc(',', j);
            }
            if (is_null) {
                st = ppq_writer_set_null(&w, c);
                fputs("null", j);
                continue;
            }
            switch (col->type) {
            case PPQ_BOOLEAN:
                st = ppq_writer_set_bool(&w, c, (int)(x & 1u));
                fputs(x & 1u ? "true" : "false", j);
                break;
            case PPQ_INT32: {
                int32_t v = (int32_t)(x >> (r % 7 == 0 ? 0 : 40)); /* extremes and small values */
                if (col->encoding == PPQ_COLUMN_DICTIONARY) {
                    v = (int32_t)(r < 300 ? x % 10 : x); /* dictionary, then fallback */
                }
                st = ppq_writer_set_i32(&w, c, v);
                fprintf(j, "\"%" PRId32 "\"", v);
                break;
            }
            case PPQ_INT64: {
                int64_t v = r % 5 == 0 ? (int64_t)x : 1700000000000000 + (int64_t)r * 1000000;
                st = ppq_writer_set_i64(&w, c, v);
                fprintf(j, "\"%" PRId64 "\"", v);
                break;
            }
            case PPQ_FLOAT: {
                float v = r % 11 == 5 ? NAN : (float)(int32_t)(x % 20000) / 8.0f - 1000.0f;
                if (r % 13 == 7) {
                    v = -0.0f;
                }
                st = ppq_writer_set_float(&w, c, v);
                json_double(j, v);
                break;
            }
            case PPQ_DOUBLE: {
                double v = (double)(int64_t)(x % 2000000) / 64.0 - 15000.0;
                if (r % 17 == 3) {
                    v = INFINITY;
                }
                st = ppq_writer_set_double(&w, c, v);
                json_double(j, v);
                break;
            }
            case PPQ_INT96: {
                ppq_int96_t v;
                int k;
                for (k = 0; k < 12; k++) {
                    v.bytes[k] = (uint8_t)(x >> (5 * k));
                }
                st = ppq_writer_set_int96(&w, c, &v);
                fputc('"', j);
                for (k = 0; k < 12; k++) {
                    fprintf(j, "%02x", v.bytes[k]);
                }
                fputc('"', j);
                break;
            }
            default: {
                uint32_t len = col->type == PPQ_FIXED_LEN_BYTE_ARRAY ? col->type_len : (uint32_t)(x % 9);
                uint32_t k;
                if (col->type == PPQ_BYTE_ARRAY && r == 7) {
                    len = 5000; /* a long string */
                }
                for (k = 0; k < len; k++) {
                    bytes_buf[c][k] = (uint8_t)('a' + (x >> (k % 40)) % 26);
                }
                if (col->encoding == PPQ_COLUMN_DICTIONARY && col->type == PPQ_BYTE_ARRAY && r != 7) {
                    len = 1 + (uint32_t)(x % 3); /* few distinct strings */
                    memcpy(bytes_buf[c], "abc", len);
                }
                if (col->encoding == PPQ_COLUMN_DELTA_BYTE_ARRAY && col->type == PPQ_BYTE_ARRAY && r != 7) {
                    /* sorted keys sharing prefixes, some empty */
                    len = x % 11 == 0 ? 0u
                                      : (uint32_t)snprintf((char *)bytes_buf[c], 64, "device-%06u/ch%u", (unsigned)(r / 3),
                                                           (unsigned)(r % 3));
                }
                st = ppq_writer_set_bytes(&w, c, bytes_buf[c], len);
                fputc('"', j);
                for (k = 0; k < len; k++) {
                    fprintf(j, "%02x", bytes_buf[c][k]);
                }
                fputc('"', j);
                break;
            }
            }
        }
        fputc(']', j);
        if (st == PPQ_OK) {
            st = ppq_writer_commit_row(&w);
        }
    }
    if (st == PPQ_OK) {
        st = ppq_writer_close(&w);
    }
    fprintf(j, "]}\n");
    fclose(out);
    fclose(j);
    if (st != PPQ_OK) {
        fprintf(stderr, "gen_files: %s: %s\n", f->name, ppq_status_str(st));
        return 1;
    }
    return 0;
}

#define COL(n, t, enc) {n, t, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, enc}
#define OCOL(n, t, enc) {n, t, 0, 1, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, enc}
#define FLBA(n, len, opt, enc) {n, PPQ_FIXED_LEN_BYTE_ARRAY, len, opt, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, enc}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    static file_spec_t files[8];
    ppq_writer_options_t small;
    size_t i;
    int failed = 0;
    memset(files, 0, sizeof files);
    memset(&small, 0, sizeof small);
    small.page_values = 100; /* many pages */
    small.page_bytes = 8192;
    small.row_group_rows = 700; /* several row groups */
    small.page_crc = 1;
    small.dict_entries = 64;   /* dictionaries fill up mid-chunk */

    files[0] = (file_spec_t){"plain_all_types", 1500,
                             {COL("b", PPQ_BOOLEAN, PPQ_COLUMN_PLAIN), COL("i32", PPQ_INT32, PPQ_COLUMN_PLAIN),
                              COL("i64", PPQ_INT64, PPQ_COLUMN_PLAIN), COL("i96", PPQ_INT96, PPQ_COLUMN_PLAIN),
                              COL("f", PPQ_FLOAT, PPQ_COLUMN_PLAIN), COL("d", PPQ_DOUBLE, PPQ_COLUMN_PLAIN),
                              COL("ba", PPQ_BYTE_ARRAY, PPQ_COLUMN_PLAIN), FLBA("flba", 3, 0, PPQ_COLUMN_PLAIN)},
                             8, small, 0};
    files[1] = (file_spec_t){"optional_nulls", 1500,
                             {OCOL("b", PPQ_BOOLEAN, PPQ_COLUMN_PLAIN), OCOL("i32", PPQ_INT32, PPQ_COLUMN_AUTO),
                              OCOL("i64", PPQ_INT64, PPQ_COLUMN_AUTO), OCOL("f", PPQ_FLOAT, PPQ_COLUMN_AUTO),
                              OCOL("d", PPQ_DOUBLE, PPQ_COLUMN_PLAIN), OCOL("ba", PPQ_BYTE_ARRAY, PPQ_COLUMN_AUTO),
                              FLBA("flba", 5, 1, PPQ_COLUMN_PLAIN)},
                             7, small, 4};
    files[2] = (file_spec_t){"all_null", 300,
                             {OCOL("i32", PPQ_INT32, PPQ_COLUMN_AUTO), OCOL("ba", PPQ_BYTE_ARRAY, PPQ_COLUMN_AUTO),
                              OCOL("d", PPQ_DOUBLE, PPQ_COLUMN_AUTO)},
                             3, small, -1};
    files[3] = (file_spec_t){"encodings", 2000,
                             {COL("i32_delta", PPQ_INT32, PPQ_COLUMN_DELTA_BINARY_PACKED),
                              COL("i64_delta", PPQ_INT64, PPQ_COLUMN_DELTA_BINARY_PACKED),
                              COL("f_bss", PPQ_FLOAT, PPQ_COLUMN_BYTE_STREAM_SPLIT),
                              COL("d_bss", PPQ_DOUBLE, PPQ_COLUMN_BYTE_STREAM_SPLIT),
                              COL("b_rle", PPQ_BOOLEAN, PPQ_COLUMN_RLE),
                              COL("i32_dict", PPQ_INT32, PPQ_COLUMN_DICTIONARY),
                              COL("ba_dict", PPQ_BYTE_ARRAY, PPQ_COLUMN_DICTIONARY),
                              FLBA("flba_dict", 4, 0, PPQ_COLUMN_DICTIONARY)},
                             8, small, 0};
    files[4] = (file_spec_t){"zero_rows", 0, {COL("x", PPQ_INT32, PPQ_COLUMN_AUTO), OCOL("s", PPQ_BYTE_ARRAY, PPQ_COLUMN_AUTO)}, 2, small, 0};
    files[5] = (file_spec_t){"defaults", 3000,
                             {COL("i64", PPQ_INT64, PPQ_COLUMN_AUTO), OCOL("d", PPQ_DOUBLE, PPQ_COLUMN_AUTO),
                              COL("s", PPQ_BYTE_ARRAY, PPQ_COLUMN_AUTO), COL("b", PPQ_BOOLEAN, PPQ_COLUMN_AUTO)},
                             4, small, 5};
    files[5].opts.page_values = 0; /* the writer's defaults */
    files[5].opts.row_group_rows = 0;
    files[5].opts.page_crc = 0;
    files[5].opts.dict_entries = 0;
    files[6] = (file_spec_t){"delta_bytes", 2000,
                             {COL("ba_dlba", PPQ_BYTE_ARRAY, PPQ_COLUMN_DELTA_LENGTH_BYTE_ARRAY),
                              OCOL("oba_dlba", PPQ_BYTE_ARRAY, PPQ_COLUMN_DELTA_LENGTH_BYTE_ARRAY),
                              COL("ba_dba", PPQ_BYTE_ARRAY, PPQ_COLUMN_DELTA_BYTE_ARRAY),
                              OCOL("oba_dba", PPQ_BYTE_ARRAY, PPQ_COLUMN_DELTA_BYTE_ARRAY),
                              FLBA("flba_dba", 5, 0, PPQ_COLUMN_DELTA_BYTE_ARRAY)},
                             5, small, 0};
    files[7] = (file_spec_t){"page_v2", 1500,
                             {OCOL("i32", PPQ_INT32, PPQ_COLUMN_AUTO), OCOL("d", PPQ_DOUBLE, PPQ_COLUMN_PLAIN),
                              OCOL("ba", PPQ_BYTE_ARRAY, PPQ_COLUMN_DICTIONARY), COL("b", PPQ_BOOLEAN, PPQ_COLUMN_RLE),
                              OCOL("f", PPQ_FLOAT, PPQ_COLUMN_BYTE_STREAM_SPLIT),
                              COL("k", PPQ_BYTE_ARRAY, PPQ_COLUMN_DELTA_BYTE_ARRAY)},
                             6, small, 4};
    files[7].opts.page_v2 = 1;
    for (i = 0; i < sizeof files / sizeof files[0]; i++) {
        failed |= write_file(dir, &files[i]);
    }
    return failed;
}
