/* libFuzzer: DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY and
 * DELTA_BYTE_ARRAY decoders on hostile bytes.  The first byte picks the
 * decoder and the get size; every decoded stream that succeeds is
 * re-encoded and decoded again, and must give the same values. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"

#define MAX_VALUES (1u << 16) /* values decoded per input at most */

static uint64_t arena_mem[1 << 16];
static int64_t values[1 << 14], again[1 << 14];
static ppq_bytes_t strs[1 << 12];
static uint8_t outbuf[1 << 17], buf2[1 << 17];

static void check_delta(ppq_type_t type, const uint8_t *data, size_t len, size_t step)
{
    ppq_delta_dec_t dec;
    size_t total = 0, got, vsize = type == PPQ_INT64 ? 8u : 4u;
    ppq_status_t st = ppq_delta_dec_init(&dec, type, data, len);
    while (st == PPQ_OK && total < sizeof values / 8u) {
        size_t want = step < sizeof values / 8u - total ? step : sizeof values / 8u - total;
        st = ppq_delta_dec_get(&dec, (uint8_t *)values + total * vsize, want, &got);
        total += got;
        if (got < want) {
            break;
        }
    }
    if (st == PPQ_OK && total == ppq_delta_dec_count(&dec)) {
        /* re-encode with the default geometry and decode again */
        ppq_delta_cfg_t cfg = {type, 0, 0, 0};
        ppq_arena_t arena;
        ppq_delta_enc_t enc;
        ppq_sink_t sink;
        ppq_memsink_t mem;
        uint8_t head[PPQ_DELTA_HEADER_MAX];
        size_t hlen, n2;
        ppq_arena_init(&arena, arena_mem, sizeof arena_mem);
        ppq_sink_init_mem(&sink, &mem, outbuf + PPQ_DELTA_HEADER_MAX, sizeof outbuf - PPQ_DELTA_HEADER_MAX);
        if (ppq_delta_enc_init(&enc, &cfg, &sink, &arena) != PPQ_OK || ppq_delta_enc_put(&enc, values, total) != PPQ_OK ||
            ppq_delta_enc_finish(&enc) != PPQ_OK) {
            __builtin_trap();
        }
        hlen = ppq_delta_enc_header(&enc, head);
        memcpy(outbuf + PPQ_DELTA_HEADER_MAX - hlen, head, hlen);
        if (ppq_delta_dec_init(&dec, type, outbuf + PPQ_DELTA_HEADER_MAX - hlen, hlen + mem.len) != PPQ_OK ||
            ppq_delta_dec_get(&dec, again, total, &n2) != PPQ_OK || n2 != total ||
            memcmp(values, again, total * vsize) != 0) {
            __builtin_trap();
        }
    }
    {
        size_t used;
        uint64_t count;
        if (ppq_delta_stream_end(type, data, len, &used, &count) == PPQ_OK && used > len) {
            __builtin_trap();
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t mode;
    size_t step, got;
    uint8_t *copy;
    if (size < 1) {
        return 0;
    }
    mode = data[0];
    step = 1u + (mode >> 3);
    /* an exact-size heap copy, so ASan sees any read past the end */
    copy = (uint8_t *)malloc(size - 1 > 0 ? size - 1 : 1);
    memcpy(copy, data + 1, size - 1);
    switch (mode & 7u) {
    case 0: check_delta(PPQ_INT32, copy, size - 1, step); break;
    case 1: check_delta(PPQ_INT64, copy, size - 1, step); break;
    case 2: {
        ppq_dlba_dec_t dec;
        size_t used, total = 0;
        ppq_status_t st = ppq_dlba_dec_init(&dec, copy, size - 1);
        /* Width-0 miniblocks let a few bytes hold billions of (empty)
         * values, legitimately: a real caller bounds them by the page's
         * value count, and so does this harness. */
        int small = st == PPQ_OK && ppq_dlba_dec_count(&dec) <= MAX_VALUES;
        while (st == PPQ_OK && total < MAX_VALUES) {
            st = ppq_dlba_dec_get(&dec, strs, step < 4096 ? step : 4096, &got);
            total += got;
            if (got == 0) {
                break;
            }
        }
        if (small && ppq_dlba_stream_end(copy, size - 1, &used) == PPQ_OK && used > size - 1) {
            __builtin_trap();
        }
        break;
    }
    default: {
        ppq_arena_t arena;
        ppq_dba_dec_t dec;
        ppq_status_t st;
        size_t total = 0;
        ppq_arena_init(&arena, arena_mem, sizeof arena_mem);
        st = ppq_dba_dec_init(&dec, (mode & 4u) ? PPQ_FIXED_LEN_BYTE_ARRAY : PPQ_BYTE_ARRAY, 1u + (mode & 3u), copy,
                              size - 1, &arena);
        while (st == PPQ_OK && total < MAX_VALUES) { /* bounded as above */
            st = ppq_dba_dec_get(&dec, strs, step < 4096 ? step : 4096, buf2, sizeof buf2, &got);
            total += got;
            if (got == 0) {
                break;
            }
        }
        break;
    }
    }
    free(copy);
    return 0;
}
