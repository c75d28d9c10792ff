/*
 * A reader on the M4F board (issue 30): in the demo day file written with
 * its page index (build/demo/sensors_index.parquet: the sensor logger's
 * day, `sensor_logger --index`), find the minute from 06:00 through the
 * ts column's page index and read only the pages that hold it, the file
 * read over semihosting at the offsets the reader asks for.  Checks the 60
 * timestamps found and that the pages read are exactly those holding the
 * minute's rows (by the OffsetIndex's first rows); prints both counts.
 */
#include "board.h"
#include "picoparquet.h"

#define DAY_FILE "build/demo/sensors_index.parquet"
#define FIRST_ROW 21600u /* 06:00:00 at 1 Hz */
#define MINUTE 60u

static int handle = -1;
static uint64_t arena_mem[48u * 1024u / 8u];
static ppq_reader_t rd;
static ppq_column_reader_t cr;
static ppq_page_index_t pi;
static ppq_row_range_t ranges[8];

static ppq_status_t read_at(void *ctx, uint64_t off, uint8_t *buf, size_t len, size_t *got)
{
    int n;
    (void)ctx;
    *got = 0;
    if (off > 0xFFFFFFFFu || board_seek(handle, (uint32_t)off) != 0) {
        return PPQ_ERR_IO;
    }
    n = board_read(handle, buf, len);
    if (n < 0) {
        return PPQ_ERR_IO;
    }
    *got = (size_t)n;
    return PPQ_OK;
}

static int fail(const char *what)
{
    board_puts("find_minute (firmware): ");
    board_puts(what);
    board_putc('\n');
    return 1;
}

int main(void)
{
    ppq_file_t file = {read_at, NULL, NULL, NULL, 0};
    ppq_arena_t arena;
    int64_t t0, lo, hi, ts[32];
    uint8_t lo8[8], hi8[8];
    int16_t def[32];
    ppq_bytes_t blo, bhi;
    uint32_t n = 0, i, g, holding = 0, in_minute = 0, wrong = 0;
    uint64_t start;
    size_t lv = 1, cnt = 0, k;
    long size;
    handle = board_open(DAY_FILE, 0);
    size = handle < 0 ? -1 : board_size(handle);
    if (size <= 0) {
        return fail("cannot open " DAY_FILE);
    }
    file.size = (uint64_t)size;
    ppq_arena_init(&arena, arena_mem, sizeof arena_mem);
    if (ppq_reader_open(&rd, &file, &arena) != PPQ_OK) {
        return fail("not a Parquet file");
    }
    /* the day's first timestamp: the file's own clock */
    if (ppq_column_reader_init(&cr, &rd, 0, 0, &arena) != PPQ_OK ||
        ppq_column_reader_read(&cr, 1, ts, def, NULL, &lv, &cnt) != PPQ_OK || cnt != 1u) {
        return fail("cannot read ts");
    }
    t0 = ts[0];
    for (g = 0, start = 0; g < rd.nsel_rgs && start + (uint64_t)ppq_reader_row_group_rows(&rd, g) <= FIRST_ROW; g++) {
        start += (uint64_t)ppq_reader_row_group_rows(&rd, g); /* (the row group holding the minute) */
    }
    if (g == rd.nsel_rgs || start + (uint64_t)ppq_reader_row_group_rows(&rd, g) < FIRST_ROW + MINUTE) {
        return fail("the minute is not in one row group");
    }
    lo = t0 + (int64_t)FIRST_ROW * 1000000;
    hi = lo + (int64_t)MINUTE * 1000000 - 1;
    ppq_store_le64(lo8, (uint64_t)lo); /* (the bounds as PLAIN bytes) */
    ppq_store_le64(hi8, (uint64_t)hi);
    blo.ptr = lo8;
    blo.len = 8;
    bhi.ptr = hi8;
    bhi.len = 8;
    if (ppq_reader_page_index(&rd, g, 0, &arena, &pi) != PPQ_OK || pi.npages == 0u ||
        ppq_page_index_rows(&pi, &blo, &bhi, ranges, 8, &n) != PPQ_OK || n == 0u) {
        return fail("no page index for ts");
    }
    if (ppq_column_reader_init(&cr, &rd, g, 0, &arena) != PPQ_OK ||
        ppq_column_reader_select(&cr, &pi, ranges, n) != PPQ_OK) {
        return fail("cannot select");
    }
    for (lv = 1; lv > 0u;) {
        if (ppq_column_reader_read(&cr, 32, ts, def, NULL, &lv, &cnt) != PPQ_OK) {
            return fail("read failed");
        }
        for (k = 0; k < cnt; k++) {
            in_minute += ts[k] >= lo && ts[k] <= hi;
            wrong += (ts[k] - t0) % 1000000 != 0; /* (1 Hz from t0) */
        }
    }
    for (i = 0; i < pi.npages; i++) { /* the pages holding a row of the minute */
        uint64_t first = pi.locs[i].first_row_index;
        uint64_t end = i + 1u < pi.npages ? pi.locs[i + 1u].first_row_index : (uint64_t)pi.rows;
        holding += start + first < FIRST_ROW + MINUTE && start + end > FIRST_ROW;
    }
    board_puts("find_minute (firmware): 06:00-06:01 of the day: ");
    board_putu(in_minute);
    board_puts(" rows, ");
    board_putu(cr.pages_read);
    board_puts(" of ");
    board_putu(pi.npages);
    board_puts(" ts pages of its row group read (");
    board_putu(holding);
    board_puts(" hold the minute), ");
    board_putu(cr.pages_jumped);
    board_puts(" skipped\n");
    board_close(handle);
    return in_minute == MINUTE && wrong == 0u && cr.pages_read == holding ? 0 : 1;
}
