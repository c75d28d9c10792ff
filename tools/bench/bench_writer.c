/*
 * Writer throughput on the sensor logger's table scaled to 10 million rows:
 * into a sink that only counts (the writer and the row generation, no
 * disk), in column batches of 4096 rows and, for comparison, row by row;
 * then in batches into a file.  JSON lines on stdout; DuckDB's anchor line
 * comes from test/interop/bench_duckdb.mjs, which reads that file.
 * Then power-loss recovery: a log of about 100 MB in memory, cut inside
 * its last row group, recovered (copy into a counting sink, and in place);
 * and the bytes the recovery records add to the demo's day.
 * usage: bench_writer FILE | --recover (only the recovery lines) | --batch (only the batch line)
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../examples/sensor_logger/logger.h"
#include "recover_util.h"
#include "bench_util.h"

#define BENCH_ROWS 10000000u

static uint64_t arena_mem[3u * 1024u * 1024u / 8u];

/* The logger's rows in column batches of BATCH rows, as firmware that
 * buffers its samples would hand them over. */
#define BATCH 4096u
static int64_t b_ts[BATCH];
static float b_temperature[BATCH], b_humidity[BATCH];
static double b_pressure[BATCH];
static uint8_t b_pressure_valid[BATCH / 8u];
static int32_t b_battery[BATCH];
static uint8_t b_door[BATCH];
static ppq_bytes_t b_status[BATCH];

/* Seconds spent in the writer's calls: DuckDB's anchor times only its
 * COPY of a table built beforehand, so the batches' generation is not
 * counted here either. */
static double writer_seconds;

static ppq_status_t logger_run_batches(ppq_sink_t *sink, const ppq_writer_options_t *opts, uint32_t rows,
                                       uint32_t *written, uint32_t *row_groups)
{
    double t0;
    ppq_column_batch_t cols[LOGGER_COLUMNS] = {{b_ts, NULL, NULL},      {b_temperature, NULL, NULL},
                                               {b_humidity, NULL, NULL}, {b_pressure, b_pressure_valid, NULL},
                                               {b_battery, NULL, NULL},  {b_door, NULL, NULL},
                                               {b_status, NULL, NULL}};
    ppq_writer_t w;
    logger_gen_t g;
    logger_row_t row;
    uint32_t done = 0, n, i, got = 0;
    ppq_status_t st;
    t0 = bench_now();
    st = ppq_writer_init(&w, logger_schema, LOGGER_COLUMNS, opts, sink, arena_mem, sizeof arena_mem);
    writer_seconds = bench_now() - t0;
    logger_gen_init(&g);
    while (done < rows && st == PPQ_OK) {
        n = rows - done < BATCH ? rows - done : BATCH;
        memset(b_pressure_valid, 0, sizeof b_pressure_valid);
        for (i = 0; i < n; i++) {
            logger_gen_next(&g, &row);
            b_ts[i] = row.ts;
            b_temperature[i] = row.temperature;
            b_humidity[i] = row.humidity;
            b_pressure[i] = row.pressure;
            b_pressure_valid[i / 8u] = (uint8_t)(b_pressure_valid[i / 8u] | (row.pressure_valid ? 1u << (i % 8u) : 0u));
            b_battery[i] = row.battery_mv;
            b_door[i] = row.door_open;
            b_status[i] = row.status;
        }
        t0 = bench_now();
        st = ppq_writer_write_batch(&w, cols, n, &got);
        writer_seconds += bench_now() - t0;
        done += got;
    }
    t0 = bench_now();
    if (st == PPQ_OK) {
        st = ppq_writer_close(&w);
    }
    writer_seconds += bench_now() - t0;
    *written = done;
    *row_groups = w.row_groups;
    return st;
}

/* Batches into a counting sink run RUNS times, the best taken (as the
 * DuckDB anchor takes its best of three); the file and row lines once. */
#define RUNS 3

static int run(const char *label, const char *api, ppq_sink_t *sink, const ppq_writer_options_t *opts)
{
    uint32_t row_groups = 0, rows = 0;
    logger_files_t one = {sink, NULL, NULL};
    logger_counts_t counts = {0, 0, 0};
    int k, runs = api[0] == 'b' && sink->write == NULL ? RUNS : 1;
    double t0 = bench_now(), t = 0.0;
    ppq_status_t st = PPQ_OK;
    for (k = 0; k < runs && st == PPQ_OK; k++) {
        sink->offset = 0;
        t0 = bench_now();
        st = api[0] == 'b' ? logger_run_batches(sink, opts, BENCH_ROWS, &rows, &row_groups)
                           : logger_run(logger_schema, &one, arena_mem, sizeof arena_mem, opts, BENCH_ROWS, &counts);
        rows = api[0] == 'b' ? rows : counts.rows;
        row_groups = api[0] == 'b' ? row_groups : counts.row_groups;
        writer_seconds = api[0] == 'b' ? writer_seconds : bench_now() - t0; /* rows: the generation is inside, a few ns a row */
        t = k == 0 || writer_seconds < t ? writer_seconds : t;
    }
    if (st != PPQ_OK || rows != BENCH_ROWS) {
        fprintf(stderr, "bench_writer: %s, %u of %u rows\n", ppq_status_str(st), (unsigned)rows, BENCH_ROWS);
        return 1;
    }
    printf("{\"bench\":\"writer\",\"sink\":\"%s\",\"api\":\"%s\",\"rows\":%u,\"row_groups\":%u,\"rows_per_s\":%.4g,"
           "\"bytes_per_row\":%.3f,\"arena_bytes\":%zu,\"file_bytes\":%llu}\n",
           label, api, BENCH_ROWS, (unsigned)row_groups, (double)BENCH_ROWS / t, (double)sink->offset / BENCH_ROWS,
           ppq_writer_arena_size(logger_schema, LOGGER_COLUMNS, opts), (unsigned long long)sink->offset);
    return 0;
}

