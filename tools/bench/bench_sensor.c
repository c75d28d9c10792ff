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
 * usage: bench_sensor FILE [ROWS] [SEED] [CODEC [LEVEL]]
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

static const ppq_column_t schema[SENSOR_COLUMNS] = SENSOR_SCHEMA_AUTO;

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

int main(int argc, char **argv)
{
    ppq_column_batch_t cols[SENSOR_COLUMNS] = {{b_ts, NULL, NULL}, {b_t, NULL, NULL},    {b_h, NULL, NULL},
                                               {b_p, b_pv, NULL},   {b_batt, NULL, NULL}, {b_door, NULL, NULL},
                                               {b_status, NULL, NULL}};
    uint32_t rows = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 10000000u;
    uint32_t seed = argc > 3 ? (uint32_t)strtoul(argv[3], NULL, 10) : 1u;
    const char *codec = argc > 4 ? argv[4] : NULL;
    ppq_writer_options_t opts;
    const ppq_writer_options_t *o = NULL;
    size_t arena_len;
    unsigned k;
    memset(&opts, 0, sizeof opts);
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
    arena_len = ppq_writer_arena_size(schema, SENSOR_COLUMNS, o);
    void *arena = malloc(arena_len ? arena_len : 1u);
    FILE *f;
    ppq_sink_t sink = {bench_file_write, NULL, 0};
    ppq_writer_t w;
    sensor_gen_t g;
    uint32_t done, n;
    double secs, t0, best = 0.0;
    ppq_status_t st = PPQ_OK;
    int run;
    if (argc < 2 || arena == NULL || arena_len == 0u) {
        fprintf(stderr, "usage: bench_sensor FILE [ROWS] [SEED] [CODEC [LEVEL]]\n");
        return 2;
    }
    for (run = 0; run < RUNS && st == PPQ_OK; run++) { /* the same file each run */
        f = fopen(argv[1], "wb");
        if (f == NULL) {
            fprintf(stderr, "bench_sensor: cannot write %s\n", argv[1]);
            return 2;
        }
        sink.ctx = f;
        sink.offset = 0;
        sensor_gen_init(&g, seed);
        done = 0;
        t0 = bench_now();
        st = ppq_writer_init(&w, schema, SENSOR_COLUMNS, o, &sink, arena, arena_len);
        secs = bench_now() - t0;
        while (st == PPQ_OK && done < rows) {
            n = rows - done < BATCH ? rows - done : BATCH;
            fill(&g, n);
            t0 = bench_now();
            st = ppq_writer_write_batch(&w, cols, n, NULL);
            secs += bench_now() - t0;
            done += n;
        }
        if (st == PPQ_OK) {
            t0 = bench_now();
            st = ppq_writer_close(&w);
            secs += bench_now() - t0;
        }
        best = run == 0 || secs < best ? secs : best;
        fclose(f);
    }
    if (st != PPQ_OK) {
        printf("{\"bench\": \"writer_sensor\", \"error\": \"%s\", \"rows_written\": %llu}\n", ppq_status_str(st),
               (unsigned long long)ppq_writer_rows(&w));
        return 1;
    }
    printf("{\"bench\": \"writer_sensor%s%s\", \"api\": \"batch\", \"options\": \"%s\", \"encodings\": \"AUTO\", "
           "\"seed\": %u, \"rows\": %u, \"rows_per_s\": %.4g, \"bytes_per_row\": %.3f, \"file_bytes\": %llu, "
           "\"row_groups\": %u, \"arena_bytes\": %zu, \"runs\": %d}\n",
           o != NULL ? "_" : "", o != NULL ? codec : "", o != NULL ? "defaults + codec" : "NULL", seed, rows, rows / best,
           (double)sink.offset / rows, (unsigned long long)sink.offset, w.row_groups, arena_len, RUNS);
    free(arena);
    return 0;
}
