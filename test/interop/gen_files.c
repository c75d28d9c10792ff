/*
 * Writes the interop matrix: Parquet files from picoparquet's writer, each
 * with a JSON file of the exact values written (read_check.mjs compares
 * what independent readers return).  Usage: gen_files OUTDIR
 *
 * JSON values: integers as decimal strings (no precision loss), floats as
 * numbers (NaN, Infinity as strings), byte arrays as hex strings, booleans,
 * null; in the logical-type files, the text of each logical value (see
 * lt_col_t).  The JSON also names each column's encoding and the options
 * the pages depend on (CRC, page version, dictionary limits).
 *
 * The files:
 *   plain_all_types    every physical type PLAIN, REQUIRED; INT96 as Impala timestamps
 *   optional_nulls     every physical type OPTIONAL, every 4th value null
 *   all_null           OPTIONAL columns with only nulls
 *   encodings          DELTA_BINARY_PACKED, BYTE_STREAM_SPLIT, RLE, dictionaries
 *                      (INT32 and FLBA ones fill and fall back to PLAIN mid-chunk)
 *   zero_rows          a schema and no rows
 *   defaults           the writer's default options (no CRC)
 *   delta_bytes        DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY (BYTE_ARRAY and FLBA)
 *   page_v2            data pages v2
 *   logical_types      every logical type, 3 row groups (16, 16, 8 rows), nulls, an
 *                      all-null and no-null chunks, CRC, dictionaries falling back
 *   logical_types_plain_v2   the same values PLAIN in v2 pages
 *   logical_types_split_v2   BYTE_STREAM_SPLIT for INT32/INT64/FLBA, DELTA_BYTE_ARRAY strings
 *   logical_types_dict       dictionaries for numbers and FLBA, DELTA_LENGTH_BYTE_ARRAY strings
 *   long_strings       100 KB strings (dictionary, PLAIN, DLBA), a 100-byte 0xFF value, 0xFF FLBA(16)
 *   compact_rewrites, compact_names, compact_split, compact_ids   the compact
 *                      layout's AUTO rewrites at a row group's end (64-bit hosts;
 *                      shaped values): dictionary indices in pages of growing width,
 *                      dictionaries of values PLAIN in the store (numbers, past 512
 *                      of them, and names), 1-bit indices, a split row group written
 *                      DELTA, event ids in dictionaries that end row groups
 *   recoverable        written with the recovery option (its records between the
 *                      row groups): readers must read it as any other file
 *   recovered          recoverable cut at 60% of its bytes and recovered with
 *                      ppq_recover_copy; its .json has the rows of the row groups
 *                      kept, from the same generator
 *   recovered_all, recovered_cutN   recoverable cut before its footer, then a
 *                      byte before each row group's end (every row-group boundary):
 *                      each keeps the page index of the row groups it keeps
 * CRCs are on except in defaults, logical_types_split_v2 and logical_types_dict;
 * all but zero_rows and all_null have several row groups.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"

#define MAX_COLS 40

typedef struct file_spec {
    const char *name;
    uint32_t rows;
    ppq_column_t cols[MAX_COLS];
    uint32_t ncols;
    ppq_writer_options_t opts;
    int null_every; /* every n-th value of OPTIONAL columns is null; -1: all null */
} file_spec_t;

static int shaped_values; /* 1: column c's values shaped(c, r) (the compact layout's rewrites) */

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

/* The shaped files' values (compact_rewrites, compact_split), as doubles
 * (each column's type holds them exactly; NAN: a null), by the column's
 * name, of row r: "walk", in steps of 0.25 (its dictionary's indices in
 * pages of growing width), and "walk_nulls", every 5th null; "many", 400
 * new values, then 1,500 in a hashed order (counted in a table of more
 * than 512); "name", a name's id: 100 new ones, then 5 in turn, 20 new
 * ones each 1,000 rows (a BYTE_ARRAY PLAIN in the store, after its first
 * row group lost its dictionary, written as its dictionary);
 * "thirds", a cycle of 5, noise, a counter (a split row group written
 * DELTA); "minmax", MIN and MAX in turn (a dictionary's 1-bit indices,
 * not DELTA's 2); "ts", 10 ms apart, and "ids", event ids held 8 rows
 * whose deltas pass 32 bits (a dictionary that ends row groups where
 * 64 shared entries fill, not PLAIN: dict_fill_pays). */
static double shaped(const char *name, uint32_t c, uint32_t r)
{
    static int32_t walk[2];
    uint64_t x = mix(c, r);
    int k = !strcmp(name, "walk") ? 0 : !strcmp(name, "walk_nulls") ? 1 : -1;
    if (k >= 0) {
        walk[k] = r == 0 ? 0 : walk[k] + (x % 4u == 0u ? -1 : x % 4u == 3u ? 1 : 0);
        return k == 1 && r % 5u == 4u ? NAN : walk[k] * 0.25;
    }
    if (!strcmp(name, "many")) {
        return r < 400u ? 0.5 + r : (double)(x % 1500u);
    }
    if (!strcmp(name, "minmax")) {
        return r % 2u ? 2147483647.0 : -2147483648.0;
    }
    if (!strcmp(name, "ts")) {
        return 1700000000000.0 + 10.0 * r;
    }
    if (!strcmp(name, "ids")) {
        return (double)(mix(c, r / 8u) >> 12); /* (below 2^52: exact) */
    }
    if (!strcmp(name, "thirds")) {
        return r < 2000u ? 1001.0 + r % 5u : r < 4000u ? 100000.0 + (double)(x % 60001u) - 30000.0 : 500000.0 + r;
    }
    return (double)(r < 100u || r % 1000u < 20u ? r : r % 5u); /* name */
}

