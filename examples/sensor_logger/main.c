/*
 * The sensor logger on the host: one day of 1 Hz readings written as
 * Parquet through a stdio sink to build/demo/sensors.parquet (or argv[1]),
 * with every byte of the writer's state in one static arena.
 */
#include <stdio.h>

#include "logger.h"

static ppq_status_t file_write(void *ctx, const uint8_t *data, size_t len)
{
    return fwrite(data, 1, len, (FILE *)ctx) == len ? PPQ_OK : PPQ_ERR_IO;
}

/* --small spills row-group metadata to a temporary file, as the microbit
 * does to a second file; the first read rewinds it. */
static int spill_reading;

static ppq_status_t file_read(void *ctx, uint8_t *buf, size_t len, size_t *got)
{
    FILE *f = (FILE *)ctx;
    if (!spill_reading) {
        spill_reading = 1;
        if (fseek(f, 0, SEEK_SET) != 0) {
            return PPQ_ERR_IO;
        }
    }
    *got = fread(buf, 1, len, f);
    return ferror(f) ? PPQ_ERR_IO : PPQ_OK;
}

static uint64_t arena_mem[1024 * 1024 / 8];

/* A decimal argument (0 when absent or not a number). */
static uint32_t arg_u32(int argc, char **argv, int i)
{
    uint32_t v = 0;
    const char *s = i < argc ? argv[i] : "";
    while (*s >= '0' && *s <= '9') {
        v = v * 10u + (uint32_t)(*s++ - '0');
    }
    return v;
}

/* sensor_logger [--small FILE CHUNK_BYTES DICT_ENTRIES PAGE_BYTES FOOTER_BYTES] [FILE]:
 * --small uses the 16 KB-microcontroller schema with the compact options
 * the microbit firmware printed (what ppq_writer_options_for_arena gave it
 * for 8 KiB: on a 64-bit host the same arena holds less). */
int main(int argc, char **argv)
{
    int small = argc > 1 && argv[1][0] == '-' && argv[1][1] == '-';
    const char *path = argc > 1 + small ? argv[1 + small] : "build/demo/sensors.parquet";
    const ppq_column_t *schema = small ? logger_schema_small : logger_schema;
    ppq_writer_options_t opts;
    ppq_sink_t sink;
    ppq_status_t st;
    uint32_t row_groups = 0, rows = 0;
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        fprintf(stderr, "sensor_logger: cannot open %s\n", path);
        return 1;
    }
    FILE *spill_file = small ? tmpfile() : NULL;
    ppq_sink_t spill = {file_write, NULL, 0};
    ppq_source_t unspill = {file_read, NULL, 0};
    logger_options(&opts, small);
    opts.codec = small ? PPQ_CODEC_UNCOMPRESSED : LOGGER_CODEC;
    if (small) {
        logger_compact_options(&opts, arg_u32(argc, argv, 3), arg_u32(argc, argv, 4), arg_u32(argc, argv, 5),
                               arg_u32(argc, argv, 6));
    }
    if (spill_file != NULL) {
        spill.ctx = unspill.ctx = spill_file;
        opts.footer_spill = &spill;
        opts.footer_unspill = &unspill;
    }
    sink.write = file_write;
    sink.ctx = f;
    sink.offset = 0;
    st = logger_run(schema, &sink, arena_mem, sizeof arena_mem, &opts, small ? LOGGER_SMALL_ROWS : LOGGER_ROWS,
                    &rows, &row_groups);
    fclose(f);
    if (spill_file != NULL) {
        fclose(spill_file);
    } else if (small) {
        st = PPQ_ERR_IO;
    }
    if (st != PPQ_OK) {
        fprintf(stderr, "sensor_logger: %s\n", ppq_status_str(st));
        return 1;
    }
    printf("sensor_logger: %u rows in %u row groups, %llu bytes -> %s\n", (unsigned)rows, (unsigned)row_groups,
           (unsigned long long)sink.offset, path);
    printf("sensor_logger: arena %zu bytes (ppq_writer_arena_size)\n",
           ppq_writer_arena_size(schema, LOGGER_COLUMNS, &opts));
    return 0;
}
