/*
 * Board firmware for `make bench-mcu`'s writer lines (issue 12): guest
 * instructions and bytes per row of the quantized sensor row
 * (tools/sensor_gen.h) written through the row API, beside the CSV line a
 * logger writes today (snprintf, and a hand-written fixed-point formatter).
 * Rows are generated 32 at a time outside the counted regions; each region
 * writes those 32 rows.  Label lines "M <bench> <api> 0 <rows>" pair with
 * the plugin's counts in order (tools/bench_mcu.py sums a bench's regions);
 * "B <bench> <bytes> <rows> <row_groups>" lines give the file sizes.  The
 * library is the firmware demo's (logger_config.h, with LOGGER_COMPACT): the
 * M4F logger profile, and on every board what ppq_writer_options_for_arena
 * gives 8 KiB (the compact layout, as the 16 KB microbit's demo asks).
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "../../examples/sensor_logger/logger.h"
#include "sensor_gen.h"

#define CHUNK 32u
#ifndef BENCH_SEED
#define BENCH_SEED 7u /* (-DBENCH_SEED=n: another generator's data) */
#endif
/* The budget line's second run: a clock jittered by a few ms (the
 * generator jitters seeds 2, 5, 8, ...), whose microsecond deltas cost
 * some 2 bytes a row more (-DBENCH_JITTER_SEED=n: another). */
#ifndef BENCH_JITTER_SEED
#define BENCH_JITTER_SEED 2u
#endif
#ifndef BENCH_BUDGET_ONLY
#define BENCH_BUDGET_ONLY 0
#endif
/* -DBENCH_LOGGER_ONLY=1: the writer_logger line alone, on seed BENCH_SEED's
 * walks BENCH_WIDTH times as wide (to profile one case:
 * tools/bench_profile.py). */
#ifndef BENCH_LOGGER_ONLY
#define BENCH_LOGGER_ONLY 0
#endif
#ifndef BENCH_WIDTH
#define BENCH_WIDTH 1
#endif
#define BUDGET_ARENA (8u * 1024u) /* the budget line's arena */
/* The budget lines write BUDGET_ROWS rows: enough row groups (some 30)
 * that the smallest one is seen. */
#define BUDGET_ROWS 16384u
#ifdef LOGGER_SMALL
#define ROWS 2048u
#define ARENA_BYTES BUDGET_ARENA
#else
#define ROWS 8192u
#define ARENA_BYTES (600u * 1024u)
#endif

volatile uint32_t mark_hits[2];
__attribute__((noinline)) void bench_mark_start(void)
{
    mark_hits[0]++;
}
__attribute__((noinline)) void bench_mark_stop(void)
{
    mark_hits[1]++;
}

#if !defined(LOGGER_SMALL) || defined(LOGGER_COMPACT)
/* Every column AUTO (in the logger's build: by type; compact: its own). */
static const ppq_column_t sensor_auto[SENSOR_COLUMNS] = SENSOR_SCHEMA_AUTO;
#endif

static uint64_t arena_mem[ARENA_BYTES / 8u];

/* newlib's printf of floats allocates (its dtoa): the CSV baseline's heap.
 * The library never calls this (make check-freestanding). */
void *_sbrk(ptrdiff_t incr);
void *_sbrk(ptrdiff_t incr)
{
    static uint64_t heap[1536u / 8u];
    static size_t used;
    void *p = (uint8_t *)heap + used;
    if (incr < 0 || (size_t)incr > sizeof heap - used) {
        return (void *)-1;
    }
    used += (size_t)incr;
    return p;
}
static sensor_row_t rows[CHUNK];
static sensor_gen_t gen;
static int32_t gen_width = BENCH_WIDTH; /* bench_writer's walks: sensor_gen_widen() */
static int failures;

static void label(const char *bench, const char *api, unsigned n)
{
    board_puts("M ");
    board_puts(bench);
    board_putc(' ');
    board_puts(api);
    board_puts(" 0 ");
    board_putu(n);
    board_putc('\n');
}

static void fill(void)
{
    unsigned i;
    for (i = 0; i < CHUNK; i++) {
        sensor_gen_next(&gen, &rows[i]);
    }
}

