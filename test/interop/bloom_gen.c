/*
 * Bloom filters and sorting_columns across implementations (issue 30):
 *
 *   bloom_gen gen DIR
 *     writes DIR/bloom_*.parquet with picoparquet's writer and beside each a
 *     .json of its rows and the sorting_columns each row group should carry
 *     (bloom_check.mjs reads them with DuckDB and hyparquet);
 *   bloom_gen probe FILE COLUMN TYPE < values
 *     probes leaf column COLUMN's bloom filter in every row group of FILE
 *     (any writer's: the footer walked here, the filter read with
 *     ppq_bloom_header_read, the value hashed with ppq_bloom_hash_*) for
 *     each value on stdin (one a line; TYPE s: a string's UTF-8 bytes, i32,
 *     i64, f64: a decimal number); prints a line per value, a character per
 *     row group: 'x' definitely absent, '.' perhaps present, '-' no filter.
 *
 * The files:
 *   bloom_sensor     20,000 rows in 4 row groups, the writer's default options
 *                    (AUTO's filters) and ts ascending; status, site and device
 *                    dictionary-encoded (their filters), temperature and ts not
 *   bloom_options    bloom_columns naming temperature (DICTIONARY) and device,
 *                    bloom_fpp 0.1%, v2 pages, recovery records, sorted by
 *                    ts then device (descending, nulls first): row group 1
 *                    out of order
 *   bloom_recovered  bloom_sensor's schema written with recovery, cut at 70% of
 *                    its bytes and recovered with ppq_recover_copy
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"
#include "ppq_bloom.h"
#include "ppq_recover.h"
#include "ppq_thrift.h"

static uint64_t arena_mem[4 * 1024 * 1024 / 8];
static uint8_t file_mem[16 * 1024 * 1024];
static uint8_t out_mem[16 * 1024 * 1024];

static const char *const statuses[] = {"ok", "warn", "sensor_err", "boot", "low_battery", "calibrating"};

#define TS0 1767225600000000ll /* 2026-01-01T00:00:00Z in microseconds */

/* Row i of the sensor table (rows of group `g`, its order broken where asked). */
typedef struct row {
    int64_t ts;
    int32_t device;
    const char *status;
    double temperature;
    char site[16];
} row_t;

static void row_at(uint32_t i, row_t *r)
{
    uint64_t x = (uint64_t)i * 0x9E3779B97F4A7C15ull;
    x ^= x >> 29;
    r->ts = TS0 + (int64_t)i * 1000000;
    r->device = (int32_t)(x % 50u) * 7 + 3;
    r->status = statuses[(x >> 8) % 6u];
    r->temperature = 15.0 + (double)((x >> 16) % 400u) * 0.0625;
    snprintf(r->site, sizeof r->site, "site-%03u", (unsigned)((x >> 24) % 300u));
}

