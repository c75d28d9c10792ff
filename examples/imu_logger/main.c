/* The IMU logger on the host: imu.h's rows to a file.  Usage: imu_logger OUT.parquet */
#include <stdio.h>

#include "imu.h"

static uint64_t arena[IMU_ARENA / 8u];

static ppq_status_t file_write(void *ctx, const uint8_t *data, size_t len)
{
    return fwrite(data, 1, len, (FILE *)ctx) == len ? PPQ_OK : PPQ_ERR_IO;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "imu.parquet";
    FILE *f = fopen(path, "wb");
    ppq_sink_t out = {file_write, NULL, 0};
    uint32_t bytes = 0, groups = 0;
    ppq_status_t st;
    if (f == NULL) {
        perror(path);
        return 1;
    }
    out.ctx = f;
    st = imu_write(&out, arena, sizeof arena, &bytes, &groups);
    if (fclose(f) != 0 && st == PPQ_OK) {
        st = PPQ_ERR_IO;
    }
    printf("imu_logger: %s, %u rows of 3 x %u samples, %u bytes, %u row groups\n",
           st == PPQ_OK ? "ok" : ppq_status_str(st), IMU_ROWS, IMU_SAMPLES, (unsigned)bytes, (unsigned)groups);
    return st == PPQ_OK ? 0 : 1;
}