/* The small profile's footer store holds one row group; the rest goes to a
 * spill file (here: counted, and read back as zeros, the same byte count). */
static ppq_status_t spill_read(void *ctx, uint8_t *buf, size_t len, size_t *got)
{
    (void)ctx;
    memset(buf, 0, len);
    *got = len;
    return PPQ_OK;
}

#ifdef LOGGER_COMPACT
static ppq_sink_t budget_spill;
static ppq_source_t budget_unspill = {spill_read, NULL, 0};
#endif

#ifdef BENCH_CRC
/* -DBENCH_CRC: the files' CRC-32s ("# crc <bench> <crc>"), to compare the
 * bytes of two builds (its sink's work counts in the regions: not for
 * instruction counts). */
static struct {
    uint32_t crc;
    size_t bytes;
} crc;
static ppq_status_t crc_write(void *ctx, const uint8_t *data, size_t len)
{
    (void)ctx;
    crc.crc = ppq_crc32(crc.crc, data, len);
    crc.bytes += len;
    return PPQ_OK;
}
#endif

/* Where write_record finds each column in a sensor_row_t. */
static const ppq_field_t sensor_fields[SENSOR_COLUMNS] = {
    PPQ_FIELD(sensor_row_t, ts),
    PPQ_FIELD(sensor_row_t, temperature),
    PPQ_FIELD(sensor_row_t, humidity),
    PPQ_FIELD_OPTIONAL(sensor_row_t, pressure, pressure_valid),
    PPQ_FIELD(sensor_row_t, battery_mv),
    PPQ_FIELD(sensor_row_t, door_open),
    PPQ_FIELD(sensor_row_t, status),
};

/* The rows by the record call (api "record") or the setters ("setters"). */
static ppq_status_t write_rows(ppq_writer_t *w, const char *api, unsigned n)
{
    unsigned i;
    ppq_status_t st = PPQ_OK;
    if (api[0] == 'r') {
        for (i = 0; i < n && st == PPQ_OK; i++) {
            st = ppq_writer_write_record(w, &rows[i]);
        }
        return st;
    }
    for (i = 0; i < n && st == PPQ_OK; i++) {
        const sensor_row_t *r = &rows[i];
        st = ppq_writer_set_i64(w, 0, r->ts);
        st = st == PPQ_OK ? ppq_writer_set_float(w, 1, r->temperature) : st;
        st = st == PPQ_OK ? ppq_writer_set_float(w, 2, r->humidity) : st;
        st = st == PPQ_OK ? (r->pressure_valid ? ppq_writer_set_double(w, 3, r->pressure) : ppq_writer_set_null(w, 3)) : st;
        st = st == PPQ_OK ? ppq_writer_set_i32(w, 4, r->battery_mv) : st;
        st = st == PPQ_OK ? ppq_writer_set_bool(w, 5, r->door_open) : st;
        st = st == PPQ_OK ? ppq_writer_set_bytes(w, 6, r->status.ptr, r->status.len) : st;
        st = st == PPQ_OK ? ppq_writer_commit_row(w) : st;
    }
    return st;
}