/* ---- recovery ---- */

#define RECOVER_ROWS 6000000u /* about 100 MB at the demo's 16.5 bytes per row */
#define RECOVER_REPS 5

static int bench_recover(void)
{
    static uint64_t rec_arena[1024u * 1024u / 8u];
    ppq_writer_options_t opts;
    ppq_memsink_t mem;
    ppq_sink_t sink;
    ppq_recover_result_t res;
    ppq_file_t f;
    mfile_t m;
    size_t cap = 160u * 1024u * 1024u, cut;
    double copy_s[RECOVER_REPS], place_s[RECOVER_REPS];
    uint32_t groups = 0, plain_groups = 0;
    logger_files_t one = {&sink, NULL, NULL};
    logger_counts_t counts = {0, 0, 0};
    uint64_t with = 0, without;
    int i;
    uint8_t *buf = (uint8_t *)malloc(cap);
    if (buf == NULL) {
        return 1;
    }
    logger_options(&opts, 0);
    opts.footer_bytes = 2u * 1024u * 1024u;
    ppq_sink_init_mem(&sink, &mem, buf, cap);
    if (logger_run(logger_schema, &one, arena_mem, sizeof arena_mem, &opts, RECOVER_ROWS, &counts) != PPQ_OK) {
        free(buf);
        return 1;
    }
    cut = mem.len - ppq_load_le32(buf + mem.len - 8) - 8u - 1000u; /* inside the last row group */
    for (i = 0; i < RECOVER_REPS; i++) {
        ppq_sink_t count = {NULL, NULL, 0};
        double t0;
        mfile_init(&f, &m, buf, cut, cap); /* the cut log again (in place shortened it) */
        t0 = bench_now();
        if (ppq_recover_copy(&f, &count, rec_arena, sizeof rec_arena, &res) != PPQ_OK) {
            free(buf);
            return 1;
        }
        copy_s[i] = bench_now() - t0;
        t0 = bench_now();
        if (ppq_recover_in_place(&f, rec_arena, sizeof rec_arena, &res) != PPQ_OK) {
            free(buf);
            return 1;
        }
        place_s[i] = bench_now() - t0;
    }
    qsort(copy_s, RECOVER_REPS, sizeof copy_s[0], bench_cmp_double);
    qsort(place_s, RECOVER_REPS, sizeof place_s[0], bench_cmp_double);
    printf("{\"bench\":\"recover\",\"mode\":\"copy\",\"input_bytes\":%zu,\"row_groups_kept\":%u,\"rows_kept\":%llu,"
           "\"mb_per_s\":%.1f}\n",
           cut, (unsigned)res.row_groups, (unsigned long long)res.rows, (double)cut / copy_s[RECOVER_REPS / 2] / 1e6);
    printf("{\"bench\":\"recover\",\"mode\":\"in_place\",\"input_bytes\":%zu,\"row_groups_kept\":%u,"
           "\"mb_per_s\":%.1f}\n",
           cut, (unsigned)res.row_groups, (double)cut / place_s[RECOVER_REPS / 2] / 1e6);
    /* what the records cost the demo's day */
    ppq_sink_init_counter(&sink);
    (void)logger_run(logger_schema, &one, arena_mem, sizeof arena_mem, &opts, LOGGER_ROWS, &counts);
    groups = counts.row_groups;
    with = sink.offset;
    opts.recovery = 0;
    opts.page_crc = 1; /* as the recovery option would force */
    ppq_sink_init_counter(&sink);
    (void)logger_run(logger_schema, &one, arena_mem, sizeof arena_mem, &opts, LOGGER_ROWS, &counts);
    plain_groups = counts.row_groups;
    without = sink.offset;
    printf("{\"bench\":\"recover_overhead\",\"schema\":\"demo\",\"rows\":%u,\"row_groups\":%u,"
           "\"header_record_bytes\":%u,\"row_group_record_bytes\":%u,\"file_overhead_bytes\":%lld}\n",
           (unsigned)LOGGER_ROWS, (unsigned)groups, (unsigned)(12u + ppq_load_le32(buf + 8)),
           (unsigned)PPQ_RECOVER_GROUP_RECORD, (long long)with - (long long)without);
    free(buf);
    return plain_groups != groups;
}

int main(int argc, char **argv)
{
    ppq_writer_options_t opts;
    ppq_sink_t counting = {NULL, NULL, 0}, file = {bench_file_write, NULL, 0};
    FILE *f;
    int rc;
    if (argc < 2) {
        fprintf(stderr, "usage: bench_writer FILE\n");
        return 2;
    }
    if (strcmp(argv[1], "--recover") == 0) {
        return bench_recover();
    }
    if (strcmp(argv[1], "--batch") == 0) { /* the batch line alone, e.g. under perf */
        logger_options(&opts, 0);
        opts.footer_bytes = 2u * 1024u * 1024u;
        return run("discard", "batch", &counting, &opts);
    }
    logger_options(&opts, 0);
    opts.footer_bytes = 2u * 1024u * 1024u; /* every row group's metadata, for one file */
    if (run("discard", "batch", &counting, &opts) != 0) {
        return 1;
    }
    if (run("discard-rows", "rows", &counting, &opts) != 0) {
        return 1;
    }
    f = fopen(argv[1], "wb");
    if (f == NULL) {
        fprintf(stderr, "bench_writer: cannot open %s\n", argv[1]);
        return 1;
    }
    file.ctx = f;
    rc = run("file", "batch", &file, &opts);
    if (fclose(f) != 0 || rc != 0) {
        return 1;
    }
    return bench_recover();
}
