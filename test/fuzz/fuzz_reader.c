/* libFuzzer: the file reader on hostile files.  Whatever the bytes, open
 * and every column of every row group read to its end stay inside the file
 * and the arena (ASan), and end with a status. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"
#include "ppq_reader.h"

static uint64_t arena_mem[(1u << 20) / 8u];

typedef struct mem_file {
    const uint8_t *data;
    size_t len;
} mem_file_t;

static ppq_status_t mem_read_at(void *ctx, uint64_t off, uint8_t *buf, size_t len, size_t *got)
{
    const mem_file_t *m = (const mem_file_t *)ctx;
    size_t n = off >= m->len ? 0u : m->len - (size_t)off < len ? m->len - (size_t)off : len;
    if (n > 0u) {
        memcpy(buf, m->data + off, n);
    }
    *got = n;
    return PPQ_OK;
}

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
    mem_file_t m = {data, size};
    ppq_file_t f = {mem_read_at, NULL, NULL, NULL, 0};
    ppq_arena_t arena;
    uint32_t rg, c;
    f.ctx = &m;
    f.size = size;
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
