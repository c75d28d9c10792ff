/* libFuzzer: the file reader on hostile files.  Whatever the bytes, open
 * and every column of every row group read to its end stay inside the file
 * and the arena (ASan), and end with a status, pages read through read_at
 * or (by the last byte) decoded in place, with or without definition
 * levels; so does a selective open in a small arena, whose need then
 * opens, keeping exactly the chunks asked for; and each chunk's page
 * index, bloom filter probe, and the rows its index selects read through
 * ppq_column_reader_select (with and without the index). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"
#include "ppq_reader.h"
#include "recover_util.h" /* a file in memory (mfile_t) */

static uint64_t arena_mem[(1u << 20) / 8u];

static void abort_unless(int ok)
{
    if (!ok) {
        abort();
    }
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
    int16_t *flat_def = def;
    mfile_t m;
    ppq_file_t f;
    ppq_arena_t arena;
    uint32_t rg, c;
    static const uint32_t cols[2] = {0, 2}, rgs[2] = {1, 3};
    ppq_reader_select_t sel;
    ppq_status_t st;
    mfile_init(&f, &m, (uint8_t *)(uintptr_t)data, size, size); /* (read only) */
    /* a selection (by the last byte) in a small arena: a need that then
     * opens (the parse is the same whatever the arena), chunks kept only */
    memset(&sel, 0, sizeof sel);
    if (size > 0u) {
        sel.columns = data[size - 1u] & 1u ? cols : NULL;
        sel.ncolumns = 1u + (data[size - 1u] >> 1 & 1u);
        sel.row_groups = data[size - 1u] & 4u ? rgs : NULL;
        sel.nrow_groups = 1u + (data[size - 1u] >> 3 & 1u);
        sel.metadata = (uint8_t)(data[size - 1u] >> 4 & 1u);
    }
    ppq_arena_init(&arena, arena_mem, size > 1u ? 8u * data[size - 2u] : 0u);
    st = ppq_reader_open_select(&r, &f, &sel, &arena);
    if (st == PPQ_ERR_ARENA) {
        if (r.need <= arena.size || r.need > sizeof arena_mem / 2u) {
            abort_unless(r.need > arena.size);
            return 0;
        }
        ppq_arena_init(&arena, arena_mem, r.need);
        st = ppq_reader_open_select(&r, &f, &sel, &arena);
        abort_unless(st != PPQ_ERR_ARENA);
    }
    if (st == PPQ_OK) { /* (column readers in the arena's other half) */
        ppq_arena_t carena;
        ppq_arena_init(&carena, (uint8_t *)arena_mem + sizeof arena_mem / 2u, sizeof arena_mem / 2u);
        for (rg = 0; rg < r.nrg && rg < 8u; rg++) {
            for (c = 0; c < r.ncols && c < 8u; c++) {
                int kept = (sel.row_groups == NULL || (rg == 1u || (rg == 3u && sel.nrow_groups == 2u))) &&
                           (sel.columns == NULL || (c == 0u || (c == 2u && sel.ncolumns == 2u)));
                size_t levels = 1, count = 0, steps = 0;
                abort_unless((ppq_reader_chunk(&r, rg, c) != NULL) == kept);
                if (ppq_column_reader_init(&cr, &r, rg, c, &carena) == PPQ_OK) {
                    while (levels > 0u && steps++ < 1000u &&
                           ppq_column_reader_read(&cr, 32, &values, def, rep, &levels, &count) == PPQ_OK) {
                    }
                }
                ppq_arena_rewind(&carena, 0);
            }
        }
    }
    ppq_arena_init(&arena, arena_mem, sizeof arena_mem);
    if (ppq_reader_open(&r, &f, &arena) != PPQ_OK) {
        return 0;
    }
    if (size > 0u && (data[size - 1u] & 0x20u) != 0u) { /* pages decoded where they are (exactly size bytes) */
        (void)ppq_reader_in_memory(&r, data);
    }
    if (size > 0u && (data[size - 1u] & 0x40u) != 0u) {
        flat_def = NULL; /* nulls counted only (repeated columns: PPQ_ERR_ARG) */
    }
    for (rg = 0; rg < r.nrg && rg < 64u; rg++) {
        for (c = 0; c < r.ncols && c < 64u; c++) {
            size_t mark = ppq_arena_mark(&arena), levels = 1, count = 0, steps = 0;
            (void)ppq_column_reader_arena_size(&r, rg, c, &st);
            if (ppq_column_reader_init(&cr, &r, rg, c, &arena) == PPQ_OK) {
                while (levels > 0u && steps++ < 100000u &&
                       ppq_column_reader_read(&cr, 32, &values, flat_def, rep, &levels, &count) == PPQ_OK) {
                    if (count > levels) {
                        abort(); /* more values than entries */
                    }
                }
            }
            ppq_arena_rewind(&arena, mark);
        }
    }
    for (rg = 0; rg < r.nrg && rg < 8u; rg++) { /* the page index and bloom filters */
        for (c = 0; c < r.ncols && c < 8u; c++) {
            static ppq_row_range_t ranges[64];
            ppq_page_index_t pi;
            size_t mark = ppq_arena_mark(&arena), levels = 1, count = 0, steps = 0;
            uint32_t n = 0;
            int maybe = 0;
            uint64_t probe = 0x9E3779B97F4A7C15ull * (rg * 8u + c + 1u);
            ppq_bytes_t lo;
            if (ppq_reader_bloom_check(&r, rg, c, probe, &maybe) == PPQ_OK) {
                abort_unless(maybe == 0 || maybe == 1);
            }
            size_t need = ppq_reader_page_index_size(&r, rg, c, &st);
            if (st != PPQ_OK || need > (arena.size - arena.used) / 2u) {
                continue;
            }
            st = ppq_reader_page_index(&r, rg, c, &arena, &pi);
            abort_unless(st != PPQ_OK || arena.used - mark <= need);
            if (st == PPQ_OK) {
                lo.ptr = data;
                lo.len = pi.npages > 0u && pi.leaf->type != PPQ_BYTE_ARRAY
                             ? (uint32_t)ppq_plain_width((ppq_type_t)pi.leaf->type, pi.leaf->type_len)
                             : 1u;
                lo.len = lo.len <= size ? lo.len : 0u;
                st = ppq_page_index_rows(&pi, size > 2u && (data[1] & 1u) && lo.len > 0u ? &lo : NULL, NULL, ranges,
                                         64, &n);
            }
            if (st == PPQ_OK && ppq_column_reader_init(&cr, &r, rg, c, &arena) == PPQ_OK &&
                ppq_column_reader_select(&cr, size > 2u && (data[2] & 1u) ? NULL : &pi, ranges, n) == PPQ_OK) {
                while (levels > 0u && steps++ < 100000u &&
                       ppq_column_reader_read(&cr, 32, &values, def, rep, &levels, &count) == PPQ_OK) {
                    abort_unless(count <= levels);
                }
            }
            ppq_arena_rewind(&arena, mark);
        }
    }
    return 0;
}
