/*
 * The durable logger on the host: `durable_logger [--fatfs] [--power-cut-after N] DIR`
 * boots (recovering the newest log_NNNN.parquet in DIR if it lacks its
 * footer), then writes the next log: the sensor logger's day, each row
 * group synced.  --power-cut-after N makes the file system stop storing
 * bytes after N bytes of the new log, as a power cut would: the program
 * then stops at once (exit status 3) and leaves the log without a footer
 * for the next boot.  --fatfs runs the FatFs adapter instead of POSIX.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../sensor_logger/logger.h"
#include "durable.h"

static uint64_t arena_mem[1024 * 1024 / 8];

/* The simulated power cut, between the writer and the file system: after
 * `cut` bytes of the new log nothing more reaches the file (the rest of
 * that append and every later one is lost). */
static struct {
    const log_fs_t *fs;
    uint64_t written, cut;
} power;

static ppq_status_t append_until_cut(void *ctx, const uint8_t *data, size_t len)
{
    size_t take = len;
    ppq_status_t st = PPQ_OK;
    if (power.written + len > power.cut) {
        take = power.written < power.cut ? (size_t)(power.cut - power.written) : 0u;
    }
    if (take > 0u) {
        st = power.fs->append(ctx, data, take);
    }
    power.written += st == PPQ_OK ? take : 0u;
    return st == PPQ_OK && take == len ? PPQ_OK : PPQ_ERR_IO;
}

int main(int argc, char **argv)
{
    log_fs_t fs;
    ppq_recover_result_t res;
    durable_boot_result_t boot;
    ppq_writer_options_t opts;
    ppq_sink_t sink;
    char name[32];
    uint64_t cut = 0;
    uint32_t last = 0, rows = 0, groups = 0;
    int fatfs = 0, i;
    const char *dir = NULL;
    ppq_status_t st;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--fatfs") == 0) {
            fatfs = 1;
        } else if (strcmp(argv[i], "--power-cut-after") == 0 && i + 1 < argc) {
            cut = strtoull(argv[++i], NULL, 10);
        } else {
            dir = argv[i];
        }
    }
    if (dir == NULL) {
        fprintf(stderr, "usage: durable_logger [--fatfs] [--power-cut-after BYTES] DIR\n");
        return 2;
    }
    if (fatfs) {
        log_fs_fatfs(&fs, dir);
    } else {
        log_fs_posix(&fs, dir);
    }
    /* the newest log: the highest number that opens */
    for (;;) {
        snprintf(name, sizeof name, "log_%04u.parquet", (unsigned)(last + 1u));
        if (fs.open(fs.ctx, name, 0) != PPQ_OK) {
            break;
        }
        (void)fs.close(fs.ctx);
        last++;
    }
    if (last > 0u) {
        static const char *const said[] = {"no log", "valid, nothing to do", "recovered in place", "nothing to keep"};
        snprintf(name, sizeof name, "log_%04u.parquet", (unsigned)last);
        st = durable_boot(&fs, name, arena_mem, sizeof arena_mem, &boot, &res);
        if (st != PPQ_OK) { /* left as it is for a later boot or a PC; logging goes on */
            printf("boot: %s: %s, left for later\n", name, ppq_status_str(st));
        } else {
            printf("boot: %s: %s", name, said[boot]);
            if (boot == DURABLE_RECOVERED) {
                printf(": kept %u row groups, %llu rows; dropped %llu bytes", (unsigned)res.row_groups,
                       (unsigned long long)res.rows, (unsigned long long)res.dropped_bytes);
            }
            printf("\n");
        }
    }
    snprintf(name, sizeof name, "log_%04u.parquet", (unsigned)(last + 1u));
    if (fs.open(fs.ctx, name, 1) != PPQ_OK) {
        fprintf(stderr, "durable_logger: cannot create %s\n", name);
        return 1;
    }
    logger_options(&opts, 0);
    opts.sync = durable_sync;
    opts.sync_ctx = &fs;
    power.fs = &fs;
    power.cut = cut;
    sink.write = cut != 0u ? append_until_cut : fs.append;
    sink.ctx = fs.ctx;
    sink.offset = 0;
    st = logger_run(logger_schema, &sink, arena_mem, sizeof arena_mem, &opts, LOGGER_ROWS, &rows, &groups);
    if (st != PPQ_OK && cut != 0u) {
        printf("log: %s: power cut after %llu bytes, in row group %u (%s)\n", name, (unsigned long long)cut,
               (unsigned)groups, ppq_status_str(st));
        return 3; /* no close, no footer: the next boot finds it so */
    }
    if (st != PPQ_OK || fs.close(fs.ctx) != PPQ_OK) {
        fprintf(stderr, "durable_logger: %s: %s\n", name, ppq_status_str(st));
        return 1;
    }
    printf("log: %s: %u rows in %u row groups, %llu bytes\n", name, (unsigned)rows, (unsigned)groups,
           (unsigned long long)sink.offset);
    return 0;
}