static const ppq_column_t schema[] = {
    {"ts", PPQ_INT64, 0, 0, {PPQ_LOGICAL_TIMESTAMP, 0, 0, 1, PPQ_UNIT_MICROS, 0, 0}, PPQ_COLUMN_AUTO},
    {"device", PPQ_INT32, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},
    {"status", PPQ_BYTE_ARRAY, 0, 0, {PPQ_LOGICAL_STRING, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},
    {"temperature", PPQ_DOUBLE, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},
    {"site", PPQ_BYTE_ARRAY, 0, 1, {PPQ_LOGICAL_STRING, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},
};
#define NCOLS 5u

static int fail(const char *what, ppq_status_t st)
{
    fprintf(stderr, "bloom_gen: %s: %s\n", what, ppq_status_str(st));
    return 1;
}

/* Write `rows` rows (row groups of `rg`) into file_mem: its length, or 0.
 * `order`: the rows of row group 1 in reverse. */
static size_t write_table(const ppq_writer_options_t *o, const ppq_column_t *cols, uint32_t rows, int order,
                          FILE *json)
{
    ppq_writer_t w;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    uint32_t k;
    ppq_status_t st;
    ppq_sink_init_mem(&sink, &mem, file_mem, sizeof file_mem);
    st = ppq_writer_init(&w, cols, NCOLS, o, &sink, arena_mem, sizeof arena_mem);
    if (st != PPQ_OK) {
        fail("init", st);
        return 0;
    }
    if (json != NULL) {
        fputs("{\"rows\":[", json);
    }
    for (k = 0; k < rows && st == PPQ_OK; k++) {
        uint32_t g = k / o->row_group_rows, i = k;
        row_t r;
        if (order && g == 1u) { /* reversed */
            i = g * o->row_group_rows + (o->row_group_rows - 1u - k % o->row_group_rows);
        }
        row_at(i, &r);
        st = ppq_writer_set_i64(&w, 0, r.ts);
        st = st == PPQ_OK ? ppq_writer_set_i32(&w, 1, r.device) : st;
        st = st == PPQ_OK ? ppq_writer_set_bytes(&w, 2, r.status, (uint32_t)strlen(r.status)) : st;
        st = st == PPQ_OK ? ppq_writer_set_double(&w, 3, r.temperature) : st;
        if (st == PPQ_OK) {
            st = i % 17u == 5u ? ppq_writer_set_null(&w, 4) : ppq_writer_set_bytes(&w, 4, r.site, (uint32_t)strlen(r.site));
        }
        st = st == PPQ_OK ? ppq_writer_commit_row(&w) : st;
        if (json != NULL) {
            fprintf(json, "%s[\"%" PRId64 "\",%d,\"%s\",%.17g,", k ? "," : "", r.ts, (int)r.device, r.status, r.temperature);
            if (i % 17u == 5u) {
                fputs("null]", json);
            } else {
                fprintf(json, "\"%s\"]", r.site);
            }
        }
    }
    st = st == PPQ_OK ? ppq_writer_close(&w) : st;
    if (st != PPQ_OK) {
        fail("write", st);
        return 0;
    }
    return mem.len;
}

static int save(const char *dir, const char *name, const uint8_t *data, size_t len)
{
    char path[1024];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s.parquet", dir, name);
    f = fopen(path, "wb");
    if (f == NULL || fwrite(data, 1, len, f) != len || fclose(f) != 0) {
        fprintf(stderr, "bloom_gen: cannot write %s\n", path);
        return 1;
    }
    return 0;
}

static FILE *json_open(const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.json", dir, name);
    return fopen(path, "w");
}

/* The json's end: each row group's sorting_columns as written. */
static void json_end(FILE *j, const ppq_writer_options_t *o, uint32_t groups, int broken_group, uint32_t filtered_mask,
                     uint32_t fpp)
{
    uint32_t g, k;
    fputs("],\"sorting\":[", j);
    for (g = 0; g < groups; g++) {
        fputs(g ? ",[" : "[", j);
        for (k = 0; k < o->sorting_count && (int)g != broken_group; k++) {
            fprintf(j, "%s{\"column_idx\":%u,\"descending\":%s,\"nulls_first\":%s}", k ? "," : "",
                    (unsigned)o->sorting_columns[k].column, o->sorting_columns[k].descending ? "true" : "false",
                    o->sorting_columns[k].nulls_first ? "true" : "false");
        }
        fputs("]", j);
    }
    fprintf(j, "],\"filtered\":%u,\"fpp\":%u,\"row_group_rows\":%u}\n", (unsigned)filtered_mask, (unsigned)fpp,
            (unsigned)o->row_group_rows);
    fclose(j);
}

static ppq_status_t mf_read_at(void *ctx, uint64_t off, uint8_t *buf, size_t len, size_t *got)
{
    size_t size = *(size_t *)ctx;
    *got = off >= size ? 0 : (size - off < len ? size - (size_t)off : len);
    memcpy(buf, file_mem + off, *got);
    return PPQ_OK;
}

static int gen(const char *dir)
{
    static const ppq_sorting_column_t by_ts[] = {{0, 0, 0}};
    static const ppq_sorting_column_t by_ts_device[] = {{0, 0, 0}, {1, 1, 1}};
    static const uint8_t named[NCOLS] = {0, 1, 0, 1, 0};
    ppq_column_t cols[NCOLS];
    ppq_writer_options_t o;
    size_t len;
    FILE *j;
    memcpy(cols, schema, sizeof cols);

    /* the defaults, but rows per row group and the sort */
    memset(&o, 0, sizeof o);
    o.row_group_rows = 5000;
    o.sorting_columns = by_ts;
    o.sorting_count = 1;
    j = json_open(dir, "bloom_sensor");
    len = write_table(&o, cols, 20000, 0, j);
    if (len == 0 || save(dir, "bloom_sensor", file_mem, len)) {
        return 1;
    }
    json_end(j, &o, 4, -1, 1u << 1 | 1u << 2 | 1u << 4, 10000);

    /* named columns, 0.1%, v2 pages, recovery records, sorted by ts then
     * device (descending, nulls first), broken in row group 1 (its rows
     * reversed) */
    memset(&o, 0, sizeof o);
    o.row_group_rows = 4000;
    o.bloom_columns = named;
    o.bloom_fpp = 1000;
    o.page_v2 = 1;
    o.recovery = 1;
    o.sorting_columns = by_ts_device;
    o.sorting_count = 2;
    cols[3].encoding = PPQ_COLUMN_DICTIONARY;
    j = json_open(dir, "bloom_options");
    len = write_table(&o, cols, 12000, 1, j);
    if (len == 0 || save(dir, "bloom_options", file_mem, len)) {
        return 1;
    }
    json_end(j, &o, 3, 1, 1u << 1 | 1u << 3, 1000);

    /* recovery: the sensor table with records, cut at 70% */
    memcpy(cols, schema, sizeof cols);
    memset(&o, 0, sizeof o);
    o.row_group_rows = 5000;
    o.recovery = 1;
    j = json_open(dir, "bloom_recovered");
    len = write_table(&o, cols, 20000, 0, j);
    if (len == 0) {
        return 1;
    }
    {
        ppq_file_t f;
        ppq_sink_t sink;
        ppq_memsink_t mem;
        ppq_recover_result_t res;
        size_t cut = len / 10u * 7u;
        ppq_status_t st;
        static uint8_t rarena[65536];
        memset(&f, 0, sizeof f);
        f.read_at = mf_read_at;
        f.ctx = &cut;
        f.size = cut;
        ppq_sink_init_mem(&sink, &mem, out_mem, sizeof out_mem);
        st = ppq_recover_copy(&f, &sink, rarena, sizeof rarena, &res);
        if (st != PPQ_OK) {
            return fail("recover", st);
        }
        if (save(dir, "bloom_recovered", out_mem, mem.len)) {
            return 1;
        }
        fprintf(j, "],\"kept_rows\":%" PRIu64 ",\"sorting\":[", res.rows);
        fprintf(j, "],\"filtered\":%u,\"fpp\":10000,\"row_group_rows\":5000}\n", 1u << 1 | 1u << 2 | 1u << 4);
        fclose(j);
    }
    return 0;
}

/* ---- the probe --------------------------------------------------------------------- */

#define MAX_GROUPS 4096u

static int64_t bloom_off[MAX_GROUPS];
static int32_t bloom_len[MAX_GROUPS];

/* Column `want`'s bloom_filter_offset and _length in every row group. */
static ppq_status_t walk(const uint8_t *file, size_t len, uint32_t want, uint32_t *groups)
{
    ppq_thrift_r_t r;
    int16_t id;
    ppq_thrift_type_t t;
    uint32_t flen;
    ppq_status_t st = PPQ_OK;
    *groups = 0;
    if (len < 12 || memcmp(file + len - 4, "PAR1", 4) != 0) {
        return PPQ_ERR_CORRUPT;
    }
    flen = ppq_load_le32(file + len - 8);
    if (flen > len - 12) {
        return PPQ_ERR_CORRUPT;
    }
    ppq_thrift_r_init(&r, file + len - 8 - flen, flen);
    while (st == PPQ_OK && (st = ppq_thrift_r_field(&r, &id, &t)) == PPQ_OK && t != PPQ_THRIFT_STOP) {
        ppq_thrift_type_t et;
        uint32_t g, n;
        if (id != 4) {
            st = ppq_thrift_r_skip(&r, t);
            continue;
        }
        st = ppq_thrift_r_list(&r, t, &et, &n);
        for (g = 0; g < n && g < MAX_GROUPS && st == PPQ_OK; g++) {
            int16_t gid;
            ppq_thrift_type_t gt;
            bloom_off[g] = -1;
            bloom_len[g] = 0;
            st = ppq_thrift_r_struct(&r, et);
            while (st == PPQ_OK && (st = ppq_thrift_r_field(&r, &gid, &gt)) == PPQ_OK && gt != PPQ_THRIFT_STOP) {
                ppq_thrift_type_t ct;
                uint32_t nc, c;
                if (gid != 1) {
                    st = ppq_thrift_r_skip(&r, gt);
                    continue;
                }
                st = ppq_thrift_r_list(&r, gt, &ct, &nc);
                for (c = 0; c < nc && st == PPQ_OK; c++) {
                    int16_t cid;
                    ppq_thrift_type_t cty;
                    st = ppq_thrift_r_struct(&r, ct);
                    while (st == PPQ_OK && (st = ppq_thrift_r_field(&r, &cid, &cty)) == PPQ_OK && cty != PPQ_THRIFT_STOP) {
                        int16_t mid;
                        ppq_thrift_type_t mt;
                        if (cid != 3 || c != want) {
                            st = ppq_thrift_r_skip(&r, cty);
                            continue;
                        }
                        st = ppq_thrift_r_struct(&r, cty);
                        while (st == PPQ_OK && (st = ppq_thrift_r_field(&r, &mid, &mt)) == PPQ_OK && mt != PPQ_THRIFT_STOP) {
                            st = mid == 14   ? ppq_thrift_r_i64(&r, mt, &bloom_off[g])
                                 : mid == 15 ? ppq_thrift_r_i32(&r, mt, &bloom_len[g])
                                             : ppq_thrift_r_skip(&r, mt);
                        }
                    }
                }
            }
            *groups = g + 1u;
        }
    }
    return st;
}

static int probe(const char *path, uint32_t col, const char *type)
{
    static uint8_t *file;
    FILE *f = fopen(path, "rb");
    size_t len;
    uint32_t groups, g;
    char line[4096];
    ppq_status_t st;
    if (f == NULL) {
        fprintf(stderr, "bloom_gen: cannot read %s\n", path);
        return 1;
    }
    fseek(f, 0, SEEK_END);
    len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    file = (uint8_t *)malloc(len ? len : 1);
    if (file == NULL || fread(file, 1, len, f) != len) {
        return 1;
    }
    fclose(f);
    st = walk(file, len, col, &groups);
    if (st != PPQ_OK) {
        return fail("footer", st);
    }
    while (fgets(line, sizeof line, stdin) != NULL) {
        size_t n = strcspn(line, "\r\n");
        uint64_t h;
        line[n] = '\0';
        if (strcmp(type, "s") == 0) {
            h = ppq_bloom_hash_bytes(line, n);
        } else if (strcmp(type, "i32") == 0) {
            h = ppq_bloom_hash_i32((int32_t)strtol(line, NULL, 10));
        } else if (strcmp(type, "i64") == 0) {
            h = ppq_bloom_hash_i64((int64_t)strtoll(line, NULL, 10));
        } else {
            h = ppq_bloom_hash_double(strtod(line, NULL));
        }
        for (g = 0; g < groups; g++) {
            uint32_t bytes = 0;
            size_t hl = 0;
            char c = '-';
            if (bloom_off[g] >= 0 && (uint64_t)bloom_off[g] < len) {
                size_t avail = len - (size_t)bloom_off[g];
                st = ppq_bloom_header_read(file + bloom_off[g], avail, PPQ_BLOOM_MAX_BYTES, &bytes, &hl);
                if (st != PPQ_OK || hl + bytes > avail) {
                    return fail("filter", st != PPQ_OK ? st : PPQ_ERR_CORRUPT);
                }
                c = ppq_bloom_check(file + bloom_off[g] + hl, bytes, h) ? '.' : 'x';
            }
            putchar(c);
        }
        putchar('\n');
    }
    free(file);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "gen") == 0) {
        return gen(argv[2]);
    }
    if (argc == 5 && strcmp(argv[1], "probe") == 0) {
        return probe(argv[2], (uint32_t)strtoul(argv[3], NULL, 10), argv[4]);
    }
    fprintf(stderr, "usage: bloom_gen gen DIR | bloom_gen probe FILE COLUMN s|i32|i64|f64 < values\n");
    return 2;
}
