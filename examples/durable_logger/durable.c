/* The durable logger's boot check and sync (see durable.h). */
#include "durable.h"

ppq_status_t durable_boot(log_fs_t *fs, const char *name, void *arena, size_t len, durable_boot_result_t *result,
                          ppq_recover_result_t *res)
{
    ppq_file_t f;
    ppq_status_t st, closed;
    *result = DURABLE_NO_LOG;
    if (fs->open(fs->ctx, name, 0) != PPQ_OK) {
        return PPQ_OK;
    }
    f.read_at = fs->read_at;
    f.truncate = fs->truncate;
    f.append = fs->append;
    f.ctx = fs->ctx;
    st = fs->size(fs->ctx, &f.size);
    if (st == PPQ_OK) {
        st = ppq_recover_in_place(&f, arena, len, res);
    }
    if (st == PPQ_OK) {
        *result = res->was_valid ? DURABLE_VALID : DURABLE_RECOVERED;
        st = res->was_valid ? PPQ_OK : fs->sync(fs->ctx);
    } else if (st == PPQ_ERR_CORRUPT) {
        *result = DURABLE_LOST;
        st = PPQ_OK;
    }
    closed = fs->close(fs->ctx);
    return st != PPQ_OK ? st : closed;
}

ppq_status_t durable_sync(void *ctx, uint64_t offset)
{
    log_fs_t *fs = (log_fs_t *)ctx;
    (void)offset;
    return fs->sync(fs->ctx);
}