static void bench_writer(const char *name, const char *api, const ppq_column_t *schema,
                         const ppq_writer_options_t *opts, unsigned total, uint32_t seed)
{
    ppq_sink_t sink, spill;
    ppq_source_t unspill = {spill_read, NULL, 0};
    ppq_writer_options_t o = *opts;
    ppq_writer_t w;
    unsigned done = 0, least = 0; /* least: the rows of the smallest row group before the last */
    uint64_t ended = 0;
    ppq_status_t st;
    ppq_sink_init_counter(&sink);
    ppq_sink_init_counter(&spill);
    if (o.footer_bytes == 1u && o.footer_spill == NULL) {
        o.footer_spill = &spill;
        o.footer_unspill = &unspill;
    }
    sensor_gen_init(&gen, seed);
    sensor_gen_widen(&gen, gen_width);
#ifdef BENCH_CRC
    sink.write = crc_write;
    crc.crc = 0;
    crc.bytes = 0;
#endif
    label(name, api, 0);
    bench_mark_start();
    st = ppq_writer_init(&w, schema, SENSOR_COLUMNS, &o, &sink, arena_mem, sizeof arena_mem);
    if (st == PPQ_OK) {
        st = ppq_writer_use_record(&w, sensor_fields);
    }
    bench_mark_stop();
    while (st == PPQ_OK && done < total) {
        fill();
        label(name, api, CHUNK);
        bench_mark_start();
        st = write_rows(&w, api, CHUNK);
        bench_mark_stop();
        done += CHUNK;
        if (w.rows > ended) { /* a row group ended in these rows (w.rows: those of ended row groups) */
            unsigned n = (unsigned)(w.rows - ended);
            least = least == 0u || n < least ? n : least;
            ended = w.rows;
        }
    }
    board_puts("R "); /* the smallest row group but the last */
    board_puts(name);
    board_putc(' ');
    board_putu(least);
    board_putc('\n');
    if (st == PPQ_OK) {
        label(name, api, 0);
        bench_mark_start();
        st = ppq_writer_close(&w);
        bench_mark_stop();
    }
    if (st != PPQ_OK) {
        board_puts("bench-mcu writer: ");
        board_puts(name);
        board_puts(": ");
        board_puts(ppq_status_str(st));
        board_putc('\n');
        failures++;
        return;
    }
    board_puts("B ");
    board_puts(name);
    board_putc(' ');
#ifdef BENCH_CRC
    board_putu((size_t)crc.bytes);
    board_putc(' ');
    board_putu(total);
    board_putc(' ');
    board_putu(w.row_groups);
    board_putc('\n');
    board_puts("# crc ");
    board_puts(name);
    board_putc(' ');
    board_putu(crc.crc);
    board_putc('\n');
    return;
#endif
    board_putu((size_t)sink.offset);
    board_putc(' ');
    board_putu(total);
    board_putc(' ');
    board_putu(w.row_groups);
    board_putc('\n');
}

#ifdef LOGGER_COMPACT
/* Rows a file takes in `kib` KiB without a footer spill (issue 27), of the
 * generator's `seed`: the
 * options ppq_writer_options_for_arena gives, rows by record until commit
 * returns PPQ_ERR_NOSPACE (up to FILE_ROWS_MAX), the file closed.  Prints
 * "F <name> <rows> <row_groups> <bytes> <options' file_rows> <full>" (full
 * 0: FILE_ROWS_MAX rows written, the file not full). */
#define FILE_ROWS_MAX 200000u
static void bench_file_rows(const char *name, size_t kib, uint32_t seed)
{
    ppq_writer_options_t o;
    ppq_writer_t w;
    ppq_sink_t sink;
    sensor_row_t r;
    unsigned n = 0;
    int full;
    ppq_status_t st;
    if (kib * 1024u > sizeof arena_mem) {
        return; /* (the microbit's 8 KiB) */
    }
    memset(&o, 0, sizeof o);
    ppq_sink_init_counter(&sink);
    st = ppq_writer_options_for_arena(&o, sensor_auto, SENSOR_COLUMNS, kib * 1024u);
    st = st == PPQ_OK ? ppq_writer_init(&w, sensor_auto, SENSOR_COLUMNS, &o, &sink, arena_mem, kib * 1024u) : st;
    st = st == PPQ_OK ? ppq_writer_use_record(&w, sensor_fields) : st;
    sensor_gen_init(&gen, seed);
    while (st == PPQ_OK && n < FILE_ROWS_MAX) {
        sensor_gen_next(&gen, &r);
        st = ppq_writer_write_record(&w, &r);
        n += st == PPQ_OK;
    }
    full = st == PPQ_ERR_NOSPACE;
    st = st == PPQ_ERR_NOSPACE || st == PPQ_OK ? ppq_writer_close(&w) : st;
    if (st != PPQ_OK) {
        board_puts("bench-mcu writer: ");
        board_puts(name);
        board_puts(": ");
        board_puts(ppq_status_str(st));
        board_putc('\n');
        failures++;
        return;
    }
    board_puts("F ");
    board_puts(name);
    board_putc(' ');
    board_putu(n);
    board_putc(' ');
    board_putu(w.row_groups);
    board_putc(' ');
    board_putu((size_t)sink.offset);
    board_putc(' ');
    board_putu(o.file_rows);
    board_putc(' ');
    board_putu((size_t)full);
    board_putc('\n');
}
#endif

