/* Sinks and sources: the write/read front ends and the memory and
 * block-buffering adapters. */
#include "ppq_core.h"

#include <string.h>

/* Callbacks may only return PPQ_OK or an error; anything else is an I/O
 * contract violation. */
static ppq_status_t callback_status(ppq_status_t st)
{
    return st > PPQ_OK ? PPQ_ERR_IO : st;
}

void ppq_sink_init_counter(ppq_sink_t *sink)
{
    sink->write = NULL;
    sink->ctx = NULL;
    sink->offset = 0;
}

ppq_status_t ppq_sink_write(ppq_sink_t *sink, const void *data, size_t len)
{
    if (sink->write != NULL) {
        ppq_status_t st = callback_status(sink->write(sink->ctx, (const uint8_t *)data, len));
        if (st != PPQ_OK) {
            return st;
        }
    }
    sink->offset += len;
    return PPQ_OK;
}

static ppq_status_t mem_write(void *ctx, const uint8_t *data, size_t len)
{
    ppq_memsink_t *mem = (ppq_memsink_t *)ctx;
    if (len > mem->cap - mem->len) {
        return PPQ_ERR_NOSPACE;
    }
    if (len > 0u) {
        memcpy(mem->buf + mem->len, data, len);
        mem->len += len;
    }
    return PPQ_OK;
}

void ppq_sink_init_mem(ppq_sink_t *sink, ppq_memsink_t *mem, void *buf, size_t cap)
{
    mem->buf = (uint8_t *)buf;
    mem->cap = buf != NULL ? cap : 0u;
    mem->len = 0;
    sink->write = mem_write;
    sink->ctx = mem;
    sink->offset = 0;
}

static ppq_status_t block_write(void *ctx, const uint8_t *data, size_t len)
{
    ppq_blocksink_t *blk = (ppq_blocksink_t *)ctx;
    while (len > 0u && blk->err == PPQ_OK) {
        if (blk->fill == 0u && len >= blk->block_size) {
            /* A whole block straight from the caller's bytes. */
            blk->err = ppq_sink_write(blk->down, data, blk->block_size);
            data += blk->block_size;
            len -= blk->block_size;
        } else {
            size_t room = blk->block_size - blk->fill;
            size_t take = len < room ? len : room;
            memcpy(blk->block + blk->fill, data, take);
            blk->fill += take;
            data += take;
            len -= take;
            if (blk->fill == blk->block_size) {
                blk->err = ppq_sink_write(blk->down, blk->block, blk->block_size);
                blk->fill = 0;
            }
        }
    }
    return blk->err;
}

ppq_status_t ppq_sink_init_block(ppq_sink_t *sink, ppq_blocksink_t *blk, ppq_sink_t *down, void *block,
                                 size_t block_size)
{
    if (sink == NULL || blk == NULL || down == NULL || block == NULL || block_size == 0u) {
        return PPQ_ERR_ARG;
    }
    blk->down = down;
    blk->block = (uint8_t *)block;
    blk->block_size = block_size;
    blk->fill = 0;
    blk->err = PPQ_OK;
    sink->write = block_write;
    sink->ctx = blk;
    sink->offset = 0;
    return PPQ_OK;
}

ppq_status_t ppq_blocksink_flush(ppq_blocksink_t *blk)
{
    if (blk->err == PPQ_OK && blk->fill > 0u) {
        blk->err = ppq_sink_write(blk->down, blk->block, blk->fill);
        blk->fill = 0;
    }
    return blk->err;
}

ppq_status_t ppq_source_read(ppq_source_t *src, void *buf, size_t len, size_t *got)
{
    size_t n = 0;
    ppq_status_t st = callback_status(src->read(src->ctx, (uint8_t *)buf, len, &n));
    *got = 0;
    if (st != PPQ_OK) {
        return st;
    }
    if (n > len) {
        return PPQ_ERR_IO; /* the callback claims more than it was asked for */
    }
    src->offset += n;
    *got = n;
    return PPQ_OK;
}

ppq_status_t ppq_source_read_exact(ppq_source_t *src, void *buf, size_t len)
{
    uint8_t *p = (uint8_t *)buf;
    while (len > 0u) {
        size_t got = 0;
        ppq_status_t st = ppq_source_read(src, p, len, &got);
        if (st != PPQ_OK) {
            return st;
        }
        if (got == 0u) {
            return PPQ_ERR_CORRUPT; /* data ended early */
        }
        p += got;
        len -= got;
    }
    return PPQ_OK;
}

static ppq_status_t mem_read(void *ctx, uint8_t *buf, size_t len, size_t *got)
{
    ppq_memsrc_t *mem = (ppq_memsrc_t *)ctx;
    size_t left = mem->len - mem->pos;
    size_t take = len < left ? len : left;
    if (take > 0u) {
        memcpy(buf, mem->data + mem->pos, take);
        mem->pos += take;
    }
    *got = take;
    return PPQ_OK;
}

void ppq_source_init_mem(ppq_source_t *src, ppq_memsrc_t *mem, const void *data, size_t len)
{
    mem->data = (const uint8_t *)data;
    mem->len = data != NULL ? len : 0u;
    mem->pos = 0;
    src->read = mem_read;
    src->ctx = mem;
    src->offset = 0;
}
