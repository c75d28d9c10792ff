/*
 * The writer on a nested table (issue 29): each row a timestamp (1 s
 * apart) and a burst of 256 accelerometer samples (LIST<FLOAT>, a 1 kHz
 * vibration: a sine of a slowly drifting amplitude plus a little noise,
 * quantized to 0.001 g as a sensor's ADC gives them), every column AUTO,
 * the options NULL, through ppq_writer_write_levels in batches of 64 rows.
 * Only the writer's calls are timed, best of RUNS whole runs, as
 * bench_sensor does (DuckDB's anchor, bench_duckdb.mjs, reads this file into
 * a table and times its COPY).  One JSON line: rows/s, values/s (samples
 * and timestamps), bytes.
 * usage: bench_nested FILE [ROWS]
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"
#include "bench_util.h"

#define BURST 256u
#define BATCH 64u /* rows a write_levels call */
#define RUNS 3

static const ppq_column_t leaves[] = {
    {"ts", PPQ_INT64, 0, 0, {PPQ_LOGICAL_TIMESTAMP, 0, 0, 1, PPQ_UNIT_MICROS, 0, 0}, PPQ_COLUMN_AUTO},
    {"element", PPQ_FLOAT, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},
};
static const ppq_node_t nodes[] = {
    {NULL, PPQ_NODE_LEAF, PPQ_REQUIRED, 0}, /* ts */
    {"burst", PPQ_NODE_LIST, PPQ_REQUIRED, 1},
    {"list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1},
    {NULL, PPQ_NODE_LEAF, PPQ_REQUIRED, 0}, /* burst.list.element */
};
static const ppq_schema_t schema = {nodes, 4, leaves, 2};

static float *samples; /* every row's burst, generated before the clock starts */
static int16_t s_def[BATCH * BURST], s_rep[BATCH * BURST];
static int64_t ts[BATCH];

static void generate(uint32_t rows)
{
    uint64_t x = 0x9E3779B97F4A7C15ull;
    uint32_t r, i;
    double amp = 0.5;
    for (r = 0; r < rows; r++) {
        amp += (double)((int)((x >> 33) % 21u) - 10) * 0.001; /* the machine's vibration drifts */
        amp = amp < 0.1 ? 0.1 : amp > 2.0 ? 2.0 : amp;
        for (i = 0; i < BURST; i++) {
            double noise;
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            noise = (double)((int)((x >> 40) % 11u) - 5) * 0.002;
            samples[(size_t)r * BURST + i] =
                (float)(floor((amp * sin(2.0 * 3.14159265358979 * 50.0 * i / 1000.0) + noise) * 1000.0 + 0.5) / 1000.0);
        }
    }
}

/* Write `rows` rows to `out`; the seconds the writer's calls took. */
static double write_all(ppq_sink_t *out, uint32_t rows, void *arena, size_t arena_len)
{
    ppq_writer_t w;
    ppq_leaf_batch_t b[2];
    uint32_t r, i;
    double t, spent = 0;
    if (ppq_writer_init_nested(&w, &schema, NULL, out, arena, arena_len) != PPQ_OK) {
        fprintf(stderr, "bench_nested: init failed\n");
        exit(1);
    }
    for (i = 0; i < BATCH * BURST; i++) { /* each record: 256 entries, the first rep 0 */
        s_def[i] = 1;
        s_rep[i] = i % BURST == 0u ? 0 : 1;
    }
    for (r = 0; r < rows; r += BATCH) {
        uint32_t n = rows - r < BATCH ? rows - r : BATCH, k;
        for (k = 0; k < n; k++) {
            ts[k] = 1767225600000000LL + (int64_t)(r + k) * 1000000;
        }
        b[0].values = ts;
        b[0].def = NULL;
        b[0].rep = NULL;
        b[0].entries = n;
        b[1].values = samples + (size_t)r * BURST;
        b[1].def = s_def;
        b[1].rep = s_rep;
        b[1].entries = n * BURST;
        t = bench_now();
        if (ppq_writer_write_levels(&w, b, n, NULL) != PPQ_OK) {
            fprintf(stderr, "bench_nested: write_levels failed\n");
            exit(1);
        }
        spent += bench_now() - t;
    }
    t = bench_now();
    if (ppq_writer_close(&w) != PPQ_OK) {
        fprintf(stderr, "bench_nested: close failed\n");
        exit(1);
    }
    return spent + bench_now() - t;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "nested.parquet";
    uint32_t rows = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 100000u;
    size_t arena_len = ppq_writer_arena_size_nested(&schema, NULL);
    void *arena = malloc(arena_len);
    double best = 1e30;
    long bytes = 0;
    int run;
    samples = (float *)malloc((size_t)rows * BURST * sizeof(float));
    if (arena == NULL || samples == NULL || arena_len == 0u) {
        fprintf(stderr, "bench_nested: no memory\n");
        return 1;
    }
    generate(rows);
    for (run = 0; run < RUNS; run++) {
        FILE *f = fopen(path, "wb");
        ppq_sink_t out = {bench_file_write, NULL, 0};
        double s;
        if (f == NULL) {
            perror(path);
            return 1;
        }
        out.ctx = f;
        s = write_all(&out, rows, arena, arena_len);
        bytes = (long)out.offset;
        if (fclose(f) != 0) {
            perror(path);
            return 1;
        }
        best = s < best ? s : best;
    }
    printf("{\"bench\": \"writer_nested\", \"table\": \"burst256\", \"rows\": %u, \"values\": %llu, \"runs\": %d, "
           "\"rows_per_s\": %.4g, \"values_per_s\": %.4g, \"file_bytes\": %ld, \"bytes_per_value\": %.3f, "
           "\"arena_bytes\": %zu}\n",
           rows, (unsigned long long)rows * (BURST + 1u), RUNS, rows / best, (double)rows * (BURST + 1u) / best, bytes,
           (double)bytes / ((double)rows * (BURST + 1u)), arena_len);
    free(samples);
    free(arena);
    return 0;
}
