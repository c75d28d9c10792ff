/*
 * Inputs the codec benches share (bench.c, bench_zstd_dec.c,
 * bench_zstd_enc.c): one pseudo-random sequence, and the sensor table and
 * text-like data the ZSTD benches compress.  Host only: stdio, malloc.
 */
#ifndef PPQ_BENCH_DATA_H
#define PPQ_BENCH_DATA_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"

/* xorshift64*: the same sequence in every bench that starts it. */
static uint64_t rng = 0x243F6A8885A308D3ull;
static inline uint64_t next_rand(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 0x2545F4914F6CDD1Dull;
}
static inline double walk_step(void)
{
    return ((double)(next_rand() % 2001u) - 1000.0) / 20000.0;
}
static inline double round2(double v)
{
    double s = v * 100.0;
    return (double)(int64_t)(s + (s >= 0 ? 0.5 : -0.5)) / 100.0;
}

/* The sensor table through the writer into buf; returns its size. */
static inline size_t sensor_file(uint8_t *buf, size_t cap, uint32_t rows)
{
    static const ppq_column_t schema[] = {
        {"ts", PPQ_INT64, 0, 0, {0}, PPQ_COLUMN_AUTO},
        {"temperature", PPQ_DOUBLE, 0, 0, {0}, PPQ_COLUMN_AUTO},
        {"humidity", PPQ_DOUBLE, 0, 0, {0}, PPQ_COLUMN_AUTO},
        {"pressure", PPQ_DOUBLE, 0, 0, {0}, PPQ_COLUMN_AUTO},
        {"status", PPQ_INT32, 0, 0, {0}, PPQ_COLUMN_AUTO},
    };
    ppq_writer_options_t opts;
    ppq_writer_t w;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    size_t arena_len;
    void *arena;
    double t = 21.0, h = 45.0, p = 1013.0;
    uint32_t r;
    memset(&opts, 0, sizeof opts);
    arena_len = ppq_writer_arena_size(schema, 5, &opts);
    arena = malloc(arena_len);
    ppq_sink_init_mem(&sink, &mem, buf, cap);
    if (ppq_writer_init(&w, schema, 5, &opts, &sink, arena, arena_len) != PPQ_OK) {
        fprintf(stderr, "writer init failed\n");
        exit(1);
    }
    for (r = 0; r < rows; r++) {
        ppq_status_t st;
        t += walk_step();
        h += walk_step();
        p += walk_step();
        st = ppq_writer_set_i64(&w, 0, 1700000000000ll + (int64_t)r * 1000);
        st = st != PPQ_OK ? st : ppq_writer_set_double(&w, 1, round2(t));
        st = st != PPQ_OK ? st : ppq_writer_set_double(&w, 2, round2(h));
        st = st != PPQ_OK ? st : ppq_writer_set_double(&w, 3, round2(p));
        st = st != PPQ_OK ? st : ppq_writer_set_i32(&w, 4, next_rand() % 100u == 0 ? 2 : 0);
        st = st != PPQ_OK ? st : ppq_writer_commit_row(&w);
        if (st != PPQ_OK) {
            fprintf(stderr, "writer failed at row %u: %s\n", (unsigned)r, ppq_status_str(st));
            exit(1);
        }
    }
    if (ppq_writer_close(&w) != PPQ_OK) {
        fprintf(stderr, "writer close failed\n");
        exit(1);
    }
    free(arena);
    return mem.len;
}

/* Text-like bytes: words of a skewed distribution, numbers, punctuation. */
static inline size_t text_data(uint8_t *buf, size_t n)
{
    static const char *const words[] = {"the", "sensor", "reading", "of", "temperature", "pressure", "and",
                                        "humidity", "at", "station", "north", "value", "was", "recorded",
                                        "parquet", "column", "page", "a", "in", "with", "error", "battery",
                                        "voltage", "low", "signal", "strength", "gateway", "uplink", "ok"};
    size_t i = 0;
    while (i < n) {
        char tmp[48];
        int l;
        uint64_t r = next_rand();
        if (r % 9u == 0) {
            l = snprintf(tmp, sizeof tmp, "%u.%02u", (unsigned)(r >> 8) % 1000u, (unsigned)(r >> 20) % 100u);
        } else {
            const char *wd = words[((r >> 4) % 29u) * ((r >> 12) % 29u) / 29u];
            l = snprintf(tmp, sizeof tmp, "%s", wd);
        }
        tmp[l++] = (r >> 40) % 14u == 0 ? '\n' : (r >> 40) % 7u == 0 ? ',' : ' ';
        for (int k = 0; k < l && i < n; k++) {
            buf[i++] = (uint8_t)tmp[k];
        }
    }
    return n;
}

#endif /* PPQ_BENCH_DATA_H */