/* Bytes as a JSON string of hex digits. */
static void json_hex(FILE *j, const uint8_t *b, size_t len)
{
    size_t k;
    fputc('"', j);
    for (k = 0; k < len; k++) {
        fprintf(j, "%02x", b[k]);
    }
    fputc('"', j);
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

static const char *const enc_name[] = {"AUTO", "PLAIN", "DICTIONARY", "DELTA_BINARY_PACKED", "BYTE_STREAM_SPLIT",
                                       "RLE", "DELTA_LENGTH_BYTE_ARRAY", "DELTA_BYTE_ARRAY"};

/* The options read_check.mjs needs to know what the pages must hold. */
static void json_options(FILE *j, const ppq_writer_options_t *o)
{
    fprintf(j, "\"crc\":%s,\"page_v2\":%s,\"compact\":%s,\"dict_entries\":%u,\"dict_bytes\":%u,\"codec\":\"%s\",",
            o->page_crc ? "true" : "false", o->page_v2 ? "true" : "false", o->compact ? "true" : "false",
            (unsigned)(o->dict_entries ? o->dict_entries : 16384u), (unsigned)(o->dict_bytes ? o->dict_bytes : 131072u),
            ppq_codec_name(o->codec));
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
    fputc('{', j);
    json_options(j, &f->opts);
    fprintf(j, "\"columns\":[");
    for (c = 0; c < f->ncols; c++) {
        fprintf(j, "%s{\"name\":\"%s\",\"type\":%d,\"encoding\":\"%s\"}", c ? "," : "", f->cols[c].name,
                (int)f->cols[c].type, enc_name[f->cols[c].encoding]);
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
            if (shaped_values) {
                double v = shaped(col->name, c, r);
                if (isnan(v)) {
                    st = ppq_writer_set_null(&w, c);
                    fputs("null", j);
                } else if (col->type == PPQ_FLOAT) {
                    st = ppq_writer_set_float(&w, c, (float)v);
                    json_double(j, v);
                } else if (col->type == PPQ_DOUBLE) {
                    st = ppq_writer_set_double(&w, c, v);
                    json_double(j, v);
                } else if (col->type == PPQ_INT32) {
                    st = ppq_writer_set_i32(&w, c, (int32_t)v);
                    fprintf(j, "\"%" PRId32 "\"", (int32_t)v);
                } else if (col->type == PPQ_INT64) {
                    st = ppq_writer_set_i64(&w, c, (int64_t)v);
                    fprintf(j, "\"%" PRId64 "\"", (int64_t)v);
                } else { /* BYTE_ARRAY: a name */
                    uint32_t len = (uint32_t)snprintf((char *)bytes_buf[c], 64, "sensor-node-%05u", (unsigned)v);
                    st = ppq_writer_set_bytes(&w, c, bytes_buf[c], len);
                    json_hex(j, bytes_buf[c], len);
                }
                continue;
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
                /* an Impala timestamp: nanoseconds of the day (8 bytes LE), then the
                 * Julian day (4 bytes LE), here 1915..2024 */
                ppq_int96_t v;
                uint64_t nanos = x % 86400000000000ull;
                uint32_t julian = 2440588u - 20000u + (uint32_t)((x >> 40) % 40000u);
                int k;
                for (k = 0; k < 8; k++) {
                    v.bytes[k] = (uint8_t)(nanos >> (8 * k));
                }
                for (k = 0; k < 4; k++) {
                    v.bytes[8 + k] = (uint8_t)(julian >> (8 * k));
                }
                st = ppq_writer_set_int96(&w, c, &v);
                json_hex(j, v.bytes, 12);
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
                json_hex(j, bytes_buf[c], len);
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

/* ---- hand-chosen logical values -------------------------------------------
 * Each column of the logical-type files cycles through a table of texts.  A
 * text is the logical value a reader must return: it goes to the JSON as is,
 * and the physical value the writer is given is derived from it here, so no
 * expectation comes back through picoparquet.
 *   INT, DATE, TIME, TIMESTAMP: a decimal integer (days, or the column's
 *     unit; unsigned ones up to 2^bits - 1, stored as the same bits signed)
 *   DECIMAL: exactly `scale` fraction digits, stored as the unscaled
 *     integer (INT32, INT64, or big-endian two's complement in the FLBA)
 *   UUID: the 8-4-4-4-12 hex text, stored as its 16 bytes in text order
 *   FLOAT16: "bits=value": IEEE half bits (hex, stored little-endian) and,
 *     written by hand, the number they denote
 *   STRING, ENUM, JSON, plain BYTE_ARRAY: the text's bytes */
typedef struct lt_col {
    ppq_column_t def;
    const char *const *vals;
    uint32_t nvals;
    int nulls; /* 0: none; 1: rows r % 7 == 3; 2: rows 16..31 (with 16-row groups, the second all null) */
} lt_col_t;

#define LT_MAX_COLS 40

static const char *const v_string[] = {"", "a", "hello", "h\xc3\xa9llo w\xc3\xb6rld", "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e",
                                       "\xf0\x9f\x98\x80 emoji", "zzz", "quote \" backslash \\ tab\t", "A"};
static const char *const v_enum[] = {"RED", "GREEN", "BLUE", "GREEN"};
static const char *const v_json[] = {"{\"a\":1,\"b\":[true,false,null]}", "[]", "42", "\"text\"", "{\"nested\":{\"x\":-1.5}}",
                                     "[1,2,3]"};
static const char *const v_uuid[] = {"00000000-0000-0000-0000-000000000000", "123e4567-e89b-12d3-a456-426614174000",
                                     "ffffffff-ffff-ffff-ffff-ffffffffffff", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
                                     "7fffffff-0000-4000-8000-000000000001"};
static const char *const v_f16[] = {"3c00=1",      "c000=-2",         "7c00=Infinity", "fc00=-Infinity",
                                    "3555=0.333251953125", "0001=5.9604644775390625e-8", "7bff=65504",
                                    "fbff=-65504", "8000=-0",         "0000=0",        "b800=-0.5",
                                    "0400=0.00006103515625", "7e00=NaN"};
static const char *const v_i8[] = {"-128", "127", "0", "-1", "42"};
static const char *const v_i16[] = {"-32768", "32767", "-300", "1000"};
static const char *const v_i32[] = {"-2147483648", "2147483647", "0", "-123456789"};
static const char *const v_i64[] = {"-9223372036854775808", "9223372036854775807", "-1", "1234567890123"};
static const char *const v_u8[] = {"0", "255", "128", "127", "1"};
static const char *const v_u16[] = {"65535", "0", "32768", "32767"};
static const char *const v_u32[] = {"4294967295", "0", "2147483648", "2147483647", "3000000000"};
static const char *const v_u64[] = {"18446744073709551615", "0", "9223372036854775808", "9223372036854775807",
                                    "12345678901234567890"};
static const char *const v_dec9_2[] = {"-9999999.99", "9999999.99", "0.00", "-0.01", "1234.56"};
static const char *const v_dec18_6[] = {"-999999999999.999999", "999999999999.999999", "-1.500000", "0.000001"};
static const char *const v_dec38_4[] = {"-9999999999999999999999999999999999.9999", "9999999999999999999999999999999999.9999",
                                        "-1.0000", "0.0001", "-1844674407370955.1616", "12345678901234567890123.4567"};
static const char *const v_dec11_3[] = {"-99999999.999", "99999999.999", "-0.001", "0.000", "1.234"};
/* days: 0001-01-01, 1900-01-01, 1969-12-31, 1970-01-01, 2024-01-01, 9999-12-31 */
static const char *const v_date[] = {"-719162", "-25567", "-1", "0", "19723", "2932896"};
static const char *const v_time_ms[] = {"0", "1", "43200000", "86399999", "45296789"};
static const char *const v_time_us[] = {"0", "86399999999", "45296789012", "1"};
static const char *const v_time_ns[] = {"0", "86399999999999", "45296789012345", "1"};
/* 0001-01-01T00:00, 1969-12-31T23:59:59.999, the epoch, 2023-11-14, 9999-12-31T23:59:59.999 */
static const char *const v_ts_ms[] = {"-62135596800000", "-1", "0", "1700000000123", "253402300799999"};
static const char *const v_ts_us[] = {"-62135596800000000", "-1", "0", "1700000000123456", "253402300799999999"};
/* 1899-12-31T23:59:59.999999999, one ns before the epoch, the epoch, 2023-11-14, 2100-01-01 */
static const char *const v_ts_ns[] = {"-2208988800000000001", "-1", "0", "1700000000123456789", "4102444800000000000"};

#define NV(t) t, (uint32_t)(sizeof t / sizeof t[0])
#define LT(n, t, len, opt, kind, bits, sgn, utc, unit, prec, scale, tab, nul) \
    {{n, t, len, opt, {kind, bits, sgn, utc, unit, prec, scale}, PPQ_COLUMN_AUTO}, NV(tab), nul}
#define LTI(n, t, bits, sgn, opt, tab) LT(n, t, 0, opt, PPQ_LOGICAL_INT, bits, sgn, 0, PPQ_UNIT_MILLIS, 0, 0, tab, opt)
#define LTD(n, t, len, prec, scale, opt, tab) \
    LT(n, t, len, opt, PPQ_LOGICAL_DECIMAL, 0, 0, 0, PPQ_UNIT_MILLIS, prec, scale, tab, opt)
#define LTT(n, kind, t, utc, unit, opt, tab) LT(n, t, 0, opt, kind, 0, 0, utc, unit, 0, 0, tab, opt)

static const lt_col_t logical_cols[] = {
    LT("string", PPQ_BYTE_ARRAY, 0, 1, PPQ_LOGICAL_STRING, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0, v_string, 1),
    LT("enum", PPQ_BYTE_ARRAY, 0, 0, PPQ_LOGICAL_ENUM, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0, v_enum, 0),
    LT("json", PPQ_BYTE_ARRAY, 0, 1, PPQ_LOGICAL_JSON, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0, v_json, 2),
    LT("uuid", PPQ_FIXED_LEN_BYTE_ARRAY, 16, 1, PPQ_LOGICAL_UUID, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0, v_uuid, 1),
    LT("float16", PPQ_FIXED_LEN_BYTE_ARRAY, 2, 1, PPQ_LOGICAL_FLOAT16, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0, v_f16, 1),
    LTI("int8", PPQ_INT32, 8, 1, 0, v_i8),
    LTI("int16", PPQ_INT32, 16, 1, 0, v_i16),
    LTI("int32", PPQ_INT32, 32, 1, 1, v_i32),
    LTI("int64", PPQ_INT64, 64, 1, 0, v_i64),
    LTI("uint8", PPQ_INT32, 8, 0, 0, v_u8),
    LTI("uint16", PPQ_INT32, 16, 0, 0, v_u16),
    LTI("uint32", PPQ_INT32, 32, 0, 1, v_u32),
    LTI("uint64", PPQ_INT64, 64, 0, 1, v_u64),
    LTD("dec_int32", PPQ_INT32, 0, 9, 2, 0, v_dec9_2),
    LTD("dec_int64", PPQ_INT64, 0, 18, 6, 1, v_dec18_6),
    LTD("dec_flba16", PPQ_FIXED_LEN_BYTE_ARRAY, 16, 38, 4, 0, v_dec38_4),
    LTD("dec_flba5", PPQ_FIXED_LEN_BYTE_ARRAY, 5, 11, 3, 1, v_dec11_3),
    LT("date", PPQ_INT32, 0, 1, PPQ_LOGICAL_DATE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0, v_date, 2),
    LTT("time_ms_utc", PPQ_LOGICAL_TIME, PPQ_INT32, 1, PPQ_UNIT_MILLIS, 0, v_time_ms),
    LTT("time_ms_local", PPQ_LOGICAL_TIME, PPQ_INT32, 0, PPQ_UNIT_MILLIS, 1, v_time_ms),
    LTT("time_us_utc", PPQ_LOGICAL_TIME, PPQ_INT64, 1, PPQ_UNIT_MICROS, 0, v_time_us),
    LTT("time_us_local", PPQ_LOGICAL_TIME, PPQ_INT64, 0, PPQ_UNIT_MICROS, 0, v_time_us),
    LTT("time_ns_utc", PPQ_LOGICAL_TIME, PPQ_INT64, 1, PPQ_UNIT_NANOS, 0, v_time_ns),
    LTT("time_ns_local", PPQ_LOGICAL_TIME, PPQ_INT64, 0, PPQ_UNIT_NANOS, 1, v_time_ns),
    LTT("ts_ms_utc", PPQ_LOGICAL_TIMESTAMP, PPQ_INT64, 1, PPQ_UNIT_MILLIS, 0, v_ts_ms),
    LTT("ts_ms_local", PPQ_LOGICAL_TIMESTAMP, PPQ_INT64, 0, PPQ_UNIT_MILLIS, 0, v_ts_ms),
    LTT("ts_us_utc", PPQ_LOGICAL_TIMESTAMP, PPQ_INT64, 1, PPQ_UNIT_MICROS, 1, v_ts_us),
    LTT("ts_us_local", PPQ_LOGICAL_TIMESTAMP, PPQ_INT64, 0, PPQ_UNIT_MICROS, 0, v_ts_us),
    LTT("ts_ns_utc", PPQ_LOGICAL_TIMESTAMP, PPQ_INT64, 1, PPQ_UNIT_NANOS, 1, v_ts_ns),
    LTT("ts_ns_local", PPQ_LOGICAL_TIMESTAMP, PPQ_INT64, 0, PPQ_UNIT_NANOS, 0, v_ts_ns),
};

/* 100 KB texts, filled by main; long_ff: 100 bytes 0xFF (no upper bound of 64 bytes exists) */
static char long_a[100001], long_b[100001], long_ff[101];
static const char *const v_long[] = {"short", long_a, "", long_b, "b"};
static const char *const v_long_blob[] = {"a", "m", long_ff, "b"};
/* FIXED_LEN_BYTE_ARRAY(16) without a logical type (a BLOB to DuckDB), two
 * of its values mostly 0xFF: no bloom filter (DuckDB 1.5.6 probes such
 * bytes with another hash: 0 rows found through one) */
static const char *const v_blob16[] = {"zzzzzzzzzzzzzzz0", "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" "0",
                                       "zzzzzzzzzzzzzzz1", "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" "1"};
static const lt_col_t long_cols[] = {
    LT("text", PPQ_BYTE_ARRAY, 0, 1, PPQ_LOGICAL_STRING, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0, v_long, 1),
    {{"text_plain", PPQ_BYTE_ARRAY, 0, 0, {PPQ_LOGICAL_STRING, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_PLAIN}, NV(v_long), 0},
    {{"text_dlba", PPQ_BYTE_ARRAY, 0, 1, {PPQ_LOGICAL_STRING, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_DELTA_LENGTH_BYTE_ARRAY},
     NV(v_long), 1},
    LT("blob", PPQ_BYTE_ARRAY, 0, 0, PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0, v_long_blob, 0),
    {{"blob16", PPQ_FIXED_LEN_BYTE_ARRAY, 16, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_DICTIONARY},
     NV(v_blob16), 0},
};

static int hexval(char ch)
{
    return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
}

/* "d.ddd" with exactly `scale` fraction digits and at most `prec` digits:
 * the unscaled integer as 16 big-endian two's complement bytes.  0: bad. */
static int parse_decimal(const char *s, int32_t prec, int32_t scale, uint8_t out[16])
{
    int neg = *s == '-', digits = 0, frac = -1, k;
    unsigned carry;
    memset(out, 0, 16);
    for (s += neg; *s; s++) {
        if (*s == '.' && frac < 0) {
            frac = 0;
            continue;
        }
        if (*s < '0' || *s > '9') {
            return 0;
        }
        carry = (unsigned)(*s - '0');
        for (k = 15; k >= 0; k--) { /* out = out * 10 + digit */
            unsigned v = out[k] * 10u + carry;
            out[k] = (uint8_t)v;
            carry = v >> 8;
        }
        digits++;
        if (frac >= 0) {
            frac++;
        }
    }
    if ((scale > 0 ? frac : (frac < 0 ? 0 : frac)) != scale || digits > prec) {
        return 0;
    }
    if (neg) { /* two's complement: invert, add one */
        carry = 1;
        for (k = 15; k >= 0; k--) {
            unsigned v = (uint8_t)~out[k] + carry;
            out[k] = (uint8_t)v;
            carry = v >> 8;
        }
    }
    return 1;
}

/* JSON string of the bytes (escaping quote, backslash and controls). */
static void json_text(FILE *j, const uint8_t *p, size_t n)
{
    size_t k;
    fputc('"', j);
    for (k = 0; k < n; k++) {
        if (p[k] == '"' || p[k] == '\\') {
            fprintf(j, "\\%c", p[k]);
        } else if (p[k] < 0x20) {
            fprintf(j, "\\u%04x", p[k]);
        } else {
            fputc(p[k], j);
        }
    }
    fputc('"', j);
}

static const char *const kind_name[] = {"NONE", "STRING", "ENUM", "JSON", "UUID", "FLOAT16",
                                        "INT",  "DECIMAL", "DATE", "TIME", "TIMESTAMP"};
static const char *const unit_name[] = {"MILLIS", "MICROS", "NANOS"};

/* Set column c of the row to the physical value of text s. */
static ppq_status_t lt_set(ppq_writer_t *w, uint32_t c, const ppq_column_t *col, const char *s)
{
    const ppq_logical_t *l = &col->logical;
    uint8_t b[16];
    int k;
    if (l->kind == PPQ_LOGICAL_INT && !l->is_signed) {
        unsigned long long u = strtoull(s, NULL, 10);
        if (l->bit_width < 64u && u >> l->bit_width) {
            return PPQ_ERR_ARG;
        }
        if (col->type == PPQ_INT64) {
            return ppq_writer_set_i64(w, c, u > INT64_MAX ? (int64_t)(u - 9223372036854775808ull) + INT64_MIN : (int64_t)u);
        }
        return ppq_writer_set_i32(w, c, u > INT32_MAX ? (int32_t)(u - 2147483648u) + INT32_MIN : (int32_t)u);
    }
    switch (l->kind) {
    case PPQ_LOGICAL_INT: /* signed */
    case PPQ_LOGICAL_DATE:
    case PPQ_LOGICAL_TIME:
    case PPQ_LOGICAL_TIMESTAMP: {
        long long v = strtoll(s, NULL, 10);
        if (l->kind == PPQ_LOGICAL_INT && l->bit_width < 64u &&
            (v < -(1ll << (l->bit_width - 1u)) || v >= (1ll << (l->bit_width - 1u)))) {
            return PPQ_ERR_ARG;
        }
        if (col->type == PPQ_INT64) {
            return ppq_writer_set_i64(w, c, (int64_t)v);
        }
        if (v < INT32_MIN || v > INT32_MAX) {
            return PPQ_ERR_ARG;
        }
        return ppq_writer_set_i32(w, c, (int32_t)v);
    }
    case PPQ_LOGICAL_DECIMAL: {
        uint32_t n = col->type == PPQ_INT32 ? 4u : col->type == PPQ_INT64 ? 8u : col->type_len;
        uint64_t u = 0;
        if (!parse_decimal(s, l->precision, l->scale, b)) {
            return PPQ_ERR_ARG;
        }
        for (k = 0; k < 16 - (int)n; k++) { /* the dropped bytes must be sign extension */
            if (b[k] != ((b[16 - n] & 0x80u) ? 0xFFu : 0u)) {
                return PPQ_ERR_ARG;
            }
        }
        if (col->type == PPQ_FIXED_LEN_BYTE_ARRAY) {
            memcpy(bytes_buf[c], b + 16 - n, n);
            return ppq_writer_set_bytes(w, c, bytes_buf[c], n);
        }
        for (k = 16 - (int)n; k < 16; k++) {
            u = u << 8 | b[k];
        }
        if (n == 8u) {
            return ppq_writer_set_i64(w, c, u > INT64_MAX ? (int64_t)(u - 9223372036854775808ull) + INT64_MIN : (int64_t)u);
        }
        return ppq_writer_set_i32(w, c, u > INT32_MAX ? (int32_t)(u - 2147483648u) + INT32_MIN : (int32_t)u);
    }
    case PPQ_LOGICAL_UUID: {
        int n = 0;
        for (; *s && n < 32; s++) {
            if (*s != '-') {
                if (hexval(*s) < 0) {
                    return PPQ_ERR_ARG;
                }
                bytes_buf[c][n / 2] = (uint8_t)(n % 2 ? bytes_buf[c][n / 2] | hexval(*s) : hexval(*s) << 4);
                n++;
            }
        }
        return n == 32 && *s == '\0' ? ppq_writer_set_bytes(w, c, bytes_buf[c], 16) : PPQ_ERR_ARG;
    }
    case PPQ_LOGICAL_FLOAT16: {
        unsigned long bits = strtoul(s, NULL, 16);
        bytes_buf[c][0] = (uint8_t)bits;
        bytes_buf[c][1] = (uint8_t)(bits >> 8);
        return ppq_writer_set_bytes(w, c, bytes_buf[c], 2);
    }
    default: return ppq_writer_set_bytes(w, c, s, (uint32_t)strlen(s));
    }
}

static int write_logical_file(const char *dir, const char *name, const lt_col_t *cols, uint32_t ncols, uint32_t rows,
                              const ppq_writer_options_t *opts, const ppq_column_encoding_t *enc_by_type)
{
    char path[512];
    FILE *out, *j;
    ppq_writer_t w;
    ppq_sink_t sink;
    ppq_status_t st;
    ppq_column_t defs[LT_MAX_COLS];
    uint32_t r, c;
    if (ncols > LT_MAX_COLS) {
        return 1;
    }
    for (c = 0; c < ncols; c++) {
        defs[c] = cols[c].def;
        if (enc_by_type != NULL) { /* the encoding for the column's physical type */
            defs[c].encoding = enc_by_type[defs[c].type];
        }
    }
    snprintf(path, sizeof path, "%s/%s.parquet", dir, name);
    out = fopen(path, "wb");
    snprintf(path, sizeof path, "%s/%s.json", dir, name);
    j = fopen(path, "w");
    if (out == NULL || j == NULL) {
        return 1;
    }
    sink.write = file_write;
    sink.ctx = out;
    sink.offset = 0;
    st = ppq_writer_init(&w, defs, ncols, opts, &sink, arena_mem, sizeof arena_mem);
    fputc('{', j);
    json_options(j, opts);
    fprintf(j, "\"columns\":[");
    for (c = 0; c < ncols; c++) {
        const ppq_logical_t *l = &defs[c].logical;
        fprintf(j,
                "%s\n{\"name\":\"%s\",\"type\":%d,\"len\":%u,\"optional\":%d,\"encoding\":\"%s\",\"logical\":\"%s\"",
                c ? "," : "", defs[c].name, (int)defs[c].type, (unsigned)defs[c].type_len, defs[c].optional,
                enc_name[defs[c].encoding], kind_name[l->kind]);
        if (l->kind == PPQ_LOGICAL_INT) {
            fprintf(j, ",\"bits\":%d,\"signed\":%s", l->bit_width, l->is_signed ? "true" : "false");
        } else if (l->kind == PPQ_LOGICAL_DECIMAL) {
            fprintf(j, ",\"precision\":%d,\"scale\":%d", (int)l->precision, (int)l->scale);
        } else if (l->kind == PPQ_LOGICAL_TIME || l->kind == PPQ_LOGICAL_TIMESTAMP) {
            fprintf(j, ",\"unit\":\"%s\",\"utc\":%s", unit_name[l->unit], l->utc ? "true" : "false");
        }
        fputc('}', j);
    }
    fprintf(j, "],\"rows\":[");
    for (r = 0; r < rows && st == PPQ_OK; r++) {
        fprintf(j, "%s[", r ? ",\n" : "");
        for (c = 0; c < ncols && st == PPQ_OK; c++) {
            const char *s = cols[c].vals[r % cols[c].nvals];
            int is_null = (cols[c].nulls == 1 && r % 7 == 3) || (cols[c].nulls == 2 && r >= 16 && r < 32);
            if (c) {
                fputc(',', j);
            }
            if (is_null) {
                st = ppq_writer_set_null(&w, c);
                fputs("null", j);
                continue;
            }
            st = lt_set(&w, c, &defs[c], s);
            if (defs[c].logical.kind == PPQ_LOGICAL_FLOAT16) {
                s = strchr(s, '=') + 1;
            }
            if (defs[c].logical.kind == PPQ_LOGICAL_NONE) { /* bytes as hex, as in the other files */
                size_t k;
                fputc('"', j);
                for (k = 0; s[k]; k++) {
                    fprintf(j, "%02x", (unsigned)(uint8_t)s[k]);
                }
                fputc('"', j);
            } else {
                json_text(j, (const uint8_t *)s, strlen(s));
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
        fprintf(stderr, "gen_files: %s: row %u: %s\n", name, (unsigned)r, ppq_status_str(st));
        return 1;
    }
    return 0;
}

#define COL(n, t, enc) {n, t, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, enc}
#define OCOL(n, t, enc) {n, t, 0, 1, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, enc}
#define FLBA(n, len, opt, enc) {n, PPQ_FIXED_LEN_BYTE_ARRAY, len, opt, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, enc}

static uint64_t cut_at = UINT64_MAX; /* write_recovered: the file ends here (a cut) */

static ppq_status_t file_read_at(void *ctx, uint64_t offset, uint8_t *buf, size_t len, size_t *got)
{
    FILE *f = (FILE *)ctx;
    *got = 0;
    if (offset >= cut_at) {
        return PPQ_OK;
    }
    len = len > cut_at - offset ? (size_t)(cut_at - offset) : len;
    if (fseek(f, (long)offset, SEEK_SET) != 0) {
        return PPQ_ERR_IO;
    }
    *got = fread(buf, 1, len, f);
    return PPQ_OK;
}

/* Cut `src` (written already) to its first `cut` bytes, recover it to
 * NAME.parquet, and write NAME.json from the generator for the rows kept
 * (written as a file of those rows, then replaced).  *kept: the bytes the
 * recovery kept (the row groups' records end there), *groups its row
 * groups, `least` at least. */
static int write_recovered(const char *dir, const file_spec_t *src, const char *name, uint64_t cut, uint32_t least,
                           uint64_t *kept, uint32_t *groups)
{
    char path[512];
    static uint8_t arena[64 * 1024];
    file_spec_t f = *src;
    ppq_recover_result_t res;
    ppq_file_t in;
    ppq_sink_t sink = {file_write, NULL, 0};
    FILE *fin, *out;
    ppq_status_t st;
    snprintf(path, sizeof path, "%s/%s.parquet", dir, src->name);
    fin = fopen(path, "rb");
    if (fin == NULL) {
        return 1;
    }
    in.read_at = file_read_at;
    in.truncate = NULL;
    in.append = NULL;
    in.ctx = fin;
    in.size = cut;
    cut_at = cut;
    st = ppq_recover_scan(&in, arena, sizeof arena, &res);
    f.name = name;
    f.rows = (uint32_t)res.rows;
    if (st != PPQ_OK || res.was_valid || res.row_groups < least || write_file(dir, &f) != 0) {
        fprintf(stderr, "gen_files: %s: %s\n", name, ppq_status_str(st));
        cut_at = UINT64_MAX;
        fclose(fin);
        return 1;
    }
    snprintf(path, sizeof path, "%s/%s.parquet", dir, name);
    out = fopen(path, "wb");
    sink.ctx = out;
    st = out == NULL ? PPQ_ERR_IO : ppq_recover_copy(&in, &sink, arena, sizeof arena, &res);
    cut_at = UINT64_MAX;
    fclose(fin);
    if (out == NULL || fclose(out) != 0 || st != PPQ_OK) {
        fprintf(stderr, "gen_files: %s: %s\n", name, ppq_status_str(st));
        return 1;
    }
    *kept = res.kept_bytes;
    *groups = res.row_groups;
    printf("gen_files: %s: %u of the row groups of %s (%llu rows), %llu bytes dropped\n", name,
           (unsigned)res.row_groups, src->name, (unsigned long long)res.rows, (unsigned long long)res.dropped_bytes);
    return 0;
}

/* `src` recovered after cuts at 60% of its bytes ("recovered") and at each
 * of its row groups' ends but the last ("recovered_rgN": N row groups):
 * every file keeps the page index of each row group it keeps. */
static int write_recovered_all(const char *dir, const file_spec_t *src)
{
    char path[512], name[32];
    FILE *fin;
    long size;
    uint64_t kept = 0, end;
    uint32_t groups = 0, n;
    int failed;
    snprintf(path, sizeof path, "%s/%s.parquet", dir, src->name);
    fin = fopen(path, "rb");
    if (fin == NULL || fseek(fin, 0, SEEK_END) != 0 || (size = ftell(fin)) < 0) {
        if (fin != NULL) fclose(fin);
        return 1;
    }
    fclose(fin);
    failed = write_recovered(dir, src, "recovered", (uint64_t)size * 6u / 10u, 2u, &kept, &groups);
    /* the footer cut off: every row group kept; then a byte before each end */
    failed |= write_recovered(dir, src, "recovered_all", (uint64_t)size - 8u, 2u, &end, &groups);
    for (n = 1; !failed && groups > 1u; n++) {
        uint32_t had = groups;
        snprintf(name, sizeof name, "recovered_cut%u", n);
        failed = write_recovered(dir, src, name, end - 1u, 1u, &end, &groups) || groups != had - 1u;
    }
    return failed;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    static file_spec_t files[10];
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
    files[8] = (file_spec_t){"recoverable", 3000,
                             {COL("ts", PPQ_INT64, PPQ_COLUMN_DELTA_BINARY_PACKED), COL("f", PPQ_FLOAT, PPQ_COLUMN_BYTE_STREAM_SPLIT),
                              OCOL("d", PPQ_DOUBLE, PPQ_COLUMN_PLAIN), COL("i32", PPQ_INT32, PPQ_COLUMN_DICTIONARY),
                              COL("b", PPQ_BOOLEAN, PPQ_COLUMN_RLE), OCOL("s", PPQ_BYTE_ARRAY, PPQ_COLUMN_DICTIONARY),
                              COL("k", PPQ_BYTE_ARRAY, PPQ_COLUMN_DELTA_BYTE_ARRAY)},
                             7, small, 6};
    files[8].opts.recovery = 1;
    files[9] = (file_spec_t){"compact", 1500,
                             {OCOL("b", PPQ_BOOLEAN, PPQ_COLUMN_AUTO), COL("i32", PPQ_INT32, PPQ_COLUMN_AUTO),
                              OCOL("i64", PPQ_INT64, PPQ_COLUMN_AUTO), COL("i96", PPQ_INT96, PPQ_COLUMN_AUTO),
                              OCOL("f", PPQ_FLOAT, PPQ_COLUMN_AUTO), COL("d", PPQ_DOUBLE, PPQ_COLUMN_PLAIN),
                              OCOL("ba", PPQ_BYTE_ARRAY, PPQ_COLUMN_DICTIONARY), FLBA("flba", 3, 0, PPQ_COLUMN_AUTO),
                              COL("i32_delta", PPQ_INT32, PPQ_COLUMN_DELTA_BINARY_PACKED),
                              COL("b_plain", PPQ_BOOLEAN, PPQ_COLUMN_PLAIN)},
                             10, small, 4};
    memset(&files[9].opts, 0, sizeof files[9].opts);
    files[9].opts.compact = 1; /* the compact layout: a page or a few per chunk, row groups as the store fills */
    files[9].opts.chunk_bytes = 2000;
    files[9].opts.page_bytes = 5000; /* (row 7's long string) */
    files[9].opts.dict_entries = 64;
    files[9].opts.page_crc = 1;
    for (i = 0; i < sizeof files / sizeof files[0]; i++) {
        failed |= write_file(dir, &files[i]);
    }
    {
        /* the compact layout's rewrites at a row group's end (64-bit CPUs,
         * shaped values): dictionary indices in pages of growing width
         * (REQUIRED and OPTIONAL), a DOUBLE PLAIN in the store written as a
         * dictionary of more than 512 entries; names PLAIN in the store
         * written as dictionaries, and 1-bit indices; in a small store, a
         * split row group written DELTA */
        static file_spec_t rw = {"compact_rewrites", 16000,
                                 {COL("walk", PPQ_FLOAT, PPQ_COLUMN_AUTO), OCOL("walk_nulls", PPQ_FLOAT, PPQ_COLUMN_AUTO),
                                  COL("many", PPQ_DOUBLE, PPQ_COLUMN_AUTO)},
                                 3, {0}, 0};
        static file_spec_t nm = {"compact_names", 6000,
                                 {COL("name", PPQ_BYTE_ARRAY, PPQ_COLUMN_AUTO), COL("minmax", PPQ_INT32, PPQ_COLUMN_AUTO)},
                                 2, {0}, 0};
        static file_spec_t sp = {"compact_split", 6000, {COL("thirds", PPQ_INT32, PPQ_COLUMN_AUTO)}, 1, {0}, 0};
        static file_spec_t ids = {"compact_ids", 6000,
                                  {COL("ts", PPQ_INT64, PPQ_COLUMN_AUTO), COL("ids", PPQ_INT64, PPQ_COLUMN_AUTO)},
                                  2, {0}, 0};
        shaped_values = 1;
        rw.opts.compact = 1;
        rw.opts.chunk_bytes = 16000;
        rw.opts.footer_bytes = 65536; /* (a footer store that does not bound the file) */
        rw.opts.dict_entries = 4096;
        rw.opts.page_crc = 1;
        failed |= write_file(dir, &rw);
        nm.opts.compact = 1;
        nm.opts.chunk_bytes = 1000;
        nm.opts.footer_bytes = 65536;
        nm.opts.dict_entries = 64;
        failed |= write_file(dir, &nm);
        sp.opts.compact = 1;
        sp.opts.chunk_bytes = 2048; /* (below 8 KiB: DELTA's buffer lent, 1 or 2 bytes a delta) */
        sp.opts.footer_bytes = 8192;
        sp.opts.dict_entries = 64;
        failed |= write_file(dir, &sp);
        ids.opts.compact = 1;
        ids.opts.chunk_bytes = 12000;
        ids.opts.footer_bytes = 65536;
        ids.opts.dict_entries = 64;
        failed |= write_file(dir, &ids);
        shaped_values = 0;
    }
    failed |= write_recovered_all(dir, &files[8]);
    {
        /* page compression: each codec the build can compress, v1 pages with
         * every column compressed (dictionary pages too), and v2 pages where
         * every other column keeps its pages uncompressed */
        static const ppq_codec_t codecs[] = {PPQ_CODEC_SNAPPY, PPQ_CODEC_GZIP, PPQ_CODEC_LZ4, PPQ_CODEC_ZSTD,
                                             PPQ_CODEC_LZ4_RAW};
        static const ppq_codec_t mixed_snappy[6] = {PPQ_CODEC_SNAPPY, PPQ_CODEC_UNCOMPRESSED, PPQ_CODEC_SNAPPY,
                                                    PPQ_CODEC_UNCOMPRESSED, PPQ_CODEC_SNAPPY, PPQ_CODEC_UNCOMPRESSED};
        static ppq_codec_t mixed[6];
        static file_spec_t z;
        static char name[64];
        size_t c;
        for (c = 0; c < sizeof codecs / sizeof codecs[0]; c++) {
            const char *cn = ppq_codec_name(codecs[c]);
            size_t k;
            if (!ppq_codec_can_compress(codecs[c])) {
                printf("gen_files: no %s compressor in this build: no file\n", cn);
                continue;
            }
            z = files[7]; /* the page_v2 columns: dictionary, delta, split streams, RLE */
            snprintf(name, sizeof name, "codec_%s", cn);
            for (k = 0; name[k] != '\0'; k++) {
                name[k] = (char)(name[k] >= 'A' && name[k] <= 'Z' ? name[k] - 'A' + 'a' : name[k]);
            }
            z.name = name;
            z.opts.page_v2 = 0;
            z.opts.codec = codecs[c];
            failed |= write_file(dir, &z);
            for (k = 0; k < 6; k++) {
                mixed[k] = mixed_snappy[k] == PPQ_CODEC_SNAPPY ? codecs[c] : PPQ_CODEC_UNCOMPRESSED;
            }
            snprintf(name + strlen(name), sizeof name - strlen(name), "_v2");
            z.opts.page_v2 = 1;
            z.opts.column_codecs = mixed;
            failed |= write_file(dir, &z);
        }
    }
    {
        /* every logical type: 40 rows in row groups of 16, pages of 6 values */
        ppq_writer_options_t lo;
        uint32_t n = (uint32_t)(sizeof logical_cols / sizeof logical_cols[0]);
        memset(&lo, 0, sizeof lo);
        lo.page_values = 6;
        lo.row_group_rows = 16;
        lo.chunk_bytes = 64u * 1024u; /* room for 16 rows: the row target, not a full buffer, ends a group */
        lo.page_crc = 1;
        lo.dict_entries = 4; /* "string" and "json" fill their dictionaries mid-chunk; "enum" does not */
        /* by physical type: BOOLEAN, INT32, INT64, INT96, FLOAT, DOUBLE, BYTE_ARRAY, FLBA */
        static const ppq_column_encoding_t plain[8] = {PPQ_COLUMN_PLAIN, PPQ_COLUMN_PLAIN, PPQ_COLUMN_PLAIN,
                                                       PPQ_COLUMN_PLAIN, PPQ_COLUMN_PLAIN, PPQ_COLUMN_PLAIN,
                                                       PPQ_COLUMN_PLAIN, PPQ_COLUMN_PLAIN};
        static const ppq_column_encoding_t split[8] = {
            PPQ_COLUMN_RLE,        PPQ_COLUMN_BYTE_STREAM_SPLIT, PPQ_COLUMN_BYTE_STREAM_SPLIT, PPQ_COLUMN_PLAIN,
            PPQ_COLUMN_BYTE_STREAM_SPLIT, PPQ_COLUMN_BYTE_STREAM_SPLIT, PPQ_COLUMN_DELTA_BYTE_ARRAY,
            PPQ_COLUMN_BYTE_STREAM_SPLIT};
        static const ppq_column_encoding_t dict[8] = {PPQ_COLUMN_RLE,        PPQ_COLUMN_DICTIONARY, PPQ_COLUMN_DICTIONARY,
                                                      PPQ_COLUMN_DICTIONARY, PPQ_COLUMN_DICTIONARY, PPQ_COLUMN_DICTIONARY,
                                                      PPQ_COLUMN_DELTA_LENGTH_BYTE_ARRAY, PPQ_COLUMN_DICTIONARY};
        failed |= write_logical_file(dir, "logical_types", logical_cols, n, 40, &lo, NULL);
        lo.page_v2 = 1;
        failed |= write_logical_file(dir, "logical_types_plain_v2", logical_cols, n, 40, &lo, plain);
        /* BYTE_STREAM_SPLIT for INT32, INT64 and FLBA; DELTA_BYTE_ARRAY for strings; v2 pages, no CRC */
        lo.page_crc = 0;
        failed |= write_logical_file(dir, "logical_types_split_v2", logical_cols, n, 40, &lo, split);
        /* dictionaries for numbers and FLBA (filling mid-chunk where a column has more than 4
         * distinct values), DELTA_LENGTH_BYTE_ARRAY for strings; v1 pages */
        lo.page_v2 = 0;
        failed |= write_logical_file(dir, "logical_types_dict", logical_cols, n, 40, &lo, dict);
    }
    {
        /* 100 KB strings (their min/max cut to a prefix), next to short ones */
        ppq_writer_options_t lo;
        uint32_t k;
        for (k = 0; k < sizeof long_a - 1; k++) {
            long_a[k] = (char)('a' + k % 26);
            long_b[k] = (char)('A' + k % 7);
        }
        memset(long_ff, 0xFF, sizeof long_ff - 1);
        long_b[0] = 'z'; /* the largest string is a long one */
        memset(&lo, 0, sizeof lo);
        lo.page_values = 4;
        lo.page_bytes = 128u * 1024u; /* set_bytes refuses a value longer than page_bytes */
        lo.row_group_rows = 8;
        lo.chunk_bytes = 1024u * 1024u;
        lo.page_crc = 1;
        failed |= write_logical_file(dir, "long_strings", long_cols, (uint32_t)(sizeof long_cols / sizeof long_cols[0]), 20,
                                     &lo, NULL);
    }
    return failed;
}
