/*
 * Issue 27's medium arena: 256 FLOAT columns (random walks in steps of
 * 0.01, AUTO; then white noise, which no dictionary holds) written in column batches with opts NULL (the arena
 * ppq_writer_arena_size asks, from the heap) and with
 * ppq_writer_options_for_arena(16 MiB).  The bar: the 16 MiB file at most
 * 1.2x the bytes of opts NULL's, at no less than half its values/s.
 * Both arenas are touched before the clock starts (a cold arena's page
 * faults are the OS's, not the writer's); best of RUNS runs each, into a
 * sink that only counts.  JSON lines on stdout.
 * usage: bench_wide [ROWS [null|medium [noise]]] (one of the two alone: to profile)
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ppq_writer.h"
#include "bench_util.h"

#define COLS 256u
#define BATCH 1024u
#define RUNS 3
#define MEDIUM_ARENA (16u * 1024u * 1024u)

static ppq_column_t schema[COLS];
static char names[COLS][8];
static float vals[COLS][BATCH];
static int noise; /* the values: white noise, not walks */

/* Column c's walk, batch by batch (the same values for every run). */
static void fill(uint32_t *seed, float *level)
{
    uint32_t c, i;
    for (c = 0; c < COLS; c++) {
        for (i = 0; i < BATCH; i++) {
            *seed = *seed * 1664525u + 1013904223u;
            level[c] = noise ? (float)(*seed >> 8) * 1e-3f : level[c] + (float)((int)(*seed >> 28) - 8) * 0.01f;
            vals[c][i] = level[c];
        }
    }
}

/* Seconds in the writer's calls for `rows` rows; *bytes the file's. */
static double write_all(const ppq_writer_options_t *opts, void *arena, size_t arena_len, uint32_t rows,
                        uint64_t *bytes)
{
    ppq_column_batch_t b[COLS];
    ppq_writer_t w;
    ppq_sink_t sink;
    uint32_t seed = 7u, done = 0, c;
    float level[COLS];
    double t = 0, t0;
    ppq_status_t st;
    for (c = 0; c < COLS; c++) {
        level[c] = 20.0f + (float)c * 0.5f;
        b[c].values = vals[c];
        b[c].validity = NULL;
        b[c].def_levels = NULL;
    }
    ppq_sink_init_counter(&sink);
    t0 = bench_now();
    st = ppq_writer_init(&w, schema, COLS, opts, &sink, arena, arena_len);
    t += bench_now() - t0;
    while (st == PPQ_OK && done < rows) {
        uint32_t n = rows - done < BATCH ? rows - done : BATCH;
        fill(&seed, level);
        t0 = bench_now();
        st = ppq_writer_write_batch(&w, b, n, NULL);
        t += bench_now() - t0;
        done += n;
    }
    t0 = bench_now();
    st = st == PPQ_OK ? ppq_writer_close(&w) : st;
    t += bench_now() - t0;
    if (st != PPQ_OK) {
        fprintf(stderr, "bench_wide: %s\n", ppq_status_str(st));
        exit(1);
    }
    *bytes = sink.offset;
    return t;
}

static double best_of(const ppq_writer_options_t *opts, void *arena, size_t len, uint32_t rows, uint64_t *bytes)
{
    double best = 1e300;
    int r;
    for (r = 0; r < RUNS; r++) {
        double t = write_all(opts, arena, len, rows, bytes);
        best = t < best ? t : best;
    }
    return best;
}

int main(int argc, char **argv)
{
    uint32_t rows = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 10) : 200000u, c;
    ppq_writer_options_t medium;
    size_t null_len;
    void *null_arena, *medium_arena;
    uint64_t null_bytes, medium_bytes;
    double null_s, medium_s, values = (double)rows * COLS;
    for (c = 0; c < COLS; c++) {
        snprintf(names[c], sizeof names[c], "f%u", (unsigned)c);
        schema[c].name = names[c];
        schema[c].type = PPQ_FLOAT;
        schema[c].encoding = PPQ_COLUMN_AUTO;
    }
    null_len = ppq_writer_arena_size(schema, COLS, NULL);
    memset(&medium, 0, sizeof medium);
    if (null_len == 0u || ppq_writer_options_for_arena(&medium, schema, COLS, MEDIUM_ARENA) != PPQ_OK) {
        fprintf(stderr, "bench_wide: no arena\n");
        return 1;
    }
    null_arena = malloc(null_len);
    medium_arena = malloc(MEDIUM_ARENA);
    if (null_arena == NULL || medium_arena == NULL) {
        fprintf(stderr, "bench_wide: out of memory\n");
        return 1;
    }
    memset(null_arena, 0, null_len); /* (touched: no page faults in the timing) */
    memset(medium_arena, 0, MEDIUM_ARENA);
    if (argc > 2) { /* (one configuration, to profile) */
        noise = argc > 3 && strcmp(argv[3], "noise") == 0;
        if (strcmp(argv[2], "null") == 0) {
            (void)best_of(NULL, null_arena, null_len, rows, &null_bytes);
        } else {
            (void)best_of(&medium, medium_arena, MEDIUM_ARENA, rows, &medium_bytes);
        }
        return 0;
    }
    for (noise = 0; noise < 2; noise++) {
        const char *shape = noise ? "_noise" : "";
        null_s = best_of(NULL, null_arena, null_len, rows, &null_bytes);
        medium_s = best_of(&medium, medium_arena, MEDIUM_ARENA, rows, &medium_bytes);
        printf("{\"bench\": \"writer_wide_opts_null%s\", \"columns\": %u, \"rows\": %u, \"arena\": %zu, \"bytes\": %llu, "
               "\"values_per_s\": %.0f}\n",
               shape, COLS, (unsigned)rows, null_len, (unsigned long long)null_bytes, values / null_s);
        printf("{\"bench\": \"writer_wide_16mib%s\", \"columns\": %u, \"rows\": %u, \"arena\": %u, \"bytes\": %llu, "
               "\"values_per_s\": %.0f, \"page_values\": %u, \"dict_entries\": %u, \"footer_bytes\": %u, "
               "\"chunk_bytes\": %u, \"bytes_vs_null\": %.3f, \"speed_vs_null\": %.3f}\n",
               shape, COLS, (unsigned)rows, MEDIUM_ARENA, (unsigned long long)medium_bytes, values / medium_s,
               (unsigned)medium.page_values, (unsigned)medium.dict_entries, (unsigned)medium.footer_bytes,
               (unsigned)medium.chunk_bytes, (double)medium_bytes / (double)null_bytes, null_s / medium_s);
    }
    free(null_arena);
    free(medium_arena);
    return 0;
}
