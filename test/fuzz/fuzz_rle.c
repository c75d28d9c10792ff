/* libFuzzer: the RLE/bit-packed hybrid decoder.  The first bytes pick the
 * bit width, the length prefix, the value count and the get size.  A
 * successful decode is re-encoded and must decode to the same values. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"

#define MAX_VALUES 100000u

static uint32_t values[MAX_VALUES], again[MAX_VALUES];
static uint64_t arena_mem[(MAX_VALUES * 5u + 4096u) / 8u];
static uint8_t encoded[MAX_VALUES * 5u + 64u];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned width;
    int prefix;
    size_t count, step, total = 0, got, len;
    uint8_t *copy;
    ppq_rle_dec_t dec;
    ppq_status_t st;
    if (size < 4) {
        return 0;
    }
    width = data[0] % 33u;
    prefix = data[0] >= 128u;
    count = ((size_t)data[1] << 8 | data[2]) % MAX_VALUES;
    step = 1u + data[3] % 64u;
    len = size - 4;
    copy = (uint8_t *)malloc(len > 0 ? len : 1);
    memcpy(copy, data + 4, len);
    st = ppq_rle_dec_init(&dec, width, prefix, copy, len, count);
    while (st == PPQ_OK && total < count) {
        st = ppq_rle_dec_get(&dec, values + total, step, &got);
        total += got;
        if (got == 0) {
            break;
        }
    }
    if (total > count) {
        __builtin_trap();
    }
    if (st == PPQ_OK && total == count) {
        ppq_rle_cfg_t cfg = {0, 0, 0, 0};
        ppq_arena_t arena;
        ppq_rle_enc_t enc;
        ppq_sink_t sink;
        ppq_memsink_t mem;
        cfg.bit_width = width;
        cfg.length_prefix = (uint8_t)prefix;
        cfg.prefix_cap = (uint32_t)(sizeof encoded - 4u);
        ppq_arena_init(&arena, arena_mem, sizeof arena_mem);
        ppq_sink_init_mem(&sink, &mem, encoded, sizeof encoded);
        if (ppq_rle_enc_init(&enc, &cfg, &sink, &arena) != PPQ_OK || ppq_rle_enc_put(&enc, values, count) != PPQ_OK ||
            ppq_rle_enc_finish(&enc) != PPQ_OK || ppq_rle_dec_init(&dec, width, prefix, encoded, mem.len, count) != PPQ_OK ||
            ppq_rle_dec_get(&dec, again, count, &got) != PPQ_OK || got != count ||
            memcmp(values, again, count * 4u) != 0) {
            __builtin_trap();
        }
    }
    free(copy);
    return 0;
}
