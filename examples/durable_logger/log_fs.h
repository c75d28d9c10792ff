/*
 * The file-system adapter the durable logger is written against: one open
 * file at a time, the calls a FAT or POSIX file system offers.  Two
 * implementations: log_fs_posix.c (open/pread/write/ftruncate/fsync) and
 * log_fs_fatfs.c (FatFs: f_open/f_lseek/f_read/f_write/f_truncate/f_sync).
 * Every call returns PPQ_OK or PPQ_ERR_IO.
 */
#ifndef LOG_FS_H
#define LOG_FS_H

#include "picoparquet.h"

typedef struct log_fs {
    /* Open `name` for reading and appending; create: a new, empty file
     * (an error if one exists: it may hold a log still to recover), else
     * the file must exist. */
    ppq_status_t (*open)(void *ctx, const char *name, int create);
    /* The open file's length. */
    ppq_status_t (*size)(void *ctx, uint64_t *size);
    /* These three have the shapes ppq_file_t and ppq_sink_t want. */
    ppq_status_t (*read_at)(void *ctx, uint64_t offset, uint8_t *buf, size_t len, size_t *got);
    ppq_status_t (*truncate)(void *ctx, uint64_t size);
    ppq_status_t (*append)(void *ctx, const uint8_t *data, size_t len);
    /* Make what was appended durable (f_sync, fsync). */
    ppq_status_t (*sync)(void *ctx);
    ppq_status_t (*close)(void *ctx);
    void *ctx; /* the implementation's state */
} log_fs_t;

/* The POSIX implementation; `dir` prefixes every name. */
void log_fs_posix(log_fs_t *fs, const char *dir);

/* The FatFs implementation (needs ff.h); `dir` as above. */
void log_fs_fatfs(log_fs_t *fs, const char *dir);

#endif
