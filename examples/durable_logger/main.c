/*
 * The durable logger on the host:
 * `durable_logger [--fatfs] [--power-cut-after N] [--arena BYTES ROWS] DIR`
 * boots (recovering the newest log_NNNN.parquet in DIR if it lacks its
 * footer), then writes the next log: the sensor logger's day, each row
 * group synced.  A log whose footer store fills is synced and closed, and
 * the rows go on in the log after it (no row lost); --arena writes ROWS rows
 * with the options ppq_writer_options_for_arena gives BYTES of arena, which
 * fill a log every few thousand rows.  --power-cut-after N makes the file
 * system stop storing bytes after N bytes of the new logs, as a power cut
 * would: the program then stops at once (exit status 3) and leaves the log
 * without a footer for the next boot.  --fatfs runs the FatFs adapter instead of POSIX.
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

/* The logs of this run: the first one's number, the open one's name. */
static struct {
    log_fs_t *fs;
    ppq_sink_t *sink;
    uint32_t first;
    char name[32];
} logs;

/* logger_run's next_file: the full log made durable (its footer synced:
 * the next boot checks only the newest log) and closed, and the n-th after
 * the first created. */
static ppq_status_t next_file(void *ctx, uint32_t n)
{
    ppq_status_t st = logs.fs->sync(logs.fs->ctx), closed = logs.fs->close(logs.fs->ctx);
    (void)ctx;
    snprintf(logs.name, sizeof logs.name, "log_%04u.parquet", (unsigned)(logs.first + n));
    st = st != PPQ_OK ? st : closed != PPQ_OK ? closed : logs.fs->open(logs.fs->ctx, logs.name, 1);
    logs.sink->offset = 0;
    return st;
}

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
    logger_files_t files = {&sink, next_file, NULL};
    logger_counts_t n = {0, 0, 0};
    char name[32];
    uint64_t cut = 0;
    uint32_t last = 0, rows = LOGGER_ROWS, arena = 0;
    int fatfs = 0, i;
    const char *dir = NULL;
    ppq_status_t st;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--fatfs") == 0) {
            fatfs = 1;
        } else if (strcmp(argv[i], "--power-cut-after") == 0 && i + 1 < argc) {
            cut = strtoull(argv[++i], NULL, 10);
        } else if (strcmp(argv[i], "--arena") == 0 && i + 2 < argc) {
            arena = (uint32_t)strtoul(argv[++i], NULL, 10);
            rows = (uint32_t)strtoul(argv[++i], NULL, 10);
        } else {
            dir = argv[i];
        }
    }
    if (dir == NULL || arena > sizeof arena_mem) {
        fprintf(stderr, "usage: durable_logger [--fatfs] [--power-cut-after BYTES] [--arena BYTES ROWS] DIR\n");
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
    snprintf(logs.name, sizeof logs.name, "log_%04u.parquet", (unsigned)(last + 1u));
    if (fs.open(fs.ctx, logs.name, 1) != PPQ_OK) {
        fprintf(stderr, "durable_logger: cannot create %s\n", logs.name);
        return 1;
    }
    logs.fs = &fs;
    logs.sink = &sink;
    logs.first = last + 1u;
    logger_options(&opts, 0);
    opts.sync = durable_sync;
    opts.sync_ctx = &fs;
    st = arena != 0u ? ppq_writer_options_for_arena(&opts, logger_schema, LOGGER_COLUMNS, arena) : PPQ_OK;
    power.fs = &fs;
    power.cut = cut;
    sink.write = cut != 0u ? append_until_cut : fs.append;
    sink.ctx = fs.ctx;
    sink.offset = 0;
    if (st == PPQ_OK) {
        st = logger_run(logger_schema, &files, arena_mem, arena != 0u ? arena : sizeof arena_mem, &opts, rows, &n);
    }
    if (st != PPQ_OK && cut != 0u) {
        printf("log: %s: power cut after %llu bytes, %u rows (%s)\n", logs.name, (unsigned long long)cut,
               (unsigned)n.rows, ppq_status_str(st));
        return 3; /* no close, no footer: the next boot finds it so */
    }
    if (st != PPQ_OK || fs.close(fs.ctx) != PPQ_OK) {
        fprintf(stderr, "durable_logger: %s: %s\n", logs.name, ppq_status_str(st));
        return 1;
    }
    if (n.files > 1u) {
        printf("logs: log_%04u.parquet to %s: %u rows in %u row groups\n", (unsigned)logs.first, logs.name,
               (unsigned)n.rows, (unsigned)n.row_groups);
    } else {
        printf("log: %s: %u rows in %u row groups, %llu bytes\n", logs.name, (unsigned)n.rows,
               (unsigned)n.row_groups, (unsigned long long)sink.offset);
    }
    return 0;
}
