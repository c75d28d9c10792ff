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

/* Where logger_run writes: `sink`, the open file's (its offset 0 at the
 * file's start).  When the file is full (its footer store: no footer spill)
 * logger_run closes its writer and calls next_file(ctx, n): close the file
 * and open the next one, the n-th (1, 2, ...), behind the same `sink`, its
 * offset 0 again.  next_file NULL: one file; a full one ends the run. */
typedef struct logger_files {
    ppq_sink_t *sink;
    ppq_status_t (*next_file)(void *ctx, uint32_t n);
    void *ctx;
} logger_files_t;

/* What logger_run wrote, over all its files. */
typedef struct logger_counts {
    uint32_t rows, row_groups, files;
} logger_counts_t;

/* Write `rows` rows with `arena`, rotating files as `files` says, and close
 * the last file; *counts gets what was written (also on an error).  No row
 * is lost at a rotation: the one that found its file full goes to the next. */
ppq_status_t logger_run(const ppq_column_t *schema, const logger_files_t *files, void *arena, size_t arena_len,
                        const ppq_writer_options_t *opts, uint32_t rows, logger_counts_t *counts);

/* The name of the n-th file of a rotation that starts at `first`: `first`
 * itself for n = 0, else `first` with _NNNN (n in 4 or more digits) before
 * its extension, or at its end without one: sensors.parquet,
 * sensors_0001.parquet, ...  `name` has room for `first` and 12 bytes more. */
void logger_file_name(char *name, const char *first, uint32_t n);

#endif
