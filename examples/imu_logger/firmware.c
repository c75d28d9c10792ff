/* The IMU logger as M4F firmware under QEMU: imu.h's rows into a host file
 * over semihosting, in 512-byte blocks as an SD card wants them (make
 * demo-imu-mcu compares it with the host's file byte for byte). */
#include "board.h"
#include "imu.h"

#define IMU_FILE "build/demo/imu_mcu.parquet"

static int handle = -1;
static ppq_blocksink_t blk;
static uint8_t block[512];
static uint64_t arena[IMU_ARENA / 8u];

static ppq_status_t semihost_write(void *ctx, const uint8_t *data, size_t len)
{
    (void)ctx;
    return board_write(handle, data, len) == 0 ? PPQ_OK : PPQ_ERR_IO;
}

int main(void)
{
    ppq_sink_t file = {semihost_write, 0, 0}, sink;
    uint32_t bytes = 0, groups = 0;
    ppq_status_t st;
    handle = board_open(IMU_FILE, 1);
    if (handle < 0) {
        board_puts("imu_logger: cannot open " IMU_FILE "\n");
        return 1;
    }
    st = ppq_sink_init_block(&sink, &blk, &file, block, sizeof block);
    board_stack_paint();
    st = st == PPQ_OK ? imu_write(&sink, arena, sizeof arena, &bytes, &groups) : st;
    st = st == PPQ_OK ? ppq_blocksink_flush(&blk) : st;
    board_puts("imu_logger (firmware): ");
    board_puts(st == PPQ_OK ? "ok" : ppq_status_str(st));
    board_puts(", ");
    board_putu(bytes);
    board_puts(" bytes, ");
    board_putu(groups);
    board_puts(" row groups, stack high-water ");
    board_putu(board_stack_used());
    board_puts(" bytes\n");
    board_close(handle);
    return st == PPQ_OK ? 0 : 1;
}
