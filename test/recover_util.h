/* A file in memory with the callbacks recovery takes (read_at, truncate,
 * append), and a fixer of the recovery records' own CRCs: shared by the
 * recovery tests, its fuzz target and the recovery bench (and the reader's
 * tests and fuzz target, for the memory file). */
#ifndef RECOVER_UTIL_H
#define RECOVER_UTIL_H

#include <string.h>

#include "picoparquet.h"

typedef struct mfile {
    uint8_t *buf;
    size_t len, cap;
} mfile_t;

static inline ppq_status_t mf_read_at(void *ctx, uint64_t off, uint8_t *buf, size_t len, size_t *got)
{
    mfile_t *m = (mfile_t *)ctx;
    size_t n = 0;
    if (off < m->len) {
        n = m->len - (size_t)off < len ? m->len - (size_t)off : len;
        memcpy(buf, m->buf + off, n);
    }
    *got = n;
    return PPQ_OK;
}

/* Cutting never grows a file: growing is an error here. */
static inline ppq_status_t mf_truncate(void *ctx, uint64_t size)
{
    mfile_t *m = (mfile_t *)ctx;
    if (size > m->len) {
        return PPQ_ERR_IO;
    }
    m->len = (size_t)size;
    return PPQ_OK;
}

static inline ppq_status_t mf_append(void *ctx, const uint8_t *data, size_t len)
{
    mfile_t *m = (mfile_t *)ctx;
    if (len > m->cap - m->len) {
        return PPQ_ERR_IO;
    }
    memcpy(m->buf + m->len, data, len);
    m->len += len;
    return PPQ_OK;
}

/* `len` bytes of buf[cap] as the file behind *f. */
static inline void mfile_init(ppq_file_t *f, mfile_t *m, uint8_t *buf, size_t len, size_t cap)
{
    m->buf = buf;
    m->len = len;
    m->cap = cap;
    f->read_at = mf_read_at;
    f->truncate = mf_truncate;
    f->append = mf_append;
    f->ctx = m;
    f->size = len;
}

/* Recompute the header record's CRC and every row-group record's own CRC
 * in b[size], so that bytes changed on purpose get past them. */
static inline void fix_record_crcs(uint8_t *b, size_t size)
{
    size_t i;
    if (size >= 16u && memcmp(b + 4, PPQ_RECOVER_HEADER_TAG, 4) == 0) {
        uint32_t body = ppq_load_le32(b + 8);
        if (body <= size - 16u) {
            ppq_store_le32(b + 12 + body, ppq_crc32(0, b + 4, 8u + body));
        }
    }
    for (i = 0; i + PPQ_RECOVER_GROUP_RECORD <= size; i++) {
        if (memcmp(b + i, PPQ_RECOVER_GROUP_TAG, 4) == 0) {
            ppq_store_le32(b + i + 16, ppq_crc32(0, b + i, 16));
        }
    }
}

#endif
