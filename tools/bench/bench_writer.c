/*
 * Writer throughput on the sensor logger's table scaled to 10 million rows:
 * once into a sink that only counts (the writer and the row generation,
 * no disk), once into a file.  JSON lines on stdout; DuckDB's anchor line
 * comes from test/interop/bench_duckdb.mjs, which reads that file.
 * usage: bench_writer FILE
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>

#include "../../examples/sensor_logger/logger.h"

#define BENCH_ROWS 10000000u

static uint64_t arena_mem[3u * 1024u * 1024u / 8u];

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static ppq_status_t file_write(void *ctx, const uint8_t *data, size_t len)
{
    return fwrite(data, 1, len, (FILE *)ctx) == len ? PPQ_OK : PPQ_ERR_IO;
}

static int run(const char *label, ppq_sink_t *sink, const ppq_writer_options_t *opts)
{
    uint32_t row_groups = 0, rows = 0;
    double t0 = now(), t;
    ppq_status_t st =
        logger_run(logger_schema, sink, arena_mem, sizeof arena_mem, opts, BENCH_ROWS, &rows, &row_groups);
    t = now() - t0;
    if (st != PPQ_OK || rows != BENCH_ROWS) {
        fprintf(stderr, "bench_writer: %s, %u of %u rows\n", ppq_status_str(st), (unsigned)rows, BENCH_ROWS);
        return 1;
    }
    printf("{\"bench\":\"writer\",\"sink\":\"%s\",\"rows\":%u,\"row_groups\":%u,\"rows_per_s\":%.4g,"
           "\"bytes_per_row\":%.3f,\"arena_bytes\":%zu,\"file_bytes\":%llu}\n",
           label, BENCH_ROWS, (unsigned)row_groups, (double)BENCH_ROWS / t, (double)sink->offset / BENCH_ROWS,
           ppq_writer_arena_size(logger_schema, LOGGER_COLUMNS, opts), (unsigned long long)sink->offset);
    return 0;
}

int main(int argc, char **argv)
{
    ppq_writer_options_t opts;
    ppq_sink_t counting = {NULL, NULL, 0}, file = {file_write, NULL, 0};
    FILE *f;
    int rc;
    if (argc < 2) {
        fprintf(stderr, "usage: bench_writer FILE\n");
        return 2;
    }
    logger_options(&opts, 0);
    opts.footer_bytes = 2u * 1024u * 1024u; /* every row group's metadata, for one file */
    if (run("discard", &counting, &opts) != 0) {
        return 1;
    }
    f = fopen(argv[1], "wb");
    if (f == NULL) {
        fprintf(stderr, "bench_writer: cannot open %s\n", argv[1]);
        return 1;
    }
    file.ctx = f;
    rc = run("file", &file, &opts);
    return fclose(f) != 0 || rc != 0;
}
