/*
 * The writer on the quantized sensor table (tools/sensor_gen.h), as a new
 * user writes it: every column AUTO, the options NULL (defaults), an arena
 * of ppq_writer_arena_size() bytes, column batches of 4096 rows into a file.
 * Only the writer's calls are timed (DuckDB's anchor, bench_duckdb.mjs,
 * times only its COPY of a table it built first), best of RUNS whole runs
 * (as the anchors take theirs: one run on a shared machine varies by a
 * third).  One JSON line with rows/s, bytes/row and row groups.
 * With CODEC (snappy, gzip, zstd, lz4_raw) the options are the defaults
 * plus that page codec at LEVEL (0: the codec's default).
 * With --dict-vs-plain (RATIO_RUNS rounds; each ratio the median of its rounds' ratios, each line its best run): the dictionary path's cost per value against
 * PLAIN's, two ways: the whole table with its three float columns forced
 * to PLAIN and then to DICTIONARY (the rest AUTO), and the four quantized
 * number columns alone (temperature, humidity, pressure, battery_mv),
 * all PLAIN and then all DICTIONARY, into the file and into a sink that
 * only counts (the CPU alone: PLAIN's five times larger output costs
 * nothing there).  Six lines and the ratios.
 * usage: bench_sensor FILE [ROWS] [SEED] [CODEC [LEVEL] | --dict-vs-plain]
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "picoparquet.h"
#include "sensor_gen.h"
#include "bench_util.h"

#define BATCH 4096u
#define RUNS 3
#define RATIO_RUNS 7 /* --dict-vs-plain: rounds, each a ratio; the median of them */

static int64_t b_ts[BATCH];
static float b_t[BATCH], b_h[BATCH];
static double b_p[BATCH];
static uint8_t b_pv[BATCH / 8u];
static int32_t b_batt[BATCH];
static uint8_t b_door[BATCH];
static ppq_bytes_t b_status[BATCH];

static void fill(sensor_gen_t *g, uint32_t n)
{
    sensor_row_t r;
    uint32_t i;
    memset(b_pv, 0, sizeof b_pv);
    for (i = 0; i < n; i++) {
        sensor_gen_next(g, &r);
        b_ts[i] = r.ts;
        b_t[i] = r.temperature;
        b_h[i] = r.humidity;
        b_p[i] = r.pressure;
        b_pv[i / 8u] = (uint8_t)(b_pv[i / 8u] | (r.pressure_valid ? 1u << (i % 8u) : 0u));
        b_batt[i] = r.battery_mv;
        b_door[i] = r.door_open;
        b_status[i] = r.status;
    }
}

/* What one configuration measured. */
typedef struct result {
    double rows_per_s; /* the best of `runs` */
    unsigned long long file_bytes;
    uint32_t row_groups;
    size_t arena_bytes;
} result_t;

/* Write `rows` rows of columns first..first+ncols of the table into path
 * (NULL: a sink that only counts), `runs` times (the same file each run);
 * the best run into *res. */
