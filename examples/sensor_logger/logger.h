/* The sensor logger's job, shared by the host program and the firmware:
 * a day of 1 Hz readings from seven sensors, appended row by row. */
#ifndef SENSOR_LOGGER_H
#define SENSOR_LOGGER_H

#include "picoparquet.h"

#define LOGGER_ROWS 86400u
#define LOGGER_SMALL_ROWS 3600u /* the first hour */
#define LOGGER_SMALL_ARENA (8u * 1024u) /* the 16 KB board's RAM for the writer */
#define LOGGER_COLUMNS 7u

/* The schema: delta for timestamps and the battery, PLAIN for the floats,
 * RLE for the door, a dictionary for the status ... */
extern const ppq_column_t logger_schema[LOGGER_COLUMNS];
/* ... and for 16 KB microcontrollers, in the compact layout: PLAIN floats
 * (the demo's walks are not quantized: every reading new), dictionaries for
 * the battery and the status. */
extern const ppq_column_t logger_schema_small[LOGGER_COLUMNS];

/* The writer options the demo uses (pages, row groups, CRC, metadata);
 * `small`: CRC and metadata only, for ppq_writer_options_for_arena to size
 * in LOGGER_SMALL_ARENA bytes (the microbit firmware asks it; the host twin
 * takes the firmware's answer, logger_compact_options). */
void logger_options(ppq_writer_options_t *opts, int small);

/* The sizing fields of the compact layout as ppq_writer_options_for_arena
 * chose them on a board (its store per column, dictionary entries, longest
 * byte array, footer store), so that a host writes the same file. */
void logger_compact_options(ppq_writer_options_t *opts, uint32_t chunk_bytes, uint32_t dict_entries,
                            uint32_t page_bytes, uint32_t footer_bytes);

/* The page codec the M4F firmware and its host twin log with (the 16 KB
 * board's demo stays uncompressed). */
#define LOGGER_CODEC PPQ_CODEC_SNAPPY

/* The readings, row by row: deterministic pseudo-random walks. */
typedef struct logger_gen {
    uint32_t seed, i;
    float temperature, humidity;
    double pressure;
    int32_t battery;
} logger_gen_t;

typedef struct logger_row {
    int64_t ts;
    float temperature, humidity;
    double pressure;
    uint8_t pressure_valid; /* 0: the pressure is null (the record's presence flag) */
    int32_t battery_mv;
    uint8_t door_open;
    ppq_bytes_t status; /* points to a constant string */
} logger_row_t;

void logger_gen_init(logger_gen_t *g);
void logger_gen_next(logger_gen_t *g, logger_row_t *row);

/* Write `rows` rows to `sink` with `arena`, fewer if the footer store
 * fills (the file is closed then, as a logger rotates); *written and
 * *row_groups get the counts. */
ppq_status_t logger_run(const ppq_column_t *schema, ppq_sink_t *sink, void *arena, size_t arena_len,
                        const ppq_writer_options_t *opts, uint32_t rows, uint32_t *written, uint32_t *row_groups);

#endif
