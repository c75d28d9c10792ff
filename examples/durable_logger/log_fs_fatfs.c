/* log_fs.h over FatFs (ChaN's FAT file system module, ff.h).  On a device
 * this file links against FatFs; the host tests build it against
 * ff_host/, a stand-in with FatFs's calls over stdio. */
#include <stdio.h>

#include "ff.h"
#include "log_fs.h"

typedef struct fat_fs {
    const char *dir;
    FIL fil;
} fat_fs_t;

static fat_fs_t fat_state;

static ppq_status_t f_status(FRESULT fr)
{
    return fr == FR_OK ? PPQ_OK : PPQ_ERR_IO;
}

static ppq_status_t fat_open(void *ctx, const char *name, int create)
{
    fat_fs_t *f = (fat_fs_t *)ctx;
    char path[256];
    snprintf(path, sizeof path, "%s/%s", f->dir, name);
    /* a new log never replaces a file (FA_CREATE_NEW): see log_fs_posix.c */
    return f_status(f_open(&f->fil, path, FA_READ | FA_WRITE | (create ? FA_CREATE_NEW : FA_OPEN_EXISTING)));
}

static ppq_status_t fat_size(void *ctx, uint64_t *size)
{
    *size = (uint64_t)f_size(&((fat_fs_t *)ctx)->fil);
    return PPQ_OK;
}

static ppq_status_t fat_read_at(void *ctx, uint64_t offset, uint8_t *buf, size_t len, size_t *got)
{
    fat_fs_t *f = (fat_fs_t *)ctx;
    UINT n = 0;
    FRESULT fr = f_lseek(&f->fil, (FSIZE_t)offset);
    if (fr == FR_OK) {
        fr = f_read(&f->fil, buf, (UINT)len, &n);
    }
    *got = n;
    return f_status(fr);
}

static ppq_status_t fat_truncate(void *ctx, uint64_t size)
{
    fat_fs_t *f = (fat_fs_t *)ctx;
    FRESULT fr = f_lseek(&f->fil, (FSIZE_t)size); /* f_truncate cuts at the file pointer */
    return f_status(fr == FR_OK ? f_truncate(&f->fil) : fr);
}

static ppq_status_t fat_append(void *ctx, const uint8_t *data, size_t len)
{
    fat_fs_t *f = (fat_fs_t *)ctx;
    UINT n = 0;
    FRESULT fr = f_lseek(&f->fil, f_size(&f->fil)); /* reads move the pointer: back to the end */
    if (fr == FR_OK) {
        fr = f_write(&f->fil, data, (UINT)len, &n);
    }
    return fr == FR_OK && n == len ? PPQ_OK : PPQ_ERR_IO;
}

static ppq_status_t fat_sync(void *ctx)
{
    return f_status(f_sync(&((fat_fs_t *)ctx)->fil));
}

static ppq_status_t fat_close(void *ctx)
{
    return f_status(f_close(&((fat_fs_t *)ctx)->fil));
}

void log_fs_fatfs(log_fs_t *fs, const char *dir)
{
    fat_state.dir = dir;
    fs->open = fat_open;
    fs->size = fat_size;
    fs->read_at = fat_read_at;
    fs->truncate = fat_truncate;
    fs->append = fat_append;
    fs->sync = fat_sync;
    fs->close = fat_close;
    fs->ctx = &fat_state;
}
