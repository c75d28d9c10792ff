/*
 * The sensor logger on the host: one day of 1 Hz readings written as
 * Parquet through a stdio sink to build/demo/sensors.parquet (or argv[1]),
 * with every byte of the writer's state in one static arena.  A file whose
 * footer store fills (no footer spill) is closed and the rows go on in the
 * next: sensors_0001.parquet, sensors_0002.parquet, ...
 */
#include <stdio.h>
#include <string.h>

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

/* The files of the run: the open one, its sink, the first one's name and
 * the bytes of the files closed. */
static struct {
    FILE *f;
    ppq_sink_t sink;
    const char *first;
    char name[512];
    uint64_t bytes;
} out;

/* logger_run's next_file: close the full file, open the n-th. */
static ppq_status_t next_file(void *ctx, uint32_t n)
{
    (void)ctx;
    out.bytes += out.sink.offset;
    if (fclose(out.f) != 0) {
        out.f = NULL;
        return PPQ_ERR_IO;
    }
    logger_file_name(out.name, out.first, n);
    out.f = fopen(out.name, "wb");
    out.sink.ctx = out.f;
    out.sink.offset = 0;
    return out.f != NULL ? PPQ_OK : PPQ_ERR_IO;
}

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

/* sensor_logger [--small FILE CHUNK_BYTES DICT_ENTRIES PAGE_BYTES FOOTER_BYTES]
 *               [--arena BYTES ROWS FILE] [--index FILE] [FILE]:
 * --index writes the day with its page index (which the firmware, built
 * without, does not write: make demo-find-mcu's board reader uses it);
 * --small uses the 16 KB-microcontroller schema with the compact options
 * the microbit firmware printed (what ppq_writer_options_for_arena gave it
 * for 8 KiB: on a 64-bit host the same arena holds less); --arena writes
 * ROWS rows of that schema with the options ppq_writer_options_for_arena
 * gives BYTES and no footer spill, in as many files as they take (FILE,
 * then FILE's name with _0001, _0002, ...). */
int main(int argc, char **argv)
{
    int small = argc > 1 && strcmp(argv[1], "--small") == 0;
    int sized = argc > 1 && strcmp(argv[1], "--arena") == 0;
    int index = argc > 1 && strcmp(argv[1], "--index") == 0;
    int at = small ? 2 : sized ? 4 : index ? 2 : 1; /* FILE's argument */
    const char *path = at < argc ? argv[at] : "build/demo/sensors.parquet";
    const ppq_column_t *schema = small || sized ? logger_schema_small : logger_schema;
    uint32_t rows = small ? LOGGER_SMALL_ROWS : sized ? arg_u32(argc, argv, 3) : LOGGER_ROWS;
    logger_files_t files = {&out.sink, next_file, NULL};
    logger_counts_t n = {0, 0, 0};
    ppq_writer_options_t opts;
    ppq_status_t st = PPQ_OK;
    FILE *spill_file = small ? tmpfile() : NULL;
    ppq_sink_t spill = {file_write, NULL, 0};
    ppq_source_t unspill = {file_read, NULL, 0};
    logger_options(&opts, small || sized);
    opts.codec = small || sized ? PPQ_CODEC_UNCOMPRESSED : LOGGER_CODEC;
    if (index) {
        opts.no_page_index = 0; /* (the firmware builds none: a file for the board's reader) */
    }
    if (small) {
        logger_compact_options(&opts, arg_u32(argc, argv, 3), arg_u32(argc, argv, 4), arg_u32(argc, argv, 5),
                               arg_u32(argc, argv, 6));
    }
    if (sized) {
        st = ppq_writer_options_for_arena(&opts, schema, LOGGER_COLUMNS, arg_u32(argc, argv, 2));
    }
    if (spill_file != NULL) {
        spill.ctx = unspill.ctx = spill_file;
        opts.footer_spill = &spill;
        opts.footer_unspill = &unspill;
    } else if (small) {
        st = PPQ_ERR_IO;
    }
    out.first = path;
    out.f = strlen(path) + 12u <= sizeof out.name ? fopen(path, "wb") : NULL;
    if (out.f == NULL) {
        fprintf(stderr, "sensor_logger: cannot open %s\n", path);
        return 1;
    }
    out.sink.write = file_write;
    out.sink.ctx = out.f;
    out.sink.offset = 0;
    if (st == PPQ_OK) {
        st = logger_run(schema, &files, arena_mem, sizeof arena_mem, &opts, rows, &n);
    }
    if (out.f != NULL && fclose(out.f) != 0) {
        st = PPQ_ERR_IO;
    }
    if (spill_file != NULL) {
        fclose(spill_file);
    }
    if (st != PPQ_OK) {
        fprintf(stderr, "sensor_logger: %s\n", ppq_status_str(st));
        return 1;
    }
    if (n.files == 1u) {
        printf("sensor_logger: %u rows in %u row groups, %llu bytes -> %s\n", (unsigned)n.rows,
               (unsigned)n.row_groups, (unsigned long long)out.sink.offset, path);
    } else {
        printf("sensor_logger: %u rows in %u row groups, %llu bytes -> %u files, %s to %s\n", (unsigned)n.rows,
               (unsigned)n.row_groups, (unsigned long long)(out.bytes + out.sink.offset), (unsigned)n.files, path,
               out.name);
    }
    printf("sensor_logger: arena %zu bytes (ppq_writer_arena_size)\n",
           ppq_writer_arena_size(schema, LOGGER_COLUMNS, &opts));
    return 0;
}