static ppq_status_t write_table(const ppq_column_t *schema, uint32_t first, uint32_t ncols,
                                const ppq_writer_options_t *o, const char *path, uint32_t rows, uint32_t seed,
                                int runs, result_t *res)
{
    ppq_column_batch_t cols[SENSOR_COLUMNS] = {{b_ts, NULL, NULL}, {b_t, NULL, NULL},    {b_h, NULL, NULL},
                                               {b_p, b_pv, NULL},   {b_batt, NULL, NULL}, {b_door, NULL, NULL},
                                               {b_status, NULL, NULL}};
    size_t arena_len = ppq_writer_arena_size(schema + first, ncols, o);
    void *arena = malloc(arena_len ? arena_len : 1u);
    ppq_sink_t sink = {bench_file_write, NULL, 0};
    ppq_writer_t w;
    sensor_gen_t g;
    uint32_t done, n;
    double secs, t0, best = 0.0;
    ppq_status_t st = arena != NULL && arena_len != 0u ? PPQ_OK : PPQ_ERR_ARENA;
    int run;
    for (run = 0; run < runs && st == PPQ_OK; run++) {
        FILE *f = path != NULL ? fopen(path, "wb") : NULL;
        if (path != NULL && f == NULL) {
            st = PPQ_ERR_IO;
            break;
        }
        sink.write = f != NULL ? bench_file_write : NULL;
        sink.ctx = f;
        sink.offset = 0;
        sensor_gen_init(&g, seed);
        done = 0;
        t0 = bench_now();
        st = ppq_writer_init(&w, schema + first, ncols, o, &sink, arena, arena_len);
        secs = bench_now() - t0;
        while (st == PPQ_OK && done < rows) {
            n = rows - done < BATCH ? rows - done : BATCH;
            fill(&g, n);
            t0 = bench_now();
            st = ppq_writer_write_batch(&w, cols + first, n, NULL);
            secs += bench_now() - t0;
            done += n;
        }
        if (st == PPQ_OK) {
            t0 = bench_now();
            st = ppq_writer_close(&w);
            secs += bench_now() - t0;
        }
        best = run == 0 || secs < best ? secs : best;
        if (f != NULL) {
            fclose(f);
        }
    }
    free(arena);
    res->rows_per_s = st == PPQ_OK ? rows / best : 0.0;
    res->file_bytes = sink.offset;
    res->row_groups = st == PPQ_OK ? w.row_groups : 0u;
    res->arena_bytes = arena_len;
    return st;
}

static void print_line(const char *bench, const char *options, const char *encodings, uint32_t seed, uint32_t rows,
                       int runs, const result_t *r)
{
    printf("{\"bench\": \"%s\", \"api\": \"batch\", \"options\": \"%s\", \"encodings\": \"%s\", \"seed\": %u, "
           "\"rows\": %u, \"rows_per_s\": %.4g, \"bytes_per_row\": %.3f, \"file_bytes\": %llu, \"row_groups\": %u, "
           "\"arena_bytes\": %zu, \"runs\": %d}\n",
           bench, options, encodings, seed, rows, r->rows_per_s, (double)r->file_bytes / rows, r->file_bytes,
           r->row_groups, r->arena_bytes, runs);
}

/* The median of n ratios (n <= RATIO_RUNS), sorted in place. */
static double median(double *x, int n)
{
    int i, j;
    for (i = 1; i < n; i++) { /* insertion sort: a handful */
        double v = x[i];
        for (j = i; j > 0 && x[j - 1] > v; j--) {
            x[j] = x[j - 1];
        }
        x[j] = v;
    }
    return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2.0;
}

/* The four dictionary-against-PLAIN configurations and their ratios (the
 * dictionary's time per value over PLAIN's).  Each round runs every
 * configuration PLAIN and then DICTIONARY back to back, one run each, and
 * takes their ratio; a configuration's ratio is the median over
 * RATIO_RUNS rounds (a burst of load on the shared machine moves one
 * round's pair, not the answer), its rows/s each side's best run. */
