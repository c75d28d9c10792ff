/* log_fs.h over POSIX file descriptors. */
#define _POSIX_C_SOURCE 200809L /* pread, ftruncate, fsync */

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "log_fs.h"

typedef struct posix_fs {
    const char *dir;
    int fd;
} posix_fs_t;

static posix_fs_t posix_state;

static ppq_status_t p_open(void *ctx, const char *name, int create)
{
    posix_fs_t *p = (posix_fs_t *)ctx;
    char path[512];
    snprintf(path, sizeof path, "%s/%s", p->dir, name);
    /* a new log never replaces a file: one that failed to open at boot may
     * still hold data to recover */
    p->fd = open(path, create ? O_RDWR | O_CREAT | O_EXCL : O_RDWR, 0644);
    return p->fd >= 0 ? PPQ_OK : PPQ_ERR_IO;
}

static ppq_status_t p_size(void *ctx, uint64_t *size)
{
    struct stat st;
    if (fstat(((posix_fs_t *)ctx)->fd, &st) != 0) {
        return PPQ_ERR_IO;
    }
    *size = (uint64_t)st.st_size;
    return PPQ_OK;
}

static ppq_status_t p_read_at(void *ctx, uint64_t offset, uint8_t *buf, size_t len, size_t *got)
{
    ssize_t n = pread(((posix_fs_t *)ctx)->fd, buf, len, (off_t)offset);
    *got = n > 0 ? (size_t)n : 0u;
    return n >= 0 ? PPQ_OK : PPQ_ERR_IO;
}

static ppq_status_t p_truncate(void *ctx, uint64_t size)
{
    return ftruncate(((posix_fs_t *)ctx)->fd, (off_t)size) == 0 ? PPQ_OK : PPQ_ERR_IO;
}

static ppq_status_t p_append(void *ctx, const uint8_t *data, size_t len)
{
    int fd = ((posix_fs_t *)ctx)->fd;
    return lseek(fd, 0, SEEK_END) >= 0 && write(fd, data, len) == (ssize_t)len ? PPQ_OK : PPQ_ERR_IO;
}

static ppq_status_t p_sync(void *ctx)
{
    return fsync(((posix_fs_t *)ctx)->fd) == 0 ? PPQ_OK : PPQ_ERR_IO;
}

static ppq_status_t p_close(void *ctx)
{
    posix_fs_t *p = (posix_fs_t *)ctx;
    int rc = close(p->fd);
    p->fd = -1;
    return rc == 0 ? PPQ_OK : PPQ_ERR_IO;
}

void log_fs_posix(log_fs_t *fs, const char *dir)
{
    posix_state.dir = dir;
    posix_state.fd = -1;
    fs->open = p_open;
    fs->size = p_size;
    fs->read_at = p_read_at;
    fs->truncate = p_truncate;
    fs->append = p_append;
    fs->sync = p_sync;
    fs->close = p_close;
    fs->ctx = &posix_state;
}
