#include "test_util.h"

#include <string.h>

static uint64_t arena_words[PPQ_TEST_ARENA / 8u];
uint8_t *const test_arena_ptr = (uint8_t *)arena_words;
const size_t test_arena_size = PPQ_TEST_ARENA;

static uint8_t tail_area[PPQ_TEST_TAIL];

static uint64_t scratch_words[PPQ_TEST_SCRATCH / 8u];
static size_t scratch_used;

void test_setup(void)
{
    scratch_used = 0;
}

void *test_alloc(size_t bytes)
{
    size_t need = (bytes + 7u) & ~(size_t)7u;
    void *p;
    if (need > sizeof scratch_words - scratch_used) {
        return NULL;
    }
    p = (uint8_t *)scratch_words + scratch_used;
    scratch_used += need;
    return p;
}

static ppq_status_t tsink_write(void *ctx, const uint8_t *data, size_t len)
{
    tsink_t *ts = (tsink_t *)ctx;
    ts->calls++;
    if (len > ts->max_write) {
        ts->max_write = len;
    }
    if (len > ts->fail_at - ts->len || len > ts->cap - ts->len) {
        return PPQ_ERR_IO;
    }
    if (len > 0u) {
        memcpy(ts->buf + ts->len, data, len);
    }
    ts->len += len;
    return PPQ_OK;
}

void tsink_init(ppq_sink_t *sink, tsink_t *ts, uint8_t *buf, size_t cap, size_t fail_at)
{
    ts->buf = buf;
    ts->cap = cap;
    ts->len = 0;
    ts->fail_at = fail_at;
    ts->calls = 0;
    ts->max_write = 0;
    sink->write = tsink_write;
    sink->ctx = ts;
    sink->offset = 0;
}

const uint8_t *tail_copy(const void *data, size_t len)
{
    uint8_t *dst;
    if (len > sizeof tail_area) {
        return NULL;
    }
    dst = tail_area + sizeof tail_area - len;
    if (len > 0u) {
        memcpy(dst, data, len);
    }
    return dst;
}
