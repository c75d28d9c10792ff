/* The sensor logger's job (see logger.h). */
#include <string.h>

#include "logger.h"

#define NO_LOGICAL {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}

const ppq_column_t logger_schema[LOGGER_COLUMNS] = {
    {"ts", PPQ_INT64, 0, 0, {PPQ_LOGICAL_TIMESTAMP, 0, 0, 1, PPQ_UNIT_MICROS, 0, 0}, PPQ_COLUMN_DELTA_BINARY_PACKED},
    {"temperature", PPQ_FLOAT, 0, 0, NO_LOGICAL, PPQ_COLUMN_PLAIN},
    {"humidity", PPQ_FLOAT, 0, 0, NO_LOGICAL, PPQ_COLUMN_PLAIN},
    {"pressure", PPQ_DOUBLE, 0, 1, NO_LOGICAL, PPQ_COLUMN_PLAIN},
    {"battery_mv", PPQ_INT32, 0, 0, {PPQ_LOGICAL_INT, 16, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_DELTA_BINARY_PACKED},
    {"door_open", PPQ_BOOLEAN, 0, 0, NO_LOGICAL, PPQ_COLUMN_RLE},
    {"status", PPQ_BYTE_ARRAY, 0, 0, {PPQ_LOGICAL_STRING, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_DICTIONARY},
};

const ppq_column_t logger_schema_small[LOGGER_COLUMNS] = {
    {"ts", PPQ_INT64, 0, 0, {PPQ_LOGICAL_TIMESTAMP, 0, 0, 1, PPQ_UNIT_MICROS, 0, 0}, PPQ_COLUMN_DELTA_BINARY_PACKED},
    {"temperature", PPQ_FLOAT, 0, 0, NO_LOGICAL, PPQ_COLUMN_PLAIN},
    {"humidity", PPQ_FLOAT, 0, 0, NO_LOGICAL, PPQ_COLUMN_PLAIN},
    {"pressure", PPQ_DOUBLE, 0, 1, NO_LOGICAL, PPQ_COLUMN_PLAIN},
    {"battery_mv", PPQ_INT32, 0, 0, {PPQ_LOGICAL_INT, 16, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_DICTIONARY},
    {"door_open", PPQ_BOOLEAN, 0, 0, NO_LOGICAL, PPQ_COLUMN_RLE},
    {"status", PPQ_BYTE_ARRAY, 0, 0, {PPQ_LOGICAL_STRING, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_DICTIONARY},
};

/* Where the writer finds each column in a logger_row_t (one call a row:
 * ppq_writer_write_record). */
static const ppq_field_t logger_fields[LOGGER_COLUMNS] = {
    PPQ_FIELD(logger_row_t, ts),
    PPQ_FIELD(logger_row_t, temperature),
    PPQ_FIELD(logger_row_t, humidity),
    PPQ_FIELD_OPTIONAL(logger_row_t, pressure, pressure_valid),
    PPQ_FIELD(logger_row_t, battery_mv),
    PPQ_FIELD(logger_row_t, door_open),
    PPQ_FIELD(logger_row_t, status),
};

static const char *const statuses[] = {"ok", "ok", "ok", "ok", "warming", "calibrating", "low-battery"};
static const ppq_key_value_t key_values[] = {{"device", "demo-logger-01"}, {"site", "greenhouse"}};

void logger_options(ppq_writer_options_t *opts, int small)
{
    memset(opts, 0, sizeof *opts);
    opts->page_values = 1024;
    opts->row_group_rows = 43200; /* two row groups a day, if the buffers allow */
    opts->chunk_bytes = 64 * 1024;
    opts->dict_entries = 512; /* a day's walks at 0.01 take a few hundred values: in the dictionary
                                 (9-bit indices), not PLAIN (noisier walks: 4.7-7.8 bytes a row, not
                                 8.4-14.3); the status strings need few */
    opts->dict_bytes = 8192;
    opts->footer_bytes = 16384; /* two row groups a day: room for a few weeks' files */
    if (small) { /* (the sizes: ppq_writer_options_for_arena) */
        opts->no_statistics = 1; /* the smallest writer: no statistics, no recovery records */
        opts->page_crc = 1;
        opts->recovery = 0;
    } else {
        opts->recovery = 1; /* a power cut loses only the open row group: ppq recover */
    }
    opts->no_page_index = 1; /* as the firmware, built without it (logger_config.h): the host's
                                file and the boards' are the same bytes (make demo-mcu) */
    opts->no_bloom = 1;      /* (likewise: no bloom filters) */
    opts->key_values = key_values;
    opts->key_value_count = 2;
}

void logger_compact_options(ppq_writer_options_t *opts, uint32_t chunk_bytes, uint32_t dict_entries,
                            uint32_t page_bytes, uint32_t footer_bytes)
{
    opts->compact = 1; /* and the fields ppq_writer_options_for_arena sets to constants there */
    opts->page_values = 8192;
    opts->row_group_rows = 1u << 20;
    opts->dict_bytes = 0;
    opts->chunk_bytes = chunk_bytes;
    opts->dict_entries = dict_entries;
    opts->page_bytes = page_bytes;
    opts->footer_bytes = footer_bytes;
}

void logger_gen_init(logger_gen_t *g)
{
    g->seed = 2024u;
    g->i = 0;
    g->temperature = 21.0f;
    g->humidity = 45.0f;
    g->pressure = 1013.25;
    g->battery = 3300;
}

void logger_gen_next(logger_gen_t *g, logger_row_t *row)
{
    uint32_t i = g->i++, len = 0;
    const char *s = statuses[(i / 1800u) % 7u];
    g->seed = g->seed * 1664525u + 1013904223u;
    /* random walks pulled back towards their means */
    g->temperature += (float)((int)(g->seed >> 28) - 8) * 0.01f + (21.0f - g->temperature) * 0.01f;
    g->humidity += (float)((int)((g->seed >> 24) & 15u) - 8) * 0.02f + (45.0f - g->humidity) * 0.01f;
    g->pressure += (double)((int)((g->seed >> 20) & 15u) - 8) * 0.005 + (1013.25 - g->pressure) * 0.01;
    if (i % 600u == 0u && g->battery > 3000) {
        g->battery -= 1;
    }
    row->ts = 1767225600000000 + (int64_t)i * 1000000; /* from 2026-01-01T00:00:00Z, in microseconds */
    row->temperature = g->temperature;
    row->humidity = g->humidity;
    row->pressure = g->pressure;
    row->pressure_valid = (g->seed & 63u) != 0u; /* the barometer drops a reading now and then */
    row->battery_mv = g->battery;
    row->door_open = (uint8_t)((i / 300u) % 17u == 0u);
    while (s[len] != '\0') {
        len++;
    }
    row->status.ptr = (const uint8_t *)s;
    row->status.len = len;
}

/* A new file's writer, taking records. */
static ppq_status_t start_file(ppq_writer_t *w, const ppq_column_t *schema, ppq_sink_t *sink, void *arena,
                               size_t arena_len, const ppq_writer_options_t *opts)
{
    ppq_status_t st = ppq_writer_init(w, schema, LOGGER_COLUMNS, opts, sink, arena, arena_len);
    return st == PPQ_OK ? ppq_writer_use_record(w, logger_fields) : st;
}

ppq_status_t logger_run(const ppq_column_t *schema, const logger_files_t *files, void *arena, size_t arena_len,
                        const ppq_writer_options_t *opts, uint32_t rows, logger_counts_t *counts)
{
    ppq_writer_t w;
    logger_gen_t g;
    logger_row_t row;
    uint32_t i;
    ppq_status_t st = start_file(&w, schema, files->sink, arena, arena_len, opts);
    counts->rows = counts->row_groups = 0;
    counts->files = 1;
    logger_gen_init(&g);
    for (i = 0; i < rows && st == PPQ_OK; i++) {
        logger_gen_next(&g, &row);
        st = ppq_writer_write_record(&w, &row); /* (or a ppq_writer_set_* per column, then commit_row) */
        if (st == PPQ_ERR_NOSPACE && files->next_file != NULL) {
            /* The file is full (its footer store) and the row is not in it:
             * close the file, open the next one and write the row there.
             * (ppq_writer_row_groups_left() warns ahead: 0 once the open
             * row group is the file's last, time to prepare the next file.) */
            st = ppq_writer_close(&w);
            st = st == PPQ_OK ? files->next_file(files->ctx, counts->files) : st;
            if (st == PPQ_OK) {
                counts->row_groups += w.row_groups;
                counts->files++;
                st = start_file(&w, schema, files->sink, arena, arena_len, opts);
                st = st == PPQ_OK ? ppq_writer_write_record(&w, &row) : st;
            }
        }
        counts->rows += st == PPQ_OK;
    }
    if (st == PPQ_ERR_NOSPACE && files->next_file == NULL) {
        st = PPQ_OK; /* one file, and it is full: the run ends */
    }
    if (st == PPQ_OK) {
        st = ppq_writer_close(&w);
    }
    counts->row_groups += w.row_groups;
    return st;
}

void logger_file_name(char *name, const char *first, uint32_t n)
{
    size_t len = strlen(first), dot = len, digits = 4, i;
    uint32_t v;
    while (dot > 0u && first[dot - 1u] != '.' && first[dot - 1u] != '/') {
        dot--;
    }
    dot = dot > 0u && first[dot - 1u] == '.' ? dot - 1u : len; /* where _NNNN goes: before the extension */
    if (n == 0u) {
        memcpy(name, first, len + 1u);
        return;
    }
    for (v = n / 10000u; v > 0u; v /= 10u) {
        digits++;
    }
    memcpy(name, first, dot);
    name[dot] = '_';
    for (i = digits, v = n; i > 0u; i--, v /= 10u) {
        name[dot + i] = (char)('0' + v % 10u);
    }
    memcpy(name + dot + 1u + digits, first + dot, len - dot + 1u); /* the extension, the '\0' */
}
