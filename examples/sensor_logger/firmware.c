/*
 * The sensor logger as firmware (Cortex-M under QEMU): the same day of
 * readings, written through a block-buffering sink in 512-byte blocks, as
 * an SD card wants them, into a host file over semihosting.  Reports the
 * arena it used and the stack high-water mark.  Were the footer store to
 * fill (no footer spill), the file would be closed and the rows go on in the
 * next, LOGGER_FILE with _0001, _0002, ... before its extension.
 */
#include "board.h"
#include "logger.h"

/* LOGGER_SMALL (16 KB boards): the small schema, the options
 * ppq_writer_options_for_arena gives 8 KiB of arena (printed: the host twin
 * writes the same file with them) and a footer spill file; LOGGER_ROTATE
 * too: no spill and the whole day, so the footer store fills every few
 * hours of rows and the files rotate (make rotate-test reads them back). */
#ifdef LOGGER_SMALL
#ifdef LOGGER_ROTATE
#define LOGGER_FILE "build/demo/rotate/sensors_small_mcu.parquet"
#else
#define LOGGER_FILE "build/demo/sensors_small_mcu.parquet"
#define SPILL_FILE "build/demo/sensors_small_mcu.spill"
#endif
#define ARENA_BYTES LOGGER_SMALL_ARENA
#define SCHEMA logger_schema_small
#ifdef LOGGER_ROTATE
#define ROWS LOGGER_ROWS /* (the whole day: a file takes some hours of rows) */
#else
#define ROWS LOGGER_SMALL_ROWS
#endif
#else
#define LOGGER_FILE "build/demo/sensors_mcu.parquet"
#define ARENA_BYTES (600u * 1024u)
#define SCHEMA logger_schema
#define ROWS LOGGER_ROWS
#endif

static int handle = -1;
static uint32_t blocks, bytes;
static ppq_sink_t file, sink; /* the open host file's, and the 512-byte blocks' over it */
static ppq_blocksink_t blk;
static uint8_t block[512];

static ppq_status_t semihost_write(void *ctx, const uint8_t *data, size_t len)
{
    (void)ctx;
    blocks++;
    bytes += (uint32_t)len;
    return board_write(handle, data, len) == 0 ? PPQ_OK : PPQ_ERR_IO;
}

#ifdef SPILL_FILE
/* Row-group metadata beyond the arena's footer store goes to a second host
 * file (an SD card file in a real logger); close reads it back. */
static int spill_handle = -1, spill_reading;

static ppq_status_t spill_write(void *ctx, const uint8_t *data, size_t len)
{
    (void)ctx;
    return board_write(spill_handle, data, len) == 0 ? PPQ_OK : PPQ_ERR_IO;
}

static ppq_status_t spill_read(void *ctx, uint8_t *buf, size_t len, size_t *got)
{
    int n;
    (void)ctx;
    if (!spill_reading) { /* the first read: the writer is done spilling */
        board_close(spill_handle);
        spill_handle = board_open(SPILL_FILE, 0);
        spill_reading = 1;
    }
    n = spill_handle < 0 ? -1 : board_read(spill_handle, buf, len);
    *got = n < 0 ? 0u : (size_t)n;
    return n < 0 ? PPQ_ERR_IO : PPQ_OK;
}
#endif

static uint64_t arena_mem[ARENA_BYTES / 8u];
static char name[sizeof LOGGER_FILE + 12u];

/* logger_run's next_file: the last block to the full file, which is closed,
 * and the n-th file opened behind the same sinks. */
static ppq_status_t next_file(void *ctx, uint32_t n)
{
    ppq_status_t st = ppq_blocksink_flush(&blk);
    (void)ctx;
    board_close(handle);
    logger_file_name(name, LOGGER_FILE, n);
    handle = board_open(name, 1);
    file.offset = 0;
    if (st == PPQ_OK && handle < 0) {
        st = PPQ_ERR_IO;
    }
    return st == PPQ_OK ? ppq_sink_init_block(&sink, &blk, &file, block, sizeof block) : st;
}

int main(void)
{
    ppq_writer_options_t opts;
    logger_files_t files = {&sink, next_file, 0};
    logger_counts_t n = {0, 0, 0};
    ppq_status_t st;
    handle = board_open(LOGGER_FILE, 1);
    if (handle < 0) {
        board_puts("sensor_logger: cannot open " LOGGER_FILE "\n");
        return 1;
    }
    file.write = semihost_write;
    file.ctx = 0;
    file.offset = 0;
#ifdef LOGGER_SMALL
    logger_options(&opts, 1);
#ifdef SPILL_FILE
    ppq_sink_t spill = {spill_write, 0, 0};
    ppq_source_t unspill = {spill_read, 0, 0};
    spill_handle = board_open(SPILL_FILE, 1);
    if (spill_handle < 0) {
        board_puts("sensor_logger: cannot open " SPILL_FILE "\n");
        return 1;
    }
    opts.footer_spill = &spill;
    opts.footer_unspill = &unspill;
#endif
    if (ppq_writer_options_for_arena(&opts, SCHEMA, LOGGER_COLUMNS, sizeof arena_mem) != PPQ_OK) {
        board_puts("sensor_logger: the schema does not fit 8 KiB\n");
        return 1;
    }
    board_puts("sensor_logger (firmware): options compact ");
    board_putu(opts.compact);
    board_puts(" chunk_bytes ");
    board_putu(opts.chunk_bytes);
    board_puts(" dict_entries ");
    board_putu(opts.dict_entries);
    board_puts(" page_bytes ");
    board_putu(opts.page_bytes);
    board_puts(" footer_bytes ");
    board_putu(opts.footer_bytes);
    board_putc('\n');
#else
    logger_options(&opts, 0);
    opts.codec = LOGGER_CODEC;
#endif
    st = ppq_sink_init_block(&sink, &blk, &file, block, sizeof block);
    board_stack_paint();
    if (st == PPQ_OK) {
        st = logger_run(SCHEMA, &files, arena_mem, sizeof arena_mem, &opts, ROWS, &n);
    }
    if (st == PPQ_OK) {
        st = ppq_blocksink_flush(&blk);
    }
    board_puts("sensor_logger (firmware): ");
    board_puts(st == PPQ_OK ? "ok" : ppq_status_str(st));
    board_puts(", ");
    board_putu(bytes);
    board_puts(" bytes in ");
    board_putu(blocks);
    board_puts(" writes of at most 512 bytes, ");
    board_putu(n.files);
    board_puts(n.files == 1u ? " file, arena " : " files, arena ");
    board_putu(ppq_writer_arena_size(SCHEMA, LOGGER_COLUMNS, &opts));
    board_puts(" bytes, stack high-water ");
    board_putu(board_stack_used());
    board_puts(" bytes\n");
    board_close(handle);
#ifdef SPILL_FILE
    board_close(spill_handle);
#endif
    return st == PPQ_OK ? 0 : 1;
}