static int dict_vs_plain(const char *path, uint32_t rows, uint32_t seed)
{
    static const char *const names[2] = {"plain", "dictionary"};
    static const ppq_column_encoding_t enc[2] = {PPQ_COLUMN_PLAIN, PPQ_COLUMN_DICTIONARY};
    static const char *const configs[3] = {"writer_sensor_floats_%s", "writer_numbers_%s",
                                           "writer_numbers_%s_counting_sink"};
    ppq_column_t schema[SENSOR_COLUMNS] = SENSOR_SCHEMA_AUTO;
    result_t best[3][2], r[2];
    double ratio[3][RATIO_RUNS], mid[3];
    char bench[64];
    int k, round, cfg;
    uint32_t c;
    for (round = 0; round < RATIO_RUNS; round++) {
        for (cfg = 0; cfg < 3; cfg++) {
            for (k = 0; k < 2; k++) {
                for (c = 0; c < SENSOR_COLUMNS; c++) { /* the whole table: floats forced, the rest AUTO; */
                    int forced = cfg == 0 ? schema[c].type == PPQ_FLOAT || schema[c].type == PPQ_DOUBLE
                                          : c >= 1u && c <= 4u; /* else temperature..battery_mv alone */
                    schema[c].encoding = forced ? enc[k] : PPQ_COLUMN_AUTO;
                }
                if (write_table(schema, cfg == 0 ? 0u : 1u, cfg == 0 ? SENSOR_COLUMNS : 4u, NULL,
                                cfg == 2 ? NULL : path, rows, seed, 1, &r[k]) != PPQ_OK) { /* (NULL: the CPU alone) */
                    return 1;
                }
                if (round == 0 || r[k].rows_per_s > best[cfg][k].rows_per_s) {
                    best[cfg][k] = r[k];
                }
            }
            ratio[cfg][round] = r[0].rows_per_s / r[1].rows_per_s;
        }
    }
    for (k = 0; k < 2; k++) {
        for (cfg = 0; cfg < 3; cfg++) {
            snprintf(bench, sizeof bench, configs[cfg], names[k]);
            print_line(bench, "NULL", names[k], seed, rows, RATIO_RUNS, &best[cfg][k]);
        }
    }
    for (cfg = 0; cfg < 3; cfg++) {
        mid[cfg] = median(ratio[cfg], RATIO_RUNS); /* (sorts: ratio[cfg][0] the least) */
    }
    printf("{\"bench\": \"writer_dict_vs_plain\", \"sensor_table_floats_cost_ratio\": %.2f, "
           "\"numbers_only_cost_ratio\": %.2f, \"numbers_only_counting_sink_cost_ratio\": %.2f, "
           "\"counting_sink_ratio_range\": [%.2f, %.2f], \"rounds\": %d, \"target_cost_ratio\": 1.5}\n",
           mid[0], mid[1], mid[2], ratio[2][0], ratio[2][RATIO_RUNS - 1], RATIO_RUNS);
    return 0;
}

int main(int argc, char **argv)
{
    static const ppq_column_t schema[SENSOR_COLUMNS] = SENSOR_SCHEMA_AUTO;
    uint32_t rows = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 10000000u;
    uint32_t seed = argc > 3 ? (uint32_t)strtoul(argv[3], NULL, 10) : 1u;
    const char *codec = argc > 4 ? argv[4] : NULL;
    ppq_writer_options_t opts;
    const ppq_writer_options_t *o = NULL;
    result_t r;
    char bench[64];
    ppq_status_t st;
    unsigned k;
    if (argc < 2 || rows == 0u) {
        fprintf(stderr, "usage: bench_sensor FILE [ROWS] [SEED] [CODEC [LEVEL] | --dict-vs-plain | --no-bloom]\n");
        return 2;
    }
    if (codec != NULL && strcmp(codec, "--dict-vs-plain") == 0) {
        return dict_vs_plain(argv[1], rows, seed);
    }
    memset(&opts, 0, sizeof opts);
    if (codec != NULL && strcmp(codec, "--no-bloom") == 0) { /* the defaults without bloom filters */
        opts.no_bloom = 1;
        o = &opts;
    }
    for (k = 1; codec != NULL && k <= (unsigned)PPQ_CODEC_LZ4_RAW; k++) { /* the library's names, any case */
        if (strcasecmp(codec, ppq_codec_name((ppq_codec_t)k)) == 0) {
            opts.codec = (ppq_codec_t)k;
            opts.codec_level = argc > 5 ? (int32_t)strtol(argv[5], NULL, 10) : 0;
            o = &opts;
        }
    }
    if (codec != NULL && o == NULL) {
        fprintf(stderr, "bench_sensor: unknown codec %s\n", codec);
        return 2;
    }
    st = write_table(schema, 0, SENSOR_COLUMNS, o, argv[1], rows, seed, RUNS, &r);
    if (st != PPQ_OK) {
        printf("{\"bench\": \"writer_sensor\", \"error\": \"%s\"}\n", ppq_status_str(st));
        return 1;
    }
    snprintf(bench, sizeof bench, "writer_sensor%s%s", o != NULL ? "_" : "",
             o == NULL ? "" : opts.no_bloom ? "no_bloom" : codec);
    print_line(bench, o == NULL ? "NULL" : opts.no_bloom ? "defaults, no_bloom" : "defaults + codec", "AUTO", seed, rows,
               RUNS, &r);
    return 0;
}
