/* libFuzzer: the file reader on hostile files.  Whatever the bytes, open
 * and every column of every row group read to its end stay inside the file
 * and the arena (ASan), and end with a status. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"
#include "ppq_reader.h"
#include "recover_util.h" /* a file in memory (mfile_t) */

static uint64_t arena_mem[(1u << 20) / 8u];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static ppq_reader_t r;
    static ppq_column_reader_t cr;
    static union {
        uint64_t w[64];
        ppq_bytes_t b[32];
    } values;
    static int16_t def[32], rep[32];
    mfile_t m;
    ppq_file_t f;
    ppq_arena_t arena;
    uint32_t rg, c;
    mfile_init(&f, &m, (uint8_t *)(uintptr_t)data, size, size); /* (read only) */
    ppq_arena_init(&arena, arena_mem, sizeof arena_mem);
    if (ppq_reader_open(&r, &f, &arena) != PPQ_OK) {
        return 0;
    }
    for (rg = 0; rg < r.nrg && rg < 64u; rg++) {
        for (c = 0; c < r.ncols && c < 64u; c++) {
            size_t mark = ppq_arena_mark(&arena), levels = 1, count = 0, steps = 0;
            ppq_status_t st;
            (void)ppq_column_reader_arena_size(&r, rg, c, &st);
            if (ppq_column_reader_init(&cr, &r, rg, c, &arena) == PPQ_OK) {
                while (levels > 0u && steps++ < 100000u &&
                       ppq_column_reader_read(&cr, 32, &values, def, rep, &levels, &count) == PPQ_OK) {
                    if (count > levels) {
                        abort(); /* more values than entries */
                    }
                }
            }
            ppq_arena_rewind(&arena, mark);
        }
    }
    return 0;
}