/* A CSV line by snprintf, as loggers write one (%lld and %f need newlib's
 * full printf: the timestamp in two parts, floats linked in). */
static size_t csv_snprintf(char *buf, size_t cap, const sensor_row_t *r)
{
    unsigned long s = (unsigned long)(r->ts / 1000000), us = (unsigned long)(r->ts % 1000000);
    int n = snprintf(buf, cap, "%lu%06lu,%.2f,%.2f,%.2f,%ld,%u,%s\n", s, us, (double)r->temperature,
                     (double)r->humidity, r->pressure_valid ? r->pressure : 0.0, (long)r->battery_mv,
                     (unsigned)r->door_open, (const char *)r->status.ptr);
    return n > 0 ? (size_t)n : 0u;
}

static char *put_uint(char *p, uint64_t v)
{
    char tmp[20];
    unsigned k = 0;
    do {
        tmp[k++] = (char)('0' + (unsigned)(v % 10u));
        v /= 10u;
    } while (v != 0u);
    while (k > 0u) {
        *p++ = tmp[--k];
    }
    return p;
}

/* Hundredths, rounded, as "-12.34". */
static char *put_fixed2(char *p, double x)
{
    long h = (long)(x * 100.0 + (x < 0 ? -0.5 : 0.5));
    if (h < 0) {
        *p++ = '-';
        h = -h;
    }
    p = put_uint(p, (uint64_t)(h / 100));
    *p++ = '.';
    *p++ = (char)('0' + (h / 10) % 10);
    *p++ = (char)('0' + h % 10);
    return p;
}

/* A CSV line formatted by hand in fixed point, as a careful firmware
 * engineer writes one. */
static size_t csv_by_hand(char *buf, const sensor_row_t *r)
{
    char *p = put_uint(buf, (uint64_t)r->ts);
    const char *s = (const char *)r->status.ptr;
    *p++ = ',';
    p = put_fixed2(p, (double)r->temperature);
    *p++ = ',';
    p = put_fixed2(p, (double)r->humidity);
    *p++ = ',';
    if (r->pressure_valid) {
        p = put_fixed2(p, r->pressure);
    }
    *p++ = ',';
    if (r->battery_mv < 0) {
        *p++ = '-';
    }
    p = put_uint(p, (uint64_t)(r->battery_mv < 0 ? -(int64_t)r->battery_mv : r->battery_mv));
    *p++ = ',';
    *p++ = r->door_open ? '1' : '0';
    *p++ = ',';
    while (*s != '\0') {
        *p++ = *s++;
    }
    *p++ = '\n';
    return (size_t)(p - buf);
}

static void bench_csv(int by_hand)
{
    static char line[96];
    const char *name = by_hand ? "csv_by_hand" : "csv_snprintf";
    size_t bytes = 0;
    unsigned done = 0, i;
    sensor_gen_init(&gen, BENCH_SEED);
    while (done < ROWS) {
        fill();
        label(name, "line", CHUNK);
        bench_mark_start();
        for (i = 0; i < CHUNK; i++) {
            bytes += by_hand ? csv_by_hand(line, &rows[i]) : csv_snprintf(line, sizeof line, &rows[i]);
        }
        bench_mark_stop();
        done += CHUNK;
    }
    board_puts("B ");
    board_puts(name);
    board_putc(' ');
    board_putu(bytes);
    board_putc(' ');
    board_putu(ROWS);
    board_puts(" 0\n");
}

#ifndef LOGGER_SMALL
/* Issue 27: the logger row by records for generator seeds 1..LOGGER_SEEDS,
 * on the seed's walks ("writer_logger_seed<n>") and on walks three times
 * as wide ("writer_logger_wide_seed<n>": dictionaries that overflow and
 * fall back). */
