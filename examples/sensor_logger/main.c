/*
 * The sensor logger: one day of 1 Hz readings written as Parquet, the way
 * firmware would write it - rows appended one at a time, every byte of
 * state in one static arena.  On the host the file goes through a stdio
 * sink to build/demo/sensors.parquet (or argv[1]).
 */
#include <stdio.h>
#include <string.h>

#include "picoparquet.h"

#define ROWS 86400u

enum { C_TS, C_TEMPERATURE, C_HUMIDITY, C_PRESSURE, C_BATTERY, C_DOOR, C_STATUS, NCOLS };

static const ppq_column_t schema[NCOLS] = {
    {"ts", PPQ_INT64, 0, 0, {PPQ_LOGICAL_TIMESTAMP, 0, 0, 1, PPQ_UNIT_MICROS, 0, 0}, PPQ_COLUMN_DELTA_BINARY_PACKED},
    {"temperature", PPQ_FLOAT, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_BYTE_STREAM_SPLIT},
    {"humidity", PPQ_FLOAT, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_BYTE_STREAM_SPLIT},
    {"pressure", PPQ_DOUBLE, 0, 1, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_BYTE_STREAM_SPLIT},
    {"battery_mv", PPQ_INT32, 0, 0, {PPQ_LOGICAL_INT, 16, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_DELTA_BINARY_PACKED},
    {"door_open", PPQ_BOOLEAN, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_RLE},
    {"status", PPQ_BYTE_ARRAY, 0, 0, {PPQ_LOGICAL_STRING, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_DICTIONARY},
};

static const char *const statuses[] = {"ok", "ok", "ok", "ok", "warming", "calibrating", "low-battery"};

static ppq_status_t file_write(void *ctx, const uint8_t *data, size_t len)
{
    return fwrite(data, 1, len, (FILE *)ctx) == len ? PPQ_OK : PPQ_ERR_IO;
}

static uint64_t arena_mem[1024 * 1024 / 8];

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "build/demo/sensors.parquet";
    ppq_writer_options_t opts;
    static const ppq_key_value_t kv[] = {{"device", "demo-logger-01"}, {"site", "greenhouse"}};
    ppq_writer_t w;
    ppq_sink_t sink;
    ppq_status_t st;
    uint32_t seed = 2024u, i;
    int64_t ts = 1767225600000000; /* 2026-01-01T00:00:00Z in microseconds */
    float temperature = 21.0f, humidity = 45.0f;
    double pressure = 1013.25;
    int32_t battery = 3300;
    FILE *f = fopen(path, "wb");
    size_t need;
    if (f == NULL) {
        fprintf(stderr, "sensor_logger: cannot open %s\n", path);
        return 1;
    }
    memset(&opts, 0, sizeof opts);
    opts.page_values = 1024;
    opts.row_group_rows = 43200; /* two row groups a day, if the buffers allow */
    opts.chunk_bytes = 64 * 1024;
    opts.page_crc = 1;
    opts.key_values = kv;
    opts.key_value_count = 2;
    need = ppq_writer_arena_size(schema, NCOLS, &opts);
    sink.write = file_write;
    sink.ctx = f;
    sink.offset = 0;
    st = ppq_writer_init(&w, schema, NCOLS, &opts, &sink, arena_mem, sizeof arena_mem);
    for (i = 0; i < ROWS && st == PPQ_OK; i++) {
        seed = seed * 1664525u + 1013904223u;
        /* random walks pulled back towards their means */
        temperature += (float)((int)(seed >> 28) - 8) * 0.01f + (21.0f - temperature) * 0.01f;
        humidity += (float)((int)((seed >> 24) & 15u) - 8) * 0.02f + (45.0f - humidity) * 0.01f;
        pressure += (double)((int)((seed >> 20) & 15u) - 8) * 0.005 + (1013.25 - pressure) * 0.01;
        if (i % 600u == 0u && battery > 3000) {
            battery -= 1;
        }
        st = ppq_writer_set_i64(&w, C_TS, ts + (int64_t)i * 1000000);
        if (st == PPQ_OK) {
            st = ppq_writer_set_float(&w, C_TEMPERATURE, temperature);
        }
        if (st == PPQ_OK) {
            st = ppq_writer_set_float(&w, C_HUMIDITY, humidity);
        }
        if (st == PPQ_OK) { /* the barometer drops a reading now and then */
            st = (seed & 63u) == 0u ? ppq_writer_set_null(&w, C_PRESSURE) : ppq_writer_set_double(&w, C_PRESSURE, pressure);
        }
        if (st == PPQ_OK) {
            st = ppq_writer_set_i32(&w, C_BATTERY, battery);
        }
        if (st == PPQ_OK) {
            st = ppq_writer_set_bool(&w, C_DOOR, (i / 300u) % 17u == 0u);
        }
        if (st == PPQ_OK) {
            const char *s = statuses[(i / 1800u) % 7u];
            st = ppq_writer_set_bytes(&w, C_STATUS, s, (uint32_t)strlen(s));
        }
        if (st == PPQ_OK) {
            st = ppq_writer_commit_row(&w);
        }
    }
    if (st == PPQ_OK) {
        st = ppq_writer_close(&w);
    }
    fclose(f);
    if (st != PPQ_OK) {
        fprintf(stderr, "sensor_logger: %s\n", ppq_status_str(st));
        return 1;
    }
    printf("sensor_logger: %u rows, %u row groups, %llu bytes -> %s\n", ROWS, (unsigned)w.row_groups,
           (unsigned long long)sink.offset, path);
    printf("sensor_logger: arena %zu bytes needed (static buffer %zu)\n", need, sizeof arena_mem);
    return 0;
}
