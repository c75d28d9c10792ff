/*
 * A program that uses picoparquet as an installed library would: three rows
 * of a two-column table written to memory, then its size and the library's
 * version printed.  Built by `make install-test` through pkg-config,
 * find_package and add_subdirectory (docs/build.md; README: "Using it in a
 * build").  With a FILE argument it also writes the bytes there.
 */
#include <stdio.h>
#include <string.h>

#include "picoparquet.h"

static const ppq_column_t schema[] = {
    {"id", PPQ_INT32, 0, 0, {PPQ_LOGICAL_NONE}, PPQ_COLUMN_AUTO},
    {"temperature", PPQ_FLOAT, 0, 1, {PPQ_LOGICAL_NONE}, PPQ_COLUMN_AUTO}, /* OPTIONAL */
};
static uint64_t arena[64 * 1024 / 8];
static uint8_t file[4096];

int main(int argc, char **argv)
{
    static const float temps[3] = {21.5f, 0.0f, 22.25f};
    ppq_writer_options_t opts;
    ppq_writer_t w;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    ppq_status_t st;
    int32_t row;

    if (strcmp(ppq_version(), PPQ_VERSION_STRING) != 0) {
        fprintf(stderr, "headers %s, library %s\n", PPQ_VERSION_STRING, ppq_version());
        return 1;
    }
    ppq_sink_init_mem(&sink, &mem, file, sizeof file);
    memset(&opts, 0, sizeof opts);
    st = ppq_writer_options_for_arena(&opts, schema, 2, sizeof arena); /* the defaults are a host's: megabytes */
    if (st == PPQ_OK) {
        st = ppq_writer_init(&w, schema, 2, &opts, &sink, arena, sizeof arena);
    }
    for (row = 0; row < 3 && st == PPQ_OK; row++) {
        st = ppq_writer_set_i32(&w, 0, row);
        if (st == PPQ_OK) {
            st = row == 1 ? ppq_writer_set_null(&w, 1) : ppq_writer_set_float(&w, 1, temps[row]);
        }
        if (st == PPQ_OK) {
            st = ppq_writer_commit_row(&w);
        }
    }
    if (st == PPQ_OK) {
        st = ppq_writer_close(&w);
    }
    if (st != PPQ_OK) {
        fprintf(stderr, "picoparquet: %s\n", ppq_status_str(st));
        return 1;
    }
    printf("picoparquet %s: wrote a %lu-byte Parquet file of 3 rows\n", ppq_version(), (unsigned long)mem.len);
    if (argc > 1) {
        FILE *f = fopen(argv[1], "wb");
        if (f == NULL || fwrite(file, 1, mem.len, f) != mem.len || fclose(f) != 0) {
            perror(argv[1]);
            return 1;
        }
    }
    return 0;
}
