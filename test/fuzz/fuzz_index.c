/* libFuzzer: the BloomFilterHeader, OffsetIndex and ColumnIndex decoders
 * on hostile bytes (the first byte picks one, the rest is its input).  Each
 * is run in memory and through a streaming reader's small window: the same
 * status and the same values.  What decodes is written again and decodes
 * to the same values; a bloom filter over the input's bytes finds what is
 * inserted into it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"

#define CAP 64u
#define STORE 4096u

static ppq_status_t mem_read_at(void *ctx, uint64_t off, uint8_t *buf, size_t len, size_t *got)
{
    memcpy(buf, (const uint8_t *)ctx + off, len); /* (the stream never asks past its length) */
    *got = len;
    return PPQ_OK;
}

typedef struct decoded {
    ppq_status_t st;
    uint32_t n;
    ppq_page_location_t loc[CAP];
    uint8_t null_pages[CAP];
    ppq_bytes_t min[CAP], max[CAP];
    int64_t nulls[CAP];
    uint8_t store[STORE];
    ppq_column_index_t ci;
} decoded_t;

static void decode(int which, ppq_thrift_r_t *r, decoded_t *d, uint32_t cap)
{
    memset(d, 0, sizeof *d);
    if (which == 0) {
        d->st = ppq_bloom_header_parse(r, PPQ_BLOOM_MAX_BYTES, &d->n);
    } else if (which == 1) {
        d->st = ppq_offset_index_parse(r, d->loc, cap, &d->n);
    } else {
        d->ci.null_pages = d->null_pages;
        d->ci.min = d->min;
        d->ci.max = d->max;
        d->ci.null_counts = d->nulls;
        d->ci.cap = cap;
        d->ci.store = d->store;
        d->ci.store_cap = STORE;
        d->st = ppq_column_index_parse(r, &d->ci);
    }
    if (r->pos > r->end) {
        __builtin_trap();
    }
}

static int bounds_equal(const ppq_bytes_t *a, const ppq_bytes_t *b, uint32_t n)
{
    uint32_t i;
    for (i = 0; i < n; i++) {
        if (a[i].len != b[i].len || (a[i].len > 0u && memcmp(a[i].ptr, b[i].ptr, a[i].len) != 0)) {
            return 0;
        }
    }
    return 1;
}

static int same(int which, const decoded_t *a, const decoded_t *b)
{
    uint32_t i;
    if (a->st != b->st) {
        return 0;
    }
    if (a->st != PPQ_OK) {
        return 1;
    }
    if (which == 0) {
        return a->n == b->n;
    }
    if (which == 1) {
        if (a->n != b->n) {
            return 0;
        }
        for (i = 0; i < a->n; i++) {
            if (a->loc[i].offset != b->loc[i].offset || a->loc[i].first_row_index != b->loc[i].first_row_index ||
                a->loc[i].compressed_page_size != b->loc[i].compressed_page_size) {
                return 0;
            }
        }
        return 1;
    }
    return a->ci.pages == b->ci.pages && a->ci.boundary_order == b->ci.boundary_order &&
           a->ci.has_null_counts == b->ci.has_null_counts && a->ci.store_used == b->ci.store_used &&
           memcmp(a->null_pages, b->null_pages, a->ci.pages) == 0 &&
           (!a->ci.has_null_counts || memcmp(a->nulls, b->nulls, a->ci.pages * sizeof(int64_t)) == 0) &&
           bounds_equal(a->min, b->min, a->ci.pages) && bounds_equal(a->max, b->max, a->ci.pages);
}

static decoded_t d1, d2, d3;
static uint8_t out[CAP * 64u + STORE * 2u];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int which;
    uint8_t *copy;
    ppq_thrift_r_t r;
    if (size < 1u) {
        return 0;
    }
    which = data[0] % 3;
    data++;
    size--;
    copy = (uint8_t *)malloc(size > 0u ? size : 1u);
    memcpy(copy, data, size);
    ppq_thrift_r_init(&r, copy, size);
    decode(which, &r, &d1, CAP);
    { /* through a window of 16 to 47 bytes */
        uint8_t win[48];
        ppq_thrift_stream_t s;
        memset(&s, 0, sizeof s);
        s.read_at = mem_read_at;
        s.ctx = copy;
        s.win = win;
        s.cap = PPQ_THRIFT_STREAM_MIN + (size > 0u ? copy[size - 1u] % 32u : 0u);
        s.rest = size;
        ppq_thrift_r_init_stream(&r, &s);
        decode(which, &r, &d2, CAP);
        if (!same(which, &d1, &d2)) {
            __builtin_trap();
        }
    }
    if (d1.st == PPQ_OK && which > 0) { /* written again, read again: the same */
        ppq_sink_t sink;
        ppq_memsink_t mem;
        ppq_status_t st;
        ppq_sink_init_mem(&sink, &mem, out, sizeof out);
        st = which == 1 ? ppq_offset_index_write(&sink, d1.loc, d1.n) : ppq_column_index_write(&sink, &d1.ci);
        if (st != PPQ_OK) {
            __builtin_trap();
        }
        ppq_thrift_r_init(&r, out, (size_t)sink.offset);
        decode(which, &r, &d3, CAP);
        if (!same(which, &d1, &d3)) {
            __builtin_trap();
        }
    }
    if (which == 0 && size >= 40u) { /* the input's bytes as a bitset */
        uint32_t n = (uint32_t)(size - 8u) & ~31u;
        uint64_t h;
        memcpy(&h, copy + size - 8u, 8);
        (void)ppq_bloom_check(copy, n, h);
        ppq_bloom_insert(copy, n, h);
        if (!ppq_bloom_check(copy, n, h)) {
            __builtin_trap();
        }
    }
    free(copy);
    return 0;
}