#define LOGGER_SEEDS 8u
static void bench_logger_seeds(const ppq_writer_options_t *o)
{
    static const char *const names[2][LOGGER_SEEDS] = {
        {"writer_logger_seed1", "writer_logger_seed2", "writer_logger_seed3", "writer_logger_seed4",
         "writer_logger_seed5", "writer_logger_seed6", "writer_logger_seed7", "writer_logger_seed8"},
        {"writer_logger_wide_seed1", "writer_logger_wide_seed2", "writer_logger_wide_seed3",
         "writer_logger_wide_seed4", "writer_logger_wide_seed5", "writer_logger_wide_seed6",
         "writer_logger_wide_seed7", "writer_logger_wide_seed8"},
    };
    unsigned wide, s;
    for (wide = 0; wide < 2u; wide++) {
        gen_width = wide ? 3 : 1;
        for (s = 0; s < LOGGER_SEEDS; s++) {
            bench_writer(names[wide][s], "record", sensor_auto, o, ROWS, s + 1u);
        }
    }
    gen_width = BENCH_WIDTH;
}
#endif

int main(void)
{
    ppq_writer_options_t o;
    label("empty", "none", 0); /* the call overhead, subtracted from the rest */
    bench_mark_start();
    bench_mark_stop();
#ifndef LOGGER_SMALL
    logger_options(&o, 0);
    bench_writer("writer_logger", "record", sensor_auto, &o, ROWS, BENCH_SEED);
    if (BENCH_LOGGER_ONLY) {
        board_flush();
        board_exit(failures != 0);
    }
    if (!BENCH_BUDGET_ONLY) {
        bench_writer("writer_logger_setters", "setters", sensor_auto, &o, ROWS, BENCH_SEED);
        bench_logger_seeds(&o);
    }
#endif
#ifdef LOGGER_COMPACT
    /* what firmware with 8 KiB for the writer gets by asking for it: the
     * compact layout, its footer spilled (a second file) */
    memset(&o, 0, sizeof o);
    o.footer_spill = &budget_spill;
    o.footer_unspill = &budget_unspill;
    if (ppq_writer_options_for_arena(&o, sensor_auto, SENSOR_COLUMNS, BUDGET_ARENA) != PPQ_OK) {
        board_puts("bench-mcu writer: options_for_arena: no fit\n");
        failures++;
    } else {
        board_puts("# budget options: store ");
        board_putu(o.chunk_bytes * SENSOR_COLUMNS);
        board_puts(" dict_entries ");
        board_putu(o.dict_entries);
        board_puts(" page_bytes ");
        board_putu(o.page_bytes);
        board_puts(" arena ");
        board_putu(ppq_writer_arena_size(sensor_auto, SENSOR_COLUMNS, &o));
        board_putc('\n');
        bench_writer("writer_budget", "record", sensor_auto, &o, BUDGET_ROWS, BENCH_SEED);
        if (!BENCH_BUDGET_ONLY) {
            bench_writer("writer_budget_setters", "setters", sensor_auto, &o, BUDGET_ROWS, BENCH_SEED);
            bench_writer("writer_budget_jittered", "record", sensor_auto, &o, BUDGET_ROWS, BENCH_JITTER_SEED);
        }
    }
    if (!BENCH_BUDGET_ONLY) {
        bench_file_rows("file_rows_8k", 8u, BENCH_SEED);
        bench_file_rows("file_rows_8k_jittered", 8u, BENCH_JITTER_SEED);
        bench_file_rows("file_rows_16k", 16u, BENCH_SEED); /* (boards with the RAM: not the microbit) */
        bench_file_rows("file_rows_16k_jittered", 16u, BENCH_JITTER_SEED);
        bench_file_rows("file_rows_32k", 32u, BENCH_SEED); /* (at most FILE_ROWS_MAX: 200000, not full) */
    }
#endif
    if (!BENCH_BUDGET_ONLY) { /* (-DBENCH_BUDGET_ONLY=1: the budget line alone, to profile it) */
        bench_csv(0);
        bench_csv(1);
    }
    board_flush();
    board_exit(failures != 0);
}
